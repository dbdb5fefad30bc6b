/**
 * What a LINE message about one answer says, read inside the change's transaction: the form's
 * title and settings, the 受付番号 when the form shows it, the booking (day, time, categories,
 * place = the calendar's name) and the links back (the form, the receipt).
 */
import type { Kysely, Transaction } from 'kysely';
import { BED_SURVEY_TYPE, isAppending, type ServedSurveyConfig } from '@core/form/survey-config';
import type { MessageFacts } from '@core/messages/kinds';
import { formMessageSettings, type FormMessageSettings } from '@core/messages/settings';
import { isReservationItem, parseReservationValue } from '@core/rules/reservation-value';
import { resolveCalendar } from '../store/calendars';
import { findSurveyConfig } from '../store/configs';
import { listStays } from '../store/beds';
import { listUserPartition } from '../store/results';
import type { Database } from '../store/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface AnswerFacts {
  config: ServedSurveyConfig;
  settings: FormMessageSettings;
  facts: MessageFacts;
  /** The booked calendar, for its own reminders. */
  calendar: { reminders?: { daysBefore: number; at: string }[] } | null;
}

export const readAnswerFacts = async (
  db: Db,
  a: { surveyId: string; userId: string; partitionKey: string; publicUrl: string; config?: ServedSurveyConfig | undefined },
): Promise<AnswerFacts | null> => {
  // The write that causes the message has the config at hand: not parsed a second time.
  const config = a.config ?? (await findSurveyConfig(db, a.surveyId));
  if (!config) return null;
  const rows = await listUserPartition(db, a.surveyId, a.userId, a.partitionKey);
  const item = config.surveySchema.find(isReservationItem);
  const value = item ? rows.find((r) => r.itemKey === item.itemKey)?.value : undefined;
  const r = value ? parseReservationValue(value) : null;
  const place = r ? await resolveCalendar(db, r.categoryId) : null;
  const coma = r ? place?.calendar.comaList[r.slot] : undefined;
  const c = place?.category;
  const showCode = isAppending(config) && config.isDisplayAnswerCode?.value === true;
  const facts: MessageFacts = {
    formTitle: config.surveyTitle,
    answerCode: showCode ? (rows[0]?.answerCode ?? null) : null,
    reservation: r
      ? {
          day: r.date.toString(),
          time: coma ? coma.start : null,
          categories: c ? [c.tag1, c.tag2, c.tag3].filter((t): t is string => typeof t === 'string' && t !== '') : [],
          place: place?.calendar.calendarName ?? null,
        }
      : null,
    stay: null,
    receiptUrl: null,
    status: null,
    answerUrl: `${a.publicUrl}/survey/${encodeURIComponent(a.surveyId)}`,
  };
  if (config.surveyType === BED_SURVEY_TYPE) {
    const stay = (await listStays(db, a.surveyId, a.userId)).find((st) => st.partition_key === a.partitionKey);
    if (stay) facts.stay = { from: stay.start_date, to: stay.end_date, ward: config.surveyTitle, bed: null };
  }
  return { config, settings: formMessageSettings(config), facts, calendar: (place?.calendar as AnswerFacts['calendar']) ?? null };
};
