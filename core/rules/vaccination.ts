/**
 * Vaccination booking rules (spec 02 §4, §5, §9), pure, applied by the form on both sides
 * (core/form/validate.ts, visibility.ts) so the server refuses what the page refuses:
 * - count of vaccines 1–99; with 1 the previous-vaccine items (maker, date) are removed;
 * - from the second dose on, a booking needs the previous dose's date
 *   (1回目の接種が完了していない場合、2回目の接種の予約を実施できません。), and its reservation date
 *   may not be before previous date + the allowed interval.
 *
 * Readings chosen (docs/SPEC-NOTES.md):
 * - "The chosen maker" is the previous vaccine maker's answer; its group header value is the
 *   `groupheader` of its entry in the maker item's `sectionOptions`, a whole number. No maker,
 *   no entry or no number: the default, 21 days.
 * - The header value N is the interval that must pass; the earliest day is the day after it:
 *   日数 → first + (N + 1) days (the spec's "value plus one"); 月数 → first + N months + 1 day
 *   (Temporal clamps 1-31 + 1 month to the month's last day before the day is added).
 * - Count ≥ 2 is "a second dose" (a third dose follows the second by the same rule); too early is
 *   refused with the spec's text too (the first dose is not complete until its interval has
 *   passed), followed by the earliest day.
 */
import { Temporal } from 'temporal-polyfill';
import { parseIsoDate } from '../ja/date-input';
import { parseReservationValue, RESERVATION_ITEM_TYPE } from './reservation-value';
import { refusalText } from '../refusals';

export const COUNT_VACCINES_MAX = 99;
export const COUNT_VACCINES_OPTIONS: readonly string[] = Array.from({ length: COUNT_VACCINES_MAX }, (_, i) => String(i + 1));
export const DEFAULT_INTERVAL_DAYS = 21;
export const FIRST_DOSE_MISSING_TEXT = refusalText('first_dose_missing');

export const VACCINATION_INTERVAL_TYPES = ['日数', '月数'] as const;
export type VaccinationIntervalType = (typeof VACCINATION_INTERVAL_TYPES)[number];

export const COUNT_VACCINES_TYPE = 'countVaccines';
export const PREVIOUS_MAKER_TYPE = 'previousVaccineMaker';
export const PREVIOUS_DATE_TYPE = 'previousVaccineDate';
export const IMPLEMENTATION_DATE_TYPE = 'sesshuJisshiDate';

interface ItemRef {
  itemKey: string;
  type: string;
  sectionOptions?: readonly { option: string; groupheader: string }[] | undefined;
}
export interface VaccinationForm {
  surveySchema: readonly ItemRef[];
  vaccinationIntervalType?: { input: VaccinationIntervalType } | undefined;
}
type Get = (key: string) => string | readonly string[] | undefined;

const one = (v: string | readonly string[] | undefined): string | undefined => (typeof v === 'string' ? v.trim() : undefined);
const keyOf = (form: Pick<VaccinationForm, 'surveySchema'>, type: string): string | undefined =>
  form.surveySchema.find((i) => i.type === type)?.itemKey;

export const isPreviousVaccineItem = (item: { type: string }): boolean =>
  item.type === PREVIOUS_MAKER_TYPE || item.type === PREVIOUS_DATE_TYPE;

/** The key of the form's count item, read once per visibility pass. */
export const countVaccinesKey = (form: Pick<VaccinationForm, 'surveySchema'>): string | undefined => keyOf(form, COUNT_VACCINES_TYPE);

/** The implementation-date item's key: what the corona auto-cancel reads, whatever the key is. */
export const implementationDateKey = (form: Pick<VaccinationForm, 'surveySchema'>): string | undefined =>
  keyOf(form, IMPLEMENTATION_DATE_TYPE);

/** Spec 02 §4: a first dose has no previous vaccine, so those items go. */
export const removesPreviousVaccine = (count: string | undefined): boolean => count === '1';

/** The interval header value of a maker (a whole number ≥ 0), or undefined for the default. */
export const makerInterval = (maker: ItemRef | undefined, chosen: string | undefined): number | undefined => {
  if (!maker || chosen === undefined) return undefined;
  const header = maker.sectionOptions?.find((s) => s.option === chosen)?.groupheader.trim();
  return header !== undefined && /^\d{1,4}$/.test(header) ? Number(header) : undefined;
};

/** The first day the next dose may be booked (readings in the header). */
export const earliestNextDose = (
  previous: Temporal.PlainDate,
  interval: number | undefined,
  type: VaccinationIntervalType = '日数',
): Temporal.PlainDate => {
  if (interval === undefined) return previous.add({ days: DEFAULT_INTERVAL_DAYS });
  return type === '月数' ? previous.add({ months: interval }).add({ days: 1 }) : previous.add({ days: interval + 1 });
};

export type VaccinationRefusal =
  | { itemKey: string; reason: 'firstDoseMissing' }
  | { itemKey: string; reason: 'tooEarly'; earliest: Temporal.PlainDate };

/** The items the next-dose rule reads (for a screen that shows the earliest day as the answers change). */
export const nextDoseKeys = (form: Pick<VaccinationForm, 'surveySchema'>): string[] =>
  [COUNT_VACCINES_TYPE, PREVIOUS_MAKER_TYPE, PREVIOUS_DATE_TYPE].flatMap((t) => keyOf(form, t) ?? []);

/**
 * The first day this dose may be booked: 'none' for a first dose (or a form without a count item,
 * or a count that is not 1–99), 'missing' from the second dose on without a previous date.
 */
export const nextDoseEarliest = (
  form: VaccinationForm,
  get: Get,
): { kind: 'none' } | { kind: 'missing' } | { kind: 'from'; date: Temporal.PlainDate } => {
  const countKey = countVaccinesKey(form);
  const count = countKey === undefined ? undefined : one(get(countKey));
  // A count that is not one of 1–99 is its own item's refusal.
  if (count === undefined || !COUNT_VACCINES_OPTIONS.includes(count) || count === '1') return { kind: 'none' };
  const dateKey = keyOf(form, PREVIOUS_DATE_TYPE);
  const previous = dateKey === undefined ? undefined : parseIsoDate(one(get(dateKey)) ?? '');
  if (!previous) return { kind: 'missing' };
  const maker = form.surveySchema.find((i) => i.type === PREVIOUS_MAKER_TYPE);
  return { kind: 'from', date: earliestNextDose(previous, makerInterval(maker, maker && one(get(maker.itemKey))), form.vaccinationIntervalType?.input) };
};

/**
 * The booking's refusal, put on the reservation item, or undefined. Reads the answers the form
 * sends (`get` answers undefined for hidden items); a first dose, or an answer without a readable
 * reservation, has nothing to check.
 */
export const checkVaccination = (form: VaccinationForm, get: Get): VaccinationRefusal | undefined => {
  const earliest = nextDoseEarliest(form, get);
  if (earliest.kind === 'none') return undefined;
  let reservation: { itemKey: string; date: Temporal.PlainDate } | undefined;
  for (const item of form.surveySchema) {
    if (item.type !== RESERVATION_ITEM_TYPE) continue;
    const parsed = parseReservationValue(one(get(item.itemKey)) ?? '');
    if (parsed) {
      reservation = { itemKey: item.itemKey, date: parsed.date };
      break;
    }
  }
  if (!reservation) return undefined;
  if (earliest.kind === 'missing') return { itemKey: reservation.itemKey, reason: 'firstDoseMissing' };
  return Temporal.PlainDate.compare(reservation.date, earliest.date) < 0
    ? { itemKey: reservation.itemKey, reason: 'tooEarly', earliest: earliest.date }
    : undefined;
};

/**
 * The calendar's bookable window without the days before this dose's earliest (`from`), so the
 * calendar offers only days the rule above accepts. Reading: days are held back only once the
 * earliest is known; before the previous date is answered every day stays offered, as the
 * resident may still answer it, and checkVaccination refuses the booking then.
 */
export const windowForDose = <W extends { first: Temporal.PlainDate }>(window: W, from: Temporal.PlainDate | undefined): W =>
  from !== undefined && Temporal.PlainDate.compare(from, window.first) > 0 ? { ...window, first: from } : window;
