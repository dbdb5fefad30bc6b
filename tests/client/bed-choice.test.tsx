/**
 * The bed booking page with a select bed item (spec 01 §5, §6; spec 02 §3, §5, §8): the ward's beds
 * by name, 必須項目 under an unchosen required bed, 入力内容を確認してください when nothing valid
 * reaches the confirm step, the stay's dates on the confirm step even when their items are admin
 * items, and 不明なエラーです。管理者にお問い合わせください。 for failures with no text of their own.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';
import { bedsRemainingAnswer } from './bed-fixture';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const UNKNOWN = '不明なエラーです。管理者にお問い合わせください。';

const bedConfig = {
  surveyId: 'nyuin',
  surveyTitle: '入院ベッド予約',
  surveyType: 'bed',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'bed', type: 'selectBed', title: 'ベッド', isRequired: { value: true } },
    { itemKey: 'startDate', type: 'dateWithSession', title: '入院希望日', isAdminItem: true },
    { itemKey: 'endDate', type: 'dateWithSession', title: '退院予定日', isAdminItem: true },
    { itemKey: 'staff', type: 'text', title: '職員メモ', isAdminItem: true },
  ],
};

type Answer = () => Response;
const ok: Answer = () => json(200, { result: 'OK', data: { partitionKey: 'nyuin#U1#1', data: [] } });

const serve = (post: Answer = ok, rule?: Answer) => {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: bedConfig });
    if (url.pathname.endsWith('/getRuleBookingBed')) return rule ? rule() : json(200, { result: 'OK', data: { reservationPossibleStart: 0, reservationCancelLimit: 1 } });
    if (url.pathname.endsWith('/bed-reservation/nyuin/beds')) {
      return json(200, { result: 'OK', data: [{ bedId: '301-1', bedName: '301号室 窓側' }, { bedId: '302', bedName: '302号室' }] });
    }
    if (url.pathname.endsWith('/calendarBookingBeds')) return bedsRemainingAnswer(url, 2);
    if (url.pathname.endsWith('/bed-reservation/nyuin') && init?.method === 'POST') return post();
    if (url.pathname.endsWith('/bookingBedHistory')) {
      const startDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const endDate = new Date(Date.now() + 22 * 86_400_000).toISOString().slice(0, 10);
      const fields = [{ itemKey: 'name', value: '入院 五郎' }, { itemKey: 'bed', value: '302' }, { itemKey: 'staff', value: '内部メモ' }];
      return json(200, { result: 'OK', data: [{ partitionKey: 'nyuin#U1#1', startDate: `${startDate} 午後`, endDate: `${endDate} 午前`, fields, check: '未対応', updatedAt: '' }] });
    }
    if (url.pathname.endsWith('/bed-reservation/nyuin/cancel')) return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'no bed reservation.' });
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const pickStay = async () => {
  const calendar = await screen.findByTestId('bed-calendar');
  await waitFor(() => expect(calendar.querySelector('.bed-day:not([disabled])')).toBeTruthy(), { timeout: 3000 });
  fireEvent.click(calendar.querySelector<HTMLButtonElement>('.bed-day:not([disabled])')!);
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: jaScreens.bed.choose }));
};

const fillAndConfirm = async (name: string) => {
  await pickStay();
  fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(/^ベッド/), { target: { value: '301-1' } });
  fireEvent.click(screen.getByRole('button', { name: jaScreens.bed.next2 }));
  return screen.findByTestId('bed-confirm');
};

describe('the bed page with a select bed item', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    signInResident();
    window.history.replaceState(null, '', '/bed-reservation/nyuin');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the ward’s beds by name, says 必須項目 and 入力内容を確認してください without one, and sends the bedId', async () => {
    const fetch = serve();
    render(<App />);
    await pickStay();
    const select = (await screen.findByLabelText(/^ベッド/)) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([ja.items.selectPlaceholder, '301号室 窓側', '302号室']);
    expect(screen.getByText('ベッド').parentElement?.textContent).toBe('ベッド必須');
    // Neither the admin items nor the stay's own dates are fields of the form.
    expect(screen.queryByLabelText(/^職員メモ/)).toBeNull();
    expect(screen.queryByLabelText(/^入院希望日/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^お名前/), { target: { value: '入院 一郎' } });
    fireEvent.click(screen.getByRole('button', { name: jaScreens.bed.next2 }));
    expect((await screen.findByTestId('bed-error')).textContent).toBe('入力内容を確認してください');
    expect(screen.getByText('必須項目')).toBeTruthy();
    expect(screen.queryByTestId('bed-confirm')).toBeNull();

    fireEvent.change(screen.getByLabelText(/^ベッド/), { target: { value: '301-1' } });
    fireEvent.click(screen.getByRole('button', { name: jaScreens.bed.next2 }));
    const confirm = await screen.findByTestId('bed-confirm');
    expect(within(confirm).getByText('ベッド: 301号室 窓側')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: jaScreens.bed.confirmSend }));
    await screen.findByTestId('bed-finish');
    const post = fetch.mock.calls.find(([u, i]) => String(u).endsWith('/bed-reservation/nyuin') && i?.method === 'POST')!;
    const rows = (JSON.parse(String(post[1]!.body)) as { data: { itemKey: string; value: string }[] }).data;
    expect(rows.find((r) => r.itemKey === 'bed')?.value).toBe('301-1');
  });

  it('shows the stay’s dates on the confirm step under their admin items’ titles, and no other admin item', async () => {
    serve();
    render(<App />);
    const confirm = await fillAndConfirm('入院 二郎');
    const stay = within(confirm).getByTestId('bed-stay');
    expect(stay.textContent).toMatch(/入院希望日: \d{4}年\d{1,2}月\d{1,2}日（.） 午後/);
    expect(stay.textContent).toMatch(/退院予定日: \d{4}年\d{1,2}月\d{1,2}日（.） 午前/);
    expect(within(confirm).queryByText(/職員メモ/)).toBeNull();
  });

  it('says the quota text for a taken bed, and 不明なエラーです… for a refusal with no text of its own', async () => {
    serve(() => json(409, { result: 'ERROR', code: 'quota_exceeded', errorMessage: 'full' }));
    const first = render(<App />);
    fireEvent.click(within(await fillAndConfirm('入院 三郎')).getByRole('button', { name: jaScreens.bed.confirmSend }));
    expect((await screen.findByTestId('bed-error')).textContent).toBe(ja.errors.quotaExceeded);
    first.unmount();
    cleanup();
    vi.unstubAllGlobals();

    window.history.replaceState(null, '', '/bed-reservation/nyuin');
    serve(() => json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'no bed ward.' }));
    render(<App />);
    fireEvent.click(within(await fillAndConfirm('入院 四郎')).getByRole('button', { name: jaScreens.bed.confirmSend }));
    expect((await screen.findByTestId('bed-error')).textContent).toBe(UNKNOWN);
  });

  it('says 不明なエラーです… on the error card when the page cannot load and the catalogue has no line', async () => {
    serve(ok, () => json(403, { result: 'ERROR', code: 'forbidden', errorMessage: 'forbidden' }));
    render(<App />);
    const card = await screen.findByTestId('error-card', {}, { timeout: 5000 });
    expect(within(card).getByText(UNKNOWN)).toBeTruthy();
  });

  it('shows a stay’s bed by name in the history, no admin item, and 不明なエラーです… when a cancel fails with no text', async () => {
    serve();
    window.history.replaceState(null, '', '/bed-reservation-list/nyuin');
    render(<App />);
    fireEvent.click(within(await screen.findByTestId('bed-history-item')).getByRole('button', { name: jaScreens.bed.detailTitle }));
    const detail = await screen.findByTestId('bed-detail');
    await waitFor(() => expect(within(detail).getByText('ベッド: 302号室')).toBeTruthy());
    expect(within(detail).queryByText(/内部メモ/)).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: jaScreens.bed.cancelStay }));
    fireEvent.click(within(detail).getByRole('button', { name: jaScreens.bed.cancelYes }));
    expect((await within(detail).findByTestId('bed-error')).textContent).toBe(UNKNOWN);
  });
});
