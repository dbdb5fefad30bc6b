/**
 * Where uploaded bytes live. Two areas: `quarantine` holds an upload as received until its scan is
 * over, `store` the encrypted copy of a clean file. Blobs are written under a fresh name and only
 * then referenced from the database, so a cut upload or a crash leaves an orphan to sweep, never a
 * half file under a name anyone uses. The local directory is the default; an S3-compatible backend
 * would implement the same interface.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type Area = 'quarantine' | 'store';

export class TooLargeError extends Error {}

export interface PutResult {
  ref: string;
  size: number;
  /** The first bytes (up to 64), for the magic-bytes check. */
  head: Buffer;
}

export interface FileStorage {
  /** Writes a new blob of at most maxBytes (TooLargeError past it, nothing kept) and syncs it. */
  put(area: Area, body: Readable, maxBytes: number): Promise<PutResult>;
  read(area: Area, ref: string, range?: { start: number; end: number }): Readable;
  size(area: Area, ref: string): Promise<number | null>;
  remove(area: Area, ref: string): Promise<void>;
  /** Blobs older than `olderThanMs`, for the orphan sweep. */
  listOlderThan(area: Area, olderThanMs: number): Promise<string[]>;
}

const REF = /^[0-9a-f]{32}$/;
const HEAD_BYTES = 64;

export const createLocalStorage = (root: string): FileStorage => {
  const dir = (area: Area) => path.join(root, area);
  for (const area of ['quarantine', 'store'] as const) fs.mkdirSync(dir(area), { recursive: true, mode: 0o700 });
  const fileOf = (area: Area, ref: string) => {
    // A ref is always ours (hex), never a path someone chose.
    if (!REF.test(ref)) throw new Error(`bad blob ref ${ref}`);
    return path.join(dir(area), ref);
  };
  return {
    async put(area, body, maxBytes) {
      const ref = crypto.randomBytes(16).toString('hex');
      const file = fileOf(area, ref);
      let size = 0;
      const heads: Buffer[] = [];
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new TooLargeError(`over ${maxBytes} bytes`));
          if (size - chunk.length < HEAD_BYTES) heads.push(chunk.subarray(0, HEAD_BYTES));
          done(null, chunk);
        },
      });
      const out = fs.createWriteStream(file, { mode: 0o600, flush: true });
      try {
        await pipeline(body, count, out);
      } catch (e) {
        await fs.promises.rm(file, { force: true });
        throw e;
      }
      return { ref, size, head: Buffer.concat(heads).subarray(0, HEAD_BYTES) };
    },
    read: (area, ref, range) => fs.createReadStream(fileOf(area, ref), range ?? {}),
    async size(area, ref) {
      try {
        return (await fs.promises.stat(fileOf(area, ref))).size;
      } catch {
        return null;
      }
    },
    remove: (area, ref) => fs.promises.rm(fileOf(area, ref), { force: true }),
    async listOlderThan(area, olderThanMs) {
      const out: string[] = [];
      const limit = Date.now() - olderThanMs;
      for (const name of await fs.promises.readdir(dir(area))) {
        if (!REF.test(name)) continue;
        const st = await fs.promises.stat(path.join(dir(area), name)).catch(() => null);
        if (st && st.mtimeMs < limit) out.push(name);
      }
      return out;
    },
  };
};
