/**
 * Migrations that change data a running product already holds (server/store/migrations.ts): a
 * database made by the migrations before the change, with rows in it, then opened by openStore,
 * which migrates it to the latest. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/store/migrations';
import { openStore, type Engine, type Store } from '../../server/store/open';
import { currentSchemaDialect } from '../../server/store/pg-introspector';
import { dropSchema, engines } from './harness';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A database migrated up to `version` only, filled by `fill`; then opened as the product opens it. */
const upgraded = async (engine: Engine, version: string, fill: (db: Kysely<unknown>) => Promise<void>): Promise<Store> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liff-forms-migrations-'));
  const pgSchema = engine === 'postgres' ? `t_migrations_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  const databaseUrl = engine === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined;
  cleanups.push(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) await dropSchema(pgSchema);
  });
  let old: Kysely<unknown>;
  if (pgSchema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${pgSchema}`);
    await admin.end();
    old = new Kysely({ dialect: currentSchemaDialect({ pool: new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${pgSchema}` }) }) });
  } else {
    old = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, 'app.sqlite')) }) });
  }
  try {
    const migrator = new Migrator({ db: old, provider: migrationProvider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
    const { error } = await migrator.migrateTo(version);
    if (error) throw error;
    await fill(old);
  } finally {
    await old.destroy();
  }
  const store = await openStore({ dataDir, databaseUrl, pgSchema });
  cleanups.unshift(() => store.close());
  return store;
};

describe.each(engines())('migrations (%s)', (engine) => {
  it('0005: idempotency keys keep their answers; a claim that never answered is gone, and the lease columns with it', async () => {
    const row = (key: string, state: string, answered: boolean) =>
      sql`insert into idempotency_keys (user_id, idem_key, request_hash, state, lease_token, lease_expires_at, status_code, answer_json, created_at, expires_at)
          values ('U-m', ${key}, 'h', ${state}, 't', '2026-01-01T00:00:00.000Z', ${answered ? 200 : null}, ${answered ? '{"ok":1}' : null}, '2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')`;
    const store = await upgraded(engine, '0004_counters_bigint', async (db) => {
      await row('answered', 'done', true).execute(db);
      await row('cut-off', 'running', false).execute(db);
    });
    expect(await store.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([
      { user_id: 'U-m', idem_key: 'answered', request_hash: 'h', status_code: 200, answer_json: '{"ok":1}', created_at: '2026-01-01T00:00:00.000Z', expires_at: '2099-01-01T00:00:00.000Z' },
    ]);
  });

  it('0032: each order’s pay method is copied from its order into its own column', async () => {
    const row = (id: string, order: Record<string, unknown>) =>
      sql`insert into payment_orders (order_id, survey_id, partition_key, user_id, phase, status, amount_with_tax, order_json, result_json, hold_until, created_at, updated_at, completed_at, canceled_at)
          values (${id}, 'pay', ${`pay#U-m#${id}`}, 'U-m', 'paid', 0, 1100, ${JSON.stringify(order)}, null, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', null, null)`;
    const store = await upgraded(engine, '0030_bed_ward_console', async (db) => {
      await row('o-paypay', { serviceId: 'svc', payMethod: 'paypay' }).execute(db);
      await row('o-none', { serviceId: 'svc' }).execute(db);
    });
    expect(await store.db.selectFrom('payment_orders').select(['order_id', 'pay_method']).orderBy('order_id').execute()).toEqual([
      { order_id: 'o-none', pay_method: null },
      { order_id: 'o-paypay', pay_method: 'paypay' },
    ]);
  });

  it('0033: every answer row gets its folded search key by its item type, past a batch; a long one none', async () => {
    const schema = [
      { itemKey: 'name', type: 'text', title: '氏名' },
      { itemKey: 'tel', type: 'phone', title: '電話' },
    ];
    const row = (pk: string, itemKey: string, value: string, surveyId = 'm33') =>
      sql`insert into survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, title, type, check_status, is_liff_mode, registrant_name, is_appending, created_at, updated_at)
          values (${pk}, ${itemKey}, ${surveyId}, 'U-m', ${itemKey}, ${value}, 't', 'liff', '未対応', 1, 'x', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`;
    const store = await upgraded(engine, '0030_bed_ward_console', async (db) => {
      const config = (surveyId: string, json: string) =>
        sql`insert into survey_configs (survey_id, version, config_hash, config_json, title, status, created_at, updated_at)
            values (${surveyId}, 1, 'h', ${json}, 't', 'enabled', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`;
      await config('m33', JSON.stringify({ surveyId: 'm33', surveySchema: schema })).execute(db);
      await config('broken', '{not json').execute(db);
      // Past one batch of the backfill (2,000 rows), in one transaction so the fill is quick.
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 2100; i++) await row(`m33#U-m#${1000 + i}`, 'name', `住民\u3000${i}`).execute(trx);
      });
      await row('m33#U-m#1', 'tel', '+81 90-1234-5678').execute(db);
      await row('m33#U-m#1', 'gone', 'ＡＢＣ　Ｄ').execute(db);
      await row('m33#U-m#2', 'name', 'あ'.repeat(700)).execute(db);
      await row('broken#U-m#1', 'name', 'Ｘ－１').execute(db);
    });
    const keys = new Map(
      (await store.db.selectFrom('survey_results').select(['partition_key', 'item_key', 'search_key']).execute()).map((r) => [`${r.partition_key} ${r.item_key}`, r.search_key]),
    );
    expect(keys.get('m33#U-m#1000 name')).toBe('住民0');
    expect(keys.get('m33#U-m#3099 name')).toBe('住民2099');
    expect([...keys.values()].filter((k) => k?.startsWith('住民'))).toHaveLength(2100);
    // A phone by the phone rule (+81 read as 0); an item the form no longer has, and a form whose
    // config cannot be read, folded as text; a value too long for an index entry keeps none.
    expect(keys.get('m33#U-m#1 tel')).toBe('09012345678');
    expect(keys.get('m33#U-m#1 gone')).toBe('abcd');
    expect(keys.get('broken#U-m#1 name')).toBe('x1');
    expect(keys.get('m33#U-m#2 name')).toBeNull();
  });
});
