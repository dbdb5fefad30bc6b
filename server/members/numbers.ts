/**
 * Automatic numbers (member numbers, and the numbering item of surveys): claimed inside the
 * write's transaction from a `counters` row, `INSERT … ON CONFLICT DO UPDATE … RETURNING`. The
 * row is only ever incremented, so a number is never given twice, cancelled or not; concurrent
 * claims serialise on the row (PostgreSQL's row lock until commit, SQLite's write lock). A write
 * refused after its claim rolls the increment back with it, so the numbers given stay consecutive.
 */
import type { Transaction } from 'kysely';
import { automaticNumber, firstNumberAfter } from '@core/rules/member-number';
import { refuse } from '@core/refusals';
import { claimCounterWith } from '../store/results';
import type { Database } from '../store/schema';

/** Counter name; the scope says whose numbers (a member form, or a survey). */
export const NUMBER_COUNTER = 'number';
export const memberNumberScope = (memberSurveyId: string) => `member:${memberSurveyId}`;
export const surveyNumberScope = (surveyId: string) => `numbering:${surveyId}`;

/** The next full automatic number of a scope: `{4-digit prefix}{7-digit number}`. */
export const claimAutomaticNumber = async (
  trx: Transaction<Database>,
  a: { scope: string; prefix: string | undefined; lastResultNumber: number | undefined },
): Promise<string> => {
  const claim = await claimCounterWith(trx, a.scope, NUMBER_COUNTER, { atLeast: firstNumberAfter(a.lastResultNumber) });
  const number = automaticNumber(a.prefix, claim.value);
  if (number === null) throw refuse('numbers_exhausted'); // spec 02 §9 gives 7 digits and says nothing of what follows
  return number;
};
