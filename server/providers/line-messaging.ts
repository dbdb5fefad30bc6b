/**
 * The LINE Messaging API as the product uses it: a push to one resident, and whether they have
 * the official account as a friend. Real (api.line.me through @line/bot-sdk) or the local
 * stand-in in development, behind this one interface (docs/line-messages.md).
 */
import type { LineMessage } from '@core/messages/line-message';

export type PushOutcome =
  /** Accepted (200), or a retry key LINE had already accepted (409): the message is out once. */
  | { kind: 'sent'; requestId: string }
  /** 429 (afterSeconds from Retry-After when sent), 5xx, a timeout or a broken connection. */
  | { kind: 'retry'; afterSeconds: number | null; reason: string }
  /** Any other 4xx: sending again would fail the same way. */
  | { kind: 'final'; status: number; reason: string };

export interface PushRequest {
  to: string;
  messages: LineMessage[];
  /** X-Line-Retry-Key: the ledger row's id (a UUID), so a retry after a timeout is not a second message. */
  retryKey: string;
}

export interface LineMessaging {
  kind: 'line' | 'local';
  push(r: PushRequest): Promise<PushOutcome>;
  /** GET /v2/bot/profile/{userId}: false when LINE answers 404 (not a friend, or blocked). */
  isFriend(userId: string): Promise<boolean>;
}
