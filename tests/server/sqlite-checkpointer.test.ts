/**
 * The SQLite store checkpoints its WAL from a worker thread (server/store/sqlite-checkpointer.ts),
 * not inside a request's commit. With the automatic checkpoint off, only that worker can move the
 * WAL's pages into the database file: the file growing while the server thread does nothing but
 * wait shows the worker ran, and closing must leave every row readable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../server/store/open';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const open = async (): Promise<{ store: Store; file: string; dataDir: string }> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liff-forms-ckpt-'));
  dirs.push(dataDir);
  return { store: await openStore({ dataDir }), file: path.join(dataDir, 'app.sqlite'), dataDir };
};

const fill = async (store: Store, rows: number) => {
  await sql`create table filler (id integer primary key, body text not null)`.execute(store.db);
  // Many small commits, as the server makes them; ~1.5 KB each spreads over thousands of WAL frames.
  for (let i = 0; i < rows; i++) {
    await store.write((trx) => sql`insert into filler (body) values (${'x'.repeat(1500)})`.execute(trx));
  }
};

describe('SQLite WAL checkpoints', () => {
  it('commits never checkpoint (automatic checkpoint off); the worker moves the WAL into the database file', async () => {
    const { store, file } = await open();
    const mainDb = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db);
    expect(mainDb.rows[0]?.wal_autocheckpoint).toBe(0);
    const before = fs.statSync(file).size;
    await fill(store, 1500);
    // The worker copies the pages into the database file within its interval (1 s).
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 5000, interval: 100 })
      .toBeGreaterThan(before + 1500 * 1500);
    await store.close();
  });

  it('close stops the worker and leaves every row in the database file, the WAL removed', async () => {
    const { store, file, dataDir } = await open();
    await fill(store, 300);
    await store.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const again = await openStore({ dataDir });
    const count = await sql<{ n: number }>`select count(*) as n from filler`.execute(again.db);
    expect(count.rows[0]?.n).toBe(300);
    await again.close();
  });
});
