/**
 * Passkeys (WebAuthn) as the staff second factor, through @simplewebauthn/server: the options a
 * browser needs to make or use one, and the check of what it answers. The relying party is the
 * console's own site: RP ID the hostname of PUBLIC_URL, the expected origin its origin. Attestation
 * is 'none' (we trust the password and the set-up link, not the make of the authenticator) and
 * user verification is preferred, not required: a security key without a PIN still works.
 *
 * Each challenge handed out is a database row (several processes share one database), bound to
 * the account and the purpose, living 5 minutes, and used once by a conditional delete before the
 * answer is checked: a replayed answer finds its challenge gone.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PasskeyAssertion, PasskeyRegistration } from '@core/contract/staff';
import type { Store } from '../store/open';
import { claimPasskeyCounter, findPasskey, insertChallenge, listPasskeys, takeChallenge, type ChallengePurpose, type PasskeyRecord } from '../store/passkeys';
import { sha256Hex } from './secrets';

/** Who the browser makes and uses passkeys for. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const u = new URL(publicUrl);
  return { id: u.hostname, origin: u.origin, name: 'さくらフォーム 職員画面' };
};

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello's older keys). */
const ALGORITHMS = [-7, -8, -257];

const TRANSPORTS: readonly AuthenticatorTransportFuture[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];
const transportsOf = (list: readonly string[] | undefined): AuthenticatorTransportFuture[] =>
  (list ?? []).filter((t): t is AuthenticatorTransportFuture => (TRANSPORTS as readonly string[]).includes(t));

const remember = (store: Store, staffId: string, purpose: ChallengePurpose, challenge: string, now: Date) =>
  store.write((trx) =>
    insertChallenge(trx, {
      challengeHash: sha256Hex(challenge),
      staffId,
      purpose,
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    }),
  );

/** The challenge the answer signed, if it was handed to this account for this purpose and is unused: used up by this. */
const takeChallengeOf = async (store: Store, staffId: string, purpose: ChallengePurpose, clientDataJSON: string, now: Date): Promise<string | null> => {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge === '') return null;
  const taken = await store.write((trx) => takeChallenge(trx, { challengeHash: sha256Hex(challenge), staffId, purpose, now: now.toISOString() }));
  return taken ? challenge : null;
};

/**
 * Options to make a passkey for this account. `excludeOwn`: the authenticators already holding one
 * of its passkeys are told not to make another (not at set-up, which replaces them).
 */
export const registrationOptions = async (
  store: Store,
  rp: RelyingParty,
  staff: { id: string; email: string; name: string },
  now: Date,
  excludeOwn: boolean,
): Promise<PublicKeyCredentialCreationOptionsJSON> => {
  const own = excludeOwn ? await listPasskeys(store.db, staff.id) : [];
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: staff.email,
    userDisplayName: staff.name,
    // The random account id, not the address: an authenticator shows and may sync the user handle.
    userID: new TextEncoder().encode(staff.id),
    attestationType: 'none',
    excludeCredentials: own.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CHALLENGE_TTL_MS,
  });
  await remember(store, staff.id, 'register', options.challenge, now);
  return options;
};

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
}

/** Checks a new passkey against this account's registration challenge; null when it does not hold. */
export const verifyRegistration = async (store: Store, rp: RelyingParty, staffId: string, r: PasskeyRegistration, now: Date): Promise<NewPasskey | null> => {
  const challenge = await takeChallengeOf(store, staffId, 'register', r.response.clientDataJSON, now);
  if (challenge === null) return null;
  try {
    const v = await verifyRegistrationResponse({
      response: { ...r, response: { ...r.response, transports: transportsOf(r.response.transports) } },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!v.verified) return null;
    const c = v.registrationInfo.credential;
    return { credentialId: c.id, publicKey: isoBase64URL.fromBuffer(c.publicKey), signCount: c.counter, transports: c.transports ?? [] };
  } catch {
    return null;
  }
};

/** Options to sign in with one of these passkeys (the account's, all of them). */
export const authenticationOptions = async (
  store: Store,
  rp: RelyingParty,
  staffId: string,
  passkeys: readonly PasskeyRecord[],
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> => {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await remember(store, staffId, 'authenticate', options.challenge, now);
  return options;
};

/**
 * Checks a passkey's signature: over this account's unused sign-in challenge, by one of its
 * passkeys, for our RP ID and origin, with a counter that moved on (the library refuses one that
 * did not; the conditional update refuses the second of two answers racing with the same count).
 */
export const verifyAssertion = async (store: Store, rp: RelyingParty, staffId: string, r: PasskeyAssertion, now: Date): Promise<boolean> => {
  const challenge = await takeChallengeOf(store, staffId, 'authenticate', r.response.clientDataJSON, now);
  if (challenge === null) return false;
  const passkey = await findPasskey(store.db, staffId, r.id);
  if (!passkey) return false;
  let next: number;
  try {
    const v = await verifyAuthenticationResponse({
      response: r,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.signCount, transports: transportsOf(passkey.transports) },
      requireUserVerification: false,
    });
    if (!v.verified) return false;
    next = v.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  return store.write((trx) => claimPasskeyCounter(trx, { credentialId: passkey.credentialId, staffId, next, now: now.toISOString() }));
};
