/**
 * Store.write's `last` statement (server/store/open.ts): run as the transaction's last, it must
 * return a row or the whole write rolls back; on PostgreSQL it is sent with the COMMIT, its
 * parameters written in as literals — which must survive quotes, backslashes and "$1" in values.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { GuardFailedError, LastStatementMissedError, deferToCommit, deferWithLateValues, escapeLiteral, inlineParameters, poolOptions, runTogether, type Store } from '../../server/store/open';
import { engines, scratchStores } from './harness';

const stores = scratchStores('store');
afterAll(() => stores.closeAll());
const open = stores.open;

const TRICKY = `it's a \\ back'slash $1 and $$ too; commit; --`;

describe.each(engines())('Store.write with a last statement (%s)', (engine) => {
  it('commits the effect and the last statement when it returns a row, values intact', async () => {
    const store = await open(engine);
    await store.db.insertInto('counters').values({ scope: 's', name: 'n', value: 1 }).execute();
    const answer = await store.write(
      async (trx) => {
        await trx.insertInto('counters').values({ scope: 'effect', name: TRICKY, value: 7 }).execute();
        return 'done';
      },
      (a) => store.db.updateTable('counters').set({ name: `${TRICKY} ${a}` }).where('scope', '=', 's').returning('scope'),
    );
    expect(answer).toBe('done');
    const rows = await store.db.selectFrom('counters').select(['scope', 'name', 'value']).orderBy('scope').execute();
    expect(rows.map((r) => [r.scope, r.name, Number(r.value)])).toEqual([
      ['effect', TRICKY, 7],
      ['s', `${TRICKY} done`, 1],
    ]);
  });

  it('rolls the whole write back with LastStatementMissedError when the last statement returns no row', async () => {
    const store = await open(engine);
    await expect(
      store.write(
        async (trx) => {
          await trx.insertInto('counters').values({ scope: 'effect', name: 'x', value: 1 }).execute();
          return 1;
        },
        () => store.db.updateTable('counters').set({ value: 2 }).where('scope', '=', 'nobody').returning('scope'),
      ),
    ).rejects.toBeInstanceOf(LastStatementMissedError);
    expect(await store.db.selectFrom('counters').selectAll().execute()).toEqual([]);
    // The connection is usable afterwards (the aborted transaction was ended).
    await store.write((trx) => trx.insertInto('counters').values({ scope: 'after', name: 'x', value: 1 }).execute());
    expect((await store.db.selectFrom('counters').select('scope').execute()).map((r) => r.scope)).toEqual(['after']);
  });

  it('rolls back when fn throws, without running the last statement', async () => {
    const store = await open(engine);
    await store.db.insertInto('counters').values({ scope: 's', name: 'n', value: 1 }).execute();
    await expect(
      store.write(
        async (trx) => {
          await trx.insertInto('counters').values({ scope: 'effect', name: 'x', value: 1 }).execute();
          throw new Error('refused');
        },
        () => store.db.updateTable('counters').set({ value: 99 }).where('scope', '=', 's').returning('scope'),
      ),
    ).rejects.toThrow('refused');
    expect((await store.db.selectFrom('counters').select(['scope', 'value']).execute()).map((r) => [r.scope, Number(r.value)])).toEqual([['s', 1]]);
  });
});

describe.runIf(engines().includes('postgres'))('PostgreSQL statements by text', () => {
  it('prepares a parameterised query once per connection and runs it again by name, with fresh values', async () => {
    const store = await open('postgres');
    await store.db.insertInto('counters').values([{ scope: 'a', name: 'n', value: 1 }, { scope: 'b', name: 'n', value: 2 }]).execute();
    const lookup = (trx: typeof store.db, scope: string) => trx.selectFrom('counters').select('value').where('scope', '=', scope).executeTakeFirstOrThrow();
    // One transaction: one connection, whose prepared statements PostgreSQL lists.
    const seen = await store.write(async (trx) => {
      const values = [Number((await lookup(trx, 'a')).value), Number((await lookup(trx, 'b')).value)];
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      return { values, prepared: prepared.rows.map((r) => r.statement) };
    });
    expect(seen.values).toEqual([1, 2]);
    const compiled = store.db.selectFrom('counters').select('value').where('scope', '=', 'a').compile().sql;
    expect(seen.prepared.filter((s) => s === compiled)).toHaveLength(1);
    // Statements without parameters are not kept (BEGIN, COMMIT, the commit message's batch).
    expect(seen.prepared.some((s) => /^(begin|commit)/i.test(s.trim()))).toBe(false);
  });
});

describe.each(engines())('runTogether (%s)', (engine) => {
  it('runs the statements in order, each seeing the ones before, and answers each one\'s rows', async () => {
    const store = await open(engine);
    const [inserted, read, none] = await store.write((trx) =>
      runTogether(trx, [
        trx.insertInto('counters').values({ scope: 'a', name: TRICKY, value: 5 }).returning('value'),
        trx.selectFrom('counters').select(['name', 'value']).where('scope', '=', 'a'),
        trx.selectFrom('counters').select('value').where('scope', '=', 'nobody'),
      ]),
    );
    expect(inserted?.map((r) => Number(r['value']))).toEqual([5]);
    expect(read?.map((r) => [r['name'], Number(r['value'])])).toEqual([[TRICKY, 5]]);
    expect(none).toEqual([]);
  });

  if (engine === 'postgres') {
    it('sends them as one message, with the held-back BEGIN when they come first', async () => {
      const store = await open('postgres');
      // statement_timestamp() is when the statement's message arrived, now() when the transaction began.
      type Probe = { n: number; at: string; began: string };
      const probe = (trx: Parameters<Parameters<Store['write']>[0]>[0], n: number) => {
        const q = sql<Probe>`select ${n}::int as n, statement_timestamp()::text as at, now()::text as began`.compile(trx);
        return { compile: () => q };
      };
      const [[a] = [], [b] = []] = (await store.write((trx) => runTogether(trx, [probe(trx, 1), probe(trx, 2)]))) as Probe[][];
      expect([a?.n, b?.n]).toEqual([1, 2]);
      expect(b?.at).toBe(a?.at);
      expect(a?.began).toBe(a?.at);
    });
  }
});

describe.runIf(engines().includes('postgres'))('PostgreSQL commit messages', () => {
  it('prepare each deferred statement once per connection (SQL PREPARE) and run it by EXECUTE with new values', async () => {
    const store = await open('postgres');
    await store.db.insertInto('counters').values({ scope: 'p', name: 'n', value: 1 }).execute();
    const bump = (trx: Store['db'], by: number) => trx.updateTable('counters').set({ value: sql`value + ${by}` }).where('scope', '=', 'p');
    const text = bump(store.db, 1).compile().sql;
    const seen = new Set<number>();
    for (const by of [1, 2, 3, 4]) {
      const r = await store.write(async (trx) => {
        const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid as number;
        const prepared = (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map((x) => x.statement);
        deferToCommit(trx, bump(trx, by));
        return { pid, prepared };
      });
      // Prepared by the first commit on this connection, and only then.
      expect(r.prepared.filter((st) => st.includes(text))).toHaveLength(seen.has(r.pid) ? 1 : 0);
      seen.add(r.pid);
    }
    expect(seen.size).toBeLessThan(4);
    expect(Number((await store.db.selectFrom('counters').select('value').where('scope', '=', 'p').executeTakeFirstOrThrow()).value)).toBe(11);
  });
});

describe.runIf(engines().includes('postgres'))('PostgreSQL BEGIN with the first statement', () => {
  // statement_timestamp() is when the statement's message arrived, now() when the transaction
  // began: equal only when BEGIN came in the same message as the statement.
  const probe = (trx: Parameters<Parameters<Store['write']>[0]>[0], n: number) =>
    sql<{ n: number; merged: boolean }>`select ${n}::int as n, now() = statement_timestamp() as merged`.execute(trx).then((r) => r.rows[0]);

  it('sends BEGIN in one message with the first statement, which answers its own rows', async () => {
    const store = await open('postgres');
    const seen = await store.write(async (trx) => [await probe(trx, 1), await probe(trx, 2)]);
    expect(seen).toEqual([
      { n: 1, merged: true },
      { n: 2, merged: false },
    ]);
  });

  it('a write that fails in its first statement rolls back and leaves the connection clean', async () => {
    const store = await open('postgres');
    await store.db.insertInto('counters').values({ scope: 'taken', name: 'n', value: 1 }).execute();
    // Refused in the message with BEGIN (a duplicate key), and after a BEGIN of its own (NaN
    // cannot be written as a literal).
    for (const value of [{ scope: 'taken', name: 'n', value: 2 }, { scope: 'x', name: 'n', value: Number.NaN }]) {
      await expect(
        store.write(async (trx) => {
          await trx.insertInto('counters').values(value).execute();
        }),
      ).rejects.toThrow();
    }
    await expect(store.write(async () => 'nothing sent')).resolves.toBe('nothing sent');
    const after = await store.write(async (trx) => {
      await trx.insertInto('counters').values({ scope: 'y', name: 'n', value: 1 }).execute();
      return probe(trx, 3);
    });
    expect(after).toEqual({ n: 3, merged: false });
    expect((await store.db.selectFrom('counters').select(['scope', 'value']).orderBy('scope').execute()).map((r) => [r.scope, Number(r.value)])).toEqual([
      ['taken', 1],
      ['y', 1],
    ]);
  });
});

describe.runIf(engines().includes('postgres'))('PostgreSQL late values (deferWithLateValues)', () => {
  /** A counter claim answering its value and a time, as late values (settings named by deferWithLateValues). */
  const bump = (db: Store['db'], scope: string) => (settings: { value: string; at?: string }) =>
    db
      .insertInto('counters')
      .values({ scope, name: 'n', value: 1 })
      .onConflict((oc) => oc.columns(['scope', 'name']).doUpdateSet({ value: sql`counters.value + 1` }))
      .returning([
        sql<string>`set_config(${settings.value}, value::text, true)`.as('value'),
        ...(settings.at ? [sql<string>`set_config(${settings.at}, ${'2026-11-23T10:00:00.000Z'}, true)`.as('at')] : []),
      ]);

  it('runs first in the commit message; its values replace their tokens in later statements, the last one and the answer', async () => {
    const store = await open('postgres');
    await store.db.insertInto('counters').values({ scope: 'code', name: 'n', value: 41 }).execute();
    const answer = await store.write(
      async (trx) => {
        // Deferred before the late statement, run after it: 42 × 10, not 41 × 10 + 1.
        deferToCommit(trx, trx.updateTable('counters').set({ value: sql`value * 10` }).where('scope', '=', 'code'));
        const { value, at } = deferWithLateValues(trx, ['value', 'at'], bump(trx, 'code'));
        expect(value).not.toBe('42');
        deferToCommit(trx, trx.insertInto('counters').values({ scope: `copy ${value} at ${at}`, name: TRICKY, value: 1 }));
        return { answercode: value, rows: [{ answerCode: value, createdAt: at, note: `${TRICKY} ${value}` }] };
      },
      (a) => store.db.insertInto('counters').values({ scope: 'answer', name: JSON.stringify(a), value: 0 }).returning('scope'),
    );
    const expected = { answercode: '42', rows: [{ answerCode: '42', createdAt: '2026-11-23T10:00:00.000Z', note: `${TRICKY} 42` }] };
    expect(answer).toEqual(expected);
    const rows = await store.db.selectFrom('counters').select(['scope', 'name', 'value']).orderBy('scope').execute();
    expect(rows.map((r) => [r.scope, r.name, Number(r.value)])).toEqual([
      ['answer', JSON.stringify(expected), 0],
      ['code', 'n', 420],
      ['copy 42 at 2026-11-23T10:00:00.000Z', TRICKY, 1],
    ]);
  });

  it('fills tokens wherever the answer holds them in arrays and plain objects, keys too, and keeps other objects', async () => {
    const store = await open('postgres');
    const when = new Date(0);
    const answer = await store.write(async (trx) => {
      const { value } = deferWithLateValues(trx, ['value'], bump(trx, 'code'));
      return [{ [`no ${value}`]: [[value], null, 3, when], plain: 'late_ but not a token', ...(JSON.parse(`{"__proto__": "${value}"}`) as object) }];
    });
    expect(answer).toEqual([{ 'no 1': [['1'], null, 3, when], plain: 'late_ but not a token', ...(JSON.parse('{"__proto__": "1"}') as object) }]);
    expect((answer[0] as Record<string, unknown[]>)['no 1']?.[3]).toBe(when);
    // A key named __proto__ stays an own property, as in the JSON the answer becomes.
    expect(Object.getPrototypeOf(answer[0])).toBe(Object.prototype);
    expect(JSON.stringify(answer[0])).toContain('"__proto__":"1"');
  });

  it('holds no lock of its row before the commit: another write updates it meanwhile', async () => {
    const store = await open('postgres');
    await store.db.insertInto('counters').values({ scope: 'code', name: 'n', value: 1 }).execute();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = store.write(async (trx) => {
      await trx.insertInto('counters').values({ scope: 'first', name: 'n', value: 1 }).execute();
      const late = deferWithLateValues(trx, ['value'], bump(trx, 'code'));
      entered();
      await gate;
      return late.value;
    });
    await inside;
    // Would wait for `first` (and never end: it waits for this) if the code row were locked now.
    await store.write((trx) => trx.updateTable('counters').set({ value: 100 }).where('scope', '=', 'code').execute());
    release();
    expect(await first).toBe('101');
  });

  it('a late statement that returns no row rolls the whole write back', async () => {
    const store = await open('postgres');
    const write = store.write(async (trx) => {
      await trx.insertInto('counters').values({ scope: 'effect', name: 'n', value: 1 }).execute();
      return deferWithLateValues(trx, ['value'], (settings) =>
        trx.updateTable('counters').set({ value: 2 }).where('scope', '=', 'nobody').returning(sql<string>`set_config(${settings.value}, value::text, true)`.as('value')),
      );
    });
    await expect(write).rejects.toBeInstanceOf(GuardFailedError);
    await expect(write).rejects.toMatchObject({ guard: 'late' });
    expect(await store.db.selectFrom('counters').selectAll().execute()).toEqual([]);
  });
});

describe.runIf(engines().includes('postgres'))('PostgreSQL late values that are not plain', () => {
  it.each([
    ['a quote in the first value', `it's`, '2026-11-23T10:00:00.000Z'],
    ['an empty second value', '7', ''],
  ])('%s fails the write before its COMMIT: nothing is kept', async (_name, value, at) => {
    const store = await open('postgres');
    const write = store.write(async (trx) => {
      await trx.insertInto('counters').values({ scope: 'effect', name: 'n', value: 1 }).execute();
      return deferWithLateValues(trx, ['value', 'at'], (settings) =>
        trx
          .insertInto('counters')
          .values({ scope: 'late', name: 'n', value: 1 })
          .returning([sql<string>`set_config(${settings.value}, ${value}, true)`.as('value'), sql<string>`set_config(${settings.at}, ${at}, true)`.as('at')]),
      );
    });
    await expect(write).rejects.toMatchObject({ guard: 'late' });
    expect(await store.db.selectFrom('counters').selectAll().execute()).toEqual([]);
  });
});

describe.runIf(engines().includes('postgres'))('PostgreSQL late values on a connection used before', () => {
  const bump = (db: Store['db'], scope: string) => (settings: { value: string }) =>
    db
      .insertInto('counters')
      .values({ scope, name: 'n', value: 1 })
      .onConflict((oc) => oc.columns(['scope', 'name']).doUpdateSet({ value: sql`counters.value + 1` }))
      .returning(sql<string>`set_config(${settings.value}, value::text, true)`.as('value'));
  /** One write with two late statements: the settings each was given, its answer and its connection. */
  const twoLate = (store: Store) =>
    store.write(async (trx) => {
      const given: string[] = [];
      const a = deferWithLateValues(trx, ['value'], (settings) => (given.push(settings.value), bump(trx, 'a')(settings)));
      const b = deferWithLateValues(trx, ['value'], (settings) => (given.push(settings.value), bump(trx, 'b')(settings)));
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      return { given, answer: `${a.value}/${b.value}`, pid: rows[0]?.pid };
    });

  it('names its settings by position, the same in every write: a connection does not collect a name per write', async () => {
    const store = await open('postgres');
    const writes = [];
    // One after the other: the pool hands the one idle connection out each time.
    for (let i = 0; i < 3; i++) writes.push(await twoLate(store));
    expect(new Set(writes.map((w) => w.pid)).size).toBe(1);
    expect(writes.map((w) => w.given)).toEqual([
      ['late.v0', 'late.v1'],
      ['late.v0', 'late.v1'],
      ['late.v0', 'late.v1'],
    ]);
    expect(writes.map((w) => w.answer)).toEqual(['1/1', '2/2', '3/3']);
  });

  it('a late statement with no row still fails when an earlier write on the connection set its setting', async () => {
    const store = await open('postgres');
    const first = await twoLate(store);
    // The setting late.v0 exists on this connection now and holds '' outside that write.
    const write = store.write(async (trx) => {
      await trx.insertInto('counters').values({ scope: 'effect', name: 'n', value: 1 }).execute();
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      expect(rows[0]?.pid).toBe(first.pid);
      return deferWithLateValues(trx, ['value'], (settings) =>
        trx.updateTable('counters').set({ value: 2 }).where('scope', '=', 'nobody').returning(sql<string>`set_config(${settings.value}, value::text, true)`.as('value')),
      );
    });
    await expect(write).rejects.toMatchObject({ guard: 'late' });
    expect(await store.db.selectFrom('counters').select('scope').where('scope', '=', 'effect').execute()).toEqual([]);
  });
});

describe.runIf(engines().includes('sqlite'))('SQLite and late values', () => {
  it('refuses them (SQLite runs a write in-process: its values are known at once)', async () => {
    const store = await open('sqlite');
    await expect(
      store.write(async (trx) => deferWithLateValues(trx, ['scope'], () => trx.insertInto('counters').values({ scope: 'x', name: 'n', value: 1 }).returning('scope'))),
    ).rejects.toThrow(/PostgreSQL only/);
    expect(await store.db.selectFrom('counters').selectAll().execute()).toEqual([]);
  });
});

describe('inlineParameters', () => {
  it('writes strings as escaped literals, numbers, booleans and null', () => {
    const q = CompiledQuery.raw('update t set a = $1, b = $2, c = $3, d = $4 where e = $10', ['o\'k \\ $2', 3.5, true, null, 0, 0, 0, 0, 0, 'ten']);
    expect(inlineParameters(q)).toBe(`update t set a =  E'o''k \\\\ $2', b = 3.5, c = TRUE, d = NULL where e = 'ten'`);
  });

  it('writes a late value\'s token in a string as the setting its statement made', () => {
    const q = CompiledQuery.raw('select $1, $2', ['code late_ab_0 at late_ab_1', 'plain']);
    const late = new Map([
      ['late_ab_0', 'late.v0'],
      ['late_ab_1', 'late.v1'],
    ]);
    expect(inlineParameters(q, late)).toBe(
      "select replace(replace('code late_ab_0 at late_ab_1', 'late_ab_0', current_setting('late.v0')), 'late_ab_1', current_setting('late.v1')), 'plain'",
    );
  });

  it('escapes literals exactly as pg.escapeLiteral does', () => {
    const samples = ['', 'plain', "it's", "''", '\\', "a\\'b", TRICKY, '予約 ベンチ', '{"a":"it\'s \\"x\\""}', `${'x'.repeat(3000)}'\\`];
    for (const v of samples) expect(escapeLiteral(v), v).toBe(pg.escapeLiteral(v));
  });

  it('refuses SQL that already holds literal text, and values it cannot write', () => {
    expect(() => inlineParameters(CompiledQuery.raw("select '$1'", ['x']))).toThrow(/literal text/);
    expect(() => inlineParameters(CompiledQuery.raw('select $1', [{ a: 1 }]))).toThrow(/cannot write/);
    expect(() => inlineParameters(CompiledQuery.raw('select $1', [Number.NaN]))).toThrow(/cannot write/);
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
