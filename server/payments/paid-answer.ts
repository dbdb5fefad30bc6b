/**
 * What a payment page shows of the answer an order paid for (issue 54: one booking, one 受付番号):
 * its 受付番号 and the slot it booked, read from the resident's own rows.
 */
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { isReservationItem } from '@core/rules/reservation-value';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { listUserPartition } from '../store/results';
import type { StoredOrder } from '../store/payment-orders';
import type { PaidAnswerFacts } from './results';

export const paidAnswerFacts = async (db: Kysely<Database>, config: ServedSurveyConfig | null, o: StoredOrder): Promise<PaidAnswerFacts> => {
  const rows = await listUserPartition(db, o.surveyId, o.userId, o.partitionKey);
  const reservationKeys = new Set((config?.surveySchema ?? []).filter(isReservationItem).map((i) => i.itemKey));
  return {
    answerCode: rows.find((r) => r.answerCode)?.answerCode ?? null,
    reservationValue: rows.find((r) => reservationKeys.has(r.itemKey) && r.value !== '')?.value ?? null,
  };
};
