/**
 * Service worker registration (workbox-window) and the update flow. A new version never takes
 * over by itself: when one is waiting, the app shows a prompt (新しいバージョンがあります。
 * 再読み込み), and only when the resident accepts does the new worker skip waiting; the page
 * reloads once that worker controls it. Replacing code under a half-filled form could lose it.
 *
 * Skipped in dev (STACK.md: the worker is off on purpose there) and where there is no service
 * worker at all (LINE's in-app browser on iOS may have none: the app works without it).
 */
import { OUTBOX_SYNC_TAG } from '@core/pwa/sw-contract';
import type { Workbox, WorkboxLifecycleEvent } from 'workbox-window';
import { useSyncExternalStore } from 'react';
import { afterFirstScreen } from './first-screen';

export interface PwaUpdateState {
  /** A new version is ready; show the reload prompt. */
  needRefresh: boolean;
}

/** The parts of workbox-window's Workbox the update flow uses (tests pass a fake). */
export interface WorkboxLike {
  addEventListener(type: 'waiting', listener: (event: WorkboxLifecycleEvent) => void): void;
  messageSkipWaiting(): void;
}

/** navigator.serviceWorker, or a fake: who controls this page, and when that changes. */
export type ControllerSource = EventTarget & { readonly controller: unknown };

export interface PwaUpdater {
  getState(): PwaUpdateState;
  subscribe(listener: () => void): () => void;
  /** The resident pressed 再読み込み. */
  accept(): void;
  /** The resident closed the prompt; it comes back with the next new version. */
  dismiss(): void;
}

export interface PwaUpdaterDeps {
  wb: WorkboxLike;
  container: ControllerSource;
  reload: () => void;
  /** Arms a timer and returns its cancel function. */
  setTimer?: (fn: () => void, ms: number) => () => void;
  /** Reload anyway this long after accepting if the new worker never reports control. */
  fallbackMs?: number;
}

export const createPwaUpdater = ({ wb, container, reload, setTimer, fallbackMs = 5_000 }: PwaUpdaterDeps): PwaUpdater => {
  const arm =
    setTimer ??
    ((fn: () => void, ms: number) => {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    });
  let state: PwaUpdateState = { needRefresh: false };
  const listeners = new Set<() => void>();
  const set = (next: PwaUpdateState) => {
    state = next;
    for (const l of [...listeners]) l();
  };
  let accepted = false;
  let reloaded = false;
  /** Another tab already activated the new worker: this page only needs a reload. */
  let controlledByNew = false;

  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };

  wb.addEventListener('waiting', () => set({ needRefresh: true }));
  // The container's controllerchange covers this tab's update and one accepted in another tab
  // alike; a page that had no controller is seeing the first install (clientsClaim in sw.ts),
  // which is no update: nothing to offer then.
  let hadController = container.controller != null;
  container.addEventListener('controllerchange', () => {
    const wasControlled = hadController;
    hadController = true;
    if (accepted) {
      reloadOnce();
      return;
    }
    // Accepted in another tab: the new worker controls this page too while the old version's
    // code still runs here (its lazy chunks may be gone), so offer the reload here as well.
    if (wasControlled) {
      controlledByNew = true;
      set({ needRefresh: true });
    }
  });

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    accept: () => {
      if (accepted) return;
      accepted = true;
      if (controlledByNew) {
        reloadOnce();
        return;
      }
      wb.messageSkipWaiting();
      arm(reloadOnce, fallbackMs);
    },
    dismiss: () => set({ needRefresh: false }),
  };
};

// useSyncExternalStore needs the same object back while nothing changed.
const IDLE_STATE: PwaUpdateState = { needRefresh: false };
const idleUpdater: PwaUpdater = {
  getState: () => IDLE_STATE,
  subscribe: () => () => {},
  accept: () => {},
  dismiss: () => {},
};

let activeUpdater: PwaUpdater = idleUpdater;
let activeRegistration: Promise<ServiceWorkerRegistration | undefined> | null = null;

/** Kiosk tablets keep the app open for days: look for a new version this often. */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * workbox-window's Workbox, which loads after the first screen (first-screen.ts: neither its code
 * nor the worker's install, which fetches the whole precache, competes with it), behind the
 * WorkboxLike the updater needs now. Calls made meanwhile run once it is here, in order.
 */
const deferredWorkbox = (wb: Promise<Workbox>): WorkboxLike => {
  // A failed load is reported once, by the registration below.
  const later = (fn: (w: Workbox) => void) => void wb.then(fn, () => {});
  return {
    addEventListener: (type, listener) => later((w) => w.addEventListener(type, listener)),
    messageSkipWaiting: () => later((w) => w.messageSkipWaiting()),
  };
};

/**
 * Registers /sw.js after the first screen. Call once at start; returns the updater (idle when
 * there is no worker).
 */
export const registerServiceWorker = (): PwaUpdater => {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return idleUpdater;
  const wb = new Promise<void>((resolve) => afterFirstScreen(resolve))
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }));
  activeUpdater = createPwaUpdater({ wb: deferredWorkbox(wb), container: navigator.serviceWorker, reload: () => window.location.reload() });
  // After the updater's listener (added above, run first once wb resolves): a waiting worker is reported to it.
  activeRegistration = wb
    .then((w) => {
      setInterval(() => void w.update().catch(() => {}), UPDATE_CHECK_MS);
      return w.register();
    })
    .catch((e: unknown) => {
      console.warn('service worker registration failed', e);
      return undefined;
    });
  return activeUpdater;
};

export const getPwaUpdater = (): PwaUpdater => activeUpdater;

/** The update prompt's state and actions, for React. */
export const usePwaUpdate = (updater: PwaUpdater = getPwaUpdater()) => {
  const state = useSyncExternalStore(updater.subscribe, updater.getState, updater.getState);
  return { ...state, accept: updater.accept, dismiss: updater.dismiss };
};

/** `serviceWorker.ready` may resolve while the worker is still activating (STACK.md pitfall 10). */
const whenActivated = (registration: ServiceWorkerRegistration): Promise<void> =>
  new Promise((resolve) => {
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    if (!worker || worker.state === 'activated') {
      resolve();
      return;
    }
    const onChange = () => {
      if (worker.state === 'activated' || worker.state === 'redundant') {
        worker.removeEventListener('statechange', onChange);
        resolve();
      }
    };
    worker.addEventListener('statechange', onChange);
  });

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks for a Background Sync (Chromium only) so the worker nudges the page to replay when the
 * connection returns. An extra trigger: the page's own triggers do not depend on it.
 */
export const registerOutboxSync = async (): Promise<boolean> => {
  if (!activeRegistration) return false;
  try {
    const registration = (await activeRegistration) as SyncCapableRegistration | undefined;
    if (!registration?.sync) return false;
    await whenActivated(registration);
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Permission refused, or no active worker yet: the page's triggers still replay.
    return false;
  }
};
