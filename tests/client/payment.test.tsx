/**
 * The payment form in the app (spec 02 §2, §4, §5, §7): the order-line dialog (TanStack Form),
 * the order list and totals, the submit button's two texts, the payment hand-off (temporary save,
 * order post, the provider's form posted in field order), a cash order riding with putItem, and
 * payment refusing to start offline (or without the hand-off's code) with nothing queued.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { saveSession } from '../../src/lib/session';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';
import { getOfflineDb } from '../../src/offline/db';
import { makeIdToken } from './fake-clock';
import { clearDevice, json } from './offline-helpers';

const config = {
  surveyId: 'pay',
  surveyTitle: '接種のお支払い',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 2,
  usePayment: 1,
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'shohin', type: 'selectProducts', title: '商品', serviceId: 'svc', isRequired: { value: true } },
    { itemKey: 'shiharai', type: 'selectPayType', title: 'お支払い方法', payTypeOptions: [0, 1], isRequired: { value: true } },
    { itemKey: 'name', type: 'text', title: 'お名前' },
  ],
};

const service = {
  serviceSortKey: 'svc',
  serviceId: 'svc',
  serviceName: '予防接種',
  taxType: 0,
  calculationType: 0,
  roundingType: 0,
  purchaseLimit: 5,
  reservationCostType: 0,
  products: [
    { productId: 'p1', productName: '接種料', price: 1000, taxableType: 0, order: 1, productCategories: [{ id: 'c1', name: '接種' }] },
    { productId: 'p2', productName: '問診票', price: 550, taxableType: 1, order: 2, productCategories: [{ id: 'c2', name: '書類' }] },
  ],
};
const tax = { taxRate: 10, taxRates: [{ applyDate: '2019-10-01', value: 10 }], roundingType: 0, calculationType: 0, taxType: 0, reservationCostType: 0 };
const providerForm = {
  action: 'http://localhost/dev/payment/pay',
  method: 'POST',
  fields: [
    { name: 'pay_method', value: 'credit' },
    { name: 'order_id', value: 'o1' },
    { name: 'dtl_item_id', value: 'p1' },
    { name: 'dtl_item_id', value: 'p2' },
    { name: 'sps_hashcode', value: 'abc' },
  ],
};

const serve = () => {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const p = url.pathname;
    if (p.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config });
    if (p.endsWith('/payment-configs/services/svc')) return json(200, { code: 'success', data: service });
    if (p.endsWith('/payment-configs/tax-setting')) return json(200, { code: 'success', data: tax });
    if (p.endsWith('/survey-results/temprary')) return json(200, { code: 'success', orderId: 'o1' });
    if (p.endsWith('/payment-orders')) return json(200, { code: 'success', data: providerForm });
    if (p.endsWith('/survey-results/putItem')) return json(200, { result: 'OK', partitionKey: 'pay#U1#1', answercode: '000001', data: [] });
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const bodyOf = (fetch: ReturnType<typeof serve>, path: string) => {
  const call = fetch.mock.calls.find(([u]) => String(u).includes(path));
  return call ? (JSON.parse(String((call as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>) : undefined;
};

const dialog = () => screen.getByRole('dialog');
const select = (label: RegExp | string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

/** Adds one line through the dialog. */
const addLine = async (category: string, product: string, quantity: string) => {
  fireEvent.click(await screen.findByTestId('order-add'));
  await screen.findByRole('dialog');
  select(jaScreens.payment.category, category);
  select(jaScreens.payment.product, product);
  fireEvent.change(within(dialog()).getByLabelText(jaScreens.payment.quantity), { target: { value: quantity } });
  fireEvent.click(within(dialog()).getByTestId('order-save'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

const openForm = async () => {
  window.history.replaceState(null, '', '/survey/pay');
  render(<App />);
  await screen.findByTestId('select-products');
  await screen.findByTestId('order-add');
};

/** A form with one line of 接種料 paid by card, its button reading 決済画面へ. */
const cardOrder = async (quantity: string) => {
  await openForm();
  await addLine('c1', 'p1', quantity);
  fireEvent.click(await screen.findByLabelText(jaScreens.payment.payTypeCashless));
  await waitFor(() => expect(screen.getByTestId('submit-button').textContent).toBe('決済画面へ'));
};

/** 決済画面へ, then the confirmation dialog's 決済画面へ. */
const pressPay = async () => {
  fireEvent.click(screen.getByTestId('submit-button'));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '決済画面へ' }));
};

let resident = 0;

describe('a payment form', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    // A resident of each test's own: the previous test's draft, flushed as its page unmounted, may
    // land after this test's clearDevice, and drafts are kept per resident.
    resident += 1;
    const sub = `U${resident}`;
    saveSession({ idToken: makeIdToken({ sub, exp: Math.floor(Date.now() / 1000) + 3600 }), accessToken: 'a', profile: { userId: sub, displayName: '山田 花子' } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds, changes and removes lines through the dialog, with its rules, and prices the order', async () => {
    serve();
    await openForm();
    expect(screen.getByTestId('submit-button').textContent).toBe('予約する');

    fireEvent.click(screen.getByTestId('order-add'));
    await screen.findByRole('dialog');
    expect(within(dialog()).queryByTestId('order-remove')).toBeNull();
    // No product: required. A quantity that is not a half-width integer ≥ 1: the spec's text.
    fireEvent.click(within(dialog()).getByTestId('order-save'));
    expect(await within(dialog()).findByText(ja.validation.required)).toBeTruthy();
    select(jaScreens.payment.category, 'c1');
    select(jaScreens.payment.product, 'p1');
    fireEvent.change(within(dialog()).getByLabelText(jaScreens.payment.quantity), { target: { value: '０' } });
    expect(await within(dialog()).findByText('1以上の半角整数を入力してください。')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(jaScreens.payment.quantity), { target: { value: '3' } });
    await waitFor(() => expect(within(dialog()).getByTestId('order-amount').textContent).toBe('3,000'));
    // A new category resets the product and the quantity.
    select(jaScreens.payment.category, 'c2');
    await waitFor(() => expect((within(dialog()).getByLabelText(jaScreens.payment.product) as HTMLSelectElement).value).toBe(''));
    expect((within(dialog()).getByLabelText(jaScreens.payment.quantity) as HTMLInputElement).value).toBe('1');
    fireEvent.click(within(dialog()).getByTestId('order-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryAllByTestId('order-line')).toHaveLength(0);

    await addLine('c1', 'p1', '2');
    await addLine('c2', 'p2', '1');
    const list = screen.getByTestId('order-list');
    expect(within(list).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['商品名', '数量', '金額(円)']);
    // The tax-free line says so (※非課税商品), as the receipt does.
    expect(within(list).getAllByTestId('order-line').map((r) => r.textContent)).toEqual(['接種料22,000', `問診票${jaScreens.payment.taxFreeMark}1550`]);
    expect(screen.getByTestId('order-subtotal').textContent).toBe('2,550円');
    expect(screen.getByTestId('order-tax').textContent).toBe('200円');
    expect(screen.getByTestId('order-total').textContent).toBe('2,750円');
    await waitFor(() => expect(screen.getByTestId('submit-button').textContent).toBe('決済画面へ'));

    // The purchase limit counts every line, the edited one with its new quantity.
    fireEvent.click(screen.getAllByTestId('order-line-edit')[0]!);
    await screen.findByRole('dialog');
    fireEvent.change(within(dialog()).getByLabelText(jaScreens.payment.quantity), { target: { value: '5' } });
    fireEvent.click(within(dialog()).getByTestId('order-save'));
    expect(await within(dialog()).findByText('全体で5個まで購入可能です。')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(jaScreens.payment.quantity), { target: { value: '4' } });
    fireEvent.click(within(dialog()).getByTestId('order-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('order-total').textContent).toBe('4,950円');

    // 削除 removes the line; the next renumbers to 1 (detailId is the position).
    fireEvent.click(screen.getAllByTestId('order-line-edit')[0]!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('order-remove'));
    await waitFor(() => expect(screen.getAllByTestId('order-line')).toHaveLength(1));
    expect(screen.getByTestId('order-line').textContent).toBe(`問診票${jaScreens.payment.taxFreeMark}1550`);
    // Many dialog rounds in jsdom: more than the default 5 s on a busy machine.
  }, 30_000);

  it('決済画面へ saves temporarily, posts the order and submits the provider form in field order', async () => {
    const fetch = serve();
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    await cardOrder('2');
    await pressPay();
    await waitFor(() => expect(submitted).toHaveLength(1));

    const temporary = bodyOf(fetch, '/survey-results/temprary')!;
    expect(temporary['order']).toMatchObject({ serviceId: 'svc', amount: 2000, tax: 200, amountWithTax: 2200, selectedPayType: 0, payMethod: 'credit' });
    expect((temporary['data'] as { itemKey: string }[]).map((r) => r.itemKey)).toEqual(['shohin', 'shiharai']);
    expect(bodyOf(fetch, '/payment-orders')).toMatchObject({ surveyId: 'pay', orderId: 'o1', serviceId: 'svc', amount: 2000, tax: 200 });
    const form = submitted[0]!;
    expect(form.method.toUpperCase()).toBe('POST');
    expect(form.action).toBe(providerForm.action);
    expect([...form.querySelectorAll('input')].map((i) => [i.name, i.value])).toEqual(providerForm.fields.map((f) => [f.name, f.value]));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('putItem'))).toBe(false);
  });

  it('a cash order reads 予約する and rides with putItem', async () => {
    const fetch = serve();
    await openForm();
    await addLine('c1', 'p1', '1');
    fireEvent.click(await screen.findByLabelText(jaScreens.payment.payTypeCash));
    await waitFor(() => expect(screen.getByTestId('submit-button').textContent).toBe('予約する'));
    fireEvent.click(screen.getByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await screen.findByTestId('survey-complete');
    expect(bodyOf(fetch, '/survey-results/putItem')!['order']).toMatchObject({ selectedPayType: 1, payMethod: 'cash', amountWithTax: 1100 });
    expect(fetch.mock.calls.some(([u]) => String(u).includes('temprary'))).toBe(false);
  });

  it('offline, 決済画面へ says payment needs a connection and queues nothing', async () => {
    const fetch = serve();
    await cardOrder('1');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await pressPay();
    expect((await screen.findByTestId('send-error')).textContent).toBe(ja.payment.offline);
    expect(fetch.mock.calls.some(([u]) => /temprary|payment-orders|putItem/.test(String(u)))).toBe(false);
    expect(await getOfflineDb().outbox.count()).toBe(0);
  });

  it("the hand-off's code not arriving (offline before the service worker holds it) says the same, not 不明なエラー", async () => {
    const fetch = serve();
    vi.doMock('../../src/payment/hand-off', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      await cardOrder('1');
      await pressPay();
      expect((await screen.findByTestId('send-error')).textContent).toBe(ja.payment.offline);
      expect(fetch.mock.calls.some(([u]) => /temprary|payment-orders|putItem/.test(String(u)))).toBe(false);
      expect(await getOfflineDb().outbox.count()).toBe(0);
    } finally {
      vi.doUnmock('../../src/payment/hand-off');
    }
  });
});

describe('editing a paid answer', () => {
  it('shows the order fixed: the products and pay type items come disabled (spec 02 §4)', async () => {
    const { configForFields } = await import('../../src/features/answer/edit');
    const { servedSurveyConfigSchema } = await import('@core/form/survey-config');
    const served = servedSurveyConfigSchema.parse(config);
    const fixed = configForFields(served, 'all');
    expect(fixed.surveySchema.map((i) => [i.itemKey, i.disabled === true])).toEqual([
      ['shohin', true],
      ['shiharai', true],
      ['name', false],
    ]);
  });
});
