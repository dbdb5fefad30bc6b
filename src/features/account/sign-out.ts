/**
 * Signing a resident out of a shared device: the session goes from every store (localStorage,
 * LIFF's own keys, sessionStorage), their data from IndexedDB and memory (offline/forget.ts), and
 * the page returns to the start page. Undelivered answers stay, bound to the resident.
 */
import type { QueryClient } from '@tanstack/react-query';
import { logoutLiff } from '../../lib/liff';
import { signOut } from '../../lib/session';
import { forgetPerson } from '../../offline/forget';
import { listDrafts } from '../../offline/drafts';
import { pageOutbox } from '../../offline/load';
import { isPending } from '../../offline/outbox-snapshot';

/** The resident's answers the server does not have yet (waiting, needing a sign-in, refused, or stopped). */
export const undeliveredCount = async (userId: string): Promise<number> => {
  const snapshot = await (await pageOutbox()).snapshot();
  return snapshot.entries.filter((e) => e.userId === userId && (isPending(e.status) || e.status === 'rejected' || e.status === 'stalled')).length;
};

/** The resident's drafts on this device: they go with the session (offline/forget.ts). */
export const draftCount = async (userId: string): Promise<number> => (await listDrafts(userId)).length;

/** 今すぐ送信する: every waiting answer goes now; resolves with how many are still undelivered. */
export const retryBeforeSignOut = async (userId: string): Promise<number> => {
  await (await pageOutbox()).retryNow();
  return undeliveredCount(userId);
};

export interface SignOutOptions {
  userId: string;
  queryClient: QueryClient;
  /** Navigates to the start page. */
  leave: () => Promise<unknown>;
}

export const signOutResident = async ({ userId, queryClient, leave }: SignOutOptions): Promise<void> => {
  // The resident's screens are left before the session goes, so none of them refetches signed out.
  await forgetPerson({
    ownerId: userId,
    queryClient,
    leave: async () => {
      await leave();
      signOut();
    },
  });
  await logoutLiff().catch((e: unknown) => console.warn('LIFF logout failed', e));
};
