import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { REPLAY_OUTBOX_MESSAGE } from '@core/pwa/sw-contract';
import { SESSION_KEY } from '../../src/lib/session';
import { EMPTY_OUTBOX_SNAPSHOT, type OutboxEntry, type OutboxSnapshot, type ReplayOptions } from '../../src/offline/outbox';
import { startReplayTriggers } from '../../src/offline/triggers';

const setup = ({ user = 'U1', startUserId }: { user?: string | null; startUserId?: string | null } = {}) => {
  const replays: (ReplayOptions | undefined)[] = [];
  let listener: ((s: OutboxSnapshot) => void) | null = null;
  const outbox = {
    replay: vi.fn(async (opts?: ReplayOptions) => {
      replays.push(opts);
      return { sent: 0 };
    }),
    refresh: vi.fn(async () => {}),
    subscribe: (l: (s: OutboxSnapshot) => void) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
  };
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const sw = new EventTarget();
  const timers: { fn: () => void; ms: number; live: boolean }[] = [];
  const sessionListeners = new Set<() => void>();
  const state = { user, now: 10_000 };
  const onUserChange = vi.fn();
  const registerBackgroundSync = vi.fn();
  const stop = startReplayTriggers({
    outbox,
    win,
    doc,
    serviceWorker: sw,
    now: () => state.now,
    setTimer: (fn, ms) => {
      const t = {
        fn: () => {
          t.live = false;
          fn();
        },
        ms,
        live: true,
      };
      timers.push(t);
      return () => {
        t.live = false;
      };
    },
    onSessionChange: (l) => {
      sessionListeners.add(l);
      return () => sessionListeners.delete(l);
    },
    currentUserId: () => state.user,
    ...(startUserId === undefined ? {} : { startUserId }),
    onUserChange,
    registerBackgroundSync,
  });
  const publish = (s: Partial<OutboxSnapshot>) => listener?.({ ...EMPTY_OUTBOX_SNAPSHOT, ...s });
  const liveTimers = () => timers.filter((t) => t.live);
  return { outbox, replays, win, doc, sw, state, stop, publish, liveTimers, sessionListeners, onUserChange, registerBackgroundSync, hasListener: () => listener !== null };
};

const queuedEntry = (nextAttemptAt: number) => ({ id: 'e1', status: 'queued', nextAttemptAt }) as unknown as OutboxEntry;

describe('replay triggers', () => {
  it('replays at start, letting network failures skip their backoff', () => {
    const t = setup();
    expect(t.replays).toEqual([{ networkBack: true }]);
    t.stop();
  });

  it('replays on online, on becoming visible and on the worker’s message', () => {
    const t = setup();
    t.win.dispatchEvent(new Event('online'));
    expect(t.replays.at(-1)).toEqual({ networkBack: true });

    t.doc.visibilityState = 'hidden';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    expect(t.replays).toHaveLength(2);
    t.doc.visibilityState = 'visible';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    expect(t.replays).toHaveLength(3);

    t.sw.dispatchEvent(new MessageEvent('message', { data: { type: 'SOMETHING_ELSE' } }));
    expect(t.replays).toHaveLength(3);
    t.sw.dispatchEvent(new MessageEvent('message', { data: REPLAY_OUTBOX_MESSAGE }));
    expect(t.replays).toHaveLength(4);
    t.stop();
  });

  it('a sign-in or sign-out re-scopes the queue, clears the previous resident’s memory, and replays', () => {
    const t = setup();
    t.state.user = 'U2';
    for (const l of t.sessionListeners) l();
    expect(t.onUserChange).toHaveBeenCalledWith('U2', 'U1');
    expect(t.outbox.refresh).toHaveBeenCalled();
    expect(t.replays).toHaveLength(2);

    // The same resident renewing their token is not a user change.
    for (const l of t.sessionListeners) l();
    expect(t.onUserChange).toHaveBeenCalledTimes(1);

    // Another tab signed out.
    t.state.user = null;
    t.win.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    expect(t.onUserChange).toHaveBeenLastCalledWith(null, 'U2');
    t.win.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(t.onUserChange).toHaveBeenCalledTimes(2);
    t.stop();
  });

  it('started after the first screen: a change of resident since the page started still counts', () => {
    const same = setup({ user: 'U1', startUserId: 'U1' });
    expect(same.onUserChange).not.toHaveBeenCalled();
    same.stop();
    const t = setup({ user: 'U2', startUserId: 'U1' });
    expect(t.onUserChange).toHaveBeenCalledWith('U2', 'U1');
    t.stop();
    // Signed in through the login screen after the page started: the change comes from nobody.
    const first = setup({ user: 'U1', startUserId: null });
    expect(first.onUserChange).toHaveBeenCalledWith('U1', null);
    first.stop();
  });

  it('a change of resident after the layer started: the outbox re-scopes and replays', () => {
    const t = setup({ user: 'U2', startUserId: 'U1' });
    expect(t.outbox.refresh).toHaveBeenCalled();
    expect(t.replays.at(-1)).toEqual({ networkBack: true });
    t.stop();
  });

  it('arms a timer at the next retry time (at least 1 s, at most the heartbeat) while entries wait', () => {
    const t = setup();
    t.publish({ entries: [queuedEntry(14_000)], nextAttemptAt: 14_000, waiting: 1 });
    expect(t.liveTimers().map((x) => x.ms)).toEqual([4_000]);
    expect(t.registerBackgroundSync).not.toHaveBeenCalled();
    return Promise.resolve().then(() => {
      expect(t.registerBackgroundSync).toHaveBeenCalledTimes(1);
      t.liveTimers()[0]?.fn();
      expect(t.replays).toHaveLength(2);

      t.publish({ entries: [queuedEntry(10_100)], nextAttemptAt: 10_100, waiting: 1 });
      expect(t.liveTimers().map((x) => x.ms)).toEqual([1_000]);
      t.publish({ entries: [queuedEntry(10_000 + 3_600_000)], nextAttemptAt: 10_000 + 3_600_000, waiting: 1 });
      expect(t.liveTimers().map((x) => x.ms)).toEqual([60_000]);
      // Nothing waits for the network: no timer.
      t.publish({ entries: [], waiting: 0 });
      expect(t.liveTimers()).toEqual([]);
      t.stop();
    });
  });

  it('stop() removes every listener and the timer', () => {
    const t = setup();
    t.publish({ entries: [queuedEntry(20_000)], nextAttemptAt: 20_000, waiting: 1 });
    t.stop();
    expect(t.liveTimers()).toEqual([]);
    expect(t.hasListener()).toBe(false);
    expect(t.sessionListeners.size).toBe(0);
    t.win.dispatchEvent(new Event('online'));
    t.sw.dispatchEvent(new MessageEvent('message', { data: REPLAY_OUTBOX_MESSAGE }));
    expect(t.replays).toHaveLength(1);
  });
});
