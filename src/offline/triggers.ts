/**
 * When the outbox is replayed. The page owns the outbox (LINE's in-app browser on iOS may run no
 * service worker), so the page itself replays it:
 * - at start (a page killed mid-send comes back here),
 * - on `online` (entries that failed for lack of network skip their backoff),
 * - when the page becomes visible again (residents switch to LINE's chat and back),
 * - on a timer: at the earliest retry time of a waiting entry, and every minute while any wait,
 * - when the service worker relays a Background Sync (an extra trigger where it exists),
 * - after a sign-in or sign-out, in this tab or another (`storage` event): the queue is re-scoped
 *   to the new resident, whose needs-auth entries can now go.
 */
import { isMessageOfType, REPLAY_OUTBOX_MESSAGE } from '@core/pwa/sw-contract';
import { KIOSK_KEY } from '../lib/kiosk';
import { getStoredUserId, onSessionChange as onSessionChangeDefault, SESSION_KEY } from '../lib/session';
import type { Outbox, OutboxSnapshot, ReplayOptions } from './outbox';

export interface ReplayTriggerDeps {
  outbox: Pick<Outbox, 'replay' | 'subscribe' | 'refresh'>;
  /** Where online, pagehide and storage are heard (window). */
  win?: EventTarget | null;
  /** Where visibilitychange is heard (document). */
  doc?: (EventTarget & { readonly visibilityState: DocumentVisibilityState }) | null;
  /** navigator.serviceWorker, for the worker's replay requests. */
  serviceWorker?: EventTarget | null;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => () => void;
  onSessionChange?: (listener: () => void) => () => void;
  currentUserId?: () => string | null;
  /**
   * Whose page this was when it started, if that was before the triggers (the offline layer
   * starts after a first visit's first screen): a change of resident meanwhile still counts.
   */
  startUserId?: string | null;
  /** Another resident signed in (or out): drop in-memory data of the previous one (`previous`, null when nobody was signed in). */
  onUserChange?: (userId: string | null, previous: string | null) => void;
  /** Ask the worker for a Background Sync while entries wait (no-op where unsupported). */
  registerBackgroundSync?: () => unknown;
  /** Longest quiet time while entries wait (a missed event must not strand them). */
  heartbeatMs?: number;
}

const realSetTimer = (fn: () => void, ms: number) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

/** Starts every trigger; returns the function that stops them. */
export const startReplayTriggers = (deps: ReplayTriggerDeps): (() => void) => {
  const { outbox } = deps;
  const win = deps.win === undefined ? (typeof window === 'undefined' ? null : window) : deps.win;
  const doc = deps.doc === undefined ? (typeof document === 'undefined' ? null : document) : deps.doc;
  const sw =
    deps.serviceWorker === undefined
      ? typeof navigator !== 'undefined' && 'serviceWorker' in navigator
        ? navigator.serviceWorker
        : null
      : deps.serviceWorker;
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? realSetTimer;
  const currentUserId = deps.currentUserId ?? getStoredUserId;
  const heartbeatMs = deps.heartbeatMs ?? 60_000;
  const cleanups: (() => void)[] = [];
  let stopped = false;

  const replay = (opts?: ReplayOptions) => {
    if (stopped) return;
    void outbox.replay(opts);
  };

  const listen = (target: EventTarget | null, type: string, fn: (e: Event) => void) => {
    if (!target) return;
    target.addEventListener(type, fn);
    cleanups.push(() => target.removeEventListener(type, fn));
  };

  listen(win, 'online', () => replay({ networkBack: true }));
  listen(doc, 'visibilitychange', () => {
    if (doc?.visibilityState === 'visible') replay();
  });
  listen(sw, 'message', (e) => {
    if (isMessageOfType((e as MessageEvent).data, REPLAY_OUTBOX_MESSAGE.type)) replay();
  });

  let lastUser = deps.startUserId === undefined ? currentUserId() : deps.startUserId;
  const sessionChanged = () => {
    const user = currentUserId();
    if (user !== lastUser) {
      const previous = lastUser;
      lastUser = user;
      deps.onUserChange?.(user, previous);
    }
    void outbox.refresh();
    replay();
  };
  cleanups.push((deps.onSessionChange ?? onSessionChangeDefault)(sessionChanged));
  listen(win, 'storage', (e) => {
    const key = (e as StorageEvent).key;
    // key null: another tab cleared the whole storage.
    if (key === SESSION_KEY || key === KIOSK_KEY || key === null) sessionChanged();
  });

  // The timer follows the queue: wake at the earliest retry time, and at least every heartbeat
  // while anything waits for the network (needs-auth, rejected and stalled entries wait for the resident).
  let cancelTimer: (() => void) | null = null;
  let syncAsked = false;
  const schedule = (s: OutboxSnapshot) => {
    cancelTimer?.();
    cancelTimer = null;
    const queued = s.entries.some((e) => e.status === 'queued' || e.status === 'sending');
    if (!queued || stopped) {
      syncAsked = false;
      return;
    }
    if (!syncAsked && !s.replaying && deps.registerBackgroundSync) {
      syncAsked = true;
      void Promise.resolve()
        .then(() => deps.registerBackgroundSync?.())
        .catch(() => {});
    }
    if (s.replaying) return;
    const wait = s.nextAttemptAt === null ? heartbeatMs : Math.min(heartbeatMs, Math.max(1_000, s.nextAttemptAt - now()));
    cancelTimer = setTimer(() => {
      cancelTimer = null;
      replay();
    }, wait);
  };
  cleanups.push(outbox.subscribe(schedule));
  cleanups.push(() => cancelTimer?.());

  if (currentUserId() !== lastUser) sessionChanged();
  // App start.
  replay({ networkBack: true });

  return () => {
    stopped = true;
    for (const c of cleanups.splice(0)) c();
  };
};
