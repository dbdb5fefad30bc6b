/**
 * What a held count is made of (issue 58 "counts that cannot drift"), stated once: the write path
 * keeps the counters, server/store/count-check.ts recomputes them from these rules and reports or
 * repairs any difference.
 *
 * - A slot holds the cost of every live reservation row naming it. The rows are live for exactly
 *   as long as they hold: a cancel, an amend (the replaced answer's rows), a lapsed vaccination
 *   booking and an unpaid hold given back each delete them with the places they held. A
 *   temporary (unpaid) answer's rows still hold until its hold is given back.
 * - A bed night holds one place for each stay of its ward sleeping there (admission ≤ night <
 *   discharge, core/rules/bed-stay.ts) whose status is not ended: a stay gives its nights back
 *   only when it is cancelled, and 完了 or any working status keeps them.
 */
import { CHECK_STATUSES, type CheckStatus } from '../contract/result-rows';
import { isEnded } from './status';

/** The statuses in which a stay holds its nights. */
export const NIGHT_HOLDING_STATUSES: readonly CheckStatus[] = CHECK_STATUSES.filter((s) => !isEnded(s));

