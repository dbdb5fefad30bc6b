/**
 * Postcode normalisation: full-width digits to half-width, 〒, spaces and every hyphen variant
 * removed, so 〒１２３－４５６７ and 123-4567 both become 1234567. The result is not checked: the
 * postcode item's validator refuses anything but 7 digits. Never throws; idempotent.
 */
import { toHalfWidthAscii } from './width';

const NOISE = /[\s〒\u002D\u2010-\u2015\u2212\u30FC\uFF70]/g;

export const POSTCODE_LENGTH = 7;
export const isPostcode = (s: string): boolean => /^\d{7}$/.test(s);

export const normalizePostcode = (raw: string): string => toHalfWidthAscii(raw).replace(NOISE, '');
