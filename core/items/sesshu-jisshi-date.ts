/**
 * Implementation date (接種日, spec 02 §3 sesshuJisshiDate): the day the dose was given, typed
 * like the date item and, like it, never in the future. Corona-type forms read it to cancel a
 * booking that lapsed without a dose (server/reservations.ts), whatever the item's key.
 */
import { typedDateRules } from './date';
import { defineItem, type SamplesOf } from './define';

export const sesshuJisshiDateItem = defineItem({
  type: 'sesshuJisshiDate',
  ...typedDateRules,
});

export const sesshuJisshiDateSamples: SamplesOf<typeof sesshuJisshiDateItem> = {
  configs: [{}],
  valid: ['2025-06-01', '2025-06-15'],
  invalid: [
    { value: '2025-06-16', issue: { key: 'dateFuture' } },
    { value: '2025-13-01', issue: { key: 'invalidDate' } },
    { value: ['2025-06-01'], issue: { key: 'invalidValue' } },
  ],
  normalized: [{ raw: '20250601', expected: '2025-06-01' }],
};
