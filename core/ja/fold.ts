/**
 * The one text fold used wherever a resident's typed text is matched against stored text (the
 * lookup's searchable items, the search item's options), on the client and the server alike:
 * 山田花子, 山田 花子 and 山田\u3000花子 match; ﾔﾏﾀﾞ matches ヤマダ; ＡＢＣ matches abc; 090-1234-5678,
 * ０９０－１２３４－５６７８ and 09012345678 match; so do 〒100-0001 and 1000001.
 *
 * - NFKC: full-width ASCII and digits to half-width, half-width katakana to full-width, ㍻ → 平成.
 * - Letters compared without case.
 * - Every space (ASCII, ideographic U+3000, tabs) and the postal mark 〒 removed.
 * - Every dash a keyboard or IME gives (HYPHEN_CLASS) removed. The katakana long mark ー (and ｰ)
 *   is a dash only next to a digit (090ー1234): inside a word it is a letter (ユーコ ≠ ユコ).
 * Never throws; idempotent.
 */

/** Dashes a resident may type for a hyphen: - ‐ ‑ ‒ – — ― − ﹣ － (ー/ｰ handled by the caller). */
export const HYPHENS = '\\u002D\\u2010-\\u2015\\u2212\\uFE63\\uFF0D';
/** HYPHENS plus the katakana long marks ー ｰ, for fields that hold digits only (phone, postcode). */
export const HYPHENS_AND_LONG_MARKS = `${HYPHENS}\\u30FC\\uFF70`;

const SPACES_AND_HYPHENS = new RegExp(`[\\s〒${HYPHENS}]`, 'gu');
const LONG_MARK_BY_DIGIT = /(?<=\d)ー+|ー+(?=\d)/gu;

/** Case, width, spaces and dashes folded away; NFKC again last, as removing a space can join ｶ ﾞ into ガ. */
export const foldForMatch = (s: string): string =>
  s.normalize('NFKC').toLowerCase().replace(SPACES_AND_HYPHENS, '').replace(LONG_MARK_BY_DIGIT, '').normalize('NFKC');

/** Whether two texts are the same once folded (the lookup's exact match). */
export const sameWhenFolded = (a: string, b: string): boolean => foldForMatch(a) === foldForMatch(b);
