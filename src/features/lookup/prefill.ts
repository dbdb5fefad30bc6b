/**
 * What the search form offers filled in for a signed-in resident (issue 54): their own LINE
 * display name in a searchable name item (core/rules/name-item.ts), so they need not retype what
 * the app knows. Only the resident's own session is read; a kiosk
 * (a shared device) is offered nothing. A searchable phone item is offered the phone of the
 * resident's newest answer to this form that the device still holds (the outbox keeps their sent
 * answers a week, and only ever lists the signed-in resident's own).
 */
import type { AnswerRowInput } from '@core/contract/survey';
import type { SchemaItem } from '@core/form/survey-config';
import type { OutboxEntry } from '../../offline/outbox-snapshot';
import { sentRowsOf } from '../../offline/sent-entry';
import { isNameItem } from '@core/rules/name-item';

/** The rows of the newest answer to this form among the entries (newest first), refused ones left out. */
export const latestRowsOf = (entries: readonly OutboxEntry[], surveyId: string): AnswerRowInput[] => {
  const latest = entries.find((e) => e.endpoint === 'surveyResultsPutItem' && e.meta.surveyId === surveyId && e.status !== 'rejected');
  return latest ? sentRowsOf(latest) : [];
};

/** The conditions the form opens with when none were typed before. */
export const offeredConditions = (
  items: readonly SchemaItem[],
  displayName: string | undefined,
  recent: readonly Pick<AnswerRowInput, 'itemKey' | 'value'>[] = [],
): Record<string, string> => {
  const out: Record<string, string> = {};
  const name = displayName?.trim() ?? '';
  for (const item of items) {
    if (name !== '' && isNameItem(item)) out[item.itemKey] = name;
    const phone = item.type === 'phone' ? recent.find((r) => r.itemKey === item.itemKey)?.value : undefined;
    if (phone) out[item.itemKey] = phone;
  }
  return out;
};
