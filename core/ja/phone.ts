/**
 * Phone normalisation. Both forms convert full-width digits and ＋ to half-width and drop spaces
 * and every dash a Japanese keyboard or IME produces (core/ja/fold.ts HYPHENS_AND_LONG_MARKS).
 * - normalizePhoneInput: the phone item's stored form (spec 01 §5: 10–11 digits), so
 *   090-1234-5678 and ０９０ １２３４ ５６７８ become 09012345678.
 * - normalizePhone: facility and member search (spec 01 §5, 02 §5) also read a leading +81 or 81
 *   as 0. Nothing else (parentheses, letters) is touched: the result is compared or validated, not
 *   repaired. Never throws; idempotent, since the output starts with neither +81 nor 81.
 */
import { HYPHENS_AND_LONG_MARKS } from './fold';
import { toHalfWidthAscii } from './width';

const HYPHENS_AND_SPACES = new RegExp(`[\\s${HYPHENS_AND_LONG_MARKS}]`, 'gu');

export const normalizePhoneInput = (raw: string): string => toHalfWidthAscii(raw).replace(HYPHENS_AND_SPACES, '');

export const normalizePhone = (raw: string): string => normalizePhoneInput(raw).replace(/^\+?81/, '0');
