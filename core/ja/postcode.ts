/**
 * Postcode normalisation: full-width digits to half-width, 〒, spaces and every hyphen variant
 * removed, so 〒１２３－４５６７ and 123-4567 both become 1234567. The result is not checked: the
 * postcode item's validator refuses anything but 7 digits. Never throws; idempotent.
 */
import { HYPHENS_AND_LONG_MARKS } from './fold';
import { toHalfWidthAscii } from './width';

const NOISE = new RegExp(`[\\s〒${HYPHENS_AND_LONG_MARKS}]`, 'gu');

/** The input takes the hyphenated and 〒 forms too (〒123-4567, 123 - 4567), normalised on blur. */
export const POSTCODE_INPUT_MAX_LENGTH = 10;
export const isPostcode = (s: string): boolean => /^\d{7}$/.test(s);

export const normalizePostcode = (raw: string): string => toHalfWidthAscii(raw).replace(NOISE, '');
