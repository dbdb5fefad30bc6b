/**
 * The LINE Messaging API client (the real @line/bot-sdk code) against the local stand-in started
 * as its own HTTP server: each answer LINE can give becomes its PushOutcome, a retry key makes a
 * retry after a timeout one message, and the push limit in the database holds across two
 * connections racing on both engines.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_LINE_CHANNEL_TOKEN, loadConfig, type LineMessagingConfig } from '../../server/config';
import { createRealLineMessaging } from '../../server/providers/line-messaging-real';
import { startLocalMessagingApi, type RunningMessagingApi } from '../../server/providers/line-messaging-local-server';
import type { AcceptedPush } from '../../server/providers/line-messaging-local';
import type { LineMessage } from '@core/messages/line-message';
import { takeSendSlot } from '../../server/line/send-rate';
import { openStore } from '../../server/store/open';
import { engines, scratchStores } from './harness';

const USER = `U${'a'.repeat(32)}`;
const hello: LineMessage = { type: 'text', text: 'こんにちは' };

let lineApi: RunningMessagingApi;
const clientOf = (o: Partial<LineMessagingConfig> = {}) =>
  createRealLineMessaging({ kind: 'local', apiUrl: lineApi.url, controlUrl: null, channelToken: DEV_LINE_CHANNEL_TOKEN, timeoutMs: 2000, pushPerSecond: 1000, ...o });
const control = async (path: string, body?: unknown) => {
  const res = await fetch(`${lineApi.url}/__control/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json() as Promise<any>;
};
const accepted = async (): Promise<AcceptedPush[]> => (await control('messages')).messages;

beforeAll(async () => {
  lineApi = await startLocalMessagingApi();
});
afterAll(() => lineApi.stop());
afterEach(() => control('reset', {}));

describe('the Messaging API client against the stand-in', () => {
  it('sends a push and answers LINE\'s request id', async () => {
    const key = crypto.randomUUID();
    const out = await clientOf().push({ to: USER, messages: [hello], retryKey: key });
    expect(out.kind).toBe('sent');
    const [one, ...rest] = await accepted();
    expect(rest).toEqual([]);
    expect(out).toEqual({ kind: 'sent', requestId: one?.requestId });
    expect(one).toMatchObject({ to: USER, retryKey: key, messages: [hello], delivered: true });
  });

  it('answers sent with the accepted id for a retry key LINE already took, and keeps one message', async () => {
    const key = crypto.randomUUID();
    const first = await clientOf().push({ to: USER, messages: [hello], retryKey: key });
    const second = await clientOf().push({ to: USER, messages: [hello], retryKey: key });
    expect(second).toEqual(first);
    expect(await accepted()).toHaveLength(1);
  });

  it('429 with Retry-After is a retry after those seconds; a plain 429 and a 500 are retries', async () => {
    await control('faults', { kind: '429', count: 1, retryAfter: 7 });
    await control('faults', { kind: '429', count: 1 });
    await control('faults', { kind: '500', count: 1 });
    const push = () => clientOf().push({ to: USER, messages: [hello], retryKey: crypto.randomUUID() });
    expect(await push()).toMatchObject({ kind: 'retry', afterSeconds: 7 });
    expect(await push()).toMatchObject({ kind: 'retry', afterSeconds: null });
    expect(await push()).toMatchObject({ kind: 'retry', afterSeconds: null, reason: expect.stringContaining('Internal server error') });
    expect(await accepted()).toEqual([]);
    expect((await push()).kind).toBe('sent');
  });

  it('the stand-in\'s own rate limit answers 429', async () => {
    await control('rate-limit', { perSecond: 2 });
    const outs = await Promise.all([0, 1, 2, 3].map(() => clientOf().push({ to: USER, messages: [hello], retryKey: crypto.randomUUID() })));
    // Four calls in one second (or two, if the clock turns between them): at least one refused.
    expect(outs.filter((o) => o.kind === 'retry').length).toBeGreaterThanOrEqual(1);
  });

  it('a wrong token is final 401; six messages or a long text are final 400 with LINE\'s reason', async () => {
    const bad = await clientOf({ channelToken: 'not-the-token' }).push({ to: USER, messages: [hello], retryKey: crypto.randomUUID() });
    expect(bad).toMatchObject({ kind: 'final', status: 401, reason: expect.stringContaining('Authentication failed') });
    const six = await clientOf().push({ to: USER, messages: Array.from({ length: 6 }, () => hello), retryKey: crypto.randomUUID() });
    expect(six).toMatchObject({ kind: 'final', status: 400, reason: expect.stringContaining('messages: Size must be between 1 and 5') });
    const long = await clientOf().push({ to: USER, messages: [{ type: 'text', text: 'あ'.repeat(5001) }], retryKey: crypto.randomUUID() });
    expect(long).toMatchObject({ kind: 'final', status: 400, reason: expect.stringContaining('messages[0].text') });
    const alt = await clientOf().push({ to: USER, messages: [{ type: 'flex', altText: 'x'.repeat(401), contents: { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [] } } }], retryKey: crypto.randomUUID() });
    expect(alt).toMatchObject({ kind: 'final', status: 400, reason: expect.stringContaining('messages[0].altText') });
    expect(await accepted()).toEqual([]);
  });

  it('refuses a retry key that is not a UUID (final 400)', async () => {
    const out = await clientOf().push({ to: USER, messages: [hello], retryKey: 'ledger-row-1' });
    expect(out).toMatchObject({ kind: 'final', status: 400, reason: expect.stringContaining('X-Line-Retry-Key') });
  });

  it('a push LINE took but answered after the timeout is a retry, and the retry with its key is one message', async () => {
    await control('faults', { kind: 'timeout-after-accept', count: 1, delayMs: 5000 });
    const key = crypto.randomUUID();
    const client = clientOf({ timeoutMs: 300 });
    const first = await client.push({ to: USER, messages: [hello], retryKey: key });
    expect(first).toMatchObject({ kind: 'retry', afterSeconds: null, reason: expect.stringContaining('timeout') });
    const second = await client.push({ to: USER, messages: [hello], retryKey: key });
    const all = await accepted();
    expect(all).toHaveLength(1);
    expect(second).toEqual({ kind: 'sent', requestId: all[0]?.requestId });
  });

  it('a server that is not there is a retry (network)', async () => {
    const out = await clientOf({ apiUrl: 'http://127.0.0.1:9' }).push({ to: USER, messages: [hello], retryKey: crypto.randomUUID() });
    expect(out).toMatchObject({ kind: 'retry', reason: expect.stringContaining('network') });
  });

  it('isFriend is true by default and false once the resident is no friend; their pushes are taken, not delivered', async () => {
    expect(await clientOf().isFriend(USER)).toBe(true);
    await control('friends', { userId: USER, friend: false });
    expect(await clientOf().isFriend(USER)).toBe(false);
    expect((await clientOf().push({ to: USER, messages: [hello], retryKey: crypto.randomUUID() })).kind).toBe('sent');
    expect((await accepted()).map((p) => p.delivered)).toEqual([false]);
    await expect(clientOf({ channelToken: 'wrong' }).isFriend(USER)).rejects.toThrow(/401/);
  });
});

describe('configuration', () => {
  it('real LINE with a token, the stand-in in development, else off; bot_prompt normal unless set', () => {
    const dev = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9000' });
    expect(dev.lineMessaging).toMatchObject({ kind: 'local', apiUrl: 'http://127.0.0.1:9000', controlUrl: 'http://127.0.0.1:9000/dev/line-api/__control', timeoutMs: 10_000, pushPerSecond: 1000 });
    expect(dev.lineBotPrompt).toBe('normal');
    const prod = { NODE_ENV: 'production', LINE_CHANNEL_ID: '1', LINE_CHANNEL_SECRET: 's', FILE_SCAN: 'builtin' };
    expect(loadConfig(prod).lineMessaging).toBeNull();
    expect(loadConfig({ ...prod, LINE_MESSAGING_CHANNEL_TOKEN: 't', LINE_PUSH_PER_SECOND: '500' }).lineMessaging).toMatchObject({ kind: 'line', apiUrl: 'https://api.line.me', channelToken: 't', pushPerSecond: 500 });
    expect(loadConfig({ ...prod, LINE_BOT_PROMPT: 'off' }).lineBotPrompt).toBeNull();
    expect(loadConfig({ LINE_MESSAGING_API_URL: 'http://127.0.0.1:7000/' }).lineMessaging).toMatchObject({ apiUrl: 'http://127.0.0.1:7000', controlUrl: 'http://127.0.0.1:7000/__control' });
    expect(() => loadConfig({ LINE_BOT_PROMPT: 'always' })).toThrow(/LINE_BOT_PROMPT/);
  });
});

const stores = scratchStores('linerate');
afterAll(() => stores.closeAll());

describe.each(engines())('the push limit in the database (%s)', (engine) => {
  it('two connections racing never take more than perSecond slots of one second', async () => {
    const a = await stores.open(engine);
    const b = await openStore({ dataDir: a.env['DATA_DIR'] as string, databaseUrl: a.env['DATABASE_URL'], pgSchema: a.env['DATABASE_SCHEMA'] });
    try {
      const now = 1_900_000_000_250;
      const race = await Promise.all(Array.from({ length: 40 }, (_, i) => takeSendSlot((i % 2 ? a : b).db, { perSecond: 15, now })));
      expect(race.filter((s) => s.ok)).toHaveLength(15);
      expect(race.find((s) => !s.ok)).toEqual({ ok: false, waitMs: 750 });
      // The next second has its own slots.
      expect(await takeSendSlot(b.db, { perSecond: 15, now: now + 750 })).toEqual({ ok: true });
    } finally {
      await b.close();
    }
  });
});
