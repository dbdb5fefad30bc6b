/**
 * What the survey screen reopens with: the draft or refused answer of the form (read from
 * IndexedDB, never waited on for long). A sent answer a reloaded completion page names is
 * offline/sent-entry.ts's.
 */
import { useEffect, useState } from 'react';
import { getStoredUserId } from '../../lib/session';
import { pageOfflineDb } from '../../offline/load';
import { knownNoRestore } from '../../offline/presence';
import { loadRestored, type AnswerTarget, type Restored } from './send';

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
