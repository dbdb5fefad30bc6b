/** Payment dates (Unix seconds) as residents read them, in Asia/Tokyo (spec 02 §2, §9). */
import { Temporal } from 'temporal-polyfill';
import { TOKYO } from '@core/rules/cancel-deadline';

const zoned = (seconds: number) => Temporal.Instant.fromEpochMilliseconds(seconds * 1000).toZonedDateTimeISO(TOKYO);

/** Spec 02 §2 receipt: yyyy年M月d日. */
export const receiptDate = (seconds: number): string => {
  const z = zoned(seconds);
  return `${z.year}年${z.month}月${z.day}日`;
};

/** Spec 02 §9: yyyy-MM-dd HH:mm:ss. */
export const paymentTime = (seconds: number): string => {
  const z = zoned(seconds);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${z.year}-${p(z.month)}-${p(z.day)} ${p(z.hour)}:${p(z.minute)}:${p(z.second)}`;
};
