/**
 * Ends one person's use of a shared device, for the header's ログアウト and the kiosk's hand-over
 * to the next visitor: nothing of theirs stays on screen, in this page's memory, in
 * sessionStorage or in IndexedDB, but for their undelivered answers (offline/wipe.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { endOpenDraftSavers } from './drafts';
import { loadOfflineLayer } from './load';

export interface ForgetPersonOptions {
  /** Whose stored data goes (the resident's user id, or the kiosk's owner id). */
  ownerId: string | null;
  queryClient: QueryClient;
  /** Leaves the person's screens (their components unmount); runs before anything is cleared. */
  leave: () => Promise<unknown>;
  /**
   * Kiosk: its cached reads are forms and calendars, nothing of a visitor's (a kiosk may read no
   * answers), and the next visitor may need them offline.
   */
  keepCachedReads?: boolean;
}

const clearSessionStorage = () => {
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // Disabled storage held nothing.
  }
};

export const forgetPerson = async ({ ownerId, queryClient, leave, keepCachedReads = false }: ForgetPersonOptions): Promise<void> => {
  // First, so a screen flushing its draft as it unmounts writes nothing.
  endOpenDraftSavers();
  clearSessionStorage();
  await leave();
  queryClient.clear();
  if (ownerId) await (await loadOfflineLayer()).forgetOwner(ownerId, { keepCachedReads });
};
