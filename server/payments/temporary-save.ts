/**
 * The temporary save (spec 02 §7 POST /survey-results/temprary): a new answer whose order only the
 * card provider settles. Its rows are checked as putItem checks them and its order priced from
 * them by the server (price-order.ts: the body's order is only compared); then putItem's own write
 * (answers/write/), so its slots are claimed exactly as putItem claims them, with the rows marked
 * `status: temporary` and the order's row beside them, in one commit. The provider's notification
 * settles both (settle.ts).
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AnswerIn, ParsedRequestOf } from '@core/contract/define';
import type { PaymentOrder, surveyResultsTemporary } from '@core/contract/payment';
import { isAppending } from '@core/form/survey-config';
import { refuse, refusalText } from '@core/refusals';
import type { Features } from '@core/rules/features';
import { needsProvider } from '@core/rules/order';
import { usesPayment } from '@core/rules/permissions';
import type { AuthUser } from '../auth/verify';
import type { Commit } from '../idempotency';
import type { PaymentProvider } from '../providers/payment';
import { categoryLookupFor } from '../store/calendars';
import type { ConfigCache, StampedConfig } from '../store/configs';
import { catalogueOf } from '../store/payment-catalogue';
import { insertOrder } from '../store/payment-orders';
import type { Database } from '../store/schema';
import { badRequest, checkSubmission, oneSurveyOf } from '../answers/check';
import { namedKeysOf } from '../answers/partition-key';
import { writeSubmission } from '../answers/write/write-submission';
import { TEMPORARY_STATUS } from './settle';

type Body = ParsedRequestOf<typeof surveyResultsTemporary>['body'];
type Answer = AnswerIn<typeof surveyResultsTemporary>;

export interface TemporaryDeps {
  db: Kysely<Database>;
  configs: ConfigCache;
  features: Features;
  provider: PaymentProvider | null;
  holdMinutes: number;
  /** Gives back holds left unpaid past their time (its own transactions, before the request's). */
  releaseExpired: () => Promise<unknown>;
}

export const temporarySave = async (deps: TemporaryDeps, { body, user }: { body: Body; user: AuthUser }, commit: Commit<Answer>): Promise<Answer> => {
  const surveyId = oneSurveyOf(body);
  const named = namedKeysOf(body);
  if ('issues' in named) throw badRequest(named.issues);
  if (named.keys.rowsKey !== null || named.keys.revokeKey !== null) {
    throw refuse('new_answer_only', undefined, { issues: [{ path: 'data', message: refusalText('new_answer_only') }] });
  }
  const checked = await deps.configs.refresh(deps.db, surveyId);
  if (!checked || checked.config.surveyStatus !== 'enabled') throw refuse('survey_not_found');
  if (!isAppending(checked.config)) throw refuse('appending_only');
  if (!usesPayment(checked.config) || !deps.provider) throw refuse('payment_off');
  const answerOf = async (db: Kysely<Database> | Transaction<Database>, config: StampedConfig['config'] | null) => {
    const c = checkSubmission(
      config,
      { data: body.data, order: body.order },
      config ? await catalogueOf(db, config) : null,
      deps.features,
      config ? await categoryLookupFor(db, config, body.data) : () => null,
    );
    if (!needsProvider(c.extras.order)) throw refuse('payment_not_required');
    return { ...c, extras: { subData: null, order: c.extras.order } };
  };
  const submission = await answerOf(deps.db, checked.config);
  await deps.releaseExpired();

  const orderId = crypto.randomUUID().replaceAll('-', '');
  return commit(async (trx) => {
    const written = await writeSubmission(trx, {
      checked,
      user,
      rows: submission.rows,
      extras: submission.extras,
      keys: named.keys,
      recheck: async (t) => answerOf(t, (await deps.configs.refresh(t, surveyId))?.config ?? null),
      orderPath: 'temporary',
      rowStatus: TEMPORARY_STATUS,
    });
    const now = new Date();
    await insertOrder(trx, {
      orderId,
      surveyId,
      partitionKey: written.partitionKey,
      userId: user.userId,
      order: written.extras.order as PaymentOrder,
      holdUntil: new Date(now.getTime() + deps.holdMinutes * 60_000).toISOString(),
      now: now.toISOString(),
    });
    return { code: 'success' as const, orderId };
  });
};
