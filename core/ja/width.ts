/**
 * Width conversion (全角/半角) for ASCII, digits and katakana.
 *
 * ASCII uses the plain Unicode mapping (U+FF01–FF5E ↔ U+0021–007E, U+3000 ↔ space) rather than
 * jaconv's ASCII tables, which follow the old JIS habits (" → ”, \ → ￥) and leave ＼ and ＂
 * unconverted, so a half-width-only field could never accept what the resident typed. Katakana goes
 * through jaconv, which composes ｶﾞ into ガ and splits ガ into ｶﾞ. NFKC is not used here: it turns
 * half-width katakana into full-width, the opposite of what toHalfWidth (katakanaHalf) needs.
 */
import jaconv from 'jaconv';

const FULL_ASCII = /[\uFF01-\uFF5E\u3000]/g;
const HALF_ASCII = /[\u0021-\u007E ]/g;
const ASCII_OFFSET = 0xfee0;

/** Full-width ASCII letters, digits, symbols and the ideographic space to half-width; kana untouched. */
export const toHalfWidthAscii = (s: string): string =>
  s.replace(FULL_ASCII, (c) => (c === '\u3000' ? ' ' : String.fromCharCode(c.charCodeAt(0) - ASCII_OFFSET)));

/** Half-width ASCII letters, digits, symbols and space to full-width; kana untouched. */
export const toFullWidthAscii = (s: string): string =>
  s.replace(HALF_ASCII, (c) => (c === ' ' ? '\u3000' : String.fromCharCode(c.charCodeAt(0) + ASCII_OFFSET)));

/** Everything with a half-width form to it: ASCII, digits, space, katakana (ガ → ｶﾞ) and kana punctuation. */
export const toHalfWidth = (s: string): string => jaconv.toHanKana(toHalfWidthAscii(s));

/** Everything with a full-width form to it: ASCII, digits, space, half-width katakana (ｶﾞ → ガ). */
export const toFullWidth = (s: string): string => jaconv.toZenKana(toFullWidthAscii(s));

/** Only half-width katakana to full-width (ｶﾞ → ガ); letters and digits stay as typed. */
export const toFullWidthKatakana = (s: string): string => jaconv.toZenKana(s);
