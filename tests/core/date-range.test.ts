/** A date item's own range (core/items/date-range.ts) and where the date picker opens. */
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { validateItem } from '@core/form/validate';
import type { ValidateContext } from '@core/items/define';
import { checkDateRange, openingDate, resolveDateBound } from '@core/items/date-range';
import { datepickerOpeningDate } from '@core/items/datepicker';
import { itemDefOf, schemaItemSchema } from '@core/items/registry';
import { formatIsoDate } from '@core/ja/date-input';

const today = Temporal.PlainDate.from('2026-11-24');
const ctx: ValidateContext = { mode: 'user', today };
const itemOf = (config: object) => schemaItemSchema.parse({ itemKey: 'q', title: 'Q', ...config });
const normalised = (config: object, raw: string) => {
  const item = itemOf(config);
  const value = itemDefOf(item.type).normalize!(raw, item, { today, desktop: false });
  return { value, issues: validateItem(item, value, ctx) };
};

describe('date range', () => {
  it('resolves days from today and ISO dates', () => {
    expect(formatIsoDate(resolveDateBound(7, today)!)).toBe('2026-12-01');
    expect(formatIsoDate(resolveDateBound(-1, today)!)).toBe('2026-11-23');
    expect(formatIsoDate(resolveDateBound('2027-01-01', today)!)).toBe('2027-01-01');
    expect(resolveDateBound(undefined, today)).toBeUndefined();
  });

  it('checks min before max', () => {
    const d = (s: string) => Temporal.PlainDate.from(s);
    expect(checkDateRange(d('2026-11-30'), { minDate: 7 }, today)).toEqual({ key: 'dateBeforeMin', params: { min: '2026-12-01' } });
    expect(checkDateRange(d('2026-12-01'), { minDate: 7 }, today)).toBeUndefined();
    expect(checkDateRange(d('2027-01-01'), { maxDate: '2026-12-31' }, today)).toEqual({ key: 'dateAfterMax', params: { max: '2026-12-31' } });
  });
});

describe('typed dates against their item', () => {
  it('clamps 2026-13-45 to 2026-12-31 (spec 01 §5) and refuses a stored day that does not exist', () => {
    for (const type of ['date', 'dateWithSession']) {
      const r = normalised({ type, maxDate: 400 }, type === 'date' ? '2026-13-45' : '2026-13-45 午前');
      expect(r.value.startsWith('2026-12-31')).toBe(true);
      expect(r.issues).toEqual([]);
      expect(validateItem(itemOf({ type }), type === 'date' ? '2025-02-30' : '2025-02-30 午前', ctx)).toEqual([{ key: 'invalidDate' }]);
    }
  });

  it('accepts full-width digits and IME dashes', () => {
    expect(normalised({ type: 'date' }, '２０２６ー１１ー２０')).toEqual({ value: '2026-11-20', issues: [] });
    expect(normalised({ type: 'dateWithSession' }, '２０２６／１２／３ 午後')).toEqual({ value: '2026-12-03 午後', issues: [] });
    expect(normalised({ type: 'birthday' }, '１９９１ー０２ー０１')).toEqual({ value: '1991-02-01', issues: [] });
  });

  it('refuses an era date for a collection day that must be a week ahead', () => {
    const collection = { type: 'dateWithSession', minDate: 7 };
    expect(normalised(collection, 'H3.2.1 午前')).toEqual({ value: '1991-02-01 午前', issues: [{ key: 'dateBeforeMin', params: { min: '2026-12-01' } }] });
    expect(normalised(collection, 'R8.12.1 午前')).toEqual({ value: '2026-12-01 午前', issues: [] });
  });

  it('keeps the date item\'s no-future rule unless the item sets its own maxDate', () => {
    expect(normalised({ type: 'date' }, 'R8.11.25').issues).toEqual([{ key: 'dateFuture' }]);
    expect(normalised({ type: 'date', maxDate: 30 }, 'R8.11.25').issues).toEqual([]);
  });
});

describe('where the date picker opens', () => {
  it('opens at 1990-01-01 when the item says nothing (spec 01 §5, §9), moved into its range', () => {
    expect(formatIsoDate(datepickerOpeningDate(itemOf({ type: 'datepicker' }) as never, today))).toBe('1990-01-01');
    expect(formatIsoDate(datepickerOpeningDate({ minDate: 1 }, today))).toBe('2026-11-25');
    expect(formatIsoDate(datepickerOpeningDate({ maxDate: '1980-12-31' }, today))).toBe('1980-12-31');
  });

  it('opens inside the item\'s range, or at its configured initialDate', () => {
    expect(formatIsoDate(openingDate({ minDate: 14 }, today))).toBe('2026-12-08');
    expect(formatIsoDate(openingDate({ maxDate: '2020-03-31' }, today))).toBe('2020-03-31');
    expect(formatIsoDate(datepickerOpeningDate({ initialDate: '1990-01-01' }, today))).toBe('1990-01-01');
  });
});
