/**
 * The pure decisions of putItem (server/answers/partition-key.ts, extras.ts): which answer a
 * submission writes, from the keys it names and what the resident holds, and what it keeps beside
 * the rows. No database.
 */
import { describe, expect, it } from 'vitest';
import { namedKeysOf, parsePartitionKey, planForKeys, type KeyState, type PlanInput } from '../../server/answers/partition-key';
import { keptExtrasOf, sentExtrasOf, isRefusal, NO_EXTRAS } from '../../server/answers/extras';
import type { PaymentOrder } from '@core/contract/payment';

describe('parsePartitionKey', () => {
  it('reads the two shapes of spec 01 §3', () => {
    expect(parsePartitionKey('f#U1', 'f')).toEqual({ shape: 'single', userId: 'U1' });
    expect(parsePartitionKey('f#U1#1700000000000', 'f')).toEqual({ shape: 'appending', userId: 'U1', timestamp: 1700000000000 });
  });

  it.each([
    ['g#U1', 'another survey'],
    ['f', 'one part'],
    ['f#', 'an empty userId'],
    ['f##1700000000000', 'an empty userId with a timestamp'],
    ['f#U1#abc', 'a timestamp that is not a number'],
    ['f#U1#', 'an empty timestamp'],
    ['f#U1#01700000000000', 'a leading zero'],
    ['f#U1#1.5', 'a fraction'],
    ['f#U1#-5', 'a negative number'],
    ['f#U1#1e12', 'an exponent'],
    ['f#U1#1234567890123456', 'sixteen digits'],
    ['f#U1#1#2', 'four parts'],
  ])('%s is malformed (%s)', (key) => {
    expect(parsePartitionKey(key, 'f').shape).toBe('malformed');
  });
});

describe('namedKeysOf', () => {
  it('takes one key from the rows (subData included) and one from the revoke items', () => {
    expect(namedKeysOf({ data: [{ partitionKey: 'f#U1' }, {}], subData: [{ partitionKey: 'f#U1' }], items: [{ partitionKey: 'f#U1#5' }] })).toEqual({
      keys: { rowsKey: 'f#U1', revokeKey: 'f#U1#5' },
    });
    expect(namedKeysOf({ data: [{}] })).toEqual({ keys: { rowsKey: null, revokeKey: null } });
  });

  it('refuses rows naming two answers, and a revoke status other than 取り消し', () => {
    const two = namedKeysOf({ data: [{ partitionKey: 'f#U1#1' }], subData: [{ partitionKey: 'f#U1#2' }] });
    expect(two).toEqual({ issues: [expect.objectContaining({ path: 'subData.0.partitionKey' })] });
    const status = namedKeysOf({ data: [{}], items: [{ partitionKey: 'f#U1#1' }], checkStatus: '完了' });
    expect(status).toEqual({ issues: [expect.objectContaining({ path: 'checkStatus' })] });
    expect(namedKeysOf({ data: [{}], items: [{ partitionKey: 'f#U1#1' }], checkStatus: '取り消し' })).toHaveProperty('keys');
  });
});

describe('planForKeys', () => {
  const held = (...keys: string[]) => (key: string): KeyState => ({ held: keys.includes(key), deleted: false });
  const plan = (over: Partial<PlanInput>) =>
    planForKeys({ surveyId: 'f', userId: 'U1', appending: true, rowsKey: null, revokeKey: null, stateOf: held(), ...over });

  it('no key: the server decides', () => {
    expect(plan({})).toEqual({ kind: 'server' });
  });

  it('a key the resident holds is an amend, whatever its shape', () => {
    expect(plan({ rowsKey: 'f#U1#5', stateOf: held('f#U1#5') })).toEqual({ kind: 'amend', target: 'f#U1#5', successor: null });
    expect(plan({ appending: false, rowsKey: 'f#walk-in', stateOf: held('f#walk-in') })).toEqual({ kind: 'amend', target: 'f#walk-in', successor: null });
  });

  it('a new key of the form’s shape is a new answer', () => {
    expect(plan({ rowsKey: 'f#U1#1700000000000' })).toEqual({ kind: 'new', key: 'f#U1#1700000000000' });
    expect(plan({ appending: false, rowsKey: 'f#U1' })).toEqual({ kind: 'new', key: 'f#U1' });
  });

  it('a new key of the other shape is a 400', () => {
    expect(plan({ rowsKey: 'f#U1' })).toMatchObject({ status: 400 });
    expect(plan({ appending: false, rowsKey: 'f#U1#1700000000000' })).toMatchObject({ status: 400 });
  });

  it('another resident’s key is a 404, a malformed one a 400', () => {
    expect(plan({ rowsKey: 'f#U2#1700000000000' })).toMatchObject({ status: 404 });
    expect(plan({ revokeKey: 'f#U2#1700000000000' })).toMatchObject({ status: 404 });
    expect(plan({ rowsKey: 'f#U1#soon' })).toMatchObject({ status: 400, issue: { path: 'data.0.partitionKey' } });
    expect(plan({ revokeKey: 'g#U1#5' })).toMatchObject({ status: 400, issue: { path: 'items.0.partitionKey' } });
  });

  it('the revoke payload names the amended answer; the rows may name its successor', () => {
    expect(plan({ revokeKey: 'f#U1#5', stateOf: held('f#U1#5') })).toEqual({ kind: 'amend', target: 'f#U1#5', successor: null });
    expect(plan({ revokeKey: 'f#U1#5', rowsKey: 'f#U1#5', stateOf: held('f#U1#5') })).toEqual({ kind: 'amend', target: 'f#U1#5', successor: null });
    expect(plan({ revokeKey: 'f#U1#5', rowsKey: 'f#U1#9', stateOf: held('f#U1#5') })).toEqual({ kind: 'amend', target: 'f#U1#5', successor: 'f#U1#9' });
    // Naming two held answers, a revoked answer the resident does not hold, a single form's second key.
    expect(plan({ revokeKey: 'f#U1#5', rowsKey: 'f#U1#9', stateOf: held('f#U1#5', 'f#U1#9') })).toMatchObject({ status: 400 });
    expect(plan({ revokeKey: 'f#U1#5' })).toMatchObject({ status: 404 });
    expect(plan({ appending: false, revokeKey: 'f#U1', rowsKey: 'f#U1#9', stateOf: held('f#U1') })).toMatchObject({ status: 400 });
  });

  it('an appending key deleted since is not given to a new answer; a single one is', () => {
    const deleted = (): KeyState => ({ held: false, deleted: true });
    expect(plan({ rowsKey: 'f#U1#1700000000000', stateOf: deleted })).toMatchObject({ status: 404 });
    expect(plan({ appending: false, rowsKey: 'f#U1', stateOf: deleted })).toEqual({ kind: 'new', key: 'f#U1' });
  });
});

describe('answer extras', () => {
  const order = (over: Partial<PaymentOrder> = {}): PaymentOrder => ({
    serviceSortKey: 's',
    serviceId: 'svc',
    serviceName: '検診',
    details: [{ detailId: 1, productId: 'p1', productName: '問診票', price: 500, count: 2, tax: 0, amount: 1000, amountWithTax: 1000, taxableType: 1 }],
    tax: 0,
    amount: 1000,
    amountWithTax: 1000,
    taxRate: 10,
    calculationType: 0,
    roundingType: 0,
    taxType: 0,
    reservationCostType: 0,
    selectedPayType: 1,
    ...over,
  });
  const paying = { surveyId: 'f', usePayment: 1 as const, isAppending: { value: true } };

  it('keeps subData of the same survey beside the order the server priced', () => {
    const sent = sentExtrasOf(paying, { subData: [{ surveyId: 'f', itemKey: 'bedStart', value: '2030-01-01', partitionKey: 'f#U1#1', userId: 'U9' }] }, order());
    expect(sent).toEqual({ subData: [{ itemKey: 'bedStart', value: '2030-01-01' }], order: order() });
    expect(sentExtrasOf(paying, {}, null)).toEqual(NO_EXTRAS);
    expect(sentExtrasOf(paying, { subData: [{ surveyId: 'g', itemKey: 'x', value: '' }] }, null)).toMatchObject({ issues: [{ path: 'subData.0.surveyId' }] });
  });

  it('a new answer stores through putItem only an order paid in cash or costing nothing (spec 02 §4)', () => {
    expect(keptExtrasOf({ subData: null, order: order() }, null)).toEqual({ subData: null, order: order() });
    expect(keptExtrasOf({ subData: null, order: order({ selectedPayType: 0 }) }, null)).toMatchObject({ status: 400, code: 'payment_required' });
    expect(isRefusal(keptExtrasOf({ subData: null, order: order({ selectedPayType: 0 }) }, null, 'temporary'))).toBe(false);
    const free = order({ selectedPayType: 0, amount: 0, amountWithTax: 0 });
    expect(isRefusal(keptExtrasOf({ subData: null, order: free }, null))).toBe(false);
  });

  it('an amend keeps the stored order, whose lines it must still bring, and its subData unless it sends its own', () => {
    const stored = { subData: [{ itemKey: 'a', value: '1' }], order: order({ status: 3, orderId: 'o1' }) };
    // The same lines priced again (a price changed since): the stored order stays.
    const repriced = order({ amount: 2000, details: [{ ...order().details[0]!, price: 1000, amount: 2000 }] });
    expect(keptExtrasOf({ subData: null, order: repriced }, stored)).toEqual(stored);
    expect(keptExtrasOf({ subData: [{ itemKey: 'a', value: '2' }], order: order() }, stored)).toEqual({ subData: [{ itemKey: 'a', value: '2' }], order: stored.order });
    expect(keptExtrasOf({ subData: null, order: order({ details: [{ ...order().details[0]!, count: 3 }] }) }, stored)).toMatchObject({ status: 403, code: 'order_locked' });
    expect(keptExtrasOf(NO_EXTRAS, stored)).toMatchObject({ status: 403, message: '購入した商品は変更できません。' });
    expect(keptExtrasOf({ subData: null, order: order() }, NO_EXTRAS)).toMatchObject({ status: 403 });
    expect(keptExtrasOf(NO_EXTRAS, NO_EXTRAS)).toEqual(NO_EXTRAS);
  });
});
