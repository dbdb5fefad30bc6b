/** The lookup feature's pure parts (spec 01 §2 Confirm list) and the navigation guard. */
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ResultRow } from '@core/contract/survey';
import { surveyConfigSchema, type ServedSurveyConfig } from '@core/form/survey-config';
import { installNavigationGuard } from '../../src/app/navigation-guard';
import { displayOf } from '../../src/items/display';
import { loadItemUis } from '../../src/items/registry';
import { answersOf, foreignChatUser, groupByReservationDate } from '../../src/features/lookup/answers';
import { offeredConditions } from '../../src/features/lookup/prefill';
import { isNameItem } from '@core/rules/name-item';
import { RESIDENT_SHOWN_STATUSES } from '@core/rules/status';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';

const config = {
  ...surveyConfigSchema.parse({
    surveyId: 's',
    surveyTitle: 'T',
    surveySchema: [
      { itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } },
      { itemKey: 'memo', type: 'text', title: '職員メモ', isAdminItem: true },
      { itemKey: 'items', type: 'checkboxes', title: '品目', options: ['a', 'b'] },
    ],
  }),
  version: 1,
} as unknown as ServedSurveyConfig;

const row = (partitionKey: string, itemKey: string, value: string, extra: Partial<ResultRow> = {}): ResultRow => ({
  surveyId: 's',
  userId: 'Uaaa',
  partitionKey,
  sortKey: itemKey,
  itemKey,
  value,
  title: itemKey,
  type: 'text',
  check: '未対応',
  userSearchKey: null,
  isLiffMode: true,
  registrantName: '',
  userName: null,
  clinicAttributes: null,
  answerCode: partitionKey === 'p1' ? '1' : '2',
  isAppending: true,
  status: null,
  createdAt: partitionKey === 'p1' ? '2026-01-01T00:00:00Z' : '2026-01-02T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  ...extra,
});

describe('confirm list answers', () => {
  const rows = [
    row('p1', 'name', '山田', { check: '取り消し' }),
    row('p1', 'memo', '秘密', { check: '取り消し' }),
    row('p2', 'name', '山田'),
    row('p2', 'items', 'a'),
    row('p2', 'items', 'b'),
    row('p2', 'memo', '秘密'),
  ];

  it('gathers rows into answers, newest first, without admin items, multi values joined', () => {
    const answers = answersOf(config, rows);
    expect(answers.map((a) => [a.partitionKey, a.answerCode, a.check])).toEqual([
      ['p2', '2', '未対応'],
      ['p1', '1', '取り消し'],
    ]);
    expect(answers[0]?.fields).toEqual([
      { itemKey: 'name', title: 'お名前', value: '山田', type: 'text', formValue: '山田' },
      { itemKey: 'items', title: '品目', value: 'a、b', type: 'checkboxes', formValue: ['a', 'b'] },
    ]);
  });

  it('shows a reservation by its date lines only, and products and pay type as the confirmation does', async () => {
    const paid = {
      ...surveyConfigSchema.parse({
        surveyId: 's',
        surveyTitle: 'T',
        surveySchema: [
          { itemKey: 'yoyaku', type: 'reservation', title: '予約' },
          { itemKey: 'shohin', type: 'selectProducts', title: 'お申し込み内容', serviceId: 'svc' },
          { itemKey: 'shiharai', type: 'selectPayType', title: 'お支払い方法', payTypeOptions: [0, 1] },
        ],
      }),
      version: 1,
    } as unknown as ServedSurveyConfig;
    const lines = [{ productId: 'flu', productName: 'インフルエンザ予防接種', productCategoryId: null, productCategoryName: null, count: 2 }];
    const [answer] = answersOf(paid, [
      row('p1', 'yoyaku', 'naika-ippan-shoshin_i1|2026-11-30|1'),
      row('p1', 'shohin', JSON.stringify(lines)),
      row('p1', 'shiharai', '0'),
    ]);
    expect(answer?.fields.map((f) => f.itemKey)).toEqual(['shohin', 'shiharai']);
    await loadItemUis(['selectProducts', 'selectPayType']);
    expect(answer?.fields.map(displayOf)).toEqual(['インフルエンザ予防接種 × 2', jaScreens.payment.payTypeCashless]);
  });

  it('puts a form without reservations in one group', () => {
    const groups = groupByReservationDate(answersOf(config, rows));
    expect(groups).toHaveLength(1);
    expect(groups[0]?.date).toBeNull();
  });

  it('notices rows of another chat account (U…), not of the office (I…)', () => {
    expect(foreignChatUser([{ userId: 'Ubbb' }], 'Uaaa')).toBe(true);
    expect(foreignChatUser([{ userId: 'Uaaa' }, { userId: 'Ixxx' }], 'Uaaa')).toBe(false);
  });
});

describe('navigation guard', () => {
  it('blocks the survey page → confirm pages with the completion notice, and nothing else', async () => {
    const history = createMemoryHistory({ initialEntries: ['/survey/sodai-gomi'] });
    const alert = vi.fn();
    installNavigationGuard(history, alert);
    history.push('/confirmList');
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(ja.errors.completionNotice));
    expect(history.location.pathname).toBe('/survey/sodai-gomi');
    history.push('/');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/'));
    history.push('/confirm');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/confirm'));
    expect(alert).toHaveBeenCalledTimes(1);
  });
});

describe('a changed answer in the list (issue 54)', () => {
  const dated = surveyConfigSchema.parse({
    surveyId: 's',
    surveyTitle: 'T',
    surveySchema: [{ itemKey: 'yoyaku', type: 'reservation', title: '予約' }],
  }) as unknown as ServedSurveyConfig;
  const r = (pk: string, date: string, extra: Partial<ResultRow>) => row(pk, 'yoyaku', `c_i|${date}|1`, { type: 'reservation', ...extra });

  it("puts the 取り消し record right after the answer it became, under that one's date, through a chain of changes", () => {
    const rows = [
      r('a', '2026-03-01', { check: '取り消し', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-05T00:00:00.010Z' }),
      r('b', '2026-02-01', { check: '取り消し', createdAt: '2026-01-05T00:00:00.030Z', updatedAt: '2026-01-09T00:00:00.000Z' }),
      r('c', '2026-04-01', { createdAt: '2026-01-09T00:00:00.020Z', updatedAt: '2026-01-09T00:00:00.020Z' }),
      r('d', '2026-02-01', { createdAt: '2026-01-07T00:00:00Z', updatedAt: '2026-01-07T00:00:00Z' }),
      // Another 取り消し whose successor is not in the list: under its own date.
      r('e', '2026-01-20', { check: '取り消し', createdAt: '2025-12-01T00:00:00Z', updatedAt: '2025-12-20T00:00:00Z' }),
    ];
    const groups = groupByReservationDate(answersOf(dated, rows));
    expect(groups.map((g) => [g.key, g.answers.map((a) => a.partitionKey)])).toEqual([
      ['2026-01-20', ['e']],
      ['2026-02-01', ['d']],
      ['2026-04-01', ['c', 'b', 'a']],
    ]);
  });

  it("never pairs another resident's answer", () => {
    const rows = [
      r('a', '2026-03-01', { check: '取り消し', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-05T00:00:00Z' }),
      r('x', '2026-04-01', { userId: 'Ubbb', createdAt: '2026-01-05T00:00:00.010Z' }),
    ];
    expect(groupByReservationDate(answersOf(dated, rows)).map((g) => g.key)).toEqual(['2026-03-01', '2026-04-01']);
  });

  it('shows a resident only the statuses that are theirs to read', () => {
    expect([...RESIDENT_SHOWN_STATUSES].sort()).toEqual(['NG', 'キャンセル', '取り消し', '完了'].sort());
    expect(RESIDENT_SHOWN_STATUSES.has('未対応')).toBe(false);
  });
});

describe('the search form offered filled in', () => {
  const item = (itemKey: string, title: string, type = 'text') => ({ itemKey, title, type }) as never;
  it("offers the display name in name items only, not in kana or other ones", () => {
    expect(isNameItem(item('n', 'お名前'))).toBe(true);
    expect(isNameItem(item('n', '氏名（漢字）'))).toBe(true);
    expect(isNameItem(item('k', '氏名（フリガナ）'))).toBe(false);
    expect(isNameItem(item('t', '電話番号', 'phone'))).toBe(false);
    expect(offeredConditions([item('n', '氏名'), item('k', 'お名前（カナ）'), item('t', '電話番号', 'phone')], ' 山田 花子 ')).toEqual({ n: '山田 花子' });
    expect(offeredConditions([item('n', '氏名')], undefined)).toEqual({});
    expect(offeredConditions([item('t', '電話番号', 'phone')], '山田', [{ itemKey: 't', value: '09012345678' }])).toEqual({ t: '09012345678' });
  });
});

