/**
 * Every write that carries or implies an order, on both engines: path (putItem, the temporary
 * save, an amend) × pay type × the client's amount (none sent, the catalogue's, ± 1, 0) × form
 * setting. Only the combinations spec 02 §4 allows store; every refusal leaves the answers, the
 * orders and the schedule's reservation counts as they were. The oracle below states the rule
 * independently of server/payments/price-order.ts and server/answers/extras.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { day } from './reservation-fixture';
import { paymentBundle, reservedIn } from './payment-fixture';

type Path = 'putItem' | 'temporary' | 'amend';
type PayType = 0 | 1;
type Variant = 'none' | 'catalogue' | 'plus1' | 'minus1' | 'zero';
type FormKey = 'cardOnly' | 'cardOrCash' | 'paymentOff' | 'single';

/** One 接種料 (1,000 yen, 10 % outer): 1,100 with tax. */
const CATALOGUE = { amount: 1000, tax: 100, amountWithTax: 1100 };
const reservation = { itemKey: 'yoyaku', type: 'reservation', title: '予約' };
const products = { itemKey: 'shohin', type: 'selectProducts', title: '商品', serviceId: 'svc' };
const payTypeItem = { itemKey: 'shiharai', type: 'selectPayType', title: '支払い方法', payTypeOptions: [0, 1] };
const forms: Record<FormKey, Record<string, unknown>> = {
  cardOnly: { surveyId: 'tb-card', isAppending: { value: true }, usePayment: 1, surveySchema: [reservation, products] },
  cardOrCash: { surveyId: 'tb-both', isAppending: { value: true }, usePayment: 1, surveySchema: [reservation, products, payTypeItem] },
  paymentOff: { surveyId: 'tb-off', isAppending: { value: true }, usePayment: 0, surveySchema: [reservation, products, payTypeItem] },
  single: { surveyId: 'tb-single', usePayment: 1, surveySchema: [reservation, products, payTypeItem] },
};

/** The rule, stated on its own: what may be stored, and how. */
const allowed = (path: Path, form: FormKey, payType: PayType, variant: Variant): boolean => {
  if (variant === 'plus1' || variant === 'minus1' || variant === 'zero') return false;
  if (form === 'paymentOff') return path !== 'temporary' && variant === 'none';
  if (form === 'single') return false;
  const offered = form === 'cardOrCash' ? [0, 1] : [0];
  if (!offered.includes(payType)) return false;
  if (path === 'temporary') return payType === 0 && variant === 'catalogue';
  // The stored answer was paid in cash: an amend keeps its order, pay type included.
  if (path === 'amend') return payType === 1;
  return payType === 1;
};

const orderOf = (payType: PayType, variant: Exclude<Variant, 'none'>) => {
  const delta = variant === 'plus1' ? 1 : variant === 'minus1' ? -1 : 0;
  const total = variant === 'zero' ? 0 : CATALOGUE.amountWithTax + delta;
  const amount = variant === 'zero' ? 0 : CATALOGUE.amount + delta;
  const tax = variant === 'zero' ? 0 : CATALOGUE.tax;
  return {
    serviceSortKey: 'svc',
    serviceId: 'svc',
    serviceName: '予防接種',
    details: [
      { detailId: 1, productCategoryId: null, productCategoryName: null, productId: 'p1', productName: '接種料', price: variant === 'zero' ? 0 : 1000 + delta, count: 1, tax, amount, amountWithTax: total, taxableType: 0 },
    ],
    tax,
    amount,
    amountWithTax: total,
    taxRate: 10,
    calculationType: 0,
    roundingType: 0,
    taxType: 0,
    reservationCostType: 0,
    selectedPayType: payType,
    payMethod: payType === 1 ? 'cash' : 'credit',
  };
};

const cases: { path: Path; form: FormKey; payType: PayType; variant: Variant }[] = [];
for (const path of ['putItem', 'temporary', 'amend'] as const)
  for (const form of Object.keys(forms) as FormKey[])
    for (const payType of [0, 1] as const)
      for (const variant of ['none', 'catalogue', 'plus1', 'minus1', 'zero'] as const) {
        // The temporary save's body always carries an order (its contract); amends need a stored answer.
        if (path === 'temporary' && variant === 'none') continue;
        if (path === 'amend' && form !== 'cardOrCash') continue;
        cases.push({ path, form, payType, variant });
      }

for (const engine of engines()) {
  describe(`every write path × pay type × amount × form setting (${engine})`, () => {
    let srv: TestServer;
    let alice: string;
    const count = async (table: 'survey_results' | 'payment_orders') =>
      Number((await srv.deps.store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const snapshot = async (offset: number) => ({ rows: await count('survey_results'), orders: await count('payment_orders'), slot: await reservedIn(srv.deps.store, offset) });
    const rowsOf = (surveyId: string, offset: number, payType: PayType, partitionKey?: string) => [
      { surveyId, itemKey: 'yoyaku', value: `naika-b_v1|${day(offset)}|1`, ...(partitionKey ? { partitionKey } : {}) },
      {
        surveyId,
        itemKey: 'shohin',
        value: JSON.stringify([{ productId: 'p1', productName: '接種料', productCategoryId: null, productCategoryName: null, count: 1 }]),
        ...(partitionKey ? { partitionKey } : {}),
      },
      ...(surveyId === 'tb-card' ? [] : [{ surveyId, itemKey: 'shiharai', value: String(payType), ...(partitionKey ? { partitionKey } : {}) }]),
    ];

    beforeAll(async () => {
      srv = await startTestServer(engine);
      const b = paymentBundle();
      await importBundle(srv.deps.store, { ...b, surveyConfigs: [...b.surveyConfigs, ...Object.values(forms).map((f) => ({ surveyTitle: String(f['surveyId']), ...f }))] }, 'fixture');
      alice = await srv.token('U-table');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it(`stores exactly the allowed combinations of ${cases.length}, and a refusal changes nothing`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      let n = 0;
      for (const c of cases) {
        const surveyId = String(forms[c.form]['surveyId']);
        const offset = 1 + (n++ % 14);
        const order = c.variant === 'none' ? undefined : orderOf(c.payType, c.variant);
        let partitionKey: string | undefined;
        if (c.path === 'amend') {
          // A cash answer to change, stored first; then the amend sends the case's pay type and order.
          const made = await srv.api('POST', '/survey-results/putItem', { token: alice, body: { data: rowsOf(surveyId, offset, 1), order: orderOf(1, 'catalogue') } });
          expect(made.status, JSON.stringify(made.json)).toBe(200);
          partitionKey = made.json.partitionKey as string;
        }
        const before = await snapshot(offset);
        const data = rowsOf(surveyId, offset, c.payType, partitionKey);
        const body = { data, ...(order ? { order } : {}) };
        const res =
          c.path === 'temporary'
            ? await srv.api('POST', '/survey-results/temprary', { token: alice, body })
            : await srv.api('POST', '/survey-results/putItem', { token: alice, body });
        const stored = res.status === 200;
        const label = `${c.path} ${c.form} payType=${c.payType} ${c.variant}`;
        outcomes.push(`${label}: ${stored ? 'stored' : `refused ${res.status} ${String(res.json.code)}`}`);
        const wants = allowed(c.path, c.form, c.payType, c.variant);
        expected.push(`${label}: ${wants ? 'stored' : 'refused'}`);
        expect(res.status).toBeLessThan(500);
        if (!stored) expect(await snapshot(offset), label).toEqual(before);
        else if (c.path === 'amend') expect((await snapshot(offset)).slot, label).toBe(before.slot);
        else expect((await snapshot(offset)).slot, label).toBe(before.slot + 1);
      }
      if (process.env["SHOW_OUTCOMES"]) console.log(outcomes.join("\n"));
      expect(outcomes.map((o) => o.replace(/refused \d+ \S+$/, 'refused'))).toEqual(expected);
    });
  });
}
