/**
 * The draft's `lineMessages` as the LINE tab edits it: read loosely (the draft is whatever the
 * JSON tab holds; the server checks it on save), written back one key at a time, the section
 * dropped when nothing is left in it.
 */
import { DEFAULT_REMINDERS } from '@core/messages/settings';
import type { DraftConfig } from './draft-json';

export type LineDraft = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

export const lineDraftOf = (draft: DraftConfig): LineDraft => (isRecord(draft['lineMessages']) ? draft['lineMessages'] : {});

/** The section with `key` set (undefined removes it); undefined when the section is empty. */
export const withKey = (lm: LineDraft, key: string, value: unknown): LineDraft | undefined => {
  const next = { ...lm };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return Object.keys(next).length > 0 ? next : undefined;
};

export const sendOf = (lm: LineDraft): Record<string, unknown> => (isRecord(lm['send']) ? lm['send'] : {});
export const templatesOf = (lm: LineDraft): Record<string, { title?: string; body?: string }> =>
  isRecord(lm['templates']) ? (lm['templates'] as Record<string, { title?: string; body?: string }>) : {};

const rowsOf = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isRecord) : []);

/** The form's reminders; the default ones while it sets none. */
export const remindersOf = (lm: LineDraft): { daysBefore: number; at: string }[] =>
  'reminders' in lm ? rowsOf(lm['reminders']).map((r) => ({ daysBefore: Number(r['daysBefore']) || 0, at: String(r['at'] ?? '') })) : DEFAULT_REMINDERS.map((r) => ({ ...r }));

export const announceOf = (lm: LineDraft): { status: string; text: string }[] => rowsOf(lm['announce']).map((a) => ({ status: String(a['status'] ?? ''), text: String(a['text'] ?? '') }));

/** The draft as kindApplies reads it (core/messages/settings.ts). */
export const appliesShapeOf = (draft: DraftConfig) => ({
  surveySchema: rowsOf(draft['surveySchema']).map((i) => ({ type: String(i['type'] ?? '') })),
  surveyType: typeof draft['surveyType'] === 'string' ? draft['surveyType'] : undefined,
  usePayment: typeof draft['usePayment'] === 'number' ? draft['usePayment'] : undefined,
  lineMessages: { announce: rowsOf(lineDraftOf(draft)['announce']) },
});
