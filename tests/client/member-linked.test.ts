import { describe, expect, it } from 'vitest';
import type { ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { servedSurveyConfigSchema } from '@core/form/survey-config';
import { groupLinked, linkedAnswersOf } from '../../src/features/member/linked';
import { memberCondition } from '../../src/features/member/search-screen';
import { schemaItemSchema } from '@core/items/registry';

const config: ServedSurveyConfig = servedSurveyConfigSchema.parse({
  surveyId: 'yoyaku',
  surveyTitle: '予約',
  version: 1,
  surveySchema: [
    { itemKey: 'slot', type: 'reservation', title: '予約' },
    { itemKey: 'name', type: 'text', title: 'お名前' },
    { itemKey: 'staff', type: 'text', title: '職員欄', isAdminItem: true },
  ],
});

let n = 0;
const row = (partitionKey: string, itemKey: string, value: string, check: ResultRow['check'] = '未対応'): ResultRow => ({
  surveyId: 'yoyaku',
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
  registrantName: 'x',
  userName: null,
  clinicAttributes: null,
  answerCode: String(++n),
  isAppending: true,
  status: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

describe('the member-linked list (spec 02 §2)', () => {
  it('groups by reservation date ascending, then by slot; answers without a date last; replaced records left out', () => {
    const rows = [
      row('p1', 'slot', 'c_i|2025-07-02|10'),
      row('p1', 'name', '一'),
      row('p2', 'slot', 'c_i|2025-07-01|3'),
      row('p3', 'slot', 'c_i|2025-07-02|2'),
      row('p3', 'staff', '内部メモ'),
      row('p4', 'name', '日付なし'),
      row('p5', 'slot', 'c_i|2025-06-30|1', '取り消し'),
    ];
    const groups = groupLinked(linkedAnswersOf(config, rows));
    expect(groups.map((g) => g.key)).toEqual(['2025-07-01', '2025-07-02', '']);
    expect(groups[1]!.answers.map((a) => a.partitionKey)).toEqual(['p3', 'p1']);
    expect(groups[2]!.answers.map((a) => a.partitionKey)).toEqual(['p4']);
    // Admin items and the reservation value itself are not shown as fields.
    expect(groups[1]!.answers[0]!.fields).toEqual([]);
    expect(groups[1]!.answers[1]!.fields).toEqual([{ itemKey: 'name', title: 'お名前', value: '一', type: 'text', formValue: '一' }]);
  });

  it('searches with full-width input converted to ASCII and each item’s canonical form', () => {
    const phone = schemaItemSchema.parse({ itemKey: 'tel', type: 'phone', title: '電話' });
    const no = schemaItemSchema.parse({ itemKey: 'no', type: 'memberNumber', title: '会員番号' });
    expect(memberCondition(no, ' ＡＢ１２３ ')).toBe('AB123');
    expect(memberCondition(phone, '０９０－１２３４－５６７８')).toBe('09012345678');
  });
});
