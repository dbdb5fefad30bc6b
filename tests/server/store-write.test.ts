/**
 * Store.write and the PostgreSQL pool (server/store/open.ts): one write is one plain Kysely
 * transaction on both engines, and on PostgreSQL every statement with parameters is a named,
 * protocol-level prepared statement (never SQL PREPARE), so values travel only as parameters.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { poolOptions } from '../../server/store/open';
import { nextAnswerCode } from '../../server/store/results';
import { engines, scratchStores } from './harness';

const stores = scratchStores('store');
afterAll(() => stores.closeAll());
const open = stores.open;

const TRICKY = `it's a \\ back'slash $1 and $$ too; commit; --`;

describe.each(engines())('Store.write (%s)', (engine) => {
  it('commits every statement of fn together, values intact', async () => {
    const store = await open(engine);
    const answer = await store.write(async (trx) => {
      await trx.insertInto('counters').values({ scope: 'a', name: TRICKY, value: 1 }).execute();
      await trx.updateTable('counters').set({ value: 2 }).where('name', '=', TRICKY).execute();
      return (await trx.selectFrom('counters').select(['name', 'value']).where('scope', '=', 'a').executeTakeFirstOrThrow()).name;
    });
    expect(answer).toBe(TRICKY);
    const rows = await store.db.selectFrom('counters').select(['scope', 'name', 'value']).execute();
    expect(rows.map((r) => [r.scope, r.name, Number(r.value)])).toEqual([['a', TRICKY, 2]]);
  });

  it('keeps nothing of a write whose fn throws, and the next write runs normally', async () => {
    const store = await open(engine);
    await expect(
      store.write(async (trx) => {
        await trx.insertInto('counters').values({ scope: 'lost', name: 'n', value: 1 }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await store.write((trx) => trx.insertInto('counters').values({ scope: 'kept', name: 'n', value: 1 }).execute());
    const rows = await store.db.selectFrom('counters').select('scope').execute();
    expect(rows.map((r) => r.scope)).toEqual(['kept']);
  });

  it('answer codes are unique and increasing under concurrent writes, and a rolled-back draw is never given again', async () => {
    const store = await open(engine);
    const drawn = await Promise.all(Array.from({ length: 40 }, () => store.write((trx) => nextAnswerCode(trx))));
    const numbers = drawn.map(Number);
    expect(new Set(numbers).size).toBe(40);
    const refused = await store
      .write(async (trx) => {
        await nextAnswerCode(trx);
        throw new Error('refused');
      })
      .catch(() => 'refused');
    expect(refused).toBe('refused');
    const next = Number(await store.write((trx) => nextAnswerCode(trx)));
    expect(next).toBeGreaterThan(Math.max(...numbers));
  });
});

describe.runIf(engines().includes('postgres'))('PostgreSQL statements', () => {
  it('sends statements with parameters as named prepared statements, prepared once per connection', async () => {
    const store = await open('postgres');
    const read = (n: number) => store.db.selectFrom('counters').select('scope').where('value', '=', n).execute();
    for (let n = 0; n < 5; n++) await read(n);
    // Read on one connection of the pool, in a transaction (one connection for both statements).
    const prepared = await store.write(async (trx) => {
      await trx.selectFrom('counters').select('scope').where('value', '=', 1).execute();
      return (await sql<{ name: string; statement: string; from_sql: boolean }>`select name, statement, from_sql from pg_prepared_statements`.execute(trx)).rows;
    });
    const mine = prepared.filter((p) => p.statement.includes('"counters"') && p.statement.includes('"value" = $1'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.from_sql).toBe(false);
    expect(prepared.every((p) => !p.from_sql)).toBe(true);
  });

  it('writes values only as parameters: quotes, backslashes and $1 in a value reach the row unchanged', async () => {
    const store = await open('postgres');
    const logged: string[] = [];
    const done = await store.write(async (trx) => {
      await trx.insertInto('counters').values({ scope: TRICKY, name: `${TRICKY}\u3042`, value: 3 }).execute();
      const statements = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      logged.push(...statements.rows.map((r) => r.statement));
      return trx.selectFrom('counters').select(['scope', 'name']).where('scope', '=', TRICKY).executeTakeFirstOrThrow();
    });
    expect(done).toEqual({ scope: TRICKY, name: `${TRICKY}\u3042` });
    expect(logged.some((s) => s.includes("it's"))).toBe(false);
  });
});

describe.runIf(engines().includes('postgres'))('PostgreSQL pool', () => {
  // A burst opens connections; pg-pool closes idle ones after idleTimeoutMillis (10 s by default),
  // shortened here so the test need not wait for it. The store's options keep them (poolOptions).
  const burst = async (options: pg.PoolConfig) => {
    const pool = new pg.Pool({ ...options, idleTimeoutMillis: 50 });
    try {
      const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
      for (const c of clients) c.release();
      await new Promise((r) => setTimeout(r, 300));
      return pool.totalCount;
    } finally {
      await pool.end();
    }
  };

  it('keeps the connections a burst opened instead of closing them when idle', async () => {
    const url = process.env['TEST_DATABASE_URL'] as string;
    expect(await burst(poolOptions(url))).toBe(4);
    // pg-pool's own default, for contrast: what the options above prevent.
    expect(await burst({ connectionString: url })).toBe(0);
  });
});
