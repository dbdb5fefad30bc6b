/**
 * A module no first screen needs, loaded when a component first asks for it (or ahead of that,
 * preloadLater): null until it is here, then kept for every later render. A failed load (a weak
 * link, or offline before the service worker holds the chunk) renders nothing rather than an
 * error screen, and is tried again once the browser is back online or after a short wait.
 */
import { useEffect, useState } from 'react';

type Load<M> = () => Promise<M>;

/** A failed load waits this long before it is tried again, unless the browser comes back online first. */
export const LATER_RETRY_MS = 5_000;

const loaded = new Map<Load<unknown>, unknown>();

/**
 * Starts a load now, so the part's first render finds it here. Settles once it is here or has
 * failed, never rejecting: a failure is left to useLater.
 */
export const preloadLater = <M>(load: Load<M>): Promise<void> => {
  if (loaded.has(load)) return Promise.resolve();
  return load().then(
    (m) => void loaded.set(load, m),
    () => {},
  );
};

export const useLater = <M>(load: Load<M> | null): M | null => {
  const [mod, setMod] = useState<M | null>(() => (load ? ((loaded.get(load) as M | undefined) ?? null) : null));
  useEffect(() => {
    if (!load) return;
    const here = loaded.get(load) as M | undefined;
    if (here) {
      setMod(() => here);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retry = () => {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
      if (live) attempt();
    };
    const attempt = () => {
      load().then(
        (m) => {
          loaded.set(load, m);
          if (live) setMod(() => m);
        },
        () => {
          if (!live) return;
          window.addEventListener('online', retry);
          timer = setTimeout(retry, LATER_RETRY_MS);
        },
      );
    };
    attempt();
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [load]);
  return load ? mod : null;
};
