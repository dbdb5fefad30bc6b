/** What the bed tests' stand-in server shares: the remaining beds of every day asked for. */
import { json } from './offline-helpers';

/** calendarBookingBeds: `remaining` beds on each day from startDate to endDate. */
export const bedsRemainingAnswer = (url: URL, remaining: number): Response => {
  const out: { date: string; bedRemaining: number }[] = [];
  const end = url.searchParams.get('endDate') ?? '';
  for (let d = new Date(`${url.searchParams.get('startDate')}T00:00:00Z`); d.toISOString().slice(0, 10) <= end; d.setUTCDate(d.getUTCDate() + 1)) {
    out.push({ date: d.toISOString().slice(0, 10), bedRemaining: remaining });
  }
  return json(200, { result: 'OK', data: out });
};
