/**
 * What the members screens decide apart from I/O: the stored times read in Asia/Tokyo, and the
 * trail of cursors behind 前へ (the server pages forward only; a new search starts on page 1).
 */
import { Temporal } from 'temporal-polyfill';
import { formatFullDate } from '../../../lib/ja-dates';

const zonedOf = (iso: string): Temporal.ZonedDateTime | null => {
  try {
    return Temporal.Instant.from(iso).toZonedDateTimeISO('Asia/Tokyo');
  } catch {
    return null;
  }
};

/** A stored instant as its day in Tokyo, YYYY年M月D日; a text that is no instant, as it is. */
export const tokyoDay = (iso: string): string => {
  const z = zonedOf(iso);
  return z ? formatFullDate(z.toPlainDate(), { weekday: false }) : iso;
};

/** A stored instant as its day and minute in Tokyo, YYYY年M月D日 HH:MM. */
export const tokyoMinute = (iso: string): string => {
  const z = zonedOf(iso);
  return z ? `${formatFullDate(z.toPlainDate(), { weekday: false })} ${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}` : iso;
};

/** The cursors of the pages passed for one search; page 1 has none. */
export interface PageTrail {
  q: string;
  cursors: readonly string[];
}

/** The trail as it stands for the search shown: another search's trail is left behind. */
export const trailOf = (t: PageTrail, q: string): PageTrail => (t.q === q ? t : { q, cursors: [] });

export const onward = (t: PageTrail, next: string): PageTrail => ({ q: t.q, cursors: [...t.cursors, next] });

export const back = (t: PageTrail): PageTrail => ({ q: t.q, cursors: t.cursors.slice(0, -1) });

/** The cursor the shown page is read after (null: page 1). */
export const cursorOf = (t: PageTrail): string | null => t.cursors.at(-1) ?? null;
