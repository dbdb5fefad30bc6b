import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSettings } from '../../src/lib/app-config';
import {
  buildAuthorizeUrl,
  decideLogin,
  generateState,
  LIFF_STATE_KEY,
  LOGIN_STATE_KEY,
  performLogin,
  rememberTarget,
  safeTarget,
  takeTarget,
  type LoginDeps,
} from '../../src/lib/login';
import { getSession, saveSession, type Session } from '../../src/lib/session';
import { makeIdToken } from './fake-clock';

const ORIGIN = 'https://forms.example.jp';
const config = (liffId: string | null = null): AppSettings => ({
  channelId: '1650000000',
  authorizeUrl: 'https://issuer.example/oauth2/v2.1/authorize',
  liffId,
  externalUrlHosts: [],
  devIssuer: true,
});
const validSession = (): Session => ({
  idToken: makeIdToken({ sub: 'U1', exp: Math.floor(Date.now() / 1000) + 3600 }),
  accessToken: 'a',
  refreshToken: 'r',
  profile: { userId: 'U1', displayName: '山田 花子', pictureUrl: 'https://example.test/p.png' },
});

const makeDeps = (over: Partial<LoginDeps> = {}) => {
  const deps = {
    origin: ORIGIN,
    getAppConfig: vi.fn(async () => config()),
    exchangeCode: vi.fn(async () => validSession()),
    loginWithLiff: vi.fn(async () => ({ kind: 'session' as const, session: validSession() })),
    assign: vi.fn(),
    ...over,
  };
  return deps;
};

describe('login state', () => {
  beforeEach(() => localStorage.clear());

  it('is a number of up to 5 digits', () => {
    for (let i = 0; i < 500; i++) expect(generateState()).toMatch(/^\d{1,5}$/);
    expect(generateState(() => 4_294_967_295)).toBe('67295');
  });

  it('is saved and sent in the authorize URL when no session exists', async () => {
    const deps = makeDeps({ randomUint32: () => 12_345 });
    await expect(performLogin({}, deps)).resolves.toEqual({ kind: 'redirected' });
    expect(localStorage.getItem(LOGIN_STATE_KEY)).toBe('12345');
    expect(deps.assign).toHaveBeenCalledWith(
      'https://issuer.example/oauth2/v2.1/authorize?response_type=code&client_id=1650000000' +
        '&redirect_uri=https%3A%2F%2Fforms.example.jp%2Flogin&state=12345&scope=profile%20openid',
    );
  });

  it('refuses a callback whose state does not match the saved one', async () => {
    localStorage.setItem(LOGIN_STATE_KEY, '12345');
    const deps = makeDeps();
    await expect(performLogin({ code: 'c', state: '54321' }, deps)).resolves.toEqual({ kind: 'error', reason: 'state-mismatch' });
    expect(deps.exchangeCode).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('refuses a callback when no state was saved (another browser, or a replayed URL)', () => {
    expect(decideLogin({ search: { code: 'c', state: '1' }, hasSession: false, savedState: null, liffId: null })).toEqual({
      kind: 'state-mismatch',
    });
    expect(decideLogin({ search: { code: 'c' }, hasSession: false, savedState: '1', liffId: null })).toEqual({
      kind: 'state-mismatch',
    });
  });

  it('exchanges the code on a matching state, stores the session and restores the liffState target', async () => {
    localStorage.setItem(LOGIN_STATE_KEY, '777');
    rememberTarget('/survey/abc?partitionKey=abc%23U1&name=%E5%B1%B1');
    const deps = makeDeps();
    const outcome = await performLogin({ code: 'the-code', state: '777' }, deps);
    expect(deps.exchangeCode).toHaveBeenCalledWith('the-code', `${ORIGIN}/login`);
    expect(outcome).toMatchObject({ kind: 'navigate', to: '/survey/abc?partitionKey=abc%23U1&name=%E5%B1%B1' });
    expect(getSession()?.profile.displayName).toBe('山田 花子');
    // Both are single-use.
    expect(localStorage.getItem(LOGIN_STATE_KEY)).toBeNull();
    expect(localStorage.getItem(LIFF_STATE_KEY)).toBeNull();
  });

  it('goes to / when no target was stored', async () => {
    localStorage.setItem(LOGIN_STATE_KEY, '1');
    await expect(performLogin({ code: 'c', state: '1' }, makeDeps())).resolves.toMatchObject({ kind: 'navigate', to: '/' });
  });

  it('with a session goes straight to the stored target, without any call', async () => {
    saveSession(validSession());
    rememberTarget('/survey/xyz');
    const deps = makeDeps();
    await expect(performLogin({}, deps)).resolves.toMatchObject({ kind: 'navigate', to: '/survey/xyz' });
    expect(deps.getAppConfig).not.toHaveBeenCalled();
    expect(deps.assign).not.toHaveBeenCalled();
  });

  it('takes q as the return target', async () => {
    saveSession(validSession());
    await expect(performLogin({ q: '/survey/from-q?x=1' }, makeDeps())).resolves.toMatchObject({ to: '/survey/from-q?x=1' });
  });

  it('uses LIFF when the server configures a LIFF id', async () => {
    rememberTarget('/survey/liff');
    const deps = makeDeps({ getAppConfig: vi.fn(async () => config('1650000000-abcd')) });
    await expect(performLogin({ code: 'liff-code', state: 'liff-state' }, deps)).resolves.toMatchObject({
      kind: 'navigate',
      to: '/survey/liff',
    });
    expect(deps.loginWithLiff).toHaveBeenCalledWith('1650000000-abcd', `${ORIGIN}/login`);
    expect(deps.exchangeCode).not.toHaveBeenCalled();
    expect(getSession()).not.toBeNull();
  });

  it('reports a refused LINE login', async () => {
    await expect(performLogin({ error: 'access_denied' }, makeDeps())).resolves.toEqual({ kind: 'error', reason: 'denied' });
  });
});

describe('return target', () => {
  beforeEach(() => localStorage.clear());

  it('accepts only paths on this origin', () => {
    expect(safeTarget('/survey/a?b=c#d')).toBe('/survey/a?b=c#d');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', '/login', '/login?q=/x'])
      expect(safeTarget(bad)).toBeNull();
  });

  it('ignores an unsafe stored value', () => {
    localStorage.setItem(LIFF_STATE_KEY, 'https://evil.example/');
    expect(takeTarget()).toBe('/');
  });

  it('builds the authorize URL the spec asks for', () => {
    expect(buildAuthorizeUrl({ authorizeUrl: 'https://a/authorize', channelId: '1', redirectUri: 'http://localhost:5173/login', state: '9' })).toBe(
      'https://a/authorize?response_type=code&client_id=1&redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Flogin&state=9&scope=profile%20openid',
    );
  });

  it('asks LINE Login to offer the official account as a friend when the server says so', () => {
    const base = { authorizeUrl: 'https://a/authorize', channelId: '1', redirectUri: 'http://localhost:5173/login', state: '9' };
    expect(new URL(buildAuthorizeUrl({ ...base, botPrompt: 'aggressive' })).searchParams.get('bot_prompt')).toBe('aggressive');
    expect(new URL(buildAuthorizeUrl({ ...base, botPrompt: null })).searchParams.has('bot_prompt')).toBe(false);
  });
});
