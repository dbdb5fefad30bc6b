/**
 * Recovery codes: ten one-time codes shown once at set-up, for the day the phone with the
 * authenticator is lost. Kept as SHA-256 only; a code used is taken off the list.
 */
import { randomBytes } from 'node:crypto';
import { sameHex, sha256Hex } from './secrets';

const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 (no I, L, O, U): read off paper without mistakes; 5 bits a symbol. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 symbols, 80 bits. */
const LENGTH = 16;

/** A code as typed: case, spaces and hyphens do not matter, and O, I, L read as 0, 1, 1. */
const normalise = (typed: string): string =>
  typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');

const hashRecoveryCode = (code: string): string => sha256Hex(normalise(code));

/** Ten new codes, grouped by four for reading ("7K2M-…"), and the hashes to store. */
export const newRecoveryCodes = (): { codes: string[]; hashes: string[] } => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(randomBytes(LENGTH), (b) => ALPHABET[b & 31])
      .join('')
      .replace(/(.{4})(?!$)/g, '$1-'),
  );
  return { codes, hashes: codes.map(hashRecoveryCode) };
};

/** The position of this code's hash among the stored ones, or -1; every hash is compared, in constant time. */
export const recoveryCodeIndex = (typed: string, hashes: readonly string[]): number => {
  const h = hashRecoveryCode(typed);
  let found = -1;
  hashes.forEach((stored, i) => {
    if (sameHex(stored, h) && found === -1) found = i;
  });
  return found;
};
