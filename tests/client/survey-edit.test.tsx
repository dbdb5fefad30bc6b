/**
 * The survey page's edit mode (spec 01 §2 /survey/{id}?partitionKey=…, §4 permissions): the stored
 * answer prefills the form, a newer draft wins, the change is sent with the answer's partition key,
 * and an answer that can no longer be changed shows read-only with the reason.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { getOfflineDb } from '../../src/offline/db';
import { saveDraft } from '../../src/offline/drafts';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const PK = 's1#U1#1700000000000';
const ANSWER_TIME = '2026-01-10T09:00:00.000Z';

const config = (extra: Record<string, unknown> = {}) => ({
  surveyId: 's1',
  surveyTitle: '粗大ごみ受付',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 4,
  isAppending: { value: true },
  isDisplayAnswerCode: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'memo', type: 'textarea', title: 'ご要望' },
  ],
  ...extra,
});

const row = (itemKey: string, value: string, check: string) => ({
  surveyId: 's1',
  userId: 'U1',
  partitionKey: PK,
  sortKey: itemKey,
  itemKey,
  value,
  title: itemKey,
  type: 'liff',
  check,
  userSearchKey: null,
  isLiffMode: true,
  registrantName: 'LINEユーザー',
  userName: null,
  clinicAttributes: null,
  answerCode: '000100',
  isAppending: true,
  status: null,
  createdAt: ANSWER_TIME,
  updatedAt: ANSWER_TIME,
});

/** The config, the stored answer (null: none) and putItem. */
const serve = (cfg: unknown, check: string | null) => {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    void init;
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: cfg });
    if (url.pathname.endsWith('/survey-results/getBySurveyIdPartitionKeyIndex')) {
      if (check === null || url.searchParams.get('partitionKey') !== PK) {
        return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'no survey result.' });
      }
      return json(200, { result: 'OK', data: [row('name', '山田', check), row('memo', '2点', check)] });
    }
    if (url.pathname.endsWith('/survey-results/putItem')) {
      return json(200, { result: 'OK', partitionKey: 's1#U1#1700000009999', answercode: '000101', data: [] });
    }
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const open = () => {
  window.history.replaceState(null, '', `/survey/s1?partitionKey=${encodeURIComponent(PK)}`);
  render(<App />);
};

const input = async (label: RegExp) => (await screen.findByLabelText(label)) as HTMLInputElement | HTMLTextAreaElement;

describe('the survey page with a partition key', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    signInResident();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('prefills the stored answer and sends the change with its partition key', async () => {
    const fetch = serve(config(), '未対応');
    open();
    expect((await input(/^お名前/)).value).toBe('山田');
    const memo = await input(/^ご要望/);
    expect(memo.value).toBe('2点');
    expect(memo.readOnly).toBe(false);
    expect(screen.queryByTestId('edit-refused')).toBeNull();
    fireEvent.change(memo, { target: { value: '3点' } });
    fireEvent.click(await screen.findByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    const done = await screen.findByTestId('survey-complete');
    expect(within(done).getByText('000101')).toBeTruthy();
    // The change issued a new 受付番号: said so, with the old one.
    expect(within(done).getByTestId('answer-code-changed').textContent).toContain(ja.form.answerCodeChanged);
    expect(within(done).getByTestId('previous-answer-code').textContent).toBe('変更前の受付番号：000100');
    // A reload shows the same completion, both numbers included, not a blank form.
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sent')).toBeTruthy());
    cleanup();
    render(<App />);
    const again = await screen.findByTestId('survey-complete');
    expect(within(again).getByText('000101')).toBeTruthy();
    expect(within(again).getByTestId('previous-answer-code').textContent).toBe('変更前の受付番号：000100');
    expect(screen.queryByTestId('survey-form')).toBeNull();
    const put = fetch.mock.calls.find(([u]) => String(u).includes('putItem'))!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      data: [
        { surveyId: 's1', itemKey: 'name', title: 'お名前', value: '山田', sortKey: 'name', partitionKey: PK },
        { surveyId: 's1', itemKey: 'memo', title: 'ご要望', value: '3点', sortKey: 'memo', partitionKey: PK },
      ],
      configVersion: 4,
    });
  });

  it('shows a 完了 answer read-only, with the reason and no submit button', async () => {
    serve(config(), '完了');
    open();
    const name = await input(/^お名前/);
    expect(name.value).toBe('山田');
    expect(name.readOnly).toBe(true);
    expect((await input(/^ご要望/)).readOnly).toBe(true);
    const refused = await screen.findByTestId('edit-refused');
    expect(refused.getAttribute('data-reason')).toBe('completed');
    expect(refused.textContent).toContain(ja.edit.reasons.completed);
    expect(screen.getByTestId('survey-form').getAttribute('data-readonly')).toBe('true');
    expect(screen.queryByTestId('submit-button')).toBeNull();
  });

  it('shows a cancelled answer as キャンセル済, read-only, even over a newer draft', async () => {
    serve(config(), 'キャンセル');
    await saveDraft({ userId: 'U1', surveyId: 's1', partitionKey: PK }, { name: '下書き' }, { db: getOfflineDb() });
    open();
    expect(await screen.findByTestId('edit-status-label')).toHaveProperty('textContent', 'キャンセル済');
    expect((await input(/^お名前/)).value).toBe('山田');
    expect(screen.queryByTestId('submit-button')).toBeNull();
  });

  it('starts from a draft of the change when it is newer than the stored answer', async () => {
    serve(config(), '未対応');
    await saveDraft({ userId: 'U1', surveyId: 's1', partitionKey: PK }, { name: '下書き', memo: '5点' }, { db: getOfflineDb() });
    open();
    expect((await input(/^お名前/)).value).toBe('下書き');
    expect((await input(/^ご要望/)).value).toBe('5点');
  });

  it('keeps every item but reservations read-only when only reservation info may change', async () => {
    serve(config({ calendarSetting: { updateSettingsOnModification: 'reservationOnlyInfo' } }), '未対応');
    open();
    expect((await input(/^お名前/)).readOnly).toBe(true);
    expect((await input(/^ご要望/)).readOnly).toBe(true);
    expect((await screen.findByTestId('edit-reservation-only')).textContent).toBe(ja.edit.reservationOnly);
    expect(screen.getByTestId('submit-button')).toBeTruthy();
  });

  it('hides link buttons on an inquiryOnly form’s stored answer, and shows them otherwise (spec 01 §4)', async () => {
    const withLink = (setting: string) =>
      config({
        calendarSetting: { updateOrCancelSettings: setting },
        surveySchema: [
          { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
          { itemKey: 'memo', type: 'textarea', title: 'ご要望' },
          { itemKey: 'link', type: 'linkButton', title: '予約の案内', attributes: { url: 'https://www.city.sakura.example.jp/guide' } },
        ],
      });
    serve(withLink('inquiryOnly'), '未対応');
    open();
    expect((await input(/^お名前/)).value).toBe('山田');
    expect(screen.queryByRole('link', { name: '予約の案内' })).toBeNull();
    cleanup();
    serve(withLink('updateAndCancel'), '未対応');
    open();
    expect(await screen.findByRole('link', { name: '予約の案内' })).toBeTruthy();
  });

  it('shows the not-found text when the answer is not there', async () => {
    serve(config(), null);
    open();
    await waitFor(() => expect(screen.getByTestId('error-message').textContent).toBe(ja.errors.notFound));
    expect(screen.queryByTestId('survey-form')).toBeNull();
  });
});
