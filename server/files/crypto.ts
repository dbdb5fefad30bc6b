/**
 * Secrets of the file area: one 32-byte master key (FILE_ENCRYPTION_KEY, or DATA_DIR/file-key
 * made on first start, mode 0600) from which HKDF derives the AES-256-GCM key of the blobs and
 * the HMAC key of the upload and download URLs. A blob is `SFG1` + IV(12) + ciphertext + tag(16),
 * with the file id as associated data so one file's blob cannot be served as another's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { createFileOnce } from '../providers/dev-issuer-secrets';

export const FILE_KEY_FILE = 'file-key';
const MAGIC = Buffer.from('SFG1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const BLOB_OVERHEAD = MAGIC.length + IV_BYTES + TAG_BYTES;

export interface FileKeys {
  blobKey: Buffer;
  urlKey: Buffer;
}

const parseKey = (raw: string): Buffer => {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('FILE_ENCRYPTION_KEY: 32 bytes, as 64 hex digits or base64');
  return key;
};

export const loadFileKeys = async (dataDir: string, configured: string | undefined): Promise<FileKeys> => {
  let master: Buffer;
  if (configured) master = parseKey(configured);
  else {
    const file = path.join(dataDir, FILE_KEY_FILE);
    await createFileOnce(file, async () => crypto.randomBytes(32).toString('base64'));
    master = parseKey(fs.readFileSync(file, 'utf8').trim());
  }
  const derive = (info: string) => Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return { blobKey: derive('files/aes-256-gcm'), urlKey: derive('files/url-hmac') };
};

/** Encrypts a stream into the blob format. */
export const encryptStream = (key: Buffer, fileId: string): Transform => {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(fileId, 'utf8'));
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!started) {
        started = true;
        this.push(Buffer.concat([MAGIC, iv]));
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(Buffer.concat([MAGIC, iv]));
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
};

/**
 * Decrypts a blob: the caller reads the header and tag first (readBlobEnds) and streams the
 * ciphertext through this. A tampered blob fails at the end, which aborts the answer.
 */
export const decryptStream = (key: Buffer, fileId: string, iv: Buffer, tag: Buffer) => {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(fileId, 'utf8'));
  decipher.setAuthTag(tag);
  return decipher;
};

const readAll = async (s: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

/** The IV and tag of a blob of blobSize bytes, read through `read` (a ranged reader). */
export const readBlobEnds = async (read: (start: number, end: number) => Readable, blobSize: number) => {
  if (blobSize < BLOB_OVERHEAD) throw new Error('blob too short');
  const head = await readAll(read(0, MAGIC.length + IV_BYTES - 1));
  if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not an encrypted blob');
  const tag = await readAll(read(blobSize - TAG_BYTES, blobSize - 1));
  return { iv: head.subarray(MAGIC.length), tag, cipherStart: MAGIC.length + IV_BYTES, cipherEnd: blobSize - TAG_BYTES - 1 };
};

// --- signed URLs -------------------------------------------------------------------------------

export interface UrlGrant {
  /** put: upload the blob; get: download as attachment; view: show an image inline. */
  p: 'put' | 'get' | 'view';
  /** file id (put of an image: the key's uuid, the row may not exist yet). */
  f: string;
  u: string;
  /** content type the upload must carry (put). */
  t?: string;
  /** expiry, seconds since the epoch. */
  e: number;
}

export const signGrant = (key: Buffer, grant: UrlGrant): string => {
  const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
  const mac = crypto.createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${mac}`;
};

/** The grant of a token, or null when forged, malformed or expired. */
export const verifyGrant = (key: Buffer, token: string, nowSeconds: number): UrlGrant | null => {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  // Compared as text: decoding would let another spelling of the same bytes through (the last
  // character of 32 bytes in base64url carries 2 bits that decoders drop).
  const want = Buffer.from(crypto.createHmac('sha256', key).update(body).digest('base64url'));
  const got = Buffer.from(mac);
  if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return null;
  try {
    const g = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as UrlGrant;
    return typeof g.e === 'number' && g.e >= nowSeconds ? g : null;
  } catch {
    return null;
  }
};
