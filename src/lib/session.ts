/**
 * The signed-in resident, kept in localStorage so a reload inside LINE does not ask for a new
 * login. The server verifies the token on every call; the client only reads the token's exp so
 * it stops using a session the server would refuse anyway (spec 01 §4: an expired id token is
 * no session), and marks it refused when the server did refuse it (markSessionRefused).
 */
import { getKiosk, kioskUserId, onKioskChange, type KioskState } from './kiosk';

export interface SessionProfile {
  userId: string;
  displayName: string;
  pictureUrl?: string | undefined;
}

export interface Session {
  idToken: string;
  accessToken: string;
  refreshToken?: string | undefined;
  profile: SessionProfile;
}

export const SESSION_KEY = 'session';

/** As stored: a session the server refused keeps its owner (offline data is theirs) but is no session. */
interface StoredSession extends Session {
  refused?: boolean | undefined;
}

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Some embedded browsers throw on access when storage is disabled.
    return null;
  }
};

const decodeBase64Url = (part: string): string => {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  // LINE puts the display name (often Japanese) in the token, so decode as UTF-8, not Latin-1.
  return new TextDecoder().decode(bytes);
};

/** The JWT payload without verifying it: only the server may trust a token's claims. */
export const decodeJwtPayload = (token: string): Record<string, unknown> | null => {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(part));
    return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** Milliseconds since the epoch when the token expires, or null when it carries no usable exp. */
export const tokenExpiry = (token: string): number | null => {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
};

export const isSessionValid = (session: Session, now: number = Date.now()): boolean => {
  const expiry = tokenExpiry(session.idToken);
  return expiry !== null && expiry > now;
};

const isSessionShape = (v: unknown): v is Session => {
  if (v === null || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  const p = s.profile as Record<string, unknown> | undefined;
  return (
    typeof s.idToken === 'string' &&
    typeof s.accessToken === 'string' &&
    p !== null &&
    typeof p === 'object' &&
    typeof p.userId === 'string' &&
    typeof p.displayName === 'string'
  );
};

/** An enrolled kiosk acts as the page's session: its credential is the Bearer, its name the owner. */
const kioskSession = (kiosk: KioskState): Session | null =>
  kiosk.revoked ? null : { idToken: kiosk.token, accessToken: '', profile: { userId: kioskUserId(kiosk), displayName: kiosk.name } };

/**
 * The stored session when it is still valid; anything expired, malformed or absent is null. On
 * a kiosk tablet, the kiosk's (null once revoked): no resident session is kept there.
 */
export const getSession = (now: number = Date.now()): Session | null => {
  const kiosk = getKiosk();
  return kiosk ? kioskSession(kiosk) : readResidentSession(now);
};

const readStored = (): StoredSession | null => {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionShape(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

const readResidentSession = (now: number): Session | null => {
  const stored = readStored();
  return stored && !stored.refused && isSessionValid(stored, now) ? stored : null;
};

/** The resident's own session, never the kiosk's: what the header's ログアウト acts on. */
export const getResidentSession = (now: number = Date.now()): Session | null => (getKiosk() ? null : readResidentSession(now));

/**
 * The user id of the stored session even when its token has expired: offline data (drafts, the
 * outbox, cached configs) belongs to that resident, who may only need to sign in again to send.
 */
export const getStoredUserId = (): string | null => {
  const kiosk = getKiosk();
  if (kiosk) return kioskUserId(kiosk);
  return readStored()?.profile.userId ?? null;
};

type SessionListener = () => void;
const sessionListeners = new Set<SessionListener>();

/**
 * Called after this tab signs in or out. Shared kiosk tablets pass between residents, so the
 * offline layer re-scopes its outbox view and in-memory caches here (other tabs learn it from the
 * `storage` event). Returns the unsubscribe function.
 */
export const onSessionChange = (listener: SessionListener): (() => void) => {
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
};

const notifySessionChange = (): void => {
  for (const listener of [...sessionListeners]) {
    try {
      listener();
    } catch {
      // A failing listener must not stop a sign-out (or the other listeners).
    }
  }
};

// Enrolling, refreshing or revoking the kiosk changes who the page acts for.
onKioskChange(notifySessionChange);

/**
 * The resident's stored session whose token the server has just refused (401, or 403 "IdToken
 * expired."), so the page needs a new sign-in. Kept as refused rather than removed: like a
 * token past its exp, its owner's drafts and queued answers stay theirs, to be sent once they
 * sign in again. Only that very token: a late answer to a request made before a new sign-in
 * must not end the new session.
 */
export const markSessionRefused = (idToken: string): void => {
  if (getKiosk()) return;
  const stored = readStored();
  if (!stored || stored.refused || stored.idToken !== idToken) return;
  storage()?.setItem(SESSION_KEY, JSON.stringify({ ...stored, refused: true } satisfies StoredSession));
  notifySessionChange();
};

/** Whether the page's resident must sign in again because the server refused their token. */
export const isSessionRefused = (): boolean => !getKiosk() && readStored()?.refused === true;

export const saveSession = (session: Session): void => {
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  notifySessionChange();
};

export const signOut = (): void => {
  storage()?.removeItem(SESSION_KEY);
  notifySessionChange();
};
