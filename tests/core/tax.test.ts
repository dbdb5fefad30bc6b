/**
 * core/rules/tax.ts: every combination of rounding × calculation × tax type × taxable type ×
 * reservation cost type against yen worked out by hand, and properties over random orders.
 *
 * The order of the table: line A 1,234 円 × 3 = 3,702 円 (taxable, a reservation line with cost 2),
 * line B 999 円 × 1 (taxable or tax free), at 10 %.
 *   outer: A 370.2, B 99.9, A+B 470.1          inner: A 336.54…, B 90.81…, A+B 427.36…
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { exceedsPurchaseLimit, lineAmounts, orderAmounts, reservationCostOf, taxRateInForce, type PricedLine, type TaxRule } from '../../core/rules/tax';
import type { CalculationType, ReservationCostType, RoundingType, TaxType, TaxableType } from '../../core/contract/payment';

const FLOOR = 0;
const CEIL = 1;
const ROUND = 2;
const PER_LINE = 0;
const ON_TOTAL = 1;
const OUTER = 0;
const INNER = 1;
const TAXABLE = 0;
const TAX_FREE = 1;
const FIXED_ONE = 0;
const ADDITIVE = 1;

const orderWith = (bTaxable: TaxableType): PricedLine[] => [
  { price: 1234, count: 3, taxableType: TAXABLE, cost: 2, reservationPaymentItemId: 'r1' },
  { price: 999, count: 1, taxableType: bTaxable },
];

/** [rounding, calculation, tax type, B's taxable type, order tax, amountWithTax] — by hand. */
const TABLE: [RoundingType, CalculationType, TaxType, TaxableType, number, number][] = [
  // Outer, B taxable: per line 370 + 99 | 371 + 100 | 370 + 100; on total 470.1.
  [FLOOR, PER_LINE, OUTER, TAXABLE, 469, 5170],
  [CEIL, PER_LINE, OUTER, TAXABLE, 471, 5172],
  [ROUND, PER_LINE, OUTER, TAXABLE, 470, 5171],
  [FLOOR, ON_TOTAL, OUTER, TAXABLE, 470, 5171],
  [CEIL, ON_TOTAL, OUTER, TAXABLE, 471, 5172],
  [ROUND, ON_TOTAL, OUTER, TAXABLE, 470, 5171],
  // Outer, B tax free: only A's 370.2.
  [FLOOR, PER_LINE, OUTER, TAX_FREE, 370, 5071],
  [CEIL, PER_LINE, OUTER, TAX_FREE, 371, 5072],
  [ROUND, PER_LINE, OUTER, TAX_FREE, 370, 5071],
  [FLOOR, ON_TOTAL, OUTER, TAX_FREE, 370, 5071],
  [CEIL, ON_TOTAL, OUTER, TAX_FREE, 371, 5072],
  [ROUND, ON_TOTAL, OUTER, TAX_FREE, 370, 5071],
  // Inner, B taxable: per line 336 + 90 | 337 + 91 | 337 + 91; on total 427.36…; the price holds the tax.
  [FLOOR, PER_LINE, INNER, TAXABLE, 426, 4701],
  [CEIL, PER_LINE, INNER, TAXABLE, 428, 4701],
  [ROUND, PER_LINE, INNER, TAXABLE, 428, 4701],
  [FLOOR, ON_TOTAL, INNER, TAXABLE, 427, 4701],
  [CEIL, ON_TOTAL, INNER, TAXABLE, 428, 4701],
  [ROUND, ON_TOTAL, INNER, TAXABLE, 427, 4701],
  // Inner, B tax free: only A's 336.54….
  [FLOOR, PER_LINE, INNER, TAX_FREE, 336, 4701],
  [CEIL, PER_LINE, INNER, TAX_FREE, 337, 4701],
  [ROUND, PER_LINE, INNER, TAX_FREE, 337, 4701],
  [FLOOR, ON_TOTAL, INNER, TAX_FREE, 336, 4701],
  [CEIL, ON_TOTAL, INNER, TAX_FREE, 337, 4701],
  [ROUND, ON_TOTAL, INNER, TAX_FREE, 337, 4701],
];

/** Reservation places of the order: fixed one → 1; additive → A's cost 2 × 3. */
const COSTS: [ReservationCostType, number][] = [
  [FIXED_ONE, 1],
  [ADDITIVE, 6],
];

describe('order amounts, by hand', () => {
  for (const [roundingType, calculationType, taxType, bTaxable, tax, amountWithTax] of TABLE) {
    for (const [costType, cost] of COSTS) {
      it(`rounding ${roundingType}, calculation ${calculationType}, tax type ${taxType}, B taxable ${bTaxable}, cost type ${costType}`, () => {
        const lines = orderWith(bTaxable);
        const order = orderAmounts(lines, { rate: 10, taxType, calculationType, roundingType });
        expect([order.amount, order.tax, order.amountWithTax]).toEqual([4701, tax, amountWithTax]);
        expect(order.lines.map((l) => l.amount)).toEqual([3702, 999]);
        if (bTaxable === TAX_FREE) expect(order.lines[1]?.tax).toBe(0);
        expect(reservationCostOf(lines, costType)).toBe(cost);
      });
    }
  }

  it('rounds half a yen up, and floors and ceils it', () => {
    const line: PricedLine = { price: 5, count: 1, taxableType: TAXABLE };
    const at = (roundingType: RoundingType) => lineAmounts(line, { rate: 10, taxType: OUTER, calculationType: PER_LINE, roundingType }).tax;
    expect([at(FLOOR), at(CEIL), at(ROUND)]).toEqual([0, 1, 1]);
  });

  it('takes an 8 % and an 8.5 % rate exactly', () => {
    const rule = (rate: number): TaxRule => ({ rate, taxType: OUTER, calculationType: PER_LINE, roundingType: FLOOR });
    // 1,080 × 8 % = 86.4; 1,000 × 8.5 % = 85 exactly (a float product gives 84.999…).
    expect(lineAmounts({ price: 1080, count: 1, taxableType: TAXABLE }, rule(8)).tax).toBe(86);
    expect(lineAmounts({ price: 1000, count: 1, taxableType: TAXABLE }, rule(8.5)).tax).toBe(85);
  });

  it('an order with no reservation line takes no places', () => {
    expect(reservationCostOf([{ price: 100, count: 2, taxableType: TAXABLE }], FIXED_ONE)).toBe(0);
  });
});

const lineArb = fc.record({
  price: fc.integer({ min: 0, max: 1_000_000 }),
  count: fc.integer({ min: 1, max: 100 }),
  taxableType: fc.constantFrom<TaxableType>(TAXABLE, TAX_FREE),
});
const ruleArb = fc.record({
  rate: fc.constantFrom(0, 5, 8, 8.5, 10, 12.345),
  taxType: fc.constantFrom<TaxType>(OUTER, INNER),
  calculationType: fc.constantFrom<CalculationType>(PER_LINE, ON_TOTAL),
  roundingType: fc.constantFrom<RoundingType>(FLOOR, CEIL, ROUND),
});

describe('order amounts, properties', () => {
  it('per line, the totals are the sums of the lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), ruleArb, (lines, r) => {
        const rule = { ...r, calculationType: PER_LINE as CalculationType };
        const order = orderAmounts(lines, rule);
        const sum = (f: (l: (typeof order.lines)[number]) => number) => order.lines.reduce((s, l) => s + f(l), 0);
        expect([order.amount, order.tax, order.amountWithTax]).toEqual([sum((l) => l.amount), sum((l) => l.tax), sum((l) => l.amountWithTax)]);
      }),
      { seed: 20261124, numRuns: 500 },
    );
  });

  it('the tax is whole yen, never negative, within a yen per taxed sum of the exact figure', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), ruleArb, (lines, rule) => {
        const order = orderAmounts(lines, rule);
        const taxable = lines.filter((l) => l.taxableType === TAXABLE).reduce((s, l) => s + l.price * l.count, 0);
        const exact = rule.taxType === OUTER ? (taxable * rule.rate) / 100 : (taxable * rule.rate) / (100 + rule.rate);
        const roundings = rule.calculationType === PER_LINE ? Math.max(1, lines.length) : 1;
        expect(Number.isInteger(order.tax)).toBe(true);
        expect(order.tax).toBeGreaterThanOrEqual(0);
        expect(Math.abs(order.tax - exact)).toBeLessThanOrEqual(roundings);
        expect(order.amountWithTax).toBe(rule.taxType === OUTER ? order.amount + order.tax : order.amount);
      }),
      { seed: 20261124, numRuns: 500 },
    );
  });
});

describe('the rate in force', () => {
  const setting = {
    taxRate: 8,
    taxRates: [
      { applyDate: '2019-10-01', value: 10 },
      { applyDate: '2014-04-01', value: 8 },
      { applyDate: '2027-04-01', value: 12 },
    ],
  };
  it.each([
    ['2019-09-30', 8],
    ['2019-10-01', 10],
    ['2026-11-24', 10],
    ['2027-04-01', 12],
  ])('on %s: %d %%', (day, rate) => {
    expect(taxRateInForce(setting, Temporal.PlainDate.from(day))).toBe(rate);
  });
  it('falls back to the setting\'s rate, and is null when nothing is set', () => {
    expect(taxRateInForce({ taxRate: 10, taxRates: [{ applyDate: '2030-01-01', value: 12 }] }, Temporal.PlainDate.from('2026-11-24'))).toBe(10);
    expect(taxRateInForce({ taxRate: null, taxRates: [] }, Temporal.PlainDate.from('2026-11-24'))).toBeNull();
  });
});

describe('purchase limit', () => {
  it.each([
    [0, [999], false],
    [5, [2, 3], false],
    [5, [2, 4], true],
  ] as const)('limit %d, counts %j → exceeded %s', (limit, counts, exceeded) => {
    expect(exceedsPurchaseLimit(limit, counts)).toBe(exceeded);
  });
});
