/**
 * Data access for staff passkeys and pending WebAuthn challenges (migration 0024). A challenge is
 * used by one conditional delete and a counter moved on by one conditional update, so of two
 * requests carrying the same challenge or the same signature only one gets through.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export type ChallengePurpose = Database['webauthn_challenges']['purpose'];

export interface PasskeyRecord {
  credentialId: string;
  staffId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const transportsOf = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

const toRecord = (r: Database['staff_passkeys']): PasskeyRecord => ({
  credentialId: r.credential_id,
  staffId: r.staff_id,
  publicKey: r.public_key,
  signCount: Number(r.sign_count),
  transports: transportsOf(r.transports),
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

/** The account's passkeys, oldest first. */
export const listPasskeys = async (db: Db, staffId: string): Promise<PasskeyRecord[]> => {
  const rows = await db.selectFrom('staff_passkeys').selectAll().where('staff_id', '=', staffId).execute();
  rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  return rows.map(toRecord);
};

/** This account's passkey of this credential id (another account's is not found). */
export const findPasskey = async (db: Db, staffId: string, credentialId: string): Promise<PasskeyRecord | null> => {
  const row = await db.selectFrom('staff_passkeys').selectAll().where('credential_id', '=', credentialId).where('staff_id', '=', staffId).executeTakeFirst();
  return row ? toRecord(row) : null;
};

/** A new passkey; false when the credential id is registered already (to anyone). */
export const insertPasskey = async (
  db: Db,
  a: { credentialId: string; staffId: string; publicKey: string; signCount: number; transports: readonly string[]; name: string; now: string },
): Promise<boolean> => {
  const rows = await db
    .insertInto('staff_passkeys')
    .values({
      credential_id: a.credentialId,
      staff_id: a.staffId,
      public_key: a.publicKey,
      sign_count: a.signCount,
      transports: JSON.stringify(a.transports),
      name: a.name,
      created_at: a.now,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(['credential_id'])
    .execute();
  return rows.length === 1;
};

/**
 * Moves the counter on to `next` and marks the use, if the stored one is still lower (or both are
 * 0: an authenticator that keeps no counter); false: this or a later signature was seen already.
 */
export const claimPasskeyCounter = async (db: Db, a: { credentialId: string; staffId: string; next: number; now: string }): Promise<boolean> => {
  const r = await db
    .updateTable('staff_passkeys')
    .set({ sign_count: a.next, last_used_at: a.now })
    .where('credential_id', '=', a.credentialId)
    .where('staff_id', '=', a.staffId)
    .where((eb) => (a.next === 0 ? eb('sign_count', '=', 0) : eb('sign_count', '<', a.next)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** Stores a challenge handed out; challenges past their time are swept here, where new ones arrive. */
export const insertChallenge = async (db: Db, a: { challengeHash: string; staffId: string; purpose: ChallengePurpose; now: string; expiresAt: string }): Promise<void> => {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', a.now).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge_hash: a.challengeHash, staff_id: a.staffId, purpose: a.purpose, created_at: a.now, expires_at: a.expiresAt })
    .execute();
};

/** Uses the challenge, once: true when it was this account's, for this purpose, and not expired. */
export const takeChallenge = async (db: Db, a: { challengeHash: string; staffId: string; purpose: ChallengePurpose; now: string }): Promise<boolean> => {
  const rows = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge_hash', '=', a.challengeHash)
    .where('staff_id', '=', a.staffId)
    .where('purpose', '=', a.purpose)
    .where('expires_at', '>', a.now)
    .returning(['challenge_hash'])
    .execute();
  return rows.length === 1;
};
