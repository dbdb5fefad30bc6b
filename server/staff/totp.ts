/**
 * TOTP second factor (RFC 6238) through otpauth: SHA-1, 6 digits, 30-second steps, as every
 * authenticator app reads an otpauth:// URI. A code is accepted one step either side of now
 * (clocks drift), and accounts.ts accepts a step only after the last one used, so a code seen
 * over a shoulder cannot be replayed.
 */
import { Secret, TOTP } from 'otpauth';

const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** A new secret: 20 random bytes (RFC 4226's recommended 160 bits), base32 as the apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app enrols from (shown as a QR code by the console). */
export const totpUri = (secret: string, account: { issuer: string; email: string }): string =>
  new TOTP({ ...PARAMS, issuer: account.issuer, label: account.email, secret: Secret.fromBase32(secret) }).toString();

/** Whether this is a base32 secret of at least 160 bits (one the console made with newTotpSecret). */
export const isTotpSecret = (secret: string): boolean => {
  try {
    return Secret.fromBase32(secret).bytes.length >= 20;
  } catch {
    return false;
  }
};

/** The time step this code belongs to, within ±1 step of now, or null when it matches none. */
export const matchTotpStep = (secret: string, code: string, nowMs: number): number | null => {
  const totp = new TOTP({ ...PARAMS, secret: Secret.fromBase32(secret) });
  // The library compares codes in constant time.
  const delta = totp.validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: nowMs }) + delta;
};

/** What a typed TOTP code looks like once spaces are taken out (apps show "123 456"). */
export const asTotpCode = (typed: string): string | null => {
  const code = typed.normalize('NFKC').replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
};
