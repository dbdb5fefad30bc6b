/**
 * The placeholders a message template may use ({受付番号} …), each with how it is read from the
 * facts of one message. Defined once: the renderer fills them, the config schema refuses any
 * other name at save.
 */
import { Temporal } from 'temporal-polyfill';
import { formatFullDate } from '../ja/dates';
import type { MessageFacts } from './kinds';
import { CATEGORY_SEPARATOR } from './texts';

const day = (iso: string): string => {
  try {
    return formatFullDate(Temporal.PlainDate.from(iso, { overflow: 'reject' }));
  } catch {
    return iso;
  }
};

/** YYYY年M月D日（曜） HH:MM, the time as the reservation gives it (a time or a slot's label). */
export const reservationDateTime = (r: NonNullable<MessageFacts['reservation']>): string => [day(r.day), r.time ?? ''].join(' ').trim();

const PLACEHOLDER_VALUES = {
  フォーム名: (f: MessageFacts) => f.formTitle,
  受付番号: (f: MessageFacts) => f.answerCode ?? '',
  日時: (f: MessageFacts) => (f.reservation ? reservationDateTime(f.reservation) : ''),
  予約項目: (f: MessageFacts) => f.reservation?.categories.filter((c) => c !== '').join(CATEGORY_SEPARATOR) ?? '',
  場所: (f: MessageFacts) => f.reservation?.place ?? '',
  入院日: (f: MessageFacts) => (f.stay ? day(f.stay.from) : ''),
  退院日: (f: MessageFacts) => (f.stay ? day(f.stay.to) : ''),
  病棟: (f: MessageFacts) => [f.stay?.ward, f.stay?.bed].filter(Boolean).join(' '),
  対応状況: (f: MessageFacts) => f.status?.to ?? '',
  お知らせ: (f: MessageFacts) => f.status?.text ?? '',
} satisfies Record<string, (f: MessageFacts) => string>;

type Placeholder = keyof typeof PLACEHOLDER_VALUES;
export const PLACEHOLDERS = Object.keys(PLACEHOLDER_VALUES) as Placeholder[];

const TOKEN = /\{([^{}\s]{1,20})\}/g;
const isPlaceholder = (name: string): name is Placeholder => Object.hasOwn(PLACEHOLDER_VALUES, name);

/** The names in braces that are not placeholders, each once. */
export const unknownPlaceholders = (text: string): string[] => [...new Set([...text.matchAll(TOKEN)].map((m) => m[1] as string).filter((n) => !isPlaceholder(n)))];

/** The text with every placeholder replaced by its value ('' where the facts have none). */
export const fillPlaceholders = (text: string, facts: MessageFacts): string =>
  text.replace(TOKEN, (whole, name: string) => (isPlaceholder(name) ? PLACEHOLDER_VALUES[name](facts) : whole));

/** The value of one placeholder, for the renderer's rows. */
export const placeholderValue = (name: Placeholder, facts: MessageFacts): string => PLACEHOLDER_VALUES[name](facts);
