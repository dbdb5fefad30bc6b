/**
 * Edit and cancel rules (spec 01 §4, §6) applied to a stored answer: core/rules/permissions.ts's
 * answerActions, inside the write transaction, so what the PWA hides is also refused:
 * - edit (putItem naming an answer, or answering a single-answer form again over a live answer):
 *   409 not_editable for 完了 and ended answers; 403 admin_registered for an answer the office
 *   registered (userId beginning with I); 403 edit_forbidden when updateOrCancelSettings
 *   is cancelOnly or inquiryOnly, or isEditDisabled is set; with reservationOnlyInfo only
 *   reservation items may change, so every other value must equal the stored one (403
 *   reservation_only), and items not editable in user mode (isNotEditable, disabled) must keep
 *   their values too (403 locked_item_changed);
 * - cancel: 409 already_cancelled for ended answers (完了 may still be withdrawn); 403
 *   admin_registered; 403 cancel_forbidden when the
 *   setting is updateOnly or inquiryOnly, or the form uses payment;
 * - delete (a resident withdrawing an answer outright): the cancel's settings, and the edit's
 *   status rule — a 完了 or ended answer is the office's record and is not deleted;
 * - all three: 403 cancel_deadline_passed once the reservation's cancel deadline is reached
 *   (core/rules/cancel-deadline.ts with the calendar's reservationCancelLimit and days off:
 *   server/reservations.ts reservationDeadlinePassed);
 * - all three: 409 payment_pending for a temporary answer waiting for its payment (its order's
 *   notification settles it, server/payments/settle.ts);
 * - cancel and delete of an answer with a payment: core/rules/payment-cancel.ts (403
 *   payment_cancelled, payment_cancel_expired).
 */
import type { Transaction } from 'kysely';
import type { AnswerRowInput, CheckStatus, ResultRow } from '@core/contract/survey';
import type { SchemaItem, ServedSurveyConfig } from '@core/form/survey-config';
import { isServerAssigned } from '@core/form/validate';
import { itemDefOf } from '@core/items/registry';
import { todayInTokyo } from '@core/ja/date-input';
import { answerActions, isAdminRegistered, isItemEditable, type AnswerReasonKey, type EditableFields } from '@core/rules/permissions';
import { isReservationItem } from '@core/rules/reservation-value';
import { cancelledStatus, answerStatusOf, isEnded, statusRefusal } from '@core/rules/status';
import { refuse, type Refusal } from '@core/refusals';
import { reservationDeadlinePassed } from '../reservations';
import type { Database } from '../store/schema';
import { PAYMENT_REFUSAL_CODES, paymentCancelRefusal } from '@core/rules/payment-cancel';
import { paymentOfAnswer } from '../payments/answer-payment';

export const noResult = () => refuse('result_not_found');
const notEditable = () => refuse('not_editable');
const alreadyCancelled = () => refuse('already_cancelled');
export const configOutdated = () => refuse('config_outdated', undefined, { needRefresh: true });

/** survey_results.status of a temporary answer (payments/settle.ts TEMPORARY_STATUS). */
const TEMPORARY = 'temporary';

export type Action = 'edit' | 'cancel' | 'delete';

/** The refusal for a reason answerActions gave. */
export const refusal = (action: Action, reason: AnswerReasonKey): Refusal => {
  switch (reason) {
    case 'adminRegistered':
      return refuse('admin_registered');
    case 'completed':
    case 'cancelled':
    case 'ended':
      return action === 'cancel' ? alreadyCancelled() : notEditable();
    case 'editNotAllowed':
    case 'editDisabled':
      return refuse('edit_forbidden');
    case 'cancelNotAllowed':
    case 'paymentCancelUnavailable':
      return refuse('cancel_forbidden');
  }
};

/** A form gone from the database binds nothing: its stored answers follow the defaults. */
const NO_SETTINGS = {} as const;

/**
 * Refuses what the rules forbid for this stored answer (see the header); answers the fields the
 * resident may change. Runs inside the write transaction, on rows read in it.
 */
export const enforceRules = async (
  trx: Transaction<Database>,
  config: ServedSurveyConfig | null,
  stored: readonly ResultRow[],
  action: Action,
): Promise<EditableFields> => {
  const check = answerStatusOf(stored.map((r) => r.check));
  const userId = (stored[0] as ResultRow).userId;
  // An ended one (its hold given back) falls to the status rules below: already cancelled.
  if (!isEnded(check) && stored.some((r) => r.status === TEMPORARY)) throw refuse('payment_pending');
  const actions = answerActions(config ?? NO_SETTINGS, { check, userId }, 'user');
  const reason =
    action === 'edit'
      ? actions.editReasonKey
      : action === 'cancel'
        ? actions.cancelReasonKey
        : isAdminRegistered(userId)
          ? 'adminRegistered'
          : (statusRefusal(check, 'edit') ?? actions.cancelReasonKey);
  if (reason) throw refusal(action, reason);
  if (action !== 'edit') {
    const first = stored[0] as ResultRow;
    const payment = await paymentOfAnswer(trx, first.surveyId, userId, first.partitionKey);
    const refused = payment && paymentCancelRefusal(payment, userId, Math.floor(Date.now() / 1000));
    if (refused === 'adminRegistered') throw refusal(action, refused);
    if (refused === 'paymentCancelled') throw refuse(PAYMENT_REFUSAL_CODES.paymentCancelled);
    if (refused === 'paymentTooOld') throw refuse(PAYMENT_REFUSAL_CODES.paymentTooOld);
  }
  if (config && (await reservationDeadlinePassed(trx, config, stored, todayInTokyo()))) {
    throw refuse('cancel_deadline_passed');
  }
  return actions.editableFields;
};

/** The items whose values the resident may not change but did (compared as sets of values). */
export const lockedItemsChanged = (
  config: ServedSurveyConfig,
  fields: EditableFields,
  stored: readonly ResultRow[],
  next: readonly AnswerRowInput[],
): string[] => {
  const valuesOf = (rows: readonly { itemKey: string; value: string }[], itemKey: string) =>
    rows
      .filter((r) => r.itemKey === itemKey)
      .map((r) => r.value)
      .sort();
  return config.surveySchema
    // An automatic number is never sent: the server keeps the stored one (write.ts numbersOf).
    .filter((item) => itemDefOf(item.type).valueKind !== 'none' && !isServerAssigned(item) && !isItemEditable(item, fields, 'user'))
    .filter((item) => JSON.stringify(valuesOf(stored, item.itemKey)) !== JSON.stringify(valuesOf(next, item.itemKey)))
    .map((item) => item.itemKey);
};

export const sortKeyOf = (item: SchemaItem, row: Pick<AnswerRowInput, 'itemKey' | 'value'>): string =>
  itemDefOf(item.type).valueKind === 'multi' ? `${row.itemKey}#${row.value}` : row.itemKey;

/** Spec 01 §4: a reservation (a reservation item with a value) is キャンセル; a plain answer is NG. */
export const cancelledCheck = (
  config: Pick<ServedSurveyConfig, 'surveySchema'> | null,
  rows: readonly Pick<ResultRow, 'itemKey' | 'value'>[],
): CheckStatus => {
  const reservationKeys = new Set(config?.surveySchema.filter(isReservationItem).map((i) => i.itemKey) ?? []);
  return cancelledStatus(rows.some((r) => reservationKeys.has(r.itemKey) && r.value !== ''));
};
