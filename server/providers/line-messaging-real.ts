/**
 * The LINE Messaging API through @line/bot-sdk: real LINE with a channel access token, or the
 * local stand-in (line-messaging-local.ts) at another base URL, by the same code. Each HTTP answer
 * becomes a PushOutcome (line-messaging.ts) the outbox can act on without knowing HTTP.
 */
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import type { LineMessagingConfig } from '../config';
import type { LineMessaging, PushOutcome } from './line-messaging';

/** A call that took longer than the configured time; the push may still have been accepted. */
class LineTimeoutError extends Error {}

/**
 * The SDK's fetch takes no signal, so the timeout races it; the lost call is left to finish or
 * fail on its own (its result ignored), which is safe because a retry carries the same retry key.
 */
const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LineTimeoutError(`no answer within ${ms} ms`)), ms);
  });
  p.catch(() => undefined);
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
};

/** LINE's error body `{ message, details: [{ message, property }] }` as one line. */
const reasonOf = (e: HTTPFetchError): string => {
  try {
    const body = JSON.parse(e.body) as { message?: unknown; details?: Array<{ message?: unknown; property?: unknown }> };
    const details = Array.isArray(body.details) ? body.details.map((d) => `${String(d.property ?? '')}: ${String(d.message ?? '')}`) : [];
    if (typeof body.message === 'string') return [body.message, ...details].join('; ');
  } catch {
    // Not JSON (a proxy's page): the status line says enough.
  }
  return e.message;
};

/** Retry-After in seconds (LINE sends whole seconds; an HTTP date is read too). */
const retryAfterOf = (headers: Headers): number | null => {
  const raw = headers.get('retry-after');
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
};

const outcomeOfError = (e: unknown): PushOutcome => {
  if (e instanceof HTTPFetchError) {
    const accepted = e.headers.get('x-line-accepted-request-id');
    // The retry key was accepted before (our earlier try timed out after LINE took it): sent once.
    if (e.status === 409 && accepted) return { kind: 'sent', requestId: accepted };
    if (e.status === 429) return { kind: 'retry', afterSeconds: retryAfterOf(e.headers), reason: reasonOf(e) };
    if (e.status >= 500) return { kind: 'retry', afterSeconds: null, reason: reasonOf(e) };
    return { kind: 'final', status: e.status, reason: reasonOf(e) };
  }
  if (e instanceof LineTimeoutError) return { kind: 'retry', afterSeconds: null, reason: `timeout: ${e.message}` };
  // fetch's TypeError (refused, reset, DNS) or an unreadable answer: worth another try.
  return { kind: 'retry', afterSeconds: null, reason: `network: ${e instanceof Error ? e.message : String(e)}` };
};

export const createRealLineMessaging = (config: LineMessagingConfig): LineMessaging => {
  const client = new messagingApi.MessagingApiClient({ channelAccessToken: config.channelToken, baseURL: config.apiUrl });
  return {
    kind: config.kind,
    async push({ to, messages, retryKey }) {
      try {
        // The SDK's message types are wider than ours (LineMessage is a subset of them).
        const res = await withTimeout(client.pushMessageWithHttpInfo({ to, messages: messages as messagingApi.Message[] }, retryKey), config.timeoutMs);
        return { kind: 'sent', requestId: res.httpResponse.headers.get('x-line-request-id') ?? '' };
      } catch (e) {
        return outcomeOfError(e);
      }
    },
    async isFriend(userId) {
      try {
        await withTimeout(client.getProfileWithHttpInfo(userId), config.timeoutMs);
        return true;
      } catch (e) {
        if (e instanceof HTTPFetchError && e.status === 404) return false;
        throw e;
      }
    },
  };
};
