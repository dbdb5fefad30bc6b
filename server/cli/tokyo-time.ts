import { Temporal } from 'temporal-polyfill';

/** An instant as an operator in Japan reads it, for the command lines' output; null: '-'. */
export const tokyoTime = (iso: string | null): string =>
  iso === null
    ? '-'
    : `${Temporal.Instant.from(iso).toZonedDateTimeISO('Asia/Tokyo').toPlainDateTime().toString({ smallestUnit: 'second' }).replace('T', ' ')} JST`;
