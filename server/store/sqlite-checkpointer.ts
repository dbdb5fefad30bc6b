/**
 * WAL checkpoints off the request path. By default SQLite checkpoints inside the commit that
 * pushes the WAL past 1000 pages: that commit copies the pages back into the database file and
 * fsyncs it, on the server's only thread, and every request queued behind it waits. Measured with
 * `npm run bench -- reservation` at 200 writes/s: p99 between 25 and 150 ms with the automatic
 * checkpoint, 17–25 ms with checkpoints made here instead.
 *
 * A worker thread holds its own connection and runs a PASSIVE checkpoint every interval. PASSIVE
 * never takes the writer's lock and never waits, so writes go on while it copies and fsyncs; the
 * next writer after a complete checkpoint starts the WAL again from its beginning. If the worker
 * fails, the main connection gets its automatic checkpoint back, so the WAL cannot grow unbounded.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** Checkpoint every second: at 200 writes/s that keeps the WAL to a few thousand pages. */
const INTERVAL_MS = 1000;

// CommonJS evaluated in the worker; better-sqlite3's path comes from the parent so that it
// resolves the same module whatever the worker's working directory.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.modulePath);
const db = new SQLite(workerData.file);
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (msg) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Final checkpoint, then the worker's connection closes; call before closing the main one. */
  stop(): Promise<void>;
}

export const startCheckpointer = (database: SQLite.Database, file: string): Checkpointer => {
  database.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, modulePath: createRequire(import.meta.url).resolve('better-sqlite3'), intervalMs: INTERVAL_MS },
  });
  // A checkpointer must never keep the process alive on its own.
  worker.unref();
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  worker.once('error', (err) => {
    process.emitWarning(`SQLite checkpoint worker failed, back to automatic checkpoints: ${err.message}`);
    if (database.open) database.pragma('wal_autocheckpoint = 1000');
  });
  return {
    async stop() {
      if (exited) return;
      // Unreferenced, the worker would let a process whose last task is this close (the import
      // CLI) end with the close still pending; referenced again, the loop waits for its exit.
      worker.ref();
      worker.postMessage('stop');
      await exit;
    },
  };
};
