/**
 * Reservation (予約: three-level category, reservation item, then a calendar slot; spec 01 §2,
 * spec 02 §2–§5). The value is "{categoryId}_{itemId}|{date}|{slot}" (the first id may be a
 * calendar id). This validator checks only what the form alone can know: the value's shape and a
 * real date. Whether the category, item and slot exist, the day is open and the slot has room is
 * the server's business, decided inside the answer's transaction (server/reservations).
 *
 * Config (spec 01 §3 schema item fields):
 * - setLarge/Medium/SmallCategoryTitle: the level labels; null = the survey's tag names, then
 *   大分類 / 中分類 / 小分類;
 * - categories_tree: the categories the item starts from, by name per level ({large, medium,
 *   small}); with isFixedLarge/Medium/SmallCategory the level is fixed to that name and shown
 *   read-only (a clinic's form that books only its own department);
 * - categoryRequiredFlag: reading chosen here — when set, every level the tree has must be
 *   chosen down to a leaf; when not set, the pick may stop at the first category that has a
 *   calendar (a two-level clinic under a three-level municipality tree).
 */
import * as z from 'zod/mini';
import { Temporal } from 'temporal-polyfill';
import { RESERVATION_VALUE_PATTERN } from '../rules/reservation-value';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export const categoryPathSchema = z.object({
  large: z.optional(z.nullable(z.string())),
  medium: z.optional(z.nullable(z.string())),
  small: z.optional(z.nullable(z.string())),
});
export type CategoryPath = z.infer<typeof categoryPathSchema>;

export const reservationItem = defineItem({
  type: 'reservation',
  configShape: () => ({
    setLargeCategoryTitle: z.optional(z.nullable(z.string())),
    setMediumCategoryTitle: z.optional(z.nullable(z.string())),
    setSmallCategoryTitle: z.optional(z.nullable(z.string())),
    isFixedLargeCategory: z.optional(z.boolean()),
    isFixedMediumCategory: z.optional(z.boolean()),
    isFixedSmallCategory: z.optional(z.boolean()),
    categoryRequiredFlag: z.optional(z.boolean()),
    categories_tree: z.optional(categoryPathSchema),
  }),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const m = RESERVATION_VALUE_PATTERN.exec(s);
    if (!m) return [issue('reservationIncomplete')];
    try {
      Temporal.PlainDate.from(m[3] as string, { overflow: 'reject' });
    } catch {
      return [issue('reservationIncomplete')];
    }
    return [];
  },
});

export const reservationSamples: SamplesOf<typeof reservationItem> = {
  configs: [
    {},
    { setLargeCategoryTitle: '診療科', isFixedLargeCategory: true, categories_tree: { large: '内科' }, categoryRequiredFlag: true },
  ],
  valid: ['naika-ippan_i1|2025-07-01|1', 'cal-kenshin_k2|2025-12-24|3'],
  invalid: [
    { value: 'naika-ippan_i1', issue: { key: 'reservationIncomplete' } },
    { value: 'naika-ippan_i1|2025-02-30|1', issue: { key: 'reservationIncomplete' } },
    { value: 'naika|2025-07-01|1', issue: { key: 'reservationIncomplete' } },
    { value: ['naika_i1|2025-07-01|1'], issue: { key: 'invalidValue' } },
  ],
};
