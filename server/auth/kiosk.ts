/**
 * Kiosk credentials (core/contract/kiosk.ts): the enrolment code the command line prints, the
 * token a tablet gets for it, and the principal a request with that token acts as. Only SHA-256
 * hashes of codes and tokens are stored (server/store/kiosks.ts), so the database alone cannot
 * enrol a tablet or speak for one. A token is looked up on every request and never cached: a
 * kiosk stopped with `npm run kiosk:revoke` is refused from its next request on.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  KIOSK_FORBIDDEN,
  KIOSK_REVOKED,
  KIOSK_TOKEN_PREFIX,
} from '@core/contract/kiosk';
import { refuse } from '@core/refusals';
import type { Store } from '../store/open';
import { findKioskByToken } from '../store/kiosks';
import type { AuthUser, KioskPrincipal } from './verify';

/** How long an enrolment code may be used. */
export const ENROL_CODE_TTL_MS = 15 * 60 * 1000;

/**
 * Crockford's base32: no I, L, O or U, so a code read aloud or typed from a printout is not
 * mistaken. 32 symbols: a byte's low five bits pick one with no bias.
 */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 symbols: 60 bits, for a code that lives 15 minutes and is used once. */
const CODE_LENGTH = 12;

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const newEnrolCode = (): string => Array.from(randomBytes(CODE_LENGTH), (b) => CODE_ALPHABET[b & 31]).join('');

/** A code as typed: case, spaces and hyphens do not matter, and O, I, L read as 0, 1, 1. */
export const normaliseEnrolCode = (typed: string): string =>
  typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');

export const newKioskToken = (): string => `${KIOSK_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A kiosk id: random, and free of the `#` that separates a partition key's parts. */
export const newKioskId = (): string => randomBytes(8).toString('hex');

/** The kiosk credential an Authorization header carries, or null (no header, or an ID token). */
export const kioskCredentialOf = (authorization: string | undefined): string | null => {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  const token = match?.[1];
  return token !== undefined && token.startsWith(KIOSK_TOKEN_PREFIX) ? token : null;
};

export const kioskRevoked = () => refuse(KIOSK_REVOKED);
export const kioskForbidden = () => refuse(KIOSK_FORBIDDEN);

/** The principal of a kiosk: a stable id (idempotency keys are scoped by it), never an answer's owner. */
export const kioskUserId = (kioskId: string): string => `K:${kioskId}`;

/** Resolves a kiosk credential to its principal; 401 kiosk_revoked when unknown or stopped. */
export const createKioskVerifier =
  (store: Pick<Store, 'db'>) =>
  async (token: string): Promise<AuthUser> => {
    const kiosk = await findKioskByToken(store.db, hashSecret(token));
    if (!kiosk || kiosk.revoked) throw kioskRevoked();
    return { userId: kioskUserId(kiosk.id), name: kiosk.name, picture: undefined, kiosk: { id: kiosk.id, name: kiosk.name, forms: kiosk.forms } };
  };

/** A kiosk may open, search and answer only the forms it is bound to; anyone else passes. */
export const requireKioskForm = (user: AuthUser | null, surveyId: string): void => {
  if (user?.kiosk && !user.kiosk.forms.includes(surveyId)) throw kioskForbidden();
};

/**
 * The owner of one visitor's answer at a kiosk: a user id of its own for every answer, beginning
 * with I as an answer registered at the office does (spec 01 §6: residents cannot change or cancel
 * it), so a single-answer form never overwrites the visitor before and per-person reservation
 * limits count per visitor. Its name is the kiosk's: it becomes the answer's user_name, which is
 * how the answer keeps the kiosk it was given at.
 */
export const kioskVisitor = (kiosk: KioskPrincipal): AuthUser => ({
  userId: `I${kiosk.id}-${randomUUID()}`,
  name: kiosk.name,
  picture: undefined,
});
