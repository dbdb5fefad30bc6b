/**
 * The floor of the reservation benchmark, run as its own process (`tsx bench/floor-server.ts
 * sqlite|postgres`): the same framework and database layer as the real server (Hono on
 * @hono/node-server, Kysely through server/store/open.ts on the same engine) doing the same
 * database round trips as a new reservation putItem (server/store/README.md), on both engines: a
 * read before the transaction, then the key's insert, the resident's row update, the answer code,
 * two inserts (the reservation and answer rows), the hot row's update and the key's answer, with
 * BEGIN and COMMIT. On scratch tables, with no token, no validation and no rules. Its CPU per request and latency at the
 * benchmark's rate are what any server on this stack pays here before doing anything of its own;
 * the real figure minus this one is what the product's code costs. Prints one JSON line {url} and
 * serves until killed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { openStore, type Engine } from '../server/store/open';
import { dropSchema } from '../tests/server/harness';

interface FloorDb {
  bench_floor: { id: number; n: number };
  bench_floor_users: { id: number; n: number };
  bench_floor_keys: { k: string; answer: string | null };
  bench_floor_rows: { k: string; v: string };
}

const ROWS = 100;
/** As many as the benchmark's residents: each request first takes its resident's row, as putItem does. */
const USERS = 400;
const engine = (process.argv[2] ?? 'sqlite') as Engine;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
const pgSchema = engine === 'postgres' ? `floor_${process.pid}` : undefined;
const store = await openStore({ dataDir, databaseUrl: engine === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined, pgSchema });
const db = store.db as unknown as Kysely<FloorDb>;
await sql`create table bench_floor (id integer primary key, n integer not null)`.execute(db);
await sql`create table bench_floor_keys (k text primary key, answer text)`.execute(db);
await sql`create table bench_floor_rows (k text not null, v text not null)`.execute(db);
if (engine === 'postgres') await sql`create sequence bench_floor_codes`.execute(db);
await sql`create table bench_floor_users (id integer primary key, n integer not null)`.execute(db);
await db.insertInto('bench_floor_users').values(Array.from({ length: USERS }, (_, id) => ({ id, n: 0 }))).execute();
await db.insertInto('bench_floor').values(Array.from({ length: ROWS }, (_, id) => ({ id, n: 0 }))).execute();

const app = new Hono();
app.post('/floor', async (c) => {
  const body = (await c.req.json()) as { i: number };
  const id = body.i % ROWS;
  const other = (id + 2) % ROWS;
  await db.selectFrom('bench_floor').select(['id', 'n']).where('id', '=', other).execute();
  const n = await store.write(async (t) => {
    const trx = t as unknown as Kysely<FloorDb>;
    const k = randomUUID();
    const user = body.i % USERS;
    await trx.insertInto('bench_floor_keys').values({ k, answer: null }).onConflict((oc) => oc.column('k').doNothing()).returning('k').execute();
    await trx.updateTable('bench_floor_users').set((eb) => ({ n: eb('n', '+', 1) })).where('id', '=', user).returning('n').execute();
    if (engine === 'postgres') await sql`select nextval('bench_floor_codes')`.execute(trx);
    else await trx.updateTable('bench_floor_users').set((eb) => ({ n: eb('n', '+', 1) })).where('id', '=', USERS - 1).returning('n').execute();
    await trx.insertInto('bench_floor_rows').values({ k, v: 'reservation' }).execute();
    await trx.insertInto('bench_floor_rows').values([{ k, v: 'name' }, { k, v: 'slot' }]).execute();
    const row = await trx.updateTable('bench_floor').set((eb) => ({ n: eb('n', '+', 1) })).where('id', '=', id).returning('n').executeTakeFirst();
    if (!row) throw new Error('no row');
    await trx.updateTable('bench_floor_keys').set({ answer: 'ok' }).where('k', '=', k).execute();
    return Number(row.n);
  });
  return c.json({ result: 'OK', n });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${info.port}` })}\n`);
});
const stop = async () => {
  server.close();
  await store.close();
  if (pgSchema) await dropSchema(pgSchema);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
