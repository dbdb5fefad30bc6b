/** Checks several item types share: lengths, option lists, formats, the "null" date. */
import { charLength } from '../ja/chars';
import { isPostcode } from '../ja/postcode';
import { issue, type FormValue, type ValidationIssue } from './define';

type MinMax = { min?: number | null | undefined; max?: number | null | undefined } | undefined;

const bound = (n: number | null | undefined): number | undefined => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

/**
 * Length in code points against {min, max} and an optional hard limit. min === max is a fixed
 * length (the field shows a counter) and gets its own message.
 */
export const checkLength = (s: string, length: MinMax, hardMax?: number): ValidationIssue | undefined => {
  const n = charLength(s);
  const min = bound(length?.min);
  const configured = bound(length?.max);
  const max = configured === undefined ? hardMax : hardMax === undefined ? configured : Math.min(configured, hardMax);
  if (min !== undefined && max !== undefined && min === max && n !== max) return issue('lengthFixed', { min, max });
  if (max !== undefined && n > max) return issue('lengthMax', { max });
  if (min !== undefined && n < min) return issue('lengthMin', { min });
  return undefined;
};

export const checkOption = (v: string, options: readonly string[] | undefined): ValidationIssue | undefined =>
  options?.includes(v) ? undefined : issue('optionNotInList');

/**
 * Email as Japanese mobile carriers hand them out: the local part may hold dots anywhere (taro..x.@
 * docomo.ne.jp was issued for years), so only the domain is held to the usual label rules.
 */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const isEmail = (s: string): boolean => s.length <= 254 && EMAIL.test(s);

/** Spec 01 §5: 10–11 half-width digits. */
export const isPhone = (s: string): boolean => /^\d{10,11}$/.test(s);
export const PHONE_MAX_LENGTH = 11;

/** The short answer's `format` (spec 01 §5). */
export const TEXT_FORMATS = ['any', 'email', 'phone', 'postcode'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

export const FORMAT_CHECKS: Record<TextFormat, (s: string) => ValidationIssue | undefined> = {
  any: () => undefined,
  email: (s) => (isEmail(s) ? undefined : issue('email')),
  phone: (s) => (isPhone(s) ? undefined : issue('phone')),
  postcode: (s) => (isPostcode(s) ? undefined : issue('postcode')),
};

/** Spec 01 §5: a date value "null" is treated as empty (stored answers of cleared dates hold it). */
export const isNullDate = (v: FormValue): boolean => typeof v === 'string' && v.trim().toLowerCase() === 'null';

/** A YYYY-MM-DD config field (datepicker bounds). */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
