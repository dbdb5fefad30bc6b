/**
 * What the survey screen reopens with: the draft or refused answer of the form (read from
 * IndexedDB, never waited on for long). A sent answer a reloaded completion page names is
 * offline/sent-entry.ts's.
 */
import { useEffect, useState } from 'react';
import type { Issue } from '@core/contract/envelope';
import type { AnswerRowInput } from '@core/contract/survey';
import { valuesFromRows } from '@core/form/rows';
import { storedRefusalTextOf } from '../../lib/error-text';
import { getStoredUserId } from '../../lib/session';
import type { OfflineDb } from '../../offline/db';
import { loadDraft } from '../../offline/drafts';
import { pageOfflineDb } from '../../offline/load';
import { sentRowsOf } from '../../offline/sent-entry';
import { knownNoRestore } from '../../offline/presence';
import type { AnswerTarget } from './send';

export interface Restored {
  values?: Readonly<Record<string, unknown>>;
  /** When `values` were written (ms): the draft's last save, or the refused entry's creation. */
  valuesAt?: number;
  issues?: { issues: readonly Issue[]; rows: readonly AnswerRowInput[] };
  rejectedId?: string;
  needRefresh?: boolean;
  /** The refusal's code (quota_exceeded: the slot went while the answer waited in the outbox). */
  errorCode?: string;
  /** The refusal's text of its own, if any (quota_exceeded's catalogue text; reservation_limit's message and detail). */
  errorText?: string;
}

/**
 * What the form reopens with: a refused answer of this survey (its values and the server's
 * messages), or the draft typed last (which wins over a refused answer's values when newer).
 */
export const loadRestored = async (db: OfflineDb, target: AnswerTarget): Promise<Restored> => {
  const userId = getStoredUserId();
  if (!userId) return {};
  const key = { userId, surveyId: target.surveyId, partitionKey: target.partitionKey };
  const [draft, rejected] = await Promise.all([
    loadDraft(key, { db }),
    db.outbox
      .where('[userId+status]')
      .equals([userId, 'rejected'])
      .filter((e) => e.meta.surveyId === target.surveyId && (e.meta.partitionKey ?? null) === target.partitionKey)
      .toArray(),
  ]);
  const latest = rejected.sort((a, b) => b.createdAt - a.createdAt)[0];
  const out: Restored = {};
  if (latest) {
    const rows = sentRowsOf(latest);
    out.values = valuesFromRows(rows);
    out.valuesAt = latest.createdAt;
    out.rejectedId = latest.id;
    out.issues = { issues: latest.lastError?.issues ?? [], rows };
    out.needRefresh = latest.lastError?.needRefresh === true;
    if (latest.lastError?.code) out.errorCode = latest.lastError.code;
    const text = storedRefusalTextOf(latest.lastError);
    if (text) out.errorText = text;
  }
  if (draft && (!latest || draft.updatedAt > latest.createdAt)) {
    out.values = draft.values;
    out.valuesAt = draft.updatedAt;
  }
  return out;
};

/** IndexedDB in some iOS WebViews hangs on open: never keep the form behind it for long. */
const RESTORE_TIMEOUT_MS = 800;

/** Draft and refused-answer restore for one form; `null` while it is being read. */
export const useRestored = (target: AnswerTarget, generation: number): Restored | null => {
  const key = `${getStoredUserId() ?? ''}|${target.surveyId}|${target.partitionKey ?? ''}|${generation}`;
  // First visit: no database yet, so nothing to restore; the form shows without waiting for one.
  const [state, setState] = useState<{ key: string; value: Restored } | null>(() => (knownNoRestore() ? { key, value: {} } : null));
  useEffect(() => {
    if (state?.key === key && knownNoRestore()) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The timeout counts from the offline layer's arrival: a slow chunk (a repeat visit without a
    // service worker) must not open the form empty over a draft that is there.
    pageOfflineDb()
      .then((db) => {
        timer = setTimeout(() => live && setState({ key, value: {} }), RESTORE_TIMEOUT_MS);
        return loadRestored(db, target);
      })
      .catch((e: unknown) => {
        console.warn('draft restore failed', e);
        return {};
      })
      .then((value) => {
        clearTimeout(timer);
        if (live) setState((cur) => (cur?.key === key ? cur : { key, value }));
      });
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // target's parts are all in key; state is read only to skip a restore already known empty.
  }, [key]);
  return state?.key === key ? state.value : null;
};
