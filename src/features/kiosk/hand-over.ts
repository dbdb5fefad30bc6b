/**
 * The kiosk between two visitors: every trace of the last one goes (form state, drafts, the
 * query cache, sessionStorage, delivered answers), its undelivered answers stay and are sent with
 * the kiosk's credential when the network returns. Its cached forms and calendars stay too: they
 * hold nothing of a visitor, and the next one may need them offline.
 */
import type { QueryClient } from '@tanstack/react-query';
import { kioskMe } from '@core/contract/kiosk';
import { call, okAnswer } from '../../lib/api';
import { getKiosk, kioskUserId, saveKiosk, type KioskState } from '../../lib/kiosk';
import { forgetPerson } from '../../offline/forget';

/** The start screen's wipe, on every arrival there. */
export const wipeLastVisit = async (queryClient: QueryClient): Promise<void> => {
  const kiosk = getKiosk();
  if (!kiosk) return;
  await forgetPerson({ ownerId: kioskUserId(kiosk), queryClient, leave: async () => {}, keepCachedReads: true });
};

/**
 * The kiosk's name, forms and idle time as the server has them now; a revoked kiosk is marked by
 * the API client (the layout then shows the stop screen). Offline, the stored ones stand.
 */
export const refreshKiosk = async (signal?: AbortSignal): Promise<KioskState | null> => {
  const answer = okAnswer(await call(kioskMe, {}, { signal, retry: { maxAttempts: 1, networkRetries: 0 }, timeoutMs: 10_000 }));
  const current = getKiosk();
  if (!current || current.revoked) return current;
  const next: KioskState = { ...current, ...answer.kiosk, token: current.token };
  if (JSON.stringify(next) !== JSON.stringify(current)) saveKiosk(next);
  return next;
};
