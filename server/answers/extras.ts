/**
 * What a putItem keeps beside the answer's rows: its subData rows and its order (spec 01 §7, spec
 * 02 §3–§4). Pure decisions; the write stores the result (store/extras.ts).
 *
 * Readings chosen here, where the spec names the fields and says little more:
 * - subData: rows of the same survey sent beside the answer's own. Kept as sent (item key, value,
 *   title) and answered back; they are not the form's answers, so the form's validators do not
 *   apply and nothing reads them as answers. An amend that sends none keeps the amended answer's.
 * - order: accepted only by a form that uses payment (usePayment = 1) and takes appending answers
 *   ("payment is only for appending-type surveys"), and only where spec 02 §4 says putItem carries
 *   it: paid in cash or costing nothing — a card payment with an amount goes through temprary and
 *   the provider instead (400 payment_required). The fields only the server sets (status, dates,
 *   orderId, userId) are dropped. Each line's amount must be its price times its count and the
 *   lines numbered 1..n (spec 02 §3, §8); the totals' tax arithmetic is not checked here, so the
 *   order is the resident's request, never a record of money paid.
 * - "Order editable only when ... the answer is new" (spec 02 §4): an amend keeps the stored order;
 *   one that sends a different order is refused (403 forbidden_by_settings).
 */
import type { Issue } from '@core/contract/envelope';
import type { AnswerRowInput, SubDataRow } from '@core/contract/survey';
import { PAY_TYPE, type PaymentOrder } from '@core/contract/payment';
import { canonicalJson } from '@core/rules/completion-guard';
import { usesPayment } from '@core/rules/permissions';
import { isAppending, type ServedSurveyConfig } from '@core/form/survey-config';

export interface AnswerExtras {
  subData: SubDataRow[] | null;
  order: PaymentOrder | null;
}

export const NO_EXTRAS: AnswerExtras = { subData: null, order: null };

export type ExtrasRefusal = { status: 400 | 403; code: string; message: string; issues: Issue[] };

export const ORDER_NOT_TAKEN_TEXT = 'このフォームは商品の購入を受け付けていません。';
export const PAYMENT_REQUIRED_TEXT = 'お支払いが必要な注文です。決済画面から送ってください。';
export const ORDER_LOCKED_TEXT = '購入した商品は変更できません。';

const refuse = (status: 400 | 403, code: string, message: string, issues: Issue[]): ExtrasRefusal => ({ status, code, message, issues });

/** The order as kept: what the resident chose, without what only the server sets. */
const keptOrder = (order: PaymentOrder): PaymentOrder => {
  const { status: _s, completedDate: _c, canceledDate: _d, orderId: _o, userId: _u, ...kept } = order;
  return kept;
};

const orderIssues = (order: PaymentOrder): Issue[] =>
  order.details.flatMap((d, n) => [
    ...(d.detailId === n + 1 ? [] : [{ path: `order.details.${n}.detailId`, message: `detailId は ${n + 1} です（1 から順に振ります）` }]),
    ...(d.amount === d.price * d.count ? [] : [{ path: `order.details.${n}.amount`, message: `amount は price × count (${d.price * d.count}) です` }]),
  ]);

/** The subData and order a submission sends, checked against its form. */
export const sentExtrasOf = (
  config: Pick<ServedSurveyConfig, 'surveyId' | 'usePayment' | 'isAppending'>,
  body: { subData?: readonly AnswerRowInput[] | undefined; order?: PaymentOrder | null | undefined },
): AnswerExtras | ExtrasRefusal => {
  const issues: Issue[] = (body.subData ?? []).flatMap((r, n) =>
    r.surveyId === config.surveyId ? [] : [{ path: `subData.${n}.surveyId`, message: `data の surveyId (${config.surveyId}) と異なります` }],
  );
  if (issues.length > 0) return refuse(400, 'bad_request', `${issues[0]?.path}: ${issues[0]?.message}`, issues);
  const subData = body.subData?.length ? body.subData.map((r) => ({ itemKey: r.itemKey, value: r.value, ...(r.title === undefined ? {} : { title: r.title }) })) : null;
  const order = body.order ?? null;
  if (order === null) return { subData, order: null };
  if (!usesPayment(config) || !isAppending(config)) return refuse(400, 'bad_request', ORDER_NOT_TAKEN_TEXT, [{ path: 'order', message: ORDER_NOT_TAKEN_TEXT }]);
  if (order.selectedPayType !== PAY_TYPE.cash && order.amount > 0) {
    return refuse(400, 'payment_required', PAYMENT_REQUIRED_TEXT, [{ path: 'order.selectedPayType', message: PAYMENT_REQUIRED_TEXT }]);
  }
  const lines = orderIssues(order);
  if (lines.length > 0) return refuse(400, 'bad_request', `${lines[0]?.path}: ${lines[0]?.message}`, lines);
  return { subData, order: keptOrder(order) };
};

/**
 * What the written answer keeps: a new answer what it sent; an amend its own subData if it sent
 * any (else the amended answer's) and always the amended answer's order.
 */
export const keptExtrasOf = (sent: AnswerExtras, amended: AnswerExtras | null): AnswerExtras | ExtrasRefusal => {
  if (amended === null) return sent;
  if (sent.order !== null && canonicalJson(sent.order) !== canonicalJson(amended.order)) {
    return refuse(403, 'forbidden_by_settings', ORDER_LOCKED_TEXT, [{ path: 'order', message: ORDER_LOCKED_TEXT }]);
  }
  return { subData: sent.subData ?? amended.subData, order: amended.order };
};

export const isRefusal = (x: AnswerExtras | ExtrasRefusal): x is ExtrasRefusal => 'status' in x;
