/**
 * putItem's subData and order, kept beside an answer's rows (server/answers/extras.ts says what is
 * kept). Reads take the user id like every read of results: no query here answers another's.
 */
import type { Kysely, Transaction } from 'kysely';
import { subDataRowSchema, type SubDataRow } from '@core/contract/survey';
import { paymentOrderSchema, type PaymentOrder } from '@core/contract/payment';
import * as z from 'zod/mini';
import type { Database } from './schema';

/** What an answer keeps beside its rows (answers/extras.ts decides it): subData and its order. */
export interface AnswerExtras {
  subData: SubDataRow[] | null;
  order: PaymentOrder | null;
}

type Db = Kysely<Database> | Transaction<Database>;

const subDataListSchema = z.array(subDataRowSchema);

export const readExtras = async (db: Db, surveyId: string, userId: string, partitionKey: string): Promise<AnswerExtras | null> => {
  const row = await db
    .selectFrom('answer_extras')
    .select(['sub_data_json', 'order_json'])
    .where('partition_key', '=', partitionKey)
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  // Parsed again on the way out: what was stored passed these schemas on the way in.
  return {
    subData: row.sub_data_json === null ? null : subDataListSchema.parse(JSON.parse(row.sub_data_json)),
    order: row.order_json === null ? null : paymentOrderSchema.parse(JSON.parse(row.order_json)),
  };
};

/** Sets an answer's extras, or removes them when there are none. */
export const writeExtras = async (
  trx: Transaction<Database>,
  key: { partitionKey: string; surveyId: string; userId: string },
  extras: AnswerExtras,
  now: string,
): Promise<void> => {
  if (extras.subData === null && extras.order === null) {
    await deleteExtras(trx, key.partitionKey);
    return;
  }
  const values = {
    sub_data_json: extras.subData === null ? null : JSON.stringify(extras.subData),
    order_json: extras.order === null ? null : JSON.stringify(extras.order),
    updated_at: now,
  };
  await trx
    .insertInto('answer_extras')
    .values({ partition_key: key.partitionKey, survey_id: key.surveyId, user_id: key.userId, ...values })
    .onConflict((oc) => oc.column('partition_key').doUpdateSet({ survey_id: key.surveyId, user_id: key.userId, ...values }))
    .execute();
};

export const deleteExtras = async (trx: Transaction<Database>, partitionKey: string): Promise<void> => {
  await trx.deleteFrom('answer_extras').where('partition_key', '=', partitionKey).execute();
};

/** The answer fields extras add (absent when there are none). */
export const extrasFields = (extras: AnswerExtras | null) => ({
  ...(extras?.subData ? { subData: extras.subData } : {}),
  ...(extras?.order ? { order: extras.order } : {}),
});

/** Replaces the order kept beside an answer (its payment settled: status and dates). */
export const setExtrasOrder = async (trx: Transaction<Database>, partitionKey: string, order: PaymentOrder, now: string): Promise<void> => {
  await trx.updateTable('answer_extras').set({ order_json: JSON.stringify(order), updated_at: now }).where('partition_key', '=', partitionKey).execute();
};
