/**
 * The scan pipeline of spec 02 §4: Pending → InProgress → Clean | Infected → Encrypting →
 * Completed, or Error. An upload waits in quarantine (plain, never served); a clean file is
 * encrypted into the store and only then Completed, the only status anything is served in.
 * Each step is conditional on the scan's claim; a file whose scan crashed or hung stays in flight
 * until its lease passes, then the next pass scans it again from its quarantined copy, so it ends
 * Completed, Infected or Error, never served unscanned.
 */
import crypto from 'node:crypto';
import { pipeline as pipe } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { Store } from '../store/open';
import type { Logger } from '../log';
import type { ServerHooks } from '../idempotency';
import { claimFile, findFile, referencedBlobs, scanCandidates, stepFile } from '../store/files';
import type { FileStorage } from './storage';
import type { Scanner } from './scanner';
import { encryptStream, BLOB_OVERHEAD } from './crypto';
import { MAX_SECURE_FILE_BYTES } from '@core/contract/files';

export interface Pipeline {
  /** Scans what is waiting (call after an upload); resolves when the pass is over. */
  kick(): Promise<void>;
  /** Removes blobs nothing points at, a day old or more. */
  sweepOrphans(): Promise<void>;
  /** Starts no new scan; waits (a few seconds at most) for the one under way. */
  stop(): Promise<void>;
}

/** A scan stuck at shutdown (clamd not answering) is left to its lease rather than hold the stop. */
const STOP_WAIT_MS = 5000;

export interface PipelineOptions {
  store: Store;
  storage: FileStorage;
  scanner: Scanner;
  blobKey: Buffer;
  leaseSeconds: number;
  log: Logger;
  hooks: () => ServerHooks | undefined;
}

/** Blobs nothing points at are swept once this old: an upload in flight elsewhere is younger. */
const ORPHAN_AGE_MS = 24 * 3600 * 1000;

export const startPipeline = (o: PipelineOptions): Pipeline => {
  const { store, storage } = o;
  const iso = (ms = 0) => new Date(Date.now() + ms).toISOString();
  const lease = () => iso(o.leaseSeconds * 1000);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const scanOne = async (fileId: string): Promise<void> => {
    const claim = crypto.randomUUID();
    if (!(await claimFile(store.db, fileId, claim, iso(), lease()))) return;
    const row = await findFile(store.db, fileId);
    const ref = row?.blob_ref;
    if (!row || !ref || (await storage.size('quarantine', ref)) === null) {
      await stepFile(store.db, fileId, claim, 'Error', iso(), { reason: 'upload missing' });
      return;
    }
    await o.hooks()?.scanning?.(fileId);
    let verdict;
    try {
      verdict = await o.scanner.scan(() => storage.read('quarantine', ref));
    } catch (e) {
      o.log('warn', { msg: 'file scan failed', fileId, error: String(e) });
      await stepFile(store.db, fileId, claim, 'Error', iso(), { reason: `scan failed: ${String(e)}`.slice(0, 200) });
      return;
    }
    if (verdict.verdict === 'infected') {
      if (await stepFile(store.db, fileId, claim, 'Infected', iso(), { reason: verdict.name })) await storage.remove('quarantine', ref);
      o.log('warn', { msg: 'infected file refused', fileId, signature: verdict.name });
      return;
    }
    if (!(await stepFile(store.db, fileId, claim, 'Clean', iso(), { lease_until: lease() }))) return;
    if (!(await stepFile(store.db, fileId, claim, 'Encrypting', iso(), { lease_until: lease() }))) return;
    const encrypted = await storage.put(
      'store',
      await (async () => {
        const out = new PassThrough();
        void pipe(storage.read('quarantine', ref), encryptStream(o.blobKey, fileId), out).catch((e: unknown) => out.destroy(e as Error));
        return out;
      })(),
      MAX_SECURE_FILE_BYTES + BLOB_OVERHEAD,
    );
    if (await stepFile(store.db, fileId, claim, 'Completed', iso(), { blob_ref: encrypted.ref, reason: null })) {
      await storage.remove('quarantine', ref);
    } else {
      await storage.remove('store', encrypted.ref);
    }
  };

  const pass = async (): Promise<void> => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const batch = await scanCandidates(store.db, iso(), 20);
        if (batch.length === 0) break;
        for (const { file_id } of batch) {
          if (stopped) return;
          try {
            await scanOne(file_id);
          } catch (e) {
            // Left in flight: its lease passes and the next pass tries again.
            o.log('error', { msg: 'file pipeline step failed', fileId: file_id, error: String(e) });
          }
        }
        // A file whose step failed stays a candidate only after its lease: no busy loop.
        if (batch.length < 20) break;
      }
    } while (again && !stopped);
  };

  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((e: unknown) => o.log('error', { msg: 'file pipeline pass failed', error: String(e) }))
      .finally(() => (running = null));
    return running;
  };

  const sweepOrphans = async () => {
    const refs = await referencedBlobs(store.db);
    for (const area of ['quarantine', 'store'] as const) {
      for (const ref of await storage.listOlderThan(area, ORPHAN_AGE_MS)) if (!refs.has(ref)) await storage.remove(area, ref);
    }
  };

  // Files left in flight by a crash, and orphan blobs, are looked for by recurring jobs
  // (server/jobs/server-jobs.ts), so one process per period does it rather than each on a timer.
  return {
    kick,
    sweepOrphans,
    stop() {
      stopped = true;
      if (!running) return Promise.resolve();
      let wait: ReturnType<typeof setTimeout> | undefined;
      return Promise.race([running, new Promise<void>((r) => (wait = setTimeout(r, STOP_WAIT_MS)))]).finally(() => clearTimeout(wait));
    },
  };
};
