/**
 * A local stand-in for the LINE Messaging API (development and tests): the push and profile
 * endpoints as LINE answers them (token, body checks, retry keys kept 24 h, 409 with the accepted
 * request id, a rate limit, x-line-request-id on every answer), plus control endpoints a test or
 * the dev pages use to switch faults on, read what was accepted and make someone a friend or not.
 * It plays LINE's side, so its store is memory: nothing of the product's is kept here.
 */
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { DEV_LINE_CHANNEL_TOKEN } from '../config';
import { isRetryKey, pushBodyDetails } from './line-messaging-local-check';

/** One push LINE accepted: what the chat page shows, and what a test counts. */
export interface AcceptedPush {
  requestId: string;
  retryKey: string | null;
  to: string;
  messages: unknown[];
  acceptedAt: string;
  /** false: `to` is not a friend (or blocked), so LINE took the push but nobody sees it. */
  delivered: boolean;
}

const faultSchema = z.object({
  kind: z.enum(['429', '500', 'timeout-after-accept']),
  count: z.number().int().min(1).default(1),
  /** 429: the Retry-After header, in seconds. */
  retryAfter: z.number().int().min(0).optional(),
  /** timeout-after-accept: how long the answer waits (longer than the client's timeout). */
  delayMs: z.number().int().min(0).max(600_000).default(30_000),
});
type Fault = z.infer<typeof faultSchema>;

const friendSchema = z.object({ userId: z.string().min(1), friend: z.boolean(), displayName: z.string().optional() });

export interface LocalMessagingOptions {
  channelToken?: string;
  /** Requests per second before a 429, as LINE's rate limit; LINE's push limit is 2,000. */
  perSecond?: number;
  now?: () => number;
}

export interface LocalMessagingApi {
  /**
   * LINE's paths (/v2/bot/...), served at an origin's root: the SDK resolves them against its base
   * URL's origin, dropping any path (so it cannot live under /dev/line-api).
   */
  api: Hono;
  /** The control endpoints (faults, messages, friends, rate-limit, reset), mounted where the server likes. */
  control: Hono;
  /** Answers every request still held by a timeout-after-accept fault (at a server's stop). */
  close(): void;
}

const RETRY_KEY_MS = 24 * 3600_000;
const AUTH_FAILED = 'Authentication failed. Confirm that the access token in the authorization header is valid.';

export const createLocalMessagingApi = (opts: LocalMessagingOptions = {}): LocalMessagingApi => {
  const token = opts.channelToken ?? DEV_LINE_CHANNEL_TOKEN;
  const now = opts.now ?? Date.now;
  let perSecond = opts.perSecond ?? 2000;
  let pushes: AcceptedPush[] = [];
  /** Pushes refused as a repeat of an accepted retry key (409): what a test counts as a second send. */
  let duplicates = 0;
  let retryKeys = new Map<string, { requestId: string; at: number }>();
  let faults: Fault[] = [];
  let friends = new Map<string, { friend: boolean; displayName: string | undefined }>();
  // LINE limits each endpoint on its own (push and profile: 2,000 a second each).
  let windows = { push: { second: 0, hits: 0 }, profile: { second: 0, hits: 0 } };
  const held = new Set<() => void>();

  const releaseHeld = () => {
    for (const release of [...held]) release();
  };
  const nextFault = (): Fault | undefined => {
    const f = faults[0];
    if (f && --f.count <= 0) faults.shift();
    return f;
  };
  const overRate = (endpoint: 'push' | 'profile'): boolean => {
    const second = Math.floor(now() / 1000);
    if (windows[endpoint].second !== second) windows[endpoint] = { second, hits: 0 };
    return ++windows[endpoint].hits > perSecond;
  };
  const isFriend = (userId: string) => friends.get(userId)?.friend ?? true;
  /** LINE's shape for every refusal; the request id is on every answer, refusals included. */
  const refuse = (c: Context, status: number, message: string, extra: Record<string, unknown> = {}) =>
    c.json({ message, ...extra }, status as 400);

  const requestIds = new WeakMap<Request, string>();
  const routes = new Hono();
  // Only LINE's paths: mounted at a server's root, '*' would stamp every page of the server.
  routes.use('/v2/*', async (c, next) => {
    const id = crypto.randomUUID();
    requestIds.set(c.req.raw, id);
    c.header('x-line-request-id', id);
    await next();
  });
  const authorised = (c: Context) => c.req.header('authorization') === `Bearer ${token}`;

  routes.post('/v2/bot/message/push', async (c) => {
    if (!authorised(c)) return refuse(c, 401, AUTH_FAILED);
    const retryKey = c.req.header('x-line-retry-key') ?? null;
    if (retryKey !== null && !isRetryKey(retryKey)) return refuse(c, 400, "The value for the 'X-Line-Retry-Key' header is invalid");
    if (overRate('push')) return refuse(c, 429, 'The API rate limit has been exceeded. Try again later.');
    const fault = nextFault();
    if (fault?.kind === '429') {
      if (fault.retryAfter !== undefined) c.header('retry-after', String(fault.retryAfter));
      return refuse(c, 429, 'The API rate limit has been exceeded. Try again later.');
    }
    if (fault?.kind === '500') return refuse(c, 500, 'Internal server error');
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return refuse(c, 400, 'The request body could not be parsed as JSON');
    }
    const details = pushBodyDetails(body);
    if (details.length > 0) return refuse(c, 400, `The request body has ${details.length} error(s)`, { details });
    const t = now();
    for (const [k, v] of retryKeys) if (v.at <= t - RETRY_KEY_MS) retryKeys.delete(k);
    const seen = retryKey ? retryKeys.get(retryKey) : undefined;
    if (seen) {
      duplicates++;
      c.header('x-line-accepted-request-id', seen.requestId);
      return refuse(c, 409, 'The retry key is already accepted', { sentMessages: [] });
    }
    const requestId = requestIds.get(c.req.raw) ?? crypto.randomUUID();
    const { to, messages } = body as { to: string; messages: unknown[] };
    if (retryKey) retryKeys.set(retryKey, { requestId, at: t });
    pushes.push({ requestId, retryKey, to, messages, acceptedAt: new Date(t).toISOString(), delivered: isFriend(to) });
    if (fault?.kind === 'timeout-after-accept') {
      // Taken, but the answer comes after the client stopped waiting: its retry must not send twice.
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          held.delete(release);
          resolve();
        };
        const timer = setTimeout(release, fault.delayMs);
        held.add(release);
      });
    }
    return c.json({ sentMessages: messages.map(() => ({ id: String(crypto.randomInt(2 ** 47)), quoteToken: crypto.randomUUID() })) });
  });

  routes.get('/v2/bot/profile/:userId', (c) => {
    if (!authorised(c)) return refuse(c, 401, AUTH_FAILED);
    if (overRate('profile')) return refuse(c, 429, 'The API rate limit has been exceeded. Try again later.');
    const userId = c.req.param('userId');
    if (!isFriend(userId)) return refuse(c, 404, 'Not found');
    return c.json({ userId, displayName: friends.get(userId)?.displayName ?? 'LINEユーザー', language: 'ja' });
  });

  // Control endpoints: a test's or the dev pages' hand on LINE's side (no token: dev only).
  const control = new Hono();
  control.post('/faults', async (c) => {
    const parsed = faultSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: parsed.error.message }, 400);
    faults.push(parsed.data);
    return c.json({ faults });
  });
  control.get('/messages', (c) => c.json({ messages: pushes, duplicates }));
  control.post('/friends', async (c) => {
    const parsed = friendSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: parsed.error.message }, 400);
    friends.set(parsed.data.userId, { friend: parsed.data.friend, displayName: parsed.data.displayName });
    return c.json({ userId: parsed.data.userId, friend: parsed.data.friend });
  });
  control.post('/rate-limit', async (c) => {
    const parsed = z.object({ perSecond: z.number().int().min(1) }).safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: parsed.error.message }, 400);
    perSecond = parsed.data.perSecond;
    return c.json({ perSecond });
  });
  control.post('/reset', (c) => {
    releaseHeld();
    pushes = [];
    duplicates = 0;
    retryKeys = new Map();
    faults = [];
    friends = new Map();
    windows = { push: { second: 0, hits: 0 }, profile: { second: 0, hits: 0 } };
    perSecond = opts.perSecond ?? 2000;
    return c.json({ reset: true });
  });
  return { api: routes, control, close: releaseHeld };
};
