import { Temporal } from 'temporal-polyfill';

/** The day the item samples are judged on (dates after it are "future", the date dropdown ends in its year). */
export const SAMPLE_TODAY = Temporal.PlainDate.from('2025-06-15');
