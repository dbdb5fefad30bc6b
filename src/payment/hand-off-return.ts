/**
 * Where the last hand-off to the card provider started (the form's path), kept for this tab:
 * sessionStorage survives the round trip through the provider's site, so the cancelled page can
 * lead back to that form. Sign-out clears it with the rest of sessionStorage (offline/forget.ts).
 */
const KEY = 'payment-hand-off';

const storage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/** Only a path of this site: the value is read back into a link. */
const ownPath = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

export const rememberHandOff = (orderId: string, path: string): void => {
  if (!ownPath(path)) return;
  try {
    storage()?.setItem(KEY, JSON.stringify({ orderId, path }));
  } catch {
    // Private mode or a full quota: the cancelled page then offers the start page.
  }
};

/** The form the order was handed off from, when this tab handed it off. */
export const handOffPathOf = (orderId: string | undefined): string | null => {
  if (!orderId) return null;
  try {
    const kept = JSON.parse(storage()?.getItem(KEY) ?? 'null') as { orderId?: unknown; path?: unknown } | null;
    return kept?.orderId === orderId && ownPath(kept.path) ? kept.path : null;
  } catch {
    return null;
  }
};
