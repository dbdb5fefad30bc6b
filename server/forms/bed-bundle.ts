/**
 * The bed section of an import bundle (spec 02 §3): per bed survey, its beds, its booking rule and
 * the nights it takes stays on. A ward's nights span a range of days (default: from the import day,
 * Asia/Tokyo, as calendar spans do); each night has as many places as the ward has beds, unless
 * `capacity` sets a night's count (a bed under repair, a closed ward).
 */
import type { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { isoDateSchema } from '@core/contract/calendars';
import { isBedIdShape } from '@core/rules/bed-stay';
import { spanDays, spanShape } from './calendar-bundle';

const id = z.string().min(1).max(200);

export const bedWardBundleSchema = z.strictObject({
  surveyId: id,
  /** bedId: the select bed item's value, 1–8 characters without spaces (spec 02 §9 "max length 8"). */
  beds: z
    .array(z.strictObject({ bedId: z.string().refine(isBedIdShape, 'bedId は空白なしの1〜8文字です'), bedName: z.string().min(1).max(200) }))
    .min(1)
    .max(500),
  reservationPossibleStart: z.number().int().min(0).max(365).default(0),
  /** Days; 0 = no limit (spec 01 §9), default 1 as a calendar's. */
  reservationCancelLimit: z.number().int().min(0).max(365).default(1),
  ...spanShape,
  capacity: z.array(z.strictObject({ date: isoDateSchema, beds: z.number().int().min(0).max(500) })).default([]),
});
export type BedWardBundle = z.output<typeof bedWardBundleSchema>;

export const bedBundleShape = {
  bedWards: z.array(bedWardBundleSchema).default([]),
};

import type { BedNightRow } from '../store/beds';

export type { BedNightRow };

/** A ward's nights: its span at one place per bed, then the per-date counts over it. */
export const expandBedNights = (w: BedWardBundle, today: Temporal.PlainDate): BedNightRow[] => {
  const rows = new Map<string, BedNightRow>();
  for (const d of spanDays(w, today)) rows.set(d.toString(), { survey_id: w.surveyId, night: d.toString(), capacity: w.beds.length });
  for (const c of w.capacity) rows.set(c.date, { survey_id: w.surveyId, night: c.date, capacity: c.beds });
  return [...rows.values()];
};

/** A ward must belong to a form of the bundle or of the database, once, with unique bed ids. */
export const bedProblems = (wards: readonly BedWardBundle[], surveyIds: ReadonlySet<string>, source: string): string[] => {
  const problems: string[] = [];
  const seen = new Set<string>();
  wards.forEach((w, i) => {
    if (!surveyIds.has(w.surveyId)) problems.push(`${source}: bedWards[${i}].surveyId: 帳票 ${w.surveyId} がありません`);
    if (seen.has(w.surveyId)) problems.push(`${source}: bedWards[${i}].surveyId: ${w.surveyId} が重複しています`);
    seen.add(w.surveyId);
    const beds = new Set<string>();
    w.beds.forEach((b, j) => {
      if (beds.has(b.bedId)) problems.push(`${source}: bedWards[${i}].beds[${j}].bedId: ${b.bedId} が重複しています`);
      beds.add(b.bedId);
    });
  });
  return problems;
};
