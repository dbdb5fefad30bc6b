/**
 * Idempotency-Key on writes (server/idempotency.ts): replay of answers and refusals, 422 for
 * another request under a used key, user scoping, 409 while the first runs, a burst of identical
 * requests, a key taken meanwhile by another process, nothing kept after a failure, purge, and the
 * route wiring.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, defineEndpoint } from '@core/contract/define';
import { engines, startTestServer, type TestServer } from './harness';
import { importBundle } from '../../server/forms/import';
import type { AppEnv } from '../../server/app-env';
import { route } from '../../server/http';
import { Refusal, refuse, refusalText } from '@core/refusals';
import { IDEMPOTENCY_RETENTION_MS, createWriteRunner, requestFingerprint } from '../../server/idempotency';
import { purgeExpiredKeys } from '../../server/store/idempotency';
import { claimCounter } from '../../server/store/results';
import { silentLogger } from '../../server/log';
import type { RouteStore } from '../../server/app';

const surveys = [
  { surveyId: 'idem-append', surveyTitle: '追記型', isAppending: { value: true }, surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] },
  { surveyId: 'idem-single', surveyTitle: '一回', surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] },
];
const answerBody = (name: string, surveyId = 'idem-append') => ({ data: [{ surveyId, itemKey: 'name', value: name }] });

for (const engine of engines()) {
  describe(`idempotency (${engine})`, () => {
    let srv: TestServer;
    let tokenA: string;
    let tokenB: string;

    const putK = (key: string | undefined, body: unknown, token = tokenA) =>
      srv.api('POST', '/survey-results/putItem', { token, body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });
    const cancelK = (key: string, body: unknown, token = tokenA) =>
      srv.api('POST', '/survey-results/cancelItem', { token, body, headers: { 'Idempotency-Key': key } });
    const partitionsNamed = async (name: string) =>
      new Set(
        (await srv.deps.store.db.selectFrom('survey_results').select('partition_key').where('value', '=', name).execute()).map((r) => r.partition_key),
      );
    const keyRow = (userId: string, key: string) =>
      srv.deps.store.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('idem_key', '=', key).executeTakeFirst();
    const putFingerprint = (body: unknown) =>
      requestFingerprint({ method: 'POST', path: '/survey-results/putItem', params: null, query: null, body });
    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, { surveyConfigs: surveys }, 'fixture');
      tokenA = await srv.token('U-idem-a');
      tokenB = await srv.token('U-idem-b');
    });
    afterEach(() => {
      delete srv.deps.hooks;
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('replays a 200 byte for byte and changes nothing', async () => {
      const first = await putK('replay-200', answerBody('一回だけ'));
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await putK('replay-200', answerBody('一回だけ'));
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await partitionsNamed('一回だけ')).toEqual(new Set([first.json.partitionKey]));
      // The replay spent no answer code.
      const next = await putK('replay-200-next', answerBody('次'));
      expect(Number(next.json.answercode)).toBe(Number(first.json.answercode) + 1);
      const row = await keyRow('U-idem-a', 'replay-200');
      expect(row).toMatchObject({ status_code: 200, answer_json: first.text });
      expect(Date.parse(row!.expires_at) - Date.now()).toBeGreaterThan(IDEMPOTENCY_RETENTION_MS - 60_000);
    });

    it('the same body with its keys in another order is the same request', async () => {
      const first = await putK('key-order', { data: [{ surveyId: 'idem-append', itemKey: 'name', value: '順序' }] });
      const again = await putK('key-order', { data: [{ value: '順序', itemKey: 'name', surveyId: 'idem-append' }] });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
    });

    it('replays a 4xx refusal even after the situation changed', async () => {
      const partitionKey = 'idem-single#U-idem-a';
      const refused = await cancelK('cancel-too-early', { surveyId: 'idem-single', partitionKey });
      expect(refused.status).toBe(404);
      expect(refused.json).toMatchObject({ result: 'ERROR', code: 'result_not_found' });
      expect((await putK(undefined, answerBody('後から回答', 'idem-single'))).status).toBe(200);
      const replay = await cancelK('cancel-too-early', { surveyId: 'idem-single', partitionKey });
      expect(replay.status).toBe(404);
      expect(replay.text).toBe(refused.text);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      const rows = await srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=idem-single&partitionKey=${encodeURIComponent(partitionKey)}`, {
        token: tokenA,
      });
      expect(rows.json.data[0].check).toBe('未対応');
      // A new key is a new request.
      expect((await cancelK('cancel-now', { surveyId: 'idem-single', partitionKey })).json.data.check).toBe('NG');
    });

    it('replays a refusal thrown before the write (validation)', async () => {
      const bad = { data: [{ surveyId: 'idem-append', itemKey: 'nope', value: 'x' }] };
      const first = await putK('bad-item', bad);
      expect(first.status).toBe(400);
      const again = await putK('bad-item', bad);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    });

    it('the same key with another body, or on another call, is 422', async () => {
      const first = await putK('reused', answerBody('最初の内容'));
      expect(first.status).toBe(200);
      const other = await putK('reused', answerBody('別の内容'));
      expect(other.status).toBe(422);
      expect(other.json).toMatchObject({ result: 'ERROR', code: 'idempotency_key_reused' });
      expect(await partitionsNamed('別の内容')).toEqual(new Set());
      const otherCall = await cancelK('reused', { surveyId: 'idem-append', partitionKey: first.json.partitionKey });
      expect(otherCall.status).toBe(422);
      expect((await putK('reused', answerBody('最初の内容'))).text).toBe(first.text);
    });

    it('keys are scoped to the user: B’s request under A’s key is B’s own', async () => {
      const a = await putK('shared-key', answerBody('同じ鍵'), tokenA);
      const b = await putK('shared-key', answerBody('同じ鍵'), tokenB);
      expect(b.status).toBe(200);
      expect(b.headers.get('idempotent-replayed')).toBeNull();
      expect(b.json.partitionKey).toMatch(/^idem-append#U-idem-b#/);
      expect(b.text).not.toBe(a.text);
      expect((await partitionsNamed('同じ鍵')).size).toBe(2);
    });

    it('a malformed key is 400 and writes nothing', async () => {
      for (const key of ['', 'a b', 'a/b', 'é', 'x'.repeat(201)]) {
        const r = await putK(key, answerBody(`悪い鍵 ${key.length}`));
        expect(r.status, JSON.stringify(key)).toBe(400);
        expect(r.json).toMatchObject({ code: 'bad_request', issues: [{ path: 'headers.Idempotency-Key' }] });
      }
      expect((await putK('x'.repeat(200), answerBody('長い鍵'))).status).toBe(200);
      expect((await putK('Az09_-:.', answerBody('記号の鍵'))).status).toBe(200);
    });

    it('without a key there is no deduplication', async () => {
      await putK(undefined, answerBody('鍵なし'));
      await putK(undefined, answerBody('鍵なし'));
      expect((await partitionsNamed('鍵なし')).size).toBe(2);
    });

    it('a repeat while the first is inside its transaction is 409 temporary_locked', async () => {
      let entered!: () => void;
      const inside = new Promise<void>((r) => (entered = r));
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      srv.deps.hooks = {
        inEffect: async ({ idempotencyKey }) => {
          if (idempotencyKey !== 'held') return;
          entered();
          await held;
        },
      };
      const first = putK('held', answerBody('保留中'));
      await inside;
      const repeat = await putK('held', answerBody('保留中'));
      expect(repeat.status).toBe(409);
      expect(repeat.json).toMatchObject({ result: 'ERROR', code: 'temporary_locked', errorMessage: refusalText('temporary_locked') });
      const other = await putK('held', answerBody('別物'));
      expect(other.status).toBe(422);
      release();
      const done = await first;
      expect(done.status).toBe(200);
      const replay = await putK('held', answerBody('保留中'));
      expect(replay.text).toBe(done.text);
      expect(await partitionsNamed('保留中')).toEqual(new Set([done.json.partitionKey]));
    });

    it('20 identical requests at once: one answer stored, every 200 the same, the rest 409', async () => {
      const body = answerBody('連打二十回');
      const answers = await Promise.all(Array.from({ length: 20 }, () => putK('burst', body)));
      const ok = answers.filter((a) => a.status === 200);
      expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.json.code === 'temporary_locked'))).toBe(true);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((a) => a.text)).size).toBe(1);
      const stored = await partitionsNamed('連打二十回');
      expect(stored).toEqual(new Set([ok[0]!.json.partitionKey]));
      // Whatever got 409 gets the same answer on its retry.
      expect((await putK('burst', body)).text).toBe(ok[0]!.text);
    });

    // Two servers on one PostgreSQL: the other one's request under the same key is still in its
    // transaction when this one arrives. (On SQLite nothing else can write while a write is open.)
    if (engine === 'postgres') it('a duplicate waits on the key held by another process, then replays its answer without running its own write', async () => {
      const body = answerBody('他所で先に');
      const theirs = JSON.stringify({ result: 'OK', partitionKey: 'elsewhere#1', answercode: '1', data: [] });
      let effects = 0;
      srv.deps.hooks = {
        inEffect: ({ idempotencyKey }) => {
          if (idempotencyKey === 'answered-elsewhere') effects++;
        },
      };
      let commitTheirs!: () => void;
      const theirsMayCommit = new Promise<void>((r) => (commitTheirs = r));
      let claimed!: () => void;
      const theirsClaimed = new Promise<void>((r) => (claimed = r));
      // On another connection of the pool, as the other server's transaction would be.
      const other = srv.deps.store.db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx
          .insertInto('idempotency_keys')
          .values({
            user_id: 'U-idem-a',
            idem_key: 'answered-elsewhere',
            request_hash: putFingerprint(body),
            status_code: 200,
            answer_json: theirs,
            created_at: now.toISOString(),
            expires_at: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
          })
          .execute();
        claimed();
        await theirsMayCommit;
      });
      await theirsClaimed;
      const mine = putK('answered-elsewhere', body);
      const early = await Promise.race([mine.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 300))]);
      expect(early).toBe('waiting');
      commitTheirs();
      await other;
      const r = await mine;
      expect(r.status).toBe(200);
      expect(r.text).toBe(theirs);
      expect(r.headers.get('idempotent-replayed')).toBe('true');
      expect(effects).toBe(0);
      expect(await partitionsNamed('他所で先に')).toEqual(new Set());
    });

    it('a repeat is replayed without running its write again', async () => {
      let effects = 0;
      srv.deps.hooks = {
        inEffect: ({ idempotencyKey }) => {
          if (idempotencyKey === 'once-only') effects++;
        },
      };
      const first = await putK('once-only', answerBody('一度だけ'));
      const repeat = await putK('once-only', answerBody('一度だけ'));
      expect(repeat.text).toBe(first.text);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      expect(effects).toBe(1);
    });

    it('a failure (5xx) stores nothing and frees the key for the retry', async () => {
      let fail = true;
      srv.deps.hooks = {
        inEffect: ({ idempotencyKey }) => {
          if (idempotencyKey === 'fails-once' && fail) {
            fail = false;
            throw new Error('disk on fire');
          }
        },
      };
      const r = await putK('fails-once', answerBody('一度失敗'));
      expect(r.status).toBe(500);
      expect(await keyRow('U-idem-a', 'fails-once')).toBeUndefined();
      expect(await partitionsNamed('一度失敗')).toEqual(new Set());
      const retry = await putK('fails-once', answerBody('一度失敗'));
      expect(retry.status).toBe(200);
      expect(await partitionsNamed('一度失敗')).toEqual(new Set([retry.json.partitionKey]));
    });

    it('deleteItem and putUserId take keys too', async () => {
      const a = await putK(undefined, answerBody('消す'));
      const path = `/survey-results/deleteItem?surveyId=idem-append&partitionKey=${encodeURIComponent(a.json.partitionKey)}`;
      const d1 = await srv.api('DELETE', path, { token: tokenA, headers: { 'Idempotency-Key': 'del-1' } });
      const d2 = await srv.api('DELETE', path, { token: tokenA, headers: { 'Idempotency-Key': 'del-1' } });
      expect(d1.json).toEqual({ result: 'OK', data: { deleted: 1 } });
      expect(d2.text).toBe(d1.text);
      const d3 = await srv.api('DELETE', path, { token: tokenA, headers: { 'Idempotency-Key': 'del-2' } });
      expect(d3.status).toBe(404);

      const keys = [{ partitionKey: 'nobody#1', sortKey: 'name' }];
      const u1 = await srv.api('POST', '/survey-results/putUserId', { token: tokenA, body: { keys }, headers: { 'Idempotency-Key': 'link-1' } });
      const u2 = await srv.api('POST', '/survey-results/putUserId', { token: tokenA, body: { keys }, headers: { 'Idempotency-Key': 'link-1' } });
      expect(u1.status).toBe(404);
      expect(u2.text).toBe(u1.text);
    });

    it('expired keys are purged; fresh ones kept', async () => {
      const db = srv.deps.store.db;
      const base = {
        user_id: 'U-purge',
        request_hash: 'h',
        status_code: 200,
        answer_json: '{}',
        created_at: new Date().toISOString(),
      };
      await db
        .insertInto('idempotency_keys')
        .values([
          { ...base, idem_key: 'old', expires_at: new Date(Date.now() - 1000).toISOString() },
          { ...base, idem_key: 'fresh', expires_at: new Date(Date.now() + IDEMPOTENCY_RETENTION_MS).toISOString() },
        ])
        .execute();
      expect(await purgeExpiredKeys(db, new Date())).toBe(1);
      expect((await db.selectFrom('idempotency_keys').select('idem_key').where('user_id', '=', 'U-purge').execute()).map((r) => r.idem_key)).toEqual(['fresh']);
    });

    describe('route wiring', () => {
      const user = { userId: 'U-wiring', name: undefined, picture: undefined };
      const endpoint = (path: string) =>
        defineEndpoint({ method: 'POST', path, auth: 'required', idempotent: true, body: z.object({ n: z.number() }), response: z.unknown() });
      const appWith = (purgeEvery?: number) => {
        const app = new Hono<AppEnv>();
        app.use('*', async (c, next) => {
          c.set('requestId', 'req');
          await next();
        });
        app.onError((e, c) => (e instanceof Refusal ? c.json({ code: e.code }, e.status as 400) : c.json({ code: 'internal' }, 500)));
        const writes = createWriteRunner({ store: srv.deps.store, log: silentLogger, hooks: () => undefined, purgeEvery });
        return { app, writes, env: { authenticate: async () => user, writes } };
      };
      const call = (app: Hono<AppEnv>, path: string, key: string, n = 1) =>
        app.request(`${API_PREFIX}${path}`, { method: 'POST', body: JSON.stringify({ n }), headers: { 'Idempotency-Key': key } });

      it('routes get a store without write: their writes go through commit', () => {
        // Checked by the type checker (npm test runs tsc): an effect written beside commit() would
        // escape the idempotency key's stored answer.
        // @ts-expect-error RouteStore has no write
        const write: RouteStore['write'] = undefined;
        expect(write).toBeUndefined();
      });

      it('an answer given without a commit is stored too; one commit per request', async () => {
        const { app, env } = appWith();
        let runs = 0;
        route(app, env, endpoint('/t/read-only'), async ({ body }) => {
          runs++;
          return { n: body.n, runs };
        });
        route(app, env, endpoint('/t/two-commits'), async ({ commit }) => {
          await commit(async () => ({ a: 1 }));
          return commit(async () => ({ b: 2 }));
        });
        const first = await (await call(app, '/t/read-only', 'ro')).text();
        // The repeat runs the handler again (the key is looked at when its answer is stored), and
        // gets the first answer.
        expect(await (await call(app, '/t/read-only', 'ro')).text()).toBe(first);
        expect(JSON.parse(first)).toEqual({ n: 1, runs: 1 });
        expect(runs).toBe(2);
        // The first commit's answer stands; the programming error is logged, not answered.
        const two = await call(app, '/t/two-commits', 'two');
        expect(await two.json()).toEqual({ a: 1 });
      });

      it('two servers on one database (no shared in-process registry): 20 racing requests, one effect', async () => {
        const apps = [appWith(), appWith()].map(({ app, env }) => {
          route(app, env, endpoint('/t/burst'), async ({ commit }) =>
            // Both servers' first requests run this; the one that takes the key second rolls back.
            commit(async (trx) => ({ n: await claimCounter(trx, 'wiring', 'burst') })),
          );
          return app;
        });
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(apps[i % 2]!, '/t/burst', 'two-servers')));
        const statuses = answers.map((a) => a.status);
        expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
        expect(statuses).toContain(200);
        const texts = new Set(await Promise.all(answers.filter((a) => a.status === 200).map((a) => a.text())));
        expect([...texts].map((t) => JSON.parse(t) as unknown)).toEqual([{ n: 1 }]);
        const counter = await srv.deps.store.db.selectFrom('counters').select('value').where('scope', '=', 'wiring').executeTakeFirst();
        expect(Number(counter?.value)).toBe(1);
      });


      it('a "not now" refusal (429, temporary_locked) is not the key’s answer: the retry runs', async () => {
        const { app, env } = appWith();
        const refusals = [refuse('rate_limited'), refuse('temporary_locked')];
        route(app, env, endpoint('/t/not-now'), async ({ commit }) => {
          const refusal = refusals.shift();
          if (refusal) throw refusal;
          return commit(async () => ({ done: true }));
        });
        expect((await call(app, '/t/not-now', 'not-now')).status).toBe(429);
        expect((await call(app, '/t/not-now', 'not-now')).status).toBe(409);
        const third = await call(app, '/t/not-now', 'not-now');
        expect(third.status).toBe(200);
        expect(await third.json()).toEqual({ done: true });
        // Once the key has its answer, a repeat gets it whatever the handler, run again, does now.
        refusals.push(refuse('rate_limited'), refuse('login_unavailable'));
        for (let i = 0; i < 2; i++) {
          const repeat = await call(app, '/t/not-now', 'not-now');
          expect(repeat.status).toBe(200);
          expect(repeat.headers.get('idempotent-replayed')).toBe('true');
          expect(await repeat.json()).toEqual({ done: true });
        }
        expect(refusals).toEqual([]);
      });

      it('purges expired keys every N claims', async () => {
        const { app, env } = appWith(2);
        route(app, env, endpoint('/t/purge'), async ({ body }) => ({ n: body.n }));
        const expired = {
          user_id: 'U-purge-n',
          idem_key: 'stale',
          request_hash: 'h',
          status_code: 200,
          answer_json: '{}',
          created_at: new Date(0).toISOString(),
          expires_at: new Date(Date.now() - 1).toISOString(),
        };
        await srv.deps.store.db.insertInto('idempotency_keys').values(expired).execute();
        const stale = () => srv.deps.store.db.selectFrom('idempotency_keys').select('idem_key').where('user_id', '=', 'U-purge-n').execute();
        await call(app, '/t/purge', 'p1');
        expect(await stale()).toHaveLength(1);
        await call(app, '/t/purge', 'p2');
        // The purge runs beside the request; give it a moment.
        for (let i = 0; i < 50 && (await stale()).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
        expect(await stale()).toEqual([]);
      });

      it('refuses to register an idempotent endpoint without required auth', () => {
        const { app, env } = appWith();
        const open = defineEndpoint({ method: 'POST', path: '/t/open', auth: 'optional', idempotent: true, response: z.unknown() });
        expect(() => route(app, env, open, async () => ({}))).toThrow(/auth 'required'/);
      });
    });
  });
}
