/**
 * One-time set-up links: `staff:add` prints one, the person opens it to choose a password and
 * enrol the second factor. The token rides in the URL's fragment, so it never reaches a server
 * log or a Referer; only its SHA-256 is stored, it lives 24 hours and is used once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { findSetupToken, insertSetupToken, useSetupToken } from '../store/staff';
import { randomToken, sha256Hex } from './secrets';

type Db = Kysely<Database> | Transaction<Database>;

export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const setupLink = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/$/, '')}/admin/setup#token=${token}`;

/** A new token for this account (its earlier unused ones stop working), and when it expires. */
export const issueSetupToken = async (db: Db, staffId: string, now: Date): Promise<{ token: string; expiresAt: string }> => {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString();
  await insertSetupToken(db, { tokenHash: sha256Hex(token), staffId, now: now.toISOString(), expiresAt });
  return { token, expiresAt };
};

/** The account a still-valid token belongs to, leaving the token unused (the form may be refused and sent again). */
export const setupTokenAccount = (db: Db, token: string, now: Date): Promise<string | null> =>
  findSetupToken(db, sha256Hex(token), now.toISOString());

/** Uses the token: the account it belonged to, or null when it was used, expired or never issued. */
export const redeemSetupToken = (db: Db, token: string, now: Date): Promise<string | null> =>
  useSetupToken(db, sha256Hex(token), now.toISOString());
