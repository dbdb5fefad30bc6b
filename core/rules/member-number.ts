/**
 * Member numbers (spec 02 §5, §9): typed by hand, up to 7 half-width alphanumerics (so at most
 * 9999999 when all digits); given automatically, 11 digits: the 4-digit zero-padded
 * memberSurveySubId, then the 7-digit zero-padded number. The two never collide (lengths differ).
 */
export const MANUAL_NUMBER_MAX_LENGTH = 7;
export const AUTOMATIC_NUMBER_LENGTH = 11;
export const SUB_ID_LENGTH = 4;
/** The largest number the 7 digits after the sub id can hold. */
export const NUMBER_MAX = 9_999_999;

const MANUAL = /^[0-9A-Za-z]{1,7}$/;
const SUB_ID = /^[0-9]{1,4}$/;

export const isManualMemberNumber = (s: string): boolean => MANUAL.test(s);

/** A sub id the 4-digit prefix can hold; undefined or '' counts as 0. */
export const isValidSubId = (subId: string | undefined): boolean => subId === undefined || subId === '' || SUB_ID.test(subId);

/**
 * The full automatic number for the n-th member, or null when n is out of the 7 digits (numbers
 * are used up) or the sub id is not 1–4 digits.
 */
export const automaticNumber = (subId: string | undefined, n: number): string | null => {
  if (!Number.isSafeInteger(n) || n < 1 || n > NUMBER_MAX || !isValidSubId(subId)) return null;
  return `${(subId || '0').padStart(SUB_ID_LENGTH, '0')}${String(n).padStart(AUTOMATIC_NUMBER_LENGTH - SUB_ID_LENGTH, '0')}`;
};

/** The first number an automatic claim may give: one past lastResultNumber (numbers given before import). */
export const firstNumberAfter = (lastResultNumber: number | undefined): number => Math.max(0, lastResultNumber ?? 0) + 1;

/**
 * An automatic number as residents read it: the sub id apart from the number, 0001-0000001 (issue
 * 54). Display only, never stored or sent; a typed number (up to 7) and anything else stay as they are.
 */
export const groupedMemberNumber = (s: string): string =>
  /^[0-9]{11}$/.test(s) ? `${s.slice(0, SUB_ID_LENGTH)}-${s.slice(SUB_ID_LENGTH)}` : s;

/**
 * The last number a member form has given or been told of: its config's lastResultNumber or the
 * last number this database gave, whichever is greater. A console save may raise lastResultNumber
 * (the next number is one past it) but never set it below this (refused: member_number_lowered),
 * so a number is never shown as unused once given (issue 58).
 */
export const numberingFloor = (configured: number | undefined, lastGiven: number | null): number => Math.max(configured ?? 0, lastGiven ?? 0);

export const lowersNumbering = (next: number | undefined, floor: number): boolean => (next ?? 0) < floor;
