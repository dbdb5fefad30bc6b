/**
 * Phone normalisation for facility and member search (spec 01 §5, 02 §5): trim, drop spaces and
 * hyphens (every dash a Japanese keyboard or IME produces), and a leading +81 or 81 becomes 0.
 * Full-width digits and ＋ are read as half-width first, since member search converts full-width
 * characters to ASCII. Nothing else (parentheses, letters) is touched: the result is compared, not
 * validated. Never throws; idempotent, since its output starts with neither +81 nor 81.
 */
import { toHalfWidthAscii } from './width';

/** Hyphen-like characters: - ‐ ‑ ‒ – — ― − ー ｰ (－ becomes - first). */
const HYPHENS_AND_SPACES = /[\s\u002D\u2010-\u2015\u2212\u30FC\uFF70]/g;

export const normalizePhone = (raw: string): string =>
  toHalfWidthAscii(raw.trim()).replace(HYPHENS_AND_SPACES, '').replace(/^\+?81/, '0');
