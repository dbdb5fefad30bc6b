/**
 * What a putItem keeps beside the answer's rows: its subData rows and its order (spec 01 §7, spec
 * 02 §3–§4). Pure decisions; the write stores the result (store/extras.ts).
 *
 * Readings chosen here, where the spec names the fields and says little more:
 * - subData: rows of the same survey sent beside the answer's own. Kept as sent (item key, value,
 *   title) and answered back; they are not the form's answers, so the form's validators do not
 *   apply and nothing reads them as answers. An amend that sends none keeps the amended answer's.
 * - order: the one the server priced from the answer's rows (payments/price-order.ts), never the
 *   body's. A new answer's order rides with putItem only where spec 02 §4 says so: paid in cash
 *   or costing nothing (core/rules/order.ts needsProvider); a card payment with an amount goes
 *   through the temporary save and the provider instead (400 payment_required).
 * - "Order editable only when ... the answer is new" (spec 02 §4) and "products are changed by
 *   cancelling and re-purchasing" (spec 01 §4): an amend keeps the stored order, and its products
 *   row, pay type and booked items must still bring exactly the stored order's lines and type (403
 *   order_locked otherwise), so the row the office reads says what was charged.
 */
import type { Issue } from '@core/contract/envelope';
import type { AnswerRowInput } from '@core/contract/survey';
import type { PaymentOrder } from '@core/contract/payment';
import { linesMatchOrder, needsProvider } from '@core/rules/order';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { Refusal, refuse, refusalText } from '@core/refusals';
import type { AnswerExtras } from '../store/extras';

export type { AnswerExtras };

export const NO_EXTRAS: AnswerExtras = { subData: null, order: null };

/** Why the extras are refused; carries its status, code, text and issues (core/refusals.ts). */
export type ExtrasRefusal = Refusal;

/** Which write stores the answer: putItem, or the temporary save before the provider. */
export type OrderPath = 'putItem' | 'temporary';

/** The subData a submission sends, checked against its form, and the order the server priced. */
export const sentExtrasOf = (
  config: Pick<ServedSurveyConfig, 'surveyId'>,
  body: { subData?: readonly AnswerRowInput[] | undefined },
  order: PaymentOrder | null,
): AnswerExtras | ExtrasRefusal => {
  const issues: Issue[] = (body.subData ?? []).flatMap((r, n) =>
    r.surveyId === config.surveyId ? [] : [{ path: `subData.${n}.surveyId`, message: `data の surveyId (${config.surveyId}) と異なります` }],
  );
  if (issues.length > 0) return refuse('bad_request', { path: String(issues[0]?.path), message: String(issues[0]?.message) }, { issues });
  const subData = body.subData?.length ? body.subData.map((r) => ({ itemKey: r.itemKey, value: r.value, ...(r.title === undefined ? {} : { title: r.title }) })) : null;
  return { subData, order };
};

/**
 * What the written answer keeps: a new answer what it sent (its order only if `path` may store
 * it); an amend its own subData if it sent any (else the amended answer's) and always the amended
 * answer's order, whose lines the amend's rows must still bring.
 */
export const keptExtrasOf = (sent: AnswerExtras, amended: AnswerExtras | null, path: OrderPath = 'putItem'): AnswerExtras | ExtrasRefusal => {
  if (amended === null) {
    if (path === 'putItem' && needsProvider(sent.order)) {
      return refuse('payment_required', undefined, { issues: [{ path: 'order.selectedPayType', message: refusalText('payment_required') }] });
    }
    return sent;
  }
  const samePayType = (sent.order?.selectedPayType ?? null) === (amended.order?.selectedPayType ?? null);
  if (!samePayType || !linesMatchOrder(sent.order?.details ?? [], amended.order?.details ?? [])) {
    return refuse('order_locked', undefined, { issues: [{ path: 'order', message: refusalText('order_locked') }] });
  }
  return { subData: sent.subData ?? amended.subData, order: amended.order };
};

export const isRefusal = (x: AnswerExtras | ExtrasRefusal): x is ExtrasRefusal => x instanceof Refusal;
