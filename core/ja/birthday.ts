/**
 * Birthday input (spec 01 §5): `yyyy-mm-dd`, or an era form with dots (H3.2.1, s50.8.21,
 * 平成3.2.1, 令和元.5.1). Unlike the date item's normaliser nothing is clamped: a birthday that is
 * not a real date is a format error (フォーマットが正しくありません。).
 *
 * "Era year of 0 or less, or shorter than 2 characters, is invalid" reads as: the part before the
 * first dot — era plus year, "H3" — must be at least two characters, i.e. a bare era letter with
 * no year ("H.2.1") is refused; a one-digit year (H3) is fine, as the spec's own example shows.
 * And the year itself must be 1 or more (H0.1.1 and H-1.1.1 are refused).
 */
import type { Temporal } from 'temporal-polyfill';
import { formatIsoDate, plainDateOf, readableDateText } from './date-input';
import { ERAS, findEra, parseEraYearNumber, westernYearOf } from './era';

const WESTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const ERA_DOTS = /^([^.]*)\.(\d{1,2})\.(\d{1,2})$/;
const ERA_PREFIX = new RegExp(`^(${ERAS.map((e) => e.name).join('|')}|[A-Za-z])(.*)$`);

/** The birthday a typed text names, or undefined when it is not one of the two forms. */
export const parseBirthday = (raw: unknown): Temporal.PlainDate | undefined => {
  if (typeof raw !== 'string') return undefined;
  const s = readableDateText(raw);
  const w = WESTERN.exec(s);
  if (w) return plainDateOf(Number(w[1]), Number(w[2]), Number(w[3]));
  const d = ERA_DOTS.exec(s);
  if (!d) return undefined;
  const token = d[1] ?? '';
  if (token.length < 2) return undefined;
  const p = ERA_PREFIX.exec(token);
  const era = p ? findEra(p[1] ?? '') : undefined;
  const year = era && westernYearOf(era, parseEraYearNumber(p?.[2] ?? ''));
  if (year === undefined) return undefined;
  return plainDateOf(year, Number(d[2]), Number(d[3]));
};

/** YYYY-MM-DD when the text is a birthday; otherwise the text trimmed, for the validator to refuse. */
export const normalizeBirthday = (raw: string): string => {
  const d = parseBirthday(raw);
  return d ? formatIsoDate(d) : raw.trim();
};
