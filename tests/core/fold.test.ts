/** The match fold (core/ja/fold.ts) and the phone input normaliser: the lookup's and the phone item's cases. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldForMatch, sameWhenFolded } from '@core/ja/fold';
import { normalizePhoneInput } from '@core/ja/phone';
import { isPhone } from '@core/items/checks';
import { PHONE_INPUT_MAX_LENGTH, phoneBoxValue } from '@core/items/phone';

describe('foldForMatch', () => {
  it.each([
    ['山田花子', '山田 花子'],
    ['山田花子', '山田　花子'],
    ['山田花子', ' 山田\t花子 '],
    ['ヤマダハナコ', 'ﾔﾏﾀﾞ ﾊﾅｺ'],
    ['ﾔﾏﾀﾞ', 'ヤマダ'],
    ['abc', 'ＡＢＣ'],
    ['Yamada', 'yamada'],
    ['09012345678', '090-1234-5678'],
    ['09012345678', '０９０－１２３４－５６７８'],
    ['09012345678', '090ー1234ー5678'],
    ['09012345678', '090ｰ1234ｰ5678'],
    ['09012345678', '090−1234−5678'],
    ['09012345678', '090‐1234—5678'],
    ['1000001', '１００－０００１'],
    ['1000001', '〒100-0001'],
    ['平成', '㍻'],
  ])('%j matches %j', (a, b) => expect(sameWhenFolded(a, b)).toBe(true));

  it.each([
    ['山田花子', '山田太郎'],
    ['ユーコ', 'ユコ'],
    ['やまだ', 'ヤマダ'],
    ['09012345678', '0901234567'],
  ])('%j does not match %j', (a, b) => expect(sameWhenFolded(a, b)).toBe(false));

  it('folds to the stored forms', () => {
    expect(foldForMatch('山田　花子')).toBe('山田花子');
    expect(foldForMatch('ｶﾞｯｺｳ')).toBe('ガッコウ');
    expect(foldForMatch('ｶ ﾞ')).toBe('ガ');
    expect(foldForMatch('')).toBe('');
  });

  it('property: never throws and is idempotent', () => {
    const chars = [...'0123456789０１２３-－ーｰ‐―−﹣ｶﾞﾟﾊ 　\tİIⅠﬁAａ山田花子ユ'];
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.array(fc.constantFrom(...chars), { maxLength: 24 }).map((a) => a.join('')));
    fc.assert(
      fc.property(text, (s) => {
        expect(foldForMatch(foldForMatch(s))).toBe(foldForMatch(s));
      }),
      { numRuns: 2000 },
    );
    // 2,000 runs take about a second alone; on a busy 2-core CI machine they took over the default 5 s.
  }, 30_000);
});

describe('normalizePhoneInput (the phone item)', () => {
  it.each([
    ['090-1234-5678', '09012345678'],
    ['０９０－１２３４－５６７８', '09012345678'],
    ['090ー1234ー5678', '09012345678'],
    ['090ｰ1234ｰ5678', '09012345678'],
    ['090−1234−5678', '09012345678'],
    ['090 - 1234 - 5678', '09012345678'],
    ['03　1234　5678', '0312345678'],
  ])('%j → %j, a valid phone', (raw, expected) => {
    expect(normalizePhoneInput(raw)).toBe(expected);
    expect(isPhone(normalizePhoneInput(raw))).toBe(true);
    // The box drops the separators as typed, so the whole number fits its 11 characters.
    expect(phoneBoxValue(raw)).toBe(expected);
    expect(phoneBoxValue(raw).length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
  });

  it('the phone box holds at most 11 characters (spec 01 §5)', () => {
    expect(PHONE_INPUT_MAX_LENGTH).toBe(11);
    expect(phoneBoxValue('090123456789')).toBe('09012345678');
    expect(phoneBoxValue('090-1234-56789')).toBe('09012345678');
  });

  it('keeps +81 and anything not a digit, for the validator to refuse', () => {
    expect(normalizePhoneInput('+81-90-1234-5678')).toBe('+819012345678');
    expect(normalizePhoneInput('(03)1234-5678')).toBe('(03)12345678');
  });
});
