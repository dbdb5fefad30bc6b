/** The result group of spec 01 §3 as filterQuery answers it beside the rows. */
import { describe, expect, it } from 'vitest';
import { resultGroupSchema, surveyResultsFilterQuery } from '@core/contract/survey';

const group = {
  partitionKey: 'rsv#U1#1',
  answerCode: '000001',
  check: '未対応',
  fields: [{ itemKey: 'yoyaku', value: 'naika-a_i1|2026-07-01|1' }],
  calendarInfo: { reservationCancelLimit: 1, comaList: { '1': { start: '09:00', end: '10:00' } } },
  categoryInfo: { sortKey: 'naika-a', tag1: '内科', tag2: '一般', tag3: null },
};

describe('result groups', () => {
  it('carry calendarInfo (cancel limit, slots with start) and categoryInfo (sortKey, tag1–tag3)', () => {
    expect(resultGroupSchema.parse(group)).toEqual(group);
    expect(resultGroupSchema.parse({ ...group, calendarInfo: null, categoryInfo: null }).calendarInfo).toBeNull();
  });

  it('refuses a group whose calendar info has no slot start, or a category without its large name', () => {
    expect(resultGroupSchema.safeParse({ ...group, calendarInfo: { reservationCancelLimit: 1, comaList: { '1': { end: '10:00' } } } }).success).toBe(false);
    expect(resultGroupSchema.safeParse({ ...group, categoryInfo: { sortKey: 'x', tag2: null, tag3: null } }).success).toBe(false);
    expect(resultGroupSchema.safeParse({ ...group, calendarInfo: undefined }).success).toBe(false);
  });

  it('filterQuery answers the groups beside the rows', () => {
    const answer = surveyResultsFilterQuery.response.parse({ result: 'OK', data: [], groups: [group] });
    expect(answer).toMatchObject({ result: 'OK', groups: [group] });
  });
});
