/**
 * The dev issuers' secrets, made on first start and kept in DATA_DIR (also with PostgreSQL:
 * they are the issuer's, not the database's), so tokens and a signed-in PWA survive a restart
 * and no two data folders share one: the ES256 signing keys (JWK; LINE's stand-in and the staff
 * OIDC one each have theirs) and the channel secret (HS256 tokens, the token endpoint's
 * client_secret). Never a constant in the code: anyone who read the
 * code could sign in as any resident on a server left in dev mode.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { z } from 'zod';

export const DEV_ISSUER_KEY_FILE = 'dev-issuer-key.json';
/** The staff dev issuer's own key (staff-oidc-dev.ts): another issuer, another key. */
export const DEV_STAFF_OIDC_KEY_FILE = 'dev-staff-oidc-key.json';
export const DEV_CHANNEL_SECRET_FILE = 'dev-channel-secret';

/** 32 random bytes: as strong as the HS256 key can use. */
const SECRET_BYTES = 32;
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{43,}$/, 'at least 43 base64url characters');

/**
 * Creates `file` with `make()`'s text (mode 0600) only if absent, atomically, so two processes
 * on one DATA_DIR agree on one secret.
 */
export const createFileOnce = async (file: string, make: () => Promise<string>): Promise<void> => {
  if (fs.existsSync(file)) return;
  const text = await make();
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  try {
    // link() fails with EEXIST when another process got there first: then its file wins.
    fs.linkSync(tmp, file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') {
      // Some file systems have no hard links; exclusive create is the next best thing.
      try {
        fs.writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
      } catch (e2) {
        if ((e2 as NodeJS.ErrnoException).code !== 'EEXIST') throw e2;
      }
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
};

// ---------------------------------------------------------------------------------------------

const storedKeySchema = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
  kid: z.string().min(1).optional(),
});

export interface SigningKey {
  privateKey: Awaited<ReturnType<typeof importJWK>>;
  publicJwk: JWK;
  kid: string;
}

const newKeyText = async (): Promise<string> => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = await calculateJwkThumbprint(jwk);
  jwk.alg = 'ES256';
  jwk.use = 'sig';
  return `${JSON.stringify(jwk, null, 2)}\n`;
};

export const loadSigningKey = async (dataDir: string, fileName: string = DEV_ISSUER_KEY_FILE): Promise<SigningKey> => {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, fileName);
  await createFileOnce(file, newKeyText);
  let stored: z.infer<typeof storedKeySchema>;
  try {
    stored = storedKeySchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (e) {
    // Not regenerated silently: that would sign everyone out without saying why.
    throw new Error(`${file} is not a P-256 private JWK (${(e as Error).message}); delete it to make a new dev issuer key`);
  }
  const { kty, crv, x, y, d } = stored;
  const kid = stored.kid ?? (await calculateJwkThumbprint({ kty, crv, x, y }));
  const privateKey = await importJWK({ kty, crv, x, y, d }, 'ES256');
  return { privateKey, kid, publicJwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' } };
};

/**
 * The data folder's dev channel secret, made on first use. Tests that sign HS256 dev tokens or
 * call the token endpoint read it through this too.
 */
export const devChannelSecret = async (dataDir: string): Promise<string> => {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEV_CHANNEL_SECRET_FILE);
  await createFileOnce(file, () => Promise.resolve(`${crypto.randomBytes(SECRET_BYTES).toString('base64url')}\n`));
  const parsed = secretSchema.safeParse(fs.readFileSync(file, 'utf8').trim());
  if (!parsed.success) {
    throw new Error(`${file} does not hold a dev channel secret (${parsed.error.issues[0]?.message ?? 'invalid'}); delete it to make a new one`);
  }
  return parsed.data;
};
