/**
 * The audit trail (server/audit/, server/store/audit.ts): a row is written in the action's own
 * transaction, the chain holds under concurrent appends from two stores on one database, and
 * verifyChain (and `npm run audit:verify`) names the first row that was edited, deleted or moved.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openStore, type Store } from '../../server/store/open';
import { recordAudit, type AuditEntry } from '../../server/audit/record';
import { verifyChain } from '../../server/audit/verify';
import { GENESIS_HASH, auditHash } from '../../server/audit/hash';
import { auditRowsAfter } from '../../server/store/audit';
import { runAudit } from '../../server/cli/audit';
import { engines, scratchStores } from './harness';

const stores = scratchStores('audit');
const others: Store[] = [];
afterAll(async () => {
  for (const s of others.splice(0)) await s.close();
  await stores.closeAll();
});

const entry = (n: number): AuditEntry => ({
  actor: { kind: 'staff', id: `staff-${n % 3}` },
  action: 'answer.status',
  targets: { kind: 'answer', ids: [`clinic-yoyaku#U${n}`] },
  from: { ip: '192.0.2.7', userAgent: 'Mozilla/5.0 テスト' },
  detail: { from: '未対応', to: '対応済み', n },
});

/** A store with `n` rows in its chain, one write each. */
const chainOf = async (engine: Parameters<typeof stores.open>[0], n: number) => {
  const store = await stores.open(engine);
  for (let i = 1; i <= n; i++) await store.write((trx) => recordAudit(trx, entry(i)));
  return store;
};

const seqs = async (store: Store) => (await auditRowsAfter(store.db, 0, 1000)).map((r) => r.seq);

describe.each(engines())('audit trail (%s)', (engine) => {
  it('writes the row in the action’s transaction, chained from the genesis hash', async () => {
    const store = await stores.open(engine);
    expect(await verifyChain(store.db)).toEqual({ ok: true, rows: 0 });
    const at = new Date('2026-12-01T01:02:03.004Z');
    await store.write(async (trx) => {
      await trx.insertInto('counters').values({ scope: 'action', name: 'effect', value: 1 }).execute();
      await recordAudit(trx, entry(1), at);
    });
    await store.write((trx) => recordAudit(trx, { actor: { kind: 'system', id: 'cli' }, action: 'staff.add' }));
    const [first, second] = await auditRowsAfter(store.db, 0, 10);
    expect(first).toEqual({
      seq: 1,
      at: '2026-12-01T01:02:03.004Z',
      actor_kind: 'staff',
      actor_id: 'staff-1',
      action: 'answer.status',
      target_kind: 'answer',
      target_ids_json: '["clinic-yoyaku#U1"]',
      outcome: 'ok',
      from_ip: '192.0.2.7',
      from_agent: 'Mozilla/5.0 テスト',
      detail_json: '{"from":"未対応","n":1,"to":"対応済み"}',
      prev_hash: GENESIS_HASH,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const { hash, ...unhashed } = first!;
    expect(auditHash(unhashed)).toBe(hash);
    expect(second).toMatchObject({ seq: 2, actor_kind: 'system', target_kind: null, target_ids_json: '[]', detail_json: '{}', prev_hash: hash });
    expect(await verifyChain(store.db)).toEqual({ ok: true, rows: 2, last: { seq: 2, hash: second!.hash } });
  });

  it('keeps no row of a transaction that throws after recordAudit, and leaves no gap', async () => {
    const store = await chainOf(engine, 2);
    await expect(
      store.write(async (trx) => {
        await recordAudit(trx, entry(3));
        await trx.insertInto('counters').values({ scope: 'action', name: 'effect', value: 1 }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await seqs(store)).toEqual([1, 2]);
    expect(await store.db.selectFrom('counters').select('scope').where('scope', '=', 'action').execute()).toEqual([]);
    await store.write((trx) => recordAudit(trx, entry(4)));
    expect(await seqs(store)).toEqual([1, 2, 3]);
    expect(await verifyChain(store.db)).toMatchObject({ ok: true, rows: 3, last: { seq: 3 } });
  });

  it('gives one unbroken chain for 50 concurrent appends, a fifth of them rolled back', async () => {
    const first = await stores.open(engine);
    // Two "processes" on one PostgreSQL schema. SQLite's driver blocks its thread while it waits
    // for the file's write lock, so two stores in one process would stall each other: one there.
    const writers: Store[] = [first];
    if (engine === 'postgres') {
      const config = loadConfig(first.env);
      const second = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.databaseSchema });
      others.push(second);
      writers.push(second);
    }
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        (writers[i % writers.length] as Store).write(async (trx) => {
          await recordAudit(trx, entry(i));
          // Holds the chain's place a while, so the others queue behind it.
          await sleep(i % 7);
          if (i % 5 === 4) throw new Error('refused');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(40);
    expect(await seqs(first)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await verifyChain(first.db)).toMatchObject({ ok: true, rows: 40, last: { seq: 40 } });
  });

  it('names an edited row', async () => {
    const store = await chainOf(engine, 5);
    await store.db.updateTable('audit_log').set({ detail_json: '{"from":"未対応","n":3,"to":"未対応"}' }).where('seq', '=', 3).execute();
    expect(await verifyChain(store.db)).toEqual({
      ok: false,
      rows: 3,
      broken: { seq: 3, problem: 'hash', message: expect.stringContaining('hash does not match') },
    });
  });

  it('names the row after a deleted one, and a chain whose last rows were deleted', async () => {
    const store = await chainOf(engine, 5);
    await store.db.deleteFrom('audit_log').where('seq', '=', 3).execute();
    expect(await verifyChain(store.db)).toEqual({
      ok: false,
      rows: 3,
      broken: { seq: 4, problem: 'prev_hash', message: 'prev_hash is not the hash of row 2; rows 3–3 are missing' },
    });

    const cut = await chainOf(engine, 5);
    await cut.db.deleteFrom('audit_log').where('seq', '>=', 4).execute();
    expect(await verifyChain(cut.db)).toEqual({
      ok: false,
      rows: 3,
      broken: { seq: 4, problem: 'truncated', message: expect.stringContaining('4–5 are missing') },
    });
  });

  it('names a row whose hash was swapped with the next one’s, and rows moved in the order', async () => {
    const store = await chainOf(engine, 5);
    const [, , third, fourth] = await auditRowsAfter(store.db, 0, 10);
    await store.db.updateTable('audit_log').set({ hash: fourth!.hash }).where('seq', '=', 3).execute();
    await store.db.updateTable('audit_log').set({ hash: third!.hash }).where('seq', '=', 4).execute();
    expect(await verifyChain(store.db)).toMatchObject({ ok: false, broken: { seq: 3, problem: 'hash' } });

    // Rows 2 and 3 trade places (their seq), each keeping its own columns and hash.
    const moved = await chainOf(engine, 5);
    await moved.db.updateTable('audit_log').set({ seq: -2 }).where('seq', '=', 2).execute();
    await moved.db.updateTable('audit_log').set({ seq: 2 }).where('seq', '=', 3).execute();
    await moved.db.updateTable('audit_log').set({ seq: 3 }).where('seq', '=', -2).execute();
    expect(await verifyChain(moved.db)).toEqual({
      ok: false,
      rows: 2,
      broken: { seq: 2, problem: 'prev_hash', message: 'prev_hash is not the hash of row 1' },
    });
  });

  it('audit:verify exits 0 on an intact chain and 1 naming the first broken row', async () => {
    const store = await chainOf(engine, 4);
    const cli = async () => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAudit(['--', 'verify'], { env: store.env, out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out, err };
    };
    const last = (await auditRowsAfter(store.db, 3, 1))[0]!;
    expect(await cli()).toEqual({ code: 0, out: ['audit: 4 rows, chain intact', `last row 4: ${last.hash}`], err: [] });
    await sql`update audit_log set actor_id = 'someone-else' where seq = 2`.execute(store.db);
    expect(await cli()).toEqual({ code: 1, out: [], err: ['audit: chain broken at row 2 (hash): hash does not match the row (edited?)'] });
  });
});

describe('audit:verify arguments', () => {
  it('refuses anything but verify, opening nothing', async () => {
    const err: string[] = [];
    expect(await runAudit(['check'], { env: { DATA_DIR: '/nonexistent/audit' }, err: (l) => err.push(l) })).toBe(1);
    expect(err).toEqual(['使い方 / usage: npm run audit:verify']);
  });
});
