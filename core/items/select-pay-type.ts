/**
 * Pay type (支払い方法: spec 02 §3 payment types 0 cashless, 1 cash; §5 "pay type required; in
 * new-admin mode fixed to cash and disabled"). The value is the type's number as text.
 *
 * Readings chosen here:
 * - `payTypeOptions` (spec 01 §3's name) lists the types a resident may choose (default: cashless
 *   only). With one type the choice is shown fixed and disabled; in admin mode it is cash, fixed
 *   and disabled. A bundle's `payTypes` (this code's first name for it) is read as it at import
 *   (server/forms/import.ts), nowhere else.
 * - A resident may send cash only when the item offers it; the office (admin) only cash.
 */
import * as z from 'zod/mini';
import { PAY_TYPE, type PayType } from '../contract/payment-codes';
import { INVALID_VALUE, defineItem, issue, single, type Mode, type SamplesOf } from './define';

const payTypeValue = z.union([z.literal(0), z.literal(1)]);

/** The types offered in a mode. */
export const payTypesOf = (item: { payTypeOptions?: readonly PayType[] | undefined }, mode: Mode): PayType[] =>
  mode === 'admin'
    ? [PAY_TYPE.cash]
    : item.payTypeOptions && item.payTypeOptions.length > 0
      ? [...new Set(item.payTypeOptions)]
      : [PAY_TYPE.cashless];

export const payTypeOfValue = (value: string | undefined): PayType | null => (value === '0' ? 0 : value === '1' ? 1 : null);

export const selectPayTypeItem = defineItem({
  type: 'selectPayType',
  configShape: () => ({
    payTypeOptions: z.optional(z.array(payTypeValue).check(z.minLength(1))),
  }),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item, ctx) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const t = payTypeOfValue(s);
    if (t === null || !payTypesOf(item, ctx.mode).includes(t)) return [issue('optionNotInList')];
    return [];
  },
});

export const selectPayTypeSamples: SamplesOf<typeof selectPayTypeItem> = {
  configs: [{ payTypeOptions: [0, 1] }, {}],
  valid: ['0'],
  validFor: [{ value: '1', config: 0 }],
  invalid: [
    { value: '1', issue: { key: 'optionNotInList' }, config: 1 },
    { value: '2', issue: { key: 'optionNotInList' } },
    { value: 'cash', issue: { key: 'optionNotInList' } },
    { value: ['0'], issue: { key: 'invalidValue' } },
  ],
};
