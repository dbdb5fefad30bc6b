/**
 * The job that sends one ledger message (outbox.ts) through the Messaging API, once: the push
 * carries the message's id as X-Line-Retry-Key, so a send retried after a timeout, or after its
 * process was killed between LINE's answer and the ledger's update, is answered 409 by LINE
 * and counted as sent, not delivered twice. A 429 waits its Retry-After without using up an
 * attempt; 5xx and timeouts back off; any other 4xx is final, and so is a resident who is not
 * a friend of the official account (LINE would not deliver it).
 */
import type { LineMessage } from '@core/messages/line-message';
import { RetryLater } from '../jobs/retry-later';
import type { JobDefinition } from '../jobs/worker';
import type { Logger } from '../log';
import type { LineMessaging } from '../providers/line-messaging';
import type { Store } from '../store/open';
import { findLineMessage, settleLineMessage } from '../store/line-messages';
import { LINE_SEND_ATTEMPTS, LINE_SEND_JOB } from './outbox';

export interface SendJobDeps {
  store: Store;
  line: LineMessaging;
  log: Logger;
  /** The shared send rate (every process's pushes on one channel): milliseconds to wait, 0 to go. */
  takeSlot?: () => Promise<number>;
}

/** The ledger's reasons, shown in the console (src/messages/ja-console.ts). */
export const NOT_FRIEND = 'not_friend';

export const lineSendJob = (d: SendJobDeps): JobDefinition => ({
  name: LINE_SEND_JOB,
  backoffSeconds: 5,
  run: async (payload, job) => {
    const { messageId } = payload as { messageId: string };
    const m = await findLineMessage(d.store.db, messageId);
    if (!m || m.state !== 'queued') return;
    const now = () => new Date().toISOString();
    if (!(await d.line.isFriend(m.user_id))) {
      await settleLineMessage(d.store.db, m.id, { state: 'failed', reason: NOT_FRIEND, now: now() });
      return;
    }
    const wait = d.takeSlot ? await d.takeSlot() : 0;
    if (wait > 0) throw new RetryLater(Math.ceil(wait / 1000), 'send rate');
    const out = await d.line.push({ to: m.user_id, messages: [JSON.parse(m.message_json) as LineMessage], retryKey: m.id });
    if (out.kind === 'sent') {
      await settleLineMessage(d.store.db, m.id, { state: 'sent', requestId: out.requestId, now: now() });
      return;
    }
    if (out.kind === 'final') {
      d.log('warn', { msg: 'LINE message refused', id: m.id, status: out.status, reason: out.reason });
      await settleLineMessage(d.store.db, m.id, { state: 'failed', reason: `${out.status} ${out.reason}`.slice(0, 300), now: now() });
      return;
    }
    if (out.afterSeconds !== null) throw new RetryLater(out.afterSeconds, out.reason);
    if (job.attempt >= LINE_SEND_ATTEMPTS) {
      await settleLineMessage(d.store.db, m.id, { state: 'failed', reason: out.reason.slice(0, 300), now: now() });
      return;
    }
    throw new Error(out.reason);
  },
});
