/**
 * The confirm list's title (spec 01 §2): 検索結果一覧 with payment; 現在の予約 when every answer
 * listed is a reservation still in force today or later; else 予約一覧.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Temporal } from 'temporal-polyfill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { servedSurveyConfigSchema } from '@core/form/survey-config';
import { todayInTokyo } from '@core/ja/date-input';
import { App } from '../../src/app/app';
import { listTitleOf } from '../../src/features/lookup/list-title';
import { saveSearch } from '../../src/features/lookup/store';
import { ja } from '../../src/messages/ja';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const raw = {
  surveyId: 'rsv',
  surveyTitle: '予約',
  surveyStatus: 'enabled',
  version: 1,
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation', title: '予約内容' },
    { itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } },
  ],
};
const config = servedSurveyConfigSchema.parse(raw);
const TODAY = Temporal.PlainDate.from('2025-06-15');
const at = (date: string | null, check = '未対応' as const) => ({ check, reservationDate: date ? Temporal.PlainDate.from(date) : null });

describe('listTitleOf', () => {
  it('現在の予約 when every answer is a reservation in force from today on', () => {
    expect(listTitleOf(config, [at('2025-06-15'), at('2025-07-01')], TODAY)).toBe(ja.lookup.listTitleCurrent);
  });

  it('予約一覧 when one is past, cancelled, replaced or has no reservation, or nothing is listed', () => {
    expect(listTitleOf(config, [at('2025-06-20'), at('2025-06-14')], TODAY)).toBe(ja.lookup.listTitle);
    expect(listTitleOf(config, [at('2025-06-20'), { check: 'キャンセル', reservationDate: Temporal.PlainDate.from('2025-06-20') }], TODAY)).toBe(ja.lookup.listTitle);
    expect(listTitleOf(config, [{ check: '取り消し', reservationDate: Temporal.PlainDate.from('2025-06-20') }], TODAY)).toBe(ja.lookup.listTitle);
    expect(listTitleOf(config, [at(null)], TODAY)).toBe(ja.lookup.listTitle);
    expect(listTitleOf(config, [], TODAY)).toBe(ja.lookup.listTitle);
  });

  it('検索結果一覧 when payment is used; 予約一覧 for a form without a reservation item', () => {
    expect(listTitleOf({ ...config, usePayment: 1 }, [at('2025-07-01')], TODAY)).toBe(ja.lookup.listTitlePayment);
    expect(listTitleOf({ ...config, surveySchema: config.surveySchema.slice(1) }, [at('2025-07-01')], TODAY)).toBe(ja.lookup.listTitle);
  });
});

describe('the confirm list', () => {
  const row = (partitionKey: string, itemKey: string, value: string, check: string) => ({
    surveyId: 'rsv',
    userId: 'U1',
    partitionKey,
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
    answerCode: '1',
    isAppending: true,
    status: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
  });
  const later = todayInTokyo().add({ days: 7 }).toString();
  const answer = (n: number, check: string) => [row(`rsv#U1#${n}`, 'yoyaku', `naika_i1|${later}|1`, check), row(`rsv#U1#${n}`, 'name', '山田', check)];

  const open = (rows: unknown[]) => {
    saveSearch({ surveyId: 'rsv', conditions: { name: '山田' }, userId: 'U1', rows: rows as never });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: raw });
        if (url.pathname.endsWith('/survey-results/filterQuery')) return json(200, { result: 'OK', data: rows });
        return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
      }),
    );
    window.history.replaceState(null, '', '/confirmList');
    render(<App />);
  };

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

  it('is titled 現在の予約 for upcoming reservations in force, 予約一覧 once one is cancelled', async () => {
    open(answer(1, '未対応'));
    await waitFor(() => expect(screen.getByTestId('lookup-list-title').textContent).toBe('現在の予約'));
    cleanup();
    open([...answer(1, '未対応'), ...answer(2, 'キャンセル')]);
    await waitFor(() => expect(screen.getByTestId('lookup-list-title').textContent).toBe('予約一覧'));
  });
});
