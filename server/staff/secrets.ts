/**
 * Random tokens and their stored form. Tokens and recovery codes carry 80+ random bits, so a
 * plain SHA-256 is enough to keep them useless in a copy of the database (passwords, chosen by
 * people, get argon2id instead: passwords.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Equal hex digests, compared in constant time. */
export const sameHex = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

/** 32 random bytes, URL-safe: set-up links and session cookies. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

export const randomId = (): string => randomBytes(16).toString('hex');
