/**
 * Order amounts and tax (spec 02 §3, §5, §9), the same on the client (display) and the server
 * (which recomputes every amount from its catalogue and refuses a client figure that differs).
 * Whole yen throughout, with the rate kept as an exact fraction, so no float ever rounds a yen.
 *
 * Readings chosen where the spec is silent:
 * - Outer tax (外税): a line's tax is amount × rate, added on top. Inner tax (内税): the price
 *   includes it, and the tax is amount × rate / (100 + rate) of it; amountWithTax = amount.
 * - Per line: each taxable line's tax is rounded, and the order's tax is their sum. On the total:
 *   the order's tax is the taxable lines' sum taxed once and rounded once; its lines still show
 *   their own rounded tax, for reading only.
 * - round is half up (0.5 yen → 1 yen).
 * - The amount handed to the card provider is amountWithTax.
 */
import { Temporal } from 'temporal-polyfill';
import type { CalculationType, ReservationCostType, RoundingType, TaxSetting, TaxType, TaxableType } from '../contract/payment';
import { CALCULATION_TYPE, RESERVATION_COST_TYPE, ROUNDING_TYPE, TAXABLE_TYPE, TAX_TYPE } from '../contract/payment-codes';

export interface TaxRule {
  /** Percent, e.g. 10 or 8; up to three decimals count. */
  rate: number;
  taxType: TaxType;
  calculationType: CalculationType;
  roundingType: RoundingType;
}

export interface PricedLine {
  price: number;
  count: number;
  taxableType: TaxableType;
  /** Places the line takes in a reservation slot (additive reservation cost), if it is one. */
  cost?: number | undefined;
  reservationPaymentItemId?: string | null | undefined;
}

export interface LineAmounts {
  amount: number;
  tax: number;
  amountWithTax: number;
}

export interface OrderAmounts extends LineAmounts {
  lines: LineAmounts[];
}

/** The rate in thousandths of a percent: 10 % → 10,000, 8.5 % → 8,500. */
const milliOf = (rate: number): number => Math.round(rate * 1000);
const HUNDRED_PERCENT = 100_000;

/** n / d rounded as the setting says; n, d ≥ 0 integers well inside 2^53. */
const divide = (n: number, d: number, rounding: RoundingType): number => {
  if (rounding === ROUNDING_TYPE.floor) return Math.floor(n / d);
  if (rounding === ROUNDING_TYPE.ceil) return Math.floor((n + d - 1) / d);
  return Math.floor((2 * n + d) / (2 * d));
};

/** The tax on a taxable sum of yen under the rule. */
const taxOn = (amount: number, rule: TaxRule): number => {
  const milli = milliOf(rule.rate);
  return rule.taxType === TAX_TYPE.outer
    ? divide(amount * milli, HUNDRED_PERCENT, rule.roundingType)
    : divide(amount * milli, HUNDRED_PERCENT + milli, rule.roundingType);
};

const withTax = (amount: number, tax: number, taxType: TaxType): number => (taxType === TAX_TYPE.outer ? amount + tax : amount);

/** One line: amount = price × count (spec 02 §9), and its own tax (0 when tax free). */
export const lineAmounts = (line: PricedLine, rule: TaxRule): LineAmounts => {
  const amount = line.price * line.count;
  const tax = line.taxableType === TAXABLE_TYPE.taxFree ? 0 : taxOn(amount, rule);
  return { amount, tax, amountWithTax: withTax(amount, tax, rule.taxType) };
};

/** The order's lines and totals under the rule. */
export const orderAmounts = (lines: readonly PricedLine[], rule: TaxRule): OrderAmounts => {
  const each = lines.map((l) => lineAmounts(l, rule));
  const amount = each.reduce((sum, l) => sum + l.amount, 0);
  const tax =
    rule.calculationType === CALCULATION_TYPE.perLine
      ? each.reduce((sum, l) => sum + l.tax, 0)
      : taxOn(
          lines.reduce((sum, l, i) => sum + (l.taxableType === TAXABLE_TYPE.taxFree ? 0 : (each[i] as LineAmounts).amount), 0),
          rule,
        );
  return { lines: each, amount, tax, amountWithTax: withTax(amount, tax, rule.taxType) };
};

/**
 * The rate in force on `today`: the latest entry of the list whose applyDate has come (on that day
 * itself too), else the setting's own taxRate; null when neither is set (the tax-not-set message).
 */
export const taxRateInForce = (setting: Pick<TaxSetting, 'taxRate' | 'taxRates'>, today: Temporal.PlainDate): number | null => {
  let best: { date: Temporal.PlainDate; value: number } | null = null;
  for (const entry of setting.taxRates) {
    let date: Temporal.PlainDate;
    try {
      date = Temporal.PlainDate.from(entry.applyDate);
    } catch {
      continue;
    }
    if (Temporal.PlainDate.compare(date, today) > 0) continue;
    if (!best || Temporal.PlainDate.compare(date, best.date) >= 0) best = { date, value: entry.value };
  }
  return best?.value ?? setting.taxRate;
};

/**
 * The places an order's reservation lines take in their slot: fixed one → 1 (spec 02 §9), additive
 * → the sum of cost × count; 0 when no line is a reservation's.
 */
export const reservationCostOf = (lines: readonly PricedLine[], type: ReservationCostType): number => {
  const reserving = lines.filter((l) => l.reservationPaymentItemId);
  if (reserving.length === 0) return 0;
  if (type === RESERVATION_COST_TYPE.fixedOne) return 1;
  return reserving.reduce((sum, l) => sum + (l.cost ?? 0) * l.count, 0);
};

/**
 * Spec 02 §5: 0 = unlimited; otherwise the total count over every line, the line being edited
 * counted with its new quantity instead of its old one.
 */
export const exceedsPurchaseLimit = (limit: number, counts: readonly number[]): boolean =>
  limit > 0 && counts.reduce((sum, c) => sum + c, 0) > limit;

/**
 * Whether a tax rate entry may be added or replaced on `today` (issue 58): only one whose
 * applyDate is still to come. A rate in force today or before is history: orders were charged at
 * it (each keeps the amount it was charged), so it is never rewritten nor a new one slipped in
 * before today (refused: tax_rate_past).
 */
export const taxRateEditable = (applyDate: Temporal.PlainDate, today: Temporal.PlainDate): boolean => Temporal.PlainDate.compare(applyDate, today) > 0;

/** The list with this entry added, or replacing the entry of its date; sorted by date. */
export const withTaxRate = <E extends { applyDate: string; value: number }>(rates: readonly E[], entry: E): E[] =>
  [...rates.filter((r) => r.applyDate !== entry.applyDate), entry].sort((a, b) => (a.applyDate < b.applyDate ? -1 : a.applyDate > b.applyDate ? 1 : 0));
