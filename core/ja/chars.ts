/**
 * The twelve character types of the short-answer item (spec 01 §5) and the width rules.
 *
 * Spaces: the letter types accept a space of their own width between words (山田 太郎 with an
 * ideographic space U+3000, ﾔﾏﾀﾞ ﾀﾛｳ and John Smith with an ASCII one), since names are what these fields mostly hold; the number types accept
 * none. Whether a space at either end is allowed is the fullKatakanaOnly rule's business only.
 * The empty string matches every type: emptiness is the requiredness rule's business.
 */
export const CHARACTER_TYPES = [
  'all',
  'allFull',
  'kanji',
  'hiragana',
  'katakana',
  'katakanaHalf',
  'alphabet',
  'alphabetFull',
  'alphabetHalf',
  'number',
  'numberFull',
  'numberHalf',
] as const;
export type CharacterType = (typeof CHARACTER_TYPES)[number];

const FULL_SPACE = '\\u3000';
const HALF_SPACE = ' ';
const FULL_KATAKANA = '\\u30A1-\\u30FA\\u30FB\\u30FC\\u30FD\\u30FE\\u31F0-\\u31FF';
/** Half-width: ASCII, half-width katakana and punctuation, half-width hangul and symbols. */
const HALF_WIDTH = '\\u0000-\\u007F\\uFF61-\\uFFDC\\uFFE8-\\uFFEE';

const whole = (chars: string): RegExp => new RegExp(`^[${chars}]*$`, 'u');

const PATTERNS: Record<Exclude<CharacterType, 'all' | 'allFull'>, RegExp> = {
  // 々〆〇 are Han already; ヶ stands in kanji place names (霞ヶ関).
  kanji: whole(`\\p{Script=Han}ヶ${FULL_SPACE}`),
  hiragana: whole(`\\u3041-\\u3096\\u309D\\u309E\\u30FC${FULL_SPACE}`),
  katakana: whole(`${FULL_KATAKANA}${FULL_SPACE}`),
  katakanaHalf: whole(`\\uFF65-\\uFF9F${HALF_SPACE}`),
  alphabet: whole(`A-Za-z\\uFF21-\\uFF3A\\uFF41-\\uFF5A${HALF_SPACE}${FULL_SPACE}`),
  alphabetFull: whole(`\\uFF21-\\uFF3A\\uFF41-\\uFF5A${FULL_SPACE}`),
  alphabetHalf: whole(`A-Za-z${HALF_SPACE}`),
  number: whole('0-9\\uFF10-\\uFF19'),
  numberFull: whole('\\uFF10-\\uFF19'),
  numberHalf: whole('0-9'),
};

/** Control characters and lone surrogates: a paste accident in any one-line answer. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;
const HALF_WIDTH_CHAR = new RegExp(`[${HALF_WIDTH}]`, 'u');
const HALF_WIDTH_ONLY = /^[\u0020-\u007E\uFF61-\uFF9F]*$/u;
const FULL_KATAKANA_ONLY = whole(`${FULL_KATAKANA}${FULL_SPACE}`);

export const CHARACTER_TYPE_TESTS: Record<CharacterType, (s: string) => boolean> = {
  all: (s) => !UNPRINTABLE.test(s),
  allFull: (s) => !UNPRINTABLE.test(s) && !HALF_WIDTH_CHAR.test(s),
  kanji: (s) => PATTERNS.kanji.test(s),
  hiragana: (s) => PATTERNS.hiragana.test(s),
  katakana: (s) => PATTERNS.katakana.test(s),
  katakanaHalf: (s) => PATTERNS.katakanaHalf.test(s),
  alphabet: (s) => PATTERNS.alphabet.test(s),
  alphabetFull: (s) => PATTERNS.alphabetFull.test(s),
  alphabetHalf: (s) => PATTERNS.alphabetHalf.test(s),
  number: (s) => PATTERNS.number.test(s),
  numberFull: (s) => PATTERNS.numberFull.test(s),
  numberHalf: (s) => PATTERNS.numberHalf.test(s),
};

export const matchesCharacterType = (type: CharacterType, s: string): boolean => CHARACTER_TYPE_TESTS[type](s);

/** Printable half-width only: ASCII and half-width katakana. */
export const isHalfWidthOnly = (s: string): boolean => HALF_WIDTH_ONLY.test(s);

/** Full-width katakana (with ー・ and inner full-width spaces) only. */
export const isFullKatakanaOnly = (s: string): boolean => FULL_KATAKANA_ONLY.test(s);

export const hasFullWidthSpaceAtEdge = (s: string): boolean => s.startsWith('\u3000') || s.endsWith('\u3000');

/** Which width a type's input is converted to on desktop (spec 01 §5); undefined: either width is fine. */
export const CHARACTER_TYPE_WIDTH: Record<CharacterType, 'full' | 'half' | undefined> = {
  all: undefined,
  allFull: 'full',
  kanji: 'full',
  hiragana: 'full',
  katakana: 'full',
  katakanaHalf: 'half',
  alphabet: undefined,
  alphabetFull: 'full',
  alphabetHalf: 'half',
  number: undefined,
  numberFull: 'full',
  numberHalf: 'half',
};

/** Length as a resident counts it: code points, so 𠮷 is one character, not two UTF-16 units. */
export const charLength = (s: string): number => Array.from(s).length;
