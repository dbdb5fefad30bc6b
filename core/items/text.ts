/**
 * Short answer (記述式・短文). Config fields beyond the common ones:
 * - `input`: one of the twelve character types (core/ja/chars.ts). Bundles written before this
 *   field existed carry it as `attributes.characterType`; that is read when `input` is absent.
 * - `format`: any | email | phone | postcode, checked with the same rules as those item types.
 * - `halfWidthOnly`: every character half-width (ASCII or half-width katakana).
 * - `fullKatakanaOnly`: full-width katakana only, and no full-width space at either end.
 * - `length` {min, max}: code points; min === max is a fixed length shown with a counter.
 * Whatever the config says, 300 characters is the hard limit (spec 01 §9).
 */
import * as z from 'zod/mini';
import { CHARACTER_TYPES, CHARACTER_TYPE_WIDTH, hasFullWidthSpaceAtEdge, isFullKatakanaOnly, isHalfWidthOnly, matchesCharacterType, type CharacterType } from '../ja/chars';
import { toFullWidth, toHalfWidth, toHalfWidthAscii } from '../ja/width';
import { normalizePhoneInput } from '../ja/phone';
import { normalizePostcode } from '../ja/postcode';
import { FORMAT_CHECKS, TEXT_FORMATS, checkLength } from './checks';
import { INVALID_VALUE, defineItem, issue, single, type CommonItemFields, type SamplesOf } from './define';
import type { MessageKey } from './messages';

export const TEXT_HARD_LIMIT = 300;

export const CHARACTER_TYPE_MESSAGES: Record<CharacterType, MessageKey> = {
  all: 'charAll',
  allFull: 'charAllFull',
  kanji: 'charKanji',
  hiragana: 'charHiragana',
  katakana: 'charKatakana',
  katakanaHalf: 'charKatakanaHalf',
  alphabet: 'charAlphabet',
  alphabetFull: 'charAlphabetFull',
  alphabetHalf: 'charAlphabetHalf',
  number: 'charNumber',
  numberFull: 'charNumberFull',
  numberHalf: 'charNumberHalf',
};

const characterTypeSchema = z.enum(CHARACTER_TYPES);
const legacyCharacterTypeSchema = z.catch(characterTypeSchema, 'all');

/** The item's character type: `input`, else the older `attributes.characterType`, else all. */
export const textCharacterType = (item: Pick<CommonItemFields, 'attributes'> & { input?: CharacterType | undefined }): CharacterType =>
  item.input ?? legacyCharacterTypeSchema.parse(item.attributes?.['characterType'] ?? 'all');

/** The input's maxlength: the configured max, never above the hard limit. */
export const textMaxLength = (item: Pick<CommonItemFields, 'length'>): number =>
  Math.min(typeof item.length?.max === 'number' ? item.length.max : TEXT_HARD_LIMIT, TEXT_HARD_LIMIT);

/** The fixed length (min === max) the field shows a counter for, or undefined. */
export const textFixedLength = (item: Pick<CommonItemFields, 'length'>): number | undefined =>
  typeof item.length?.max === 'number' && item.length.min === item.length.max ? item.length.max : undefined;

export const textItem = defineItem({
  type: 'text',
  configShape: () => ({
    input: z.optional(characterTypeSchema),
    format: z._default(z.enum(TEXT_FORMATS), 'any'),
    halfWidthOnly: z._default(z.boolean(), false),
    fullKatakanaOnly: z._default(z.boolean(), false),
  }),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const length = checkLength(s, item.length, TEXT_HARD_LIMIT);
    if (length) return [length];
    if (item.fullKatakanaOnly && hasFullWidthSpaceAtEdge(s)) return [issue('fullWidthSpaceEdge')];
    if (item.fullKatakanaOnly && !isFullKatakanaOnly(s)) return [issue('fullKatakanaOnly')];
    if (item.halfWidthOnly && !isHalfWidthOnly(s)) return [issue('halfWidthOnly')];
    const type = textCharacterType(item);
    if (!matchesCharacterType(type, s)) return [issue(CHARACTER_TYPE_MESSAGES[type])];
    const format = FORMAT_CHECKS[item.format](s);
    return format ? [format] : [];
  },
  normalize(value, item, ctx) {
    // Postcode, phone and email are canonical values, not a width preference: 〒, hyphens and
    // full-width letters go on every device (as for the email item).
    if (item.format === 'postcode') return normalizePostcode(value);
    if (item.format === 'phone') return normalizePhoneInput(value);
    if (item.format === 'email') return toHalfWidthAscii(value).trim();
    if (!ctx.desktop) return value;
    if (item.fullKatakanaOnly) return toFullWidth(value);
    if (item.halfWidthOnly) return toHalfWidth(value);
    if (item.format !== 'any') return toHalfWidthAscii(value).trim();
    const width = CHARACTER_TYPE_WIDTH[textCharacterType(item)];
    return width === 'full' ? toFullWidth(value) : width === 'half' ? toHalfWidth(value) : value;
  },
});

export const textSamples: SamplesOf<typeof textItem> = {
  configs: [
    {},
    { length: { min: 2, max: 10 } },
    { input: 'katakana' },
    { format: 'email' },
    { halfWidthOnly: true },
    { fullKatakanaOnly: true },
    { length: { min: 3, max: 3 } },
    { input: 'numberHalf' },
    { format: 'phone' },
    { format: 'postcode' },
    { input: 'katakanaHalf' },
    { input: 'kanji' },
    { input: 'hiragana' },
    { input: 'allFull' },
    { input: 'alphabetHalf' },
    { attributes: { characterType: 'katakana' } },
    { length: { max: 500 } },
  ],
  valid: [],
  validFor: [
    { value: '山田 太郎', config: 0 },
    { value: 'a'.repeat(300), config: 0 },
    { value: 'やまだ', config: 1 },
    { value: 'ヤマダ　タロウ', config: 2 },
    { value: 'ジョン・スミス', config: 2 },
    { value: 'taro..x.@docomo.ne.jp', config: 3 },
    { value: 'yamada@example.jp', config: 3 },
    { value: 'ﾔﾏﾀﾞ taro 123', config: 4 },
    { value: 'ヤマダ　タロウ', config: 5 },
    { value: 'ABC', config: 6 },
    { value: '0123', config: 7 },
    { value: '09012345678', config: 8 },
    { value: '1000001', config: 9 },
    { value: 'ﾔﾏﾀﾞ ﾀﾛｳ', config: 10 },
    { value: '霞ヶ関　佐々木', config: 11 },
    { value: 'さとう　ゆーこ', config: 12 },
    { value: '東京都１２３　ＡＢＣ', config: 13 },
    { value: 'John Smith', config: 14 },
    { value: 'カタカナ', config: 15 },
    { value: 'あ'.repeat(300), config: 16 },
  ],
  invalid: [
    { value: 'a'.repeat(301), issue: { key: 'lengthMax', params: { max: 300 } } },
    { value: 'あ'.repeat(301), config: 16, issue: { key: 'lengthMax', params: { max: 300 } } },
    { value: ['a'], issue: { key: 'invalidValue' } },
    { value: 'tab\there', issue: { key: 'charAll' } },
    { value: 'あ', config: 1, issue: { key: 'lengthMin', params: { min: 2 } } },
    { value: 'あいうえおかきくけこさ', config: 1, issue: { key: 'lengthMax', params: { max: 10 } } },
    { value: 'やまだ', config: 2, issue: { key: 'charKatakana' } },
    { value: 'ﾔﾏﾀﾞ', config: 2, issue: { key: 'charKatakana' } },
    { value: 'yamada@', config: 3, issue: { key: 'email' } },
    { value: 'ｙａｍａｄａ＠example.jp', config: 3, issue: { key: 'email' } },
    { value: 'ヤマダ', config: 4, issue: { key: 'halfWidthOnly' } },
    { value: '　ヤマダ', config: 5, issue: { key: 'fullWidthSpaceEdge' } },
    { value: 'ヤマダ　', config: 5, issue: { key: 'fullWidthSpaceEdge' } },
    { value: 'ﾔﾏﾀﾞ', config: 5, issue: { key: 'fullKatakanaOnly' } },
    { value: 'やまだ', config: 5, issue: { key: 'fullKatakanaOnly' } },
    { value: 'AB', config: 6, issue: { key: 'lengthFixed', params: { min: 3, max: 3 } } },
    { value: '１２３', config: 7, issue: { key: 'charNumberHalf' } },
    { value: '090-1234-5678', config: 8, issue: { key: 'phone' } },
    { value: '100-0001', config: 9, issue: { key: 'postcode' } },
    { value: 'ヤマダ', config: 10, issue: { key: 'charKatakanaHalf' } },
    { value: 'やまだ', config: 11, issue: { key: 'charKanji' } },
    { value: 'ヤマダ', config: 12, issue: { key: 'charHiragana' } },
    { value: 'ABC', config: 13, issue: { key: 'charAllFull' } },
    { value: 'Ｊｏｈｎ', config: 14, issue: { key: 'charAlphabetHalf' } },
    { value: 'やまだ', config: 15, issue: { key: 'charKatakana' } },
  ],
  normalized: [
    { raw: 'ﾔﾏﾀﾞ ﾀﾛｳ', expected: 'ヤマダ　タロウ', config: 2 },
    { raw: 'ﾔﾏﾀﾞ ﾀﾛｳ', expected: 'ﾔﾏﾀﾞ ﾀﾛｳ', config: 2, desktop: false },
    { raw: 'ヤマダ　タロウ', expected: 'ﾔﾏﾀﾞ ﾀﾛｳ', config: 10 },
    { raw: '１２３', expected: '123', config: 7 },
    { raw: ' ｙａｍａｄａ＠example.jp ', expected: 'yamada@example.jp', config: 3 },
    { raw: 'ｙａｍａｄａ＠example.jp', expected: 'yamada@example.jp', config: 3, desktop: false },
    { raw: '〒１００－０００１', expected: '1000001', config: 9 },
    { raw: '〒１００－０００１', expected: '1000001', config: 9, desktop: false },
    { raw: '090-1234-5678', expected: '09012345678', config: 8, desktop: false },
    { raw: 'ｶﾞｯｺｳ', expected: 'ガッコウ', config: 5 },
    { raw: 'ＡＢＣ　ガ', expected: 'ABC ｶﾞ', config: 4 },
    { raw: 'ＡＢＣ', expected: 'ＡＢＣ', config: 0 },
  ],
};
