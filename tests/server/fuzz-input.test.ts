/**
 * Fuzz: 10,000 generated requests per engine (5,000 putItem, 2,500 cancelItem, 2,500 calendar
 * reads; bodies from fuzz-bodies.ts) against the app in-process, on the real database. For every
 * request: no 5xx; a refusal leaves the tables the calls write exactly as they were; an accepted
 * putItem's answer is what a read of that answer gives back (rows, subData, order), with every
 * value as the resident sent it, character for character; an accepted cancel's status is stored.
 *
 * The seed is fixed (FUZZ_SEED overrides it); a failure names the seed, the call and the body.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@core/contract/define';
import { createApp } from '../../server/app';
import type { App } from '../../server/app-env';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, value as reservationValue } from './reservation-fixture';
import { OTHER, USER, calendarRead, cancelBody, fuzzSurveys, putItemBody, serialize } from './fuzz-bodies';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261124);
const RUNS = { putItem: 5000, cancelItem: 2500, calendars: 2500 };
/** The written tables are emptied every this many requests, so the digest stays a small read. */
const RESET_EVERY = 250;
/** Tables the three calls write (idempotency_keys aside: a refusal sent with a key is stored there as the key's answer). */
const WRITTEN = ['survey_results', 'answer_extras', 'reservations', 'slots', 'counters'] as const;

for (const engine of engines()) {
  describe(`fuzz: putItem, cancelItem and the calendar reads (${engine})`, () => {
    let srv: TestServer;
    let app: App;
    let token: string;
    let otherToken: string;
    let digest = '';
    let sent = 0;
    /** Partition keys acknowledged to USER since the last reset: the generators amend and cancel them. */
    const known: string[] = [];
    const knownKeys = () => known;
    /** Answers by call and status (FUZZ_DEBUG=1: and by refusal text), printed at the end. */
    const tally = new Map<string, number>();
    const count = (line: string) => tally.set(line, (tally.get(line) ?? 0) + 1);

    const digestOf = async (): Promise<string> => {
      const hash = createHash('sha256');
      for (const table of WRITTEN) {
        // Slots: the reserved ones only (every other slot is 0 and no call here changes a quota).
        const rows = (await (table === 'slots' ? srv.deps.store.db.selectFrom('slots').selectAll().where('reserved', '!=', 0) : srv.deps.store.db.selectFrom(table).selectAll()).execute()) as Record<string, unknown>[];
        const lines = rows.map((r) => JSON.stringify(Object.keys(r).sort().map((k) => [k, String(r[k])]))).sort();
        hash.update(`${table}\n${lines.join('\n')}\n`);
      }
      return hash.digest('hex');
    };

    const reset = async () => {
      await srv.deps.store.db.deleteFrom('survey_results').execute();
      await srv.deps.store.db.deleteFrom('answer_extras').execute();
      await srv.deps.store.db.deleteFrom('reservations').execute();
      await srv.deps.store.db.deleteFrom('counters').execute();
      await srv.deps.store.db.updateTable('slots').set({ reserved: 0 }).execute();
      known.length = 0;
      digest = await digestOf();
    };

    const request = async (method: 'GET' | 'POST', path: string, opts: { text?: string; key?: string | null; tok?: string | null; check?: true } = {}) => {
      const headers: Record<string, string> = {};
      if (opts.tok) headers['authorization'] = `Bearer ${opts.tok}`;
      if (opts.key) headers['Idempotency-Key'] = opts.key;
      if (opts.text !== undefined) headers['content-type'] = 'application/json';
      const res = await app.request(`${API_PREFIX}${path}`, { method, headers, ...(opts.text !== undefined ? { body: opts.text } : {}) });
      const text = await res.text();
      let json: any = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      const call = path.replace(/[?].*$/, '').replace(/^(\/calendars\/[^/]+).*$/, '$1');
      // The test's own reads and set-up answers (check) are not among the generated requests counted.
      if (!opts.check) count(`${call} ${res.status}`);
      if (process.env['FUZZ_DEBUG'] && !opts.check && res.status !== 200) count(`${call} ${res.status} ${json?.code}: ${String(json?.errorMessage).slice(0, 80)}`);
      return { status: res.status, json, text, replayed: res.headers.get('Idempotent-Replayed') === 'true' };
    };

    /** Every request: never a 5xx; unless accepted (and not a replay), nothing written. */
    const checked = async (what: string, r: { status: number; text: string; replayed: boolean }, mayWrite: boolean) => {
      expect(r.status, `${what} answered ${r.status}: ${r.text.slice(0, 300)}`).toBeLessThan(500);
      const after = await digestOf();
      if (!(mayWrite && r.status === 200 && !r.replayed)) expect(after, `${what} answered ${r.status} and changed the tables`).toBe(digest);
      digest = after;
    };

    /** The accepted answer read back: the same rows, subData and order; each value as some row sent it. */
    const acknowledgedIsStored = async (body: unknown, answer: any) => {
      const pk = answer.partitionKey as string;
      const read = await request('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=${encodeURIComponent(answer.data[0].surveyId)}&partitionKey=${encodeURIComponent(pk)}`, { tok: token, check: true });
      expect(read.status).toBe(200);
      const bySort = (rows: { sortKey: string }[]) => [...rows].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
      expect(bySort(read.json.data)).toEqual(bySort(answer.data));
      expect(read.json.subData).toEqual(answer.subData);
      expect(read.json.order).toEqual(answer.order);
      const sentRows = (body as { data: { itemKey: string; value: string }[] }).data;
      for (const row of answer.data as { itemKey: string; value: string }[]) {
        expect(sentRows.some((s) => s.itemKey === row.itemKey && s.value === row.value), `stored ${JSON.stringify(row.value)} for ${row.itemKey} was not sent`).toBe(true);
      }
      if (!known.includes(pk)) known.push(pk);
    };

    /**
     * One request per run, the database carried from run to run, so no shrinking (endOnFailure).
     * A failure's counterexample is shown as the text sent (fast-check's own printer trips on a
     * body whose generated keys include `constructor`).
     */
    /** Answers for the cancels to find (not counted among the generated requests). */
    const answersToCancel = async () => {
      for (const [n, data] of [
        [{ surveyId: 'fz-single', itemKey: 'name', value: '取消用' }],
        [{ surveyId: 'fz-append', itemKey: 'name', value: '取消用' }],
        [{ surveyId: 'rsv', itemKey: 'yoyaku', value: reservationValue('naika-b', 'v1', 2 + (sent % 5), 1 + (sent % 4)) }],
      ].entries()) {
        const r = await request('POST', '/survey-results/putItem', { text: JSON.stringify({ data }), tok: token, check: true });
        expect(r.status, `answer ${n} to cancel: ${r.text}`).toBe(200);
        known.push(r.json.partitionKey as string);
      }
      digest = await digestOf();
    };

    const property = <T>(arb: fc.Arbitrary<T>, runs: number, run: (input: T) => Promise<void>) =>
      fc.assert(
        fc.asyncProperty(
          arb.map((input) => ({ input, [fc.toStringMethod]: () => serialize(input).slice(0, 2000) })),
          async ({ input }) => {
            await run(input);
            if (++sent % RESET_EVERY === 0) await reset();
          },
        ),
        { seed: SEED, numRuns: runs, endOnFailure: true },
      );

    /** An Idempotency-Key on some requests; now and then the previous one again (a replay, or a key reused). */
    let lastKey = 'fz-0';
    const keyed = fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constant('again') });
    const keyOf = (k: string | null) => (k === 'again' ? lastKey : k === null ? null : (lastKey = `fz-${k}`));

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle({ surveyConfigs: [...bundle().surveyConfigs, ...fuzzSurveys] }), 'fixture');
      app = createApp(srv.deps);
      token = await srv.token(USER, { name: '山田 太郎' });
      otherToken = await srv.token(OTHER);
      // Another resident's answer, for the keys that name it.
      await srv.api('POST', '/survey-results/putItem', { token: otherToken, body: { data: [{ surveyId: 'fz-single', itemKey: 'name', value: '他人' }] } });
      digest = await digestOf();
    });
    afterAll(async () => {
      const lines = [...tally].sort(([a], [b]) => (a < b ? -1 : 1)).map(([line, n]) => `  ${String(n).padStart(5)} ${line}`);
      console.log(`fuzz (${engine}), seed ${SEED}: ${sent} generated requests\n${lines.join('\n')}`);
      await srv?.stop();
    });

    it(`putItem: ${RUNS.putItem} generated bodies`, { timeout: 600_000 }, async () => {
      await property(fc.tuple(putItemBody(knownKeys), keyed), RUNS.putItem, async ([body, k]) => {
        const key = keyOf(k);
        const r = await request('POST', '/survey-results/putItem', { text: serialize(body), key, tok: token });
        await checked(`putItem (seed ${SEED})`, r, true);
        if (r.status === 200 && !r.replayed) await acknowledgedIsStored(body, r.json);
      });
    });

    it(`cancelItem: ${RUNS.cancelItem} generated bodies`, { timeout: 600_000 }, async () => {
      await property(fc.tuple(cancelBody(knownKeys), keyed), RUNS.cancelItem, async ([body, k]) => {
        if (known.length < 3) await answersToCancel();
        const r = await request('POST', '/survey-results/cancelItem', { text: serialize(body), key: keyOf(k), tok: token });
        await checked(`cancelItem (seed ${SEED})`, r, true);
        if (r.status === 200 && !r.replayed) {
          const { partitionKey, check } = r.json.data as { partitionKey: string; check: string };
          const stored = await srv.deps.store.db.selectFrom('survey_results').select('check_status').where('partition_key', '=', partitionKey).execute();
          expect(stored.length).toBeGreaterThan(0);
          expect(new Set(stored.map((s) => s.check_status))).toEqual(new Set([check]));
          // Cancelled: the generators look for live answers from now on.
          known.splice(known.indexOf(partitionKey), 1);
        }
      });
    });

    it(`calendar reads: ${RUNS.calendars} generated requests`, { timeout: 600_000 }, async () => {
      await property(calendarRead, RUNS.calendars, async ({ path, signedIn }) => {
        const r = await request('GET', path, { tok: signedIn ? token : null });
        await checked(`GET ${path} (seed ${SEED})`, r, false);
      });
    });
  });
}
