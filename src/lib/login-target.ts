/**
 * Where a resident was going when sign-in interrupted them, kept apart from the sign-in flow
 * (login.ts): every guarded route stores it, while the flow itself loads only with /login.
 */

export const LIFF_STATE_KEY = 'liffState';
export const DEFAULT_TARGET = '/';

/** localStorage, or null where the WebView refuses it. */
export const store = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/**
 * Only a path on this origin may be a return target: q and liffState come from URLs a third
 * party can craft, and following an absolute URL would make /login an open redirect.
 */
export const safeTarget = (raw: string | null | undefined): string | null => {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const base = 'http://target.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    // Returning to /login itself would loop.
    if (url.pathname === '/login' || url.pathname === '/login/') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
};

export const rememberTarget = (target: string): void => {
  const safe = safeTarget(target);
  if (safe) store()?.setItem(LIFF_STATE_KEY, safe);
};

/** The stored target, consumed so a later plain visit to /login does not jump to an old page. */
export const takeTarget = (): string => {
  const s = store();
  const target = safeTarget(s?.getItem(LIFF_STATE_KEY));
  s?.removeItem(LIFF_STATE_KEY);
  return target ?? DEFAULT_TARGET;
};
