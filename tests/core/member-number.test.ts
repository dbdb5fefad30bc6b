import { describe, expect, it } from 'vitest';
import { automaticNumber, firstNumberAfter, groupedMemberNumber, isManualMemberNumber, isValidSubId } from '@core/rules/member-number';
import { answerValues, validateForm } from '@core/form/validate';
import { schemaItemSchema } from '@core/items/registry';
import { SAMPLE_TODAY } from './sample-today';

describe('member numbers (spec 02 §5, §9)', () => {
  it('groups an automatic number for reading, and only that', () => {
    expect(groupedMemberNumber('00010000001')).toBe('0001-0000001');
    expect(groupedMemberNumber(automaticNumber('12', 345) as string)).toBe('0012-0000345');
    // Typed numbers (up to 7), other lengths and letters are shown as stored.
    for (const s of ['1234567', 'AB12cd', '', '0001000000', '000100000012', '0001000000A']) expect(groupedMemberNumber(s)).toBe(s);
  });

  it('makes the full automatic number: 4-digit sub id, then 7 digits', () => {
    expect(automaticNumber('12', 501)).toBe('00120000501');
    expect(automaticNumber(undefined, 1)).toBe('00000000001');
    expect(automaticNumber('9999', 9_999_999)).toBe('99999999999');
    expect(automaticNumber('1', 10_000_000)).toBeNull();
    expect(automaticNumber('1', 0)).toBeNull();
    expect(automaticNumber('12345', 1)).toBeNull();
    expect(automaticNumber('ab', 1)).toBeNull();
  });

  it('starts one past lastResultNumber', () => {
    expect(firstNumberAfter(undefined)).toBe(1);
    expect(firstNumberAfter(500)).toBe(501);
    expect(firstNumberAfter(-3)).toBe(1);
  });

  it('takes up to 7 half-width alphanumerics by hand', () => {
    for (const ok of ['1', '9999999', 'aB3', '0000000']) expect(isManualMemberNumber(ok)).toBe(true);
    for (const bad of ['', '12345678', '１２３', '12 3', '12-3']) expect(isManualMemberNumber(bad)).toBe(false);
    expect(isValidSubId('0012')).toBe(true);
    expect(isValidSubId('')).toBe(true);
    expect(isValidSubId('00123')).toBe(false);
  });

  it('neither asks for nor sends an automatic number, even when required', () => {
    const config = {
      surveySchema: [
        schemaItemSchema.parse({ itemKey: 'no', type: 'memberNumber', title: '会員番号', isAutomaticNumbering: true, isRequired: { value: true } }),
        schemaItemSchema.parse({ itemKey: 'hand', type: 'memberNumber', title: '番号', isRequired: { value: true } }),
      ],
    };
    const issues = validateForm(config, { no: '', hand: '' }, { mode: 'user', today: SAMPLE_TODAY });
    expect(issues).toEqual({ hand: [{ key: 'required' }] });
    expect(answerValues(config, { no: '123', hand: '123' }, 'user')).toEqual({ hand: '123' });
  });
});
