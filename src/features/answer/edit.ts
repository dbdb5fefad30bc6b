/**
 * Changing a stored answer (spec 01 §2: /survey/{id}?partitionKey=…; §4 permissions): the answer's
 * values for the form, what answerActions allows, the form as the resident may change it (items
 * they may not change are read-only), and the words for a refusal.
 */
import type { ResultRow } from '@core/contract/survey';
import type { FormValue } from '@core/items/define';
import { itemDefOf } from '@core/items/registry';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { valuesFromRows } from '@core/form/rows';
import { answerActions, isItemEditable, type AnswerActions, type AnswerReasonKey, type EditableFields } from '@core/rules/permissions';
import { answerStatusOf, type CheckStatus } from '@core/rules/status';
import { ja } from '../../messages/ja';

export interface EditedAnswer {
  values: Record<string, FormValue>;
  /** The latest row's updatedAt (ms since the epoch; 0 when unreadable). */
  updatedAt: number;
  check: CheckStatus;
  actions: AnswerActions;
  /** Its 受付番号 (appending forms): a change issues a new one, and the completion names both. */
  answerCode: string | null;
}

export const editedAnswerOf = (config: ServedSurveyConfig, rows: readonly ResultRow[]): EditedAnswer => {
  const check = answerStatusOf(rows.map((r) => r.check));
  const userId = rows[0]?.userId ?? '';
  const updatedAt = Math.max(0, ...rows.map((r) => Date.parse(r.updatedAt)).filter((t) => Number.isFinite(t)));
  const answerCode = rows.find((r) => r.answerCode)?.answerCode ?? null;
  return { values: valuesFromRows(rows), updatedAt, check, answerCode, actions: answerActions(config, { check, userId }, 'user') };
};

/** Spec 02 §4: an order is editable only on a new answer; a stored answer's is shown, fixed. */
const ORDER_ITEM_TYPES: ReadonlySet<string> = new Set(['selectProducts', 'selectPayType']);

/**
 * The config as the form should render it for a stored answer: every answer item the resident may
 * not change is marked disabled (the renderer shows disabled items read-only), and link buttons
 * are left out where answerActions says so (spec 01 §4: hidden for inquiryOnly).
 */
export const configForFields = (config: ServedSurveyConfig, fields: EditableFields, { showLinkButton = true }: { showLinkButton?: boolean } = {}): ServedSurveyConfig => {
  const locked = (item: ServedSurveyConfig['surveySchema'][number]) =>
    ORDER_ITEM_TYPES.has(item.type) || (fields !== 'all' && itemDefOf(item.type).valueKind !== 'none' && !isItemEditable(item, fields, 'user'));
  const hidden = (item: ServedSurveyConfig['surveySchema'][number]) => !showLinkButton && item.type === 'linkButton';
  if (!config.surveySchema.some((item) => locked(item) || hidden(item))) return config;
  return {
    ...config,
    surveySchema: config.surveySchema.filter((item) => !hidden(item)).map((item) => (locked(item) ? { ...item, disabled: true } : item)),
  };
};

/** The status label shown with a refusal: キャンセル済 for a cancelled answer, 取り消し, 完了. */
export const statusLabelOf = (check: CheckStatus): string | null => {
  if (check === 'キャンセル' || check === 'NG') return ja.lookup.cancelledLabel;
  if (check === '取り消し') return ja.lookup.amended;
  if (check === '完了') return ja.edit.completedLabel;
  return null;
};

/** Why the answer cannot be changed; a plain answer cancelled (NG) reads as cancelled, not as 取り消し. */
export const refusalTextOf = (reason: AnswerReasonKey, check: CheckStatus): string =>
  reason === 'ended' && check === 'NG' ? ja.edit.reasons.cancelled : ja.edit.reasons[reason];
