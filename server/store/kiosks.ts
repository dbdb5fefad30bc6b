/**
 * Data access for kiosk tablets (table kiosks, migration 0006). Codes and tokens arrive here
 * already hashed (server/auth/kiosk.ts): nothing in this file ever sees a secret. Each function is
 * one statement, so a code is redeemed, a kiosk created or stopped, by one conditional write that
 * two callers cannot both win.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { compiled } from './compiled';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A kiosk as the server uses it. */
export interface KioskRow {
  id: string;
  name: string;
  /** surveyIds, in the order they were enrolled. */
  forms: string[];
  /** null: the server's default (KIOSK_IDLE_SECONDS). */
  idleSeconds: number | null;
}

/** A kiosk as the command line lists it. */
export interface KioskListing extends KioskRow {
  createdAt: string;
  enrolledAt: string | null;
  revokedAt: string | null;
  /** Whether it holds a credential (a tablet was enrolled with it and not since stopped). */
  hasToken: boolean;
  /** The pending enrolment code's expiry, while one is pending. */
  enrolExpiresAt: string | null;
}

/** The stored JSON list, read defensively: anything that is not a list of strings binds no form. */
export const parseForms = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

const toKiosk = (r: { id: string; name: string; forms: string; idle_seconds: number | string | null }): KioskRow => ({
  id: r.id,
  name: r.name,
  forms: parseForms(r.forms),
  idleSeconds: r.idle_seconds === null ? null : Number(r.idle_seconds),
});

const byToken = compiled((db: Db, a: { tokenHash: string }) =>
  db.selectFrom('kiosks').select(['id', 'name', 'forms', 'idle_seconds', 'revoked_at']).where('token_hash', '=', a.tokenHash),
);

/**
 * The kiosk whose credential has this hash: `revoked` when it was stopped, null when none has it.
 * Read on every kiosk request and never kept, so a revocation holds from the next request on.
 */
export const findKioskByToken = async (db: Db, tokenHash: string): Promise<(KioskRow & { revoked: boolean }) | null> => {
  const [row] = await byToken.run(db, { tokenHash });
  return row ? { ...toKiosk(row), revoked: row.revoked_at !== null } : null;
};

export const findKioskById = async (db: Db, id: string): Promise<(KioskRow & { revoked: boolean }) | null> => {
  const row = await db
    .selectFrom('kiosks')
    .select(['id', 'name', 'forms', 'idle_seconds', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...toKiosk(row), revoked: row.revoked_at !== null } : null;
};

/**
 * Trades a pending enrolment code for a credential in one conditional update: the code must be
 * pending, unexpired and its kiosk not stopped; using it clears it (single use) and replaces the
 * kiosk's credential (a replacement tablet takes over from the one before). null: refused.
 */
export const redeemEnrolCode = async (db: Db, a: { codeHash: string; tokenHash: string; now: string }): Promise<KioskRow | null> => {
  const row = await db
    .updateTable('kiosks')
    .set({ token_hash: a.tokenHash, enrol_code_hash: null, enrol_expires_at: null, enrolled_at: a.now })
    .where('enrol_code_hash', '=', a.codeHash)
    .where('enrol_expires_at', '>', a.now)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'forms', 'idle_seconds'])
    .executeTakeFirst();
  return row ? toKiosk(row) : null;
};

/** Which of these surveyIds have a stored config, whatever its status. */
export const existingSurveyIds = async (db: Db, surveyIds: readonly string[]): Promise<Set<string>> => {
  if (surveyIds.length === 0) return new Set();
  const rows = await db.selectFrom('survey_configs').select(['survey_id']).where('survey_id', 'in', [...surveyIds]).execute();
  return new Set(rows.map((r) => r.survey_id));
};

export interface EnrolmentInput {
  /** Used only when the kiosk is new. */
  newId: string;
  name: string;
  forms: readonly string[];
  idleSeconds: number | null;
  codeHash: string;
  expiresAt: string;
  now: string;
}

/**
 * Creates the kiosk, or gives the one of this name a new code (one statement, so two operators
 * enrolling the same name at once make one kiosk); answers its id. The forms and idle time become
 * those given. A kiosk in use keeps its credential until the new code is redeemed; a stopped one
 * loses it, so the old tablet stays refused when the kiosk is started again.
 */
export const enrolKiosk = async (db: Db, a: EnrolmentInput): Promise<string> => {
  const row = await db
    .insertInto('kiosks')
    .values({
      id: a.newId,
      name: a.name,
      forms: JSON.stringify(a.forms),
      idle_seconds: a.idleSeconds,
      enrol_code_hash: a.codeHash,
      enrol_expires_at: a.expiresAt,
      token_hash: null,
      created_at: a.now,
      enrolled_at: null,
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        forms: (eb) => eb.ref('excluded.forms'),
        idle_seconds: (eb) => eb.ref('excluded.idle_seconds'),
        enrol_code_hash: (eb) => eb.ref('excluded.enrol_code_hash'),
        enrol_expires_at: (eb) => eb.ref('excluded.enrol_expires_at'),
        // Every expression here reads the row as it was before this update, on both engines.
        token_hash: sql<string | null>`case when kiosks.revoked_at is null then kiosks.token_hash else null end`,
        enrolled_at: sql<string | null>`case when kiosks.revoked_at is null then kiosks.enrolled_at else null end`,
        revoked_at: null,
      }),
    )
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return row.id;
};

export type KioskState = 'none' | 'pending' | 'active' | 'revoked';

/** The state of the kiosk of this name: none, pending (never enrolled), active (holds a credential) or revoked. */
export const kioskStateByName = async (db: Db, name: string): Promise<KioskState> => {
  const row = await db.selectFrom('kiosks').select(['revoked_at', 'token_hash']).where('name', '=', name).executeTakeFirst();
  if (!row) return 'none';
  if (row.revoked_at !== null) return 'revoked';
  return row.token_hash === null ? 'pending' : 'active';
};

/**
 * Stops the kiosk of this name: its credential and any pending code are refused from now on. A
 * kiosk stopped already keeps the time it was first stopped. null: no kiosk has this name.
 */
export const revokeKiosk = async (db: Db, name: string, now: string): Promise<{ revokedAt: string; already: boolean } | null> => {
  const before = await db.selectFrom('kiosks').select(['revoked_at']).where('name', '=', name).executeTakeFirst();
  if (!before) return null;
  const row = await db
    .updateTable('kiosks')
    .set({ revoked_at: sql<string>`coalesce(revoked_at, ${now})`, enrol_code_hash: null, enrol_expires_at: null })
    .where('name', '=', name)
    .returning(['revoked_at'])
    .executeTakeFirst();
  if (!row) return null;
  return { revokedAt: row.revoked_at as string, already: before.revoked_at !== null };
};

export const listKiosks = async (db: Db): Promise<KioskListing[]> => {
  const rows = await db
    .selectFrom('kiosks')
    .select(['id', 'name', 'forms', 'idle_seconds', 'created_at', 'enrolled_at', 'revoked_at', 'token_hash', 'enrol_expires_at'])
    .execute();
  // Sorted here: PostgreSQL would order names by its collation, SQLite by bytes.
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort((a, b) => byCodeUnits(a.created_at, b.created_at) || byCodeUnits(a.name, b.name));
  return rows.map((r) => ({
    ...toKiosk(r),
    createdAt: r.created_at,
    enrolledAt: r.enrolled_at,
    revokedAt: r.revoked_at,
    hasToken: r.token_hash !== null,
    enrolExpiresAt: r.enrol_expires_at,
  }));
};
