/**
 * LINE messages end to end on one server (both engines): a resident's booking, change and cancel
 * reach the Messaging API stand-in once each through the outbox and the job queue; reminders are
 * queued with the booking's time and voided by a change or cancel; a non-friend, a kiosk-style id
 * and injected 429s are handled as issue 59 says. The stand-in runs as its own HTTP server, as LINE.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reminderDueAt } from '@core/rules/reminder-due';
import { importBundle } from '../../server/forms/import';
import { startLocalMessagingApi, type RunningMessagingApi } from '../../server/providers/line-messaging-local-server';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, day, value } from './reservation-fixture';
import { makeStaff, signIn, staffFetch } from './staff-fixture';
import { seedDueReminders } from './line-seed';
import { voidQueued } from '../../server/store/line-messages';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lineId = () => `U${crypto.randomBytes(16).toString('hex')}`;
interface Accepted {
  requestId: string;
  retryKey: string | null;
  to: string;
  messages: unknown[];
}

for (const engine of engines()) {
  describe(`LINE messages through the outbox (${engine})`, () => {
    let srv: TestServer;
    let line: RunningMessagingApi;
    const control = (p: string, body?: unknown) =>
      fetch(`${line.url}/__control${p}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const accepted = async (to: string): Promise<Accepted[]> => ((await (await control('/messages')).json()) as { messages: Accepted[] }).messages.filter((m) => m.to === to);
    const ledger = (partitionKey: string) =>
      srv.deps.store.db.selectFrom('line_messages').selectAll().where('partition_key', '=', partitionKey).orderBy('created_at').orderBy('due_at').execute();
    const until = async <T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
      const end = Date.now() + ms;
      for (;;) {
        const v = await what();
        if (ok(v) || Date.now() > end) return v;
        await sleep(100);
      }
    };
    const reserve = async (user: string, v: string, partitionKey?: string) =>
      srv.api('POST', '/survey-results/putItem', {
        token: await srv.token(user),
        body: { data: [{ surveyId: 'rsv', itemKey: 'yoyaku', value: v }, { surveyId: 'rsv', itemKey: 'name', value: '予約 花子' }].map((r) => ({ ...r, ...(partitionKey ? { partitionKey } : {}) })) },
      });

    beforeAll(async () => {
      line = await startLocalMessagingApi();
      srv = await startTestServer(engine, { LINE_MESSAGING_API_URL: line.url, JOB_POLL_MS: '100' });
      await importBundle(srv.deps.store, bundle(), 'fixture');
    });
    afterAll(async () => {
      await srv?.stop();
      await line?.stop();
    });
    beforeEach(async () => {
      await control('/reset', {});
    });

    it('a booking is told once, its reminder queued the day before; a change voids it and tells the new time; a cancel voids the rest', async () => {
      const user = lineId();
      const booked = await reserve(user, value('naika-b', 'v1', 5, 1));
      expect(booked.status).toBe(200);
      const key = booked.json.partitionKey as string;
      const first = await until(() => ledger(key), (l) => l.some((m) => m.kind === 'reservation_booked' && m.state === 'sent'));
      expect(first.map((m) => [m.kind, m.state])).toEqual([
        ['reservation_booked', 'sent'],
        ['reminder', 'queued'],
      ]);
      expect(first[1]?.due_at).toBe(reminderDueAt(day(5), { daysBefore: 1, at: '09:00' }));
      const got = await accepted(user);
      expect(got).toHaveLength(1);
      expect(got[0]?.retryKey).toBe(first[0]?.id);
      expect(got[0]?.requestId).toBe(first[0]?.request_id);

      // Moved to day 7: an amendment is a new answer; the old one's reminder is void.
      const moved = await reserve(user, value('naika-b', 'v1', 7, 2), key);
      expect(moved.status).toBe(200);
      const newKey = moved.json.partitionKey as string;
      expect((await ledger(key)).map((m) => [m.kind, m.state])).toEqual([
        ['reservation_booked', 'sent'],
        ['reminder', 'void'],
      ]);
      const second = await until(() => ledger(newKey), (l) => l.some((m) => m.state === 'sent'));
      expect(second.map((m) => [m.kind, m.state])).toEqual([
        ['reservation_changed', 'sent'],
        ['reminder', 'queued'],
      ]);
      expect(second[1]?.due_at).toBe(reminderDueAt(day(7), { daysBefore: 1, at: '09:00' }));
      const changed = JSON.stringify((await accepted(user))[1]?.messages);
      const [, mm, dd] = day(7).split('-').map(Number);
      expect(changed.includes(day(7)) || changed.includes(`${mm}月${dd}日`)).toBe(true);
      expect(changed).toContain('10:00');
      // The new reminder, rendered when queued, says the new day and time too.
      const reminder = second[1]?.message_json ?? '';
      expect([reminder.includes(`${mm}月${dd}日`), reminder.includes('10:00')]).toEqual([true, true]);

      const cancelled = await srv.api('POST', '/survey-results/cancelItem', { token: await srv.token(user), body: { surveyId: 'rsv', partitionKey: newKey } });
      expect(cancelled.status).toBe(200);
      const third = await until(() => ledger(newKey), (l) => l.length === 3 && l[2]?.state === 'sent');
      expect(third.map((m) => [m.kind, m.state])).toEqual([
        ['reservation_changed', 'sent'],
        ['reminder', 'void'],
        ['reservation_cancelled', 'sent'],
      ]);
      expect(await accepted(user)).toHaveLength(3);
    });

    it('a deleted answer’s reminders go void and nothing more is sent', async () => {
      const user = lineId();
      const booked = await srv.api('POST', '/survey-results/putItem', {
        token: await srv.token(user),
        body: { data: [{ surveyId: 'rsv-single', itemKey: 'yoyaku', value: value('naika-b', 'v1', 9, 1) }, { surveyId: 'rsv-single', itemKey: 'name', value: '削除 花子' }] },
      });
      expect(booked.status).toBe(200);
      const key = booked.json.partitionKey as string;
      await until(() => ledger(key), (l) => l.some((m) => m.state === 'sent'));
      const deleted = await srv.api('DELETE', `/survey-results/deleteItem?surveyId=rsv-single&partitionKey=${encodeURIComponent(key)}`, { token: await srv.token(user) });
      expect(deleted.status, deleted.text).toBe(200);
      expect((await ledger(key)).map((m) => [m.kind, m.state])).toEqual([
        ['reservation_booked', 'sent'],
        ['reminder', 'void'],
      ]);
      expect(await accepted(user)).toHaveLength(1);
    });

    it('a reminder voided before it is due is never sent', async () => {
      const user = lineId();
      const [id] = await seedDueReminders(srv.deps.store, srv.deps.jobs, 1, { dueAt: new Date(Date.now() + 1500), users: [user] });
      await srv.deps.store.write((trx) => voidQueued(trx, ['seed#0'], ['reminder'], new Date().toISOString()));
      await sleep(3000);
      const row = await srv.deps.store.db.selectFrom('line_messages').select(['state']).where('id', '=', id as string).executeTakeFirstOrThrow();
      expect(row.state).toBe('void');
      expect(await accepted(user)).toHaveLength(0);
    });

    it('the console shows the answer’s ledger', async () => {
      const user = lineId();
      const booked = await reserve(user, value('naika-b', 'v1', 6, 3));
      const key = booked.json.partitionKey as string;
      await until(() => ledger(key), (l) => l.some((m) => m.state === 'sent'));
      const cookie = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
      const res = await staffFetch(srv, 'GET', `/forms/rsv/answers/${encodeURIComponent(key)}`, { cookie });
      expect(res.status).toBe(200);
      const page = res.json.data as { lineMessages: { kind: string; state: string; requestId: string | null }[] };
      expect(page.lineMessages.map((m) => [m.kind, m.state, m.requestId !== null])).toEqual([
        ['reservation_booked', 'sent', true],
        ['reminder', 'queued', false],
      ]);
    });

    it('a resident who is not a friend gets nothing, and the ledger says why', async () => {
      const user = lineId();
      await control('/friends', { userId: user, friend: false });
      const booked = await reserve(user, value('naika-b', 'v1', 4, 1));
      const l = await until(() => ledger(booked.json.partitionKey as string), (r) => r[0]?.state === 'failed');
      expect([l[0]?.kind, l[0]?.state, l[0]?.reason]).toEqual(['reservation_booked', 'failed', 'not_friend']);
      expect(await accepted(user)).toHaveLength(0);
    });

    it('an answer under an id that is no LINE account (a kiosk visitor, the office) queues nothing', async () => {
      const booked = await reserve('I-kiosk-visitor-1', value('naika-b', 'v1', 4, 2));
      expect(booked.status).toBe(200);
      await sleep(300);
      expect(await ledger(booked.json.partitionKey as string)).toEqual([]);
    });

    it('429s with Retry-After are waited out and the message still arrives once', async () => {
      const user = lineId();
      await control('/faults', { kind: '429', count: 2, retryAfter: 1 });
      const booked = await reserve(user, value('naika-b', 'v1', 8, 1));
      const l = await until(() => ledger(booked.json.partitionKey as string), (r) => r[0]?.state === 'sent', 20_000);
      expect(l[0]?.state).toBe('sent');
      const got = await accepted(user);
      expect(got).toHaveLength(1);
      expect(got[0]?.retryKey).toBe(l[0]?.id);
    });
  });
}
