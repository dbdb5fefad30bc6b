/**
 * What pressing submit does to the answers, apart from the screen: normalise, validate the whole
 * form (shown items only), and build the rows to send; and how a server refusal with per-item
 * issues maps back onto items.
 */
import type { Issue } from '@core/contract/envelope';
import type { PaymentOrder } from '@core/contract/payment';
import type { AnswerRowInput } from '@core/contract/survey';
import { rowsFromValues } from '@core/form/rows';
import { answerValues, validateForm } from '@core/form/validate';
import { MESSAGE_KEYS, type MessageKey } from '@core/items/messages';
import { isReservationItem } from '@core/rules/reservation-value';
import type { ReservationItemConfig } from '../calendar/categories';
import { displayOf } from '../items/display';
import { formatMessage } from '../messages/format';
import type { FormEngine } from './engine-context';
import type { FormPlan } from './plan';
import { messageOf } from './engine';

export interface ConfirmEntry {
  key: string;
  title: string;
  value: string;
  /** A chosen reservation: the confirmation shows its categories, item, date and time. */
  reservation?: { item: ReservationItemConfig; value: string } | undefined;
  /** The products item: the confirmation shows the order to be sent, booking lines and total included. */
  order?: PaymentOrder | undefined;
}

export type SubmitOutcome =
  | { kind: 'invalid'; errors: ReadonlyMap<string, string> }
  /** Nothing to send (spec 01 §5: 入力内容を確認してください). */
  | { kind: 'empty' }
  | { kind: 'ready'; rows: AnswerRowInput[]; entries: ConfirmEntry[] };

export const prepareSubmit = (engine: FormEngine): SubmitOutcome => {
  const { store, plan } = engine;
  // Canonical values first: a field typed into and never left still gets its width and date rules.
  for (const p of plan.items) {
    if (!p.hasValue) continue;
    const value = store.getValue(p.key);
    const canonical = engine.normalized(p, value);
    if (canonical !== value) store.setValue(p.key, canonical);
  }
  const values = store.snapshot();
  const issues = validateForm(plan.shape, values, engine.validateContext);
  const errors = new Map<string, string>();
  for (const p of plan.items) {
    const message = messageOf(issues[p.key] ?? []);
    if (message !== undefined) errors.set(p.key, message);
  }
  if (errors.size > 0) return { kind: 'invalid', errors };

  // Admin items are sent in either mode (in user mode they hold only what the URL gave them,
  // see prefill.ts) but residents do not see them in the confirmation either (spec 01 §6).
  const answers = answerValues(plan.shape, values, plan.mode);
  const entries: ConfirmEntry[] = plan.items.flatMap((p) => {
    const v = answers[p.key];
    if (v === undefined || p.neverShown) return [];
    const reservation = isReservationItem(p) && typeof v === 'string' ? { item: p.item as ReservationItemConfig, value: v } : undefined;
    return [{ key: p.key, title: p.item.title, value: displayOf({ type: p.type, formValue: v }), reservation }];
  });
  const rows = rowsFromValues(plan.shape, answers);
  return rows.length === 0 ? { kind: 'empty' } : { kind: 'ready', rows, entries };
};

/**
 * The entries with the order on the products item's: where the resident chose nothing, a booking's
 * lines alone still make an order, and the products item gets an entry to show it.
 */
export const withOrderEntry = (plan: FormPlan, entries: readonly ConfirmEntry[], order: PaymentOrder): ConfirmEntry[] => {
  const products = plan.items.find((p) => p.type === 'selectProducts' && !p.neverShown);
  if (!products) return [...entries];
  if (entries.some((e) => e.key === products.key)) return entries.map((e) => (e.key === products.key ? { ...e, order } : e));
  const at = plan.items.indexOf(products);
  const before = new Set(plan.items.slice(0, at).map((p) => p.key));
  const n = entries.filter((e) => before.has(e.key)).length;
  return [...entries.slice(0, n), { key: products.key, title: products.item.title, value: '', order }, ...entries.slice(n)];
};

const isMessageKey = (s: string): s is MessageKey => (MESSAGE_KEYS as readonly string[]).includes(s);

/**
 * A refused putItem's issues as messages per item: `data.N.…` (the answer check) or `body.data.N.…`
 * (the request's own checks: schema, unusable characters) names the N-th row sent, a bare itemKey
 * names the item. Messages that are catalogue keys are shown in Japanese; others as sent.
 */
export const serverItemErrors = (issues: readonly Issue[], rows: readonly AnswerRowInput[], knownKeys: ReadonlySet<string>) => {
  const errors = new Map<string, string>();
  for (const { path, message } of issues) {
    const row = /^(?:body\.)?data\.(\d+)(?:\.|$)/.exec(path);
    const key = row ? rows[Number(row[1])]?.itemKey : knownKeys.has(path) ? path : undefined;
    if (key === undefined || errors.has(key)) continue;
    errors.set(key, isMessageKey(message) ? formatMessage({ key: message }) : message);
  }
  return errors;
};
