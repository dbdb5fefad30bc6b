/**
 * The signed-in resident, kept in localStorage so a reload inside LINE does not ask for a new
 * login. The server verifies the token on every call; the client only reads the token's exp so
 * it stops using a session the server would refuse anyway (spec 01 §4: an expired id token is
 * no session).
 */
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

/** The stored session when it is still valid; anything expired, malformed or absent is null. */
export const getSession = (now: number = Date.now()): Session | null => {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionShape(parsed) && isSessionValid(parsed, now) ? parsed : null;
  } catch {
    return null;
  }
};

export const saveSession = (session: Session): void => {
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
};

export const signOut = (): void => {
  storage()?.removeItem(SESSION_KEY);
};
