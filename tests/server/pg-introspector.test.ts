/**
 * The store's PostgreSQL introspection (server/store/pg-introspector.ts): only its own schema, and
 * no failure while other schemas come and go, as tenants' and test suites' schemas do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../server/store/open';
import { dropSchema } from './harness';

const url = process.env['TEST_DATABASE_URL'];
const name = (what: string) => `t_${what}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const open = async (pgSchema: string): Promise<Store> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liff-forms-introspect-'));
  const store = await openStore({ dataDir, databaseUrl: url, pgSchema });
  cleanups.push(async () => {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropSchema(pgSchema);
  });
  return store;
};

describe.runIf(url)('PostgreSQL introspection of the store', () => {
  it("lists the store's own tables and columns, not another schema's, and Kysely's only when asked", async () => {
    const mine = name('mine');
    const other = name('other');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`drop schema if exists ${other} cascade`);
      await admin.end();
    });
    await admin.query(`create schema ${other}; create table ${other}.survey_results (only_here text)`);
    const store = await open(mine);

    const tables = await store.db.introspection.getTables();
    expect(tables.length).toBeGreaterThan(5);
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([mine]));
    const results = tables.find((t) => t.name === 'survey_results');
    expect(results?.columns.map((c) => c.name)).not.toContain('only_here');
    expect(results?.columns.length).toBeGreaterThan(3);
    expect(tables.map((t) => t.name)).not.toContain('kysely_migration');

    const withKysely = await store.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withKysely.map((t) => t.name)).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock']));
    const migration = withKysely.find((t) => t.name === 'kysely_migration');
    expect(migration?.columns.find((c) => c.name === 'name')).toMatchObject({ dataType: 'varchar', isNullable: false, isAutoIncrementing: false });
    expect((await store.db.introspection.getSchemas()).map((s) => s.name)).toEqual(expect.arrayContaining([mine, other]));
  });

  it('stores open (and migrate) while other schemas are created and dropped beside them', async () => {
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    let stop = false;
    let dropped = 0;
    const churning = (async () => {
      while (!stop) {
        const s = name('churn');
        await churn.query(`create schema ${s}; create table ${s}.a (id serial primary key, b text); create table ${s}.c (id serial primary key)`);
        await churn.query(`drop schema ${s} cascade`);
        dropped++;
      }
    })();
    try {
      for (let i = 0; i < 6; i++) await open(name('beside'));
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
    // The schemas did come and go while the stores opened.
    expect(dropped).toBeGreaterThan(10);
  }, 60_000);
});
