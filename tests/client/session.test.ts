import { beforeEach, describe, expect, it } from 'vitest';
import { decodeJwtPayload, getSession, saveSession, SESSION_KEY, signOut, type Session } from '../../src/lib/session';
import { makeIdToken } from './fake-clock';

const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const session = (exp: number | undefined): Session => ({
  idToken: makeIdToken({ sub: 'U1', name: '山田 花子', ...(exp === undefined ? {} : { exp }) }),
  accessToken: 'access',
  refreshToken: 'refresh',
  profile: { userId: 'U1', displayName: '山田 花子', pictureUrl: 'https://example.test/p.png' },
});

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('is the stored one while the id token is unexpired', () => {
    const s = session(NOW / 1000 + 60);
    saveSession(s);
    expect(getSession(NOW)).toEqual(s);
  });

  it('is none once the id token has expired', () => {
    saveSession(session(NOW / 1000 - 1));
    expect(getSession(NOW)).toBeNull();
  });

  it('is none at the exact second of exp', () => {
    saveSession(session(NOW / 1000));
    expect(getSession(NOW)).toBeNull();
  });

  it('is none for a token without exp, a malformed token or broken JSON', () => {
    saveSession(session(undefined));
    expect(getSession(NOW)).toBeNull();
    saveSession({ ...session(NOW / 1000 + 60), idToken: 'not-a-jwt' });
    expect(getSession(NOW)).toBeNull();
    localStorage.setItem(SESSION_KEY, '{oops');
    expect(getSession(NOW)).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ idToken: makeIdToken({ exp: NOW / 1000 + 60 }) }));
    expect(getSession(NOW)).toBeNull();
  });

  it('decodes a UTF-8 payload (Japanese display names)', () => {
    expect(decodeJwtPayload(makeIdToken({ name: '山田 花子' }))?.name).toBe('山田 花子');
  });

  it('signOut clears it', () => {
    saveSession(session(NOW / 1000 + 60));
    signOut();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(getSession(NOW)).toBeNull();
  });
});
