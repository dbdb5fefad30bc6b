/**
 * The payment an answer carries, as the cancel rule reads it (core/rules/payment-cancel.ts): its
 * card order when it went through the provider, else the cash or zero-amount order putItem kept
 * beside it (created when the answer was).
 */
import type { Transaction } from 'kysely';
import type { PaymentForCancel } from '@core/rules/payment-cancel';
import { readExtras } from '../store/extras';
import { findUserOrderOfAnswer } from '../store/payment-orders';
import type { Database } from '../store/schema';

export const paymentOfAnswer = async (
  trx: Transaction<Database>,
  surveyId: string,
  userId: string,
  partitionKey: string,
): Promise<PaymentForCancel | null> => {
  const card = await findUserOrderOfAnswer(trx, userId, partitionKey);
  if (card) return { status: card.status, selectedPayType: card.order.selectedPayType, createdAt: Math.floor(Date.parse(card.createdAt) / 1000) };
  const kept = (await readExtras(trx, surveyId, userId, partitionKey))?.order;
  if (!kept) return null;
  const created = await trx
    .selectFrom('survey_results')
    .select(['created_at'])
    .where('partition_key', '=', partitionKey)
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return { status: kept.status ?? null, selectedPayType: kept.selectedPayType, createdAt: created ? Math.floor(Date.parse(created.created_at) / 1000) : 0 };
};
