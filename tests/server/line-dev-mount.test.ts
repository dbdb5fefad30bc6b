/**
 * The development side of LINE messages on a real server: the stand-in at /dev/line-api and the
 * chat page at /dev/line-chat exist only with the dev issuer; the dev server's own client (the real
 * SDK) pushes to its stand-in and the chat page shows it; the dev issuer's add-friend choice
 * (bot_prompt) makes a resident a friend or not in the stand-in.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { DEV_CHANNEL_ID } from '../../server/config';
import { DEV_RESIDENTS } from '../../server/providers/login-dev';
import type { LineMessage } from '@core/messages/line-message';
import { startLocalMessagingApi, type RunningMessagingApi } from '../../server/providers/line-messaging-local-server';

const [hanako, taro] = DEV_RESIDENTS;

const flex: LineMessage = {
  type: 'flex',
  altText: '予約を受け付けました',
  contents: {
    type: 'bubble',
    header: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: '予約完了', weight: 'bold' }] },
    body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: '12月5日 10:00' }, { type: 'separator' }, { type: 'text', text: '<script>x</script>' }] },
    footer: {
      type: 'box',
      layout: 'vertical',
      contents: [
        { type: 'button', action: { type: 'uri', label: '予約を確認', uri: 'https://city.example.jp/lookup' } },
        { type: 'button', action: { type: 'uri', label: '危ない', uri: 'javascript:alert(1)' } },
      ],
    },
  },
};

describe('in development', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server?.stop());

  it('pushes through the real client to the stand-in, and the chat page shows the bubbles', async () => {
    const line = server.deps.lineMessaging;
    expect(line?.kind).toBe('local');
    const out = await line?.push({ to: hanako.userId, messages: [{ type: 'text', text: 'お知らせです' }, flex], retryKey: crypto.randomUUID() });
    expect(out?.kind).toBe('sent');
    // LINE's paths at the dev server's root (the SDK keeps only its base URL's origin), control under /dev/line-api.
    const unauthorised = await server.fetch('/v2/bot/message/push', { method: 'POST', body: '{}' });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('x-line-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const held = await (await server.fetch('/dev/line-api/__control/messages')).json();
    expect(held.messages).toHaveLength(1);
    const page = await server.fetch('/dev/line-chat');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta http-equiv="refresh" content="2">');
    const column = html.slice(html.indexOf(`data-user="${hanako.userId}"`), html.indexOf(`data-user="${taro.userId}"`));
    expect(column).toContain('お知らせです');
    expect(column).toContain('予約完了');
    expect(column).toContain('<hr class="sep">');
    expect(column).toContain('href="https://city.example.jp/lookup"');
    expect(column).toContain('<figcaption>予約を受け付けました</figcaption>');
    // A template's text is text, and only web links become links.
    expect(column).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(column).not.toContain('javascript:');
    expect(html.indexOf('お知らせです')).toBeLessThan(html.indexOf('予約完了'));
  });

  it('the dev issuer offers 友だち追加 with bot_prompt and applies the choice to the stand-in', async () => {
    const q = (extra: Record<string, string>) =>
      new URLSearchParams({ response_type: 'code', client_id: DEV_CHANNEL_ID, redirect_uri: `${server.url}/login`, state: '1', scope: 'profile openid', ...extra }).toString();
    const page = await (await server.fetch(`/dev/oauth2/v2.1/authorize?${q({ bot_prompt: 'normal' })}`)).text();
    expect(page).toContain('友だち追加しない');
    expect(page).toContain('dev_friend=0');
    const plain = await (await server.fetch(`/dev/oauth2/v2.1/authorize?${q({})}`)).text();
    expect(plain).not.toContain('友だち追加しない');

    const line = server.deps.lineMessaging;
    const refused = await server.fetch(`/dev/oauth2/v2.1/authorize?${q({ bot_prompt: 'normal', dev_friend: '0', dev_user: taro.userId })}`, { redirect: 'manual' });
    expect(refused.status).toBe(302);
    expect(await line?.isFriend(taro.userId)).toBe(false);
    await line?.push({ to: taro.userId, messages: [{ type: 'text', text: '届かないはず' }], retryKey: crypto.randomUUID() });
    const chat = await (await server.fetch('/dev/line-chat')).text();
    expect(chat).not.toContain('届かないはず');
    expect(chat).toContain('友だちではないため届かなかったメッセージ: 1 件');

    await server.fetch(`/dev/oauth2/v2.1/authorize?${q({ bot_prompt: 'aggressive', dev_friend: '1', dev_user: taro.userId })}`, { redirect: 'manual' });
    expect(await line?.isFriend(taro.userId)).toBe(true);
  });
});

describe('a push the dev stand-in holds', () => {
  it('is answered at the server\'s stop, which does not wait for the fault\'s 30 s', async () => {
    const server = await startTestServer('sqlite', { LINE_MESSAGING_TIMEOUT_MS: '300' });
    let stopped = false;
    try {
      const fault = await server.fetch('/dev/line-api/__control/faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'timeout-after-accept', count: 1 }) });
      expect(fault.status).toBe(200);
      const out = await server.deps.lineMessaging?.push({ to: hanako.userId, messages: [{ type: 'text', text: '保留' }], retryKey: crypto.randomUUID() });
      expect(out).toMatchObject({ kind: 'retry', reason: expect.stringContaining('timeout') });
      const started = Date.now();
      await server.stop();
      stopped = true;
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      if (!stopped) await server.stop();
    }
  });
});

describe('two servers and one stand-in (LINE_MESSAGING_API_URL)', () => {
  let lineApi: RunningMessagingApi;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    lineApi = await startLocalMessagingApi();
    for (let i = 0; i < 2; i++) servers.push(await startTestServer('sqlite', { LINE_MESSAGING_API_URL: lineApi.url }));
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await lineApi?.stop();
  });

  it('both push to the one stand-in, and either chat page shows both', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    expect((await a.deps.lineMessaging?.push({ to: hanako.userId, messages: [{ type: 'text', text: '一台目から' }], retryKey: crypto.randomUUID() }))?.kind).toBe('sent');
    expect((await b.deps.lineMessaging?.push({ to: hanako.userId, messages: [{ type: 'text', text: '二台目から' }], retryKey: crypto.randomUUID() }))?.kind).toBe('sent');
    const held = await (await fetch(`${lineApi.url}/__control/messages`)).json();
    expect(held.messages.map((m: { messages: Array<{ text: string }> }) => m.messages[0]?.text)).toEqual(['一台目から', '二台目から']);
    const chat = await (await a.fetch('/dev/line-chat')).text();
    expect(chat).toContain('一台目から');
    expect(chat).toContain('二台目から');
  });
});

describe('in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { NODE_ENV: 'production', LINE_CHANNEL_ID: '1234567890', LINE_CHANNEL_SECRET: 'line-secret' });
  });
  afterAll(() => server?.stop());

  it('mounts neither the stand-in nor the chat page, and sends nothing without a token', async () => {
    expect(server.deps.lineMessaging).toBeNull();
    const push = await server.fetch('/v2/bot/message/push', { method: 'POST', headers: { authorization: 'Bearer dev-line-channel-token' }, body: '{}' });
    expect(push.status).toBe(404);
    const control = await server.fetch('/dev/line-api/__control/reset', { method: 'POST' });
    expect(control.status).toBe(404);
    const chat = await server.fetch('/dev/line-chat');
    expect(await chat.text()).not.toContain('LINE トーク');
  });
});
