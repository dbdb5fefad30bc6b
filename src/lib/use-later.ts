/**
 * A module no first screen needs, loaded when a component first asks for it: null until it is
 * here, then kept for every later render. A failed load (a weak link, or offline before the
 * service worker holds the chunk) renders nothing rather than an error screen, and is tried
 * again when the browser is back online.
 */
import { useEffect, useState } from 'react';

type Load<M> = () => Promise<M>;

const loaded = new Map<Load<unknown>, unknown>();

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
    const attempt = () => {
      load().then(
        (m) => {
          loaded.set(load, m);
          if (live) setMod(() => m);
        },
        () => {
          if (live) window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    attempt();
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
    };
  }, [load]);
  return load ? mod : null;
};
