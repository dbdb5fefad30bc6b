/**
 * Staff passwords as argon2id through @node-rs/argon2, with the library's defaults: argon2id,
 * 19 MiB, 2 passes, 1 lane (OWASP's recommended argon2id setting), a 16-byte random salt, all in
 * the PHC string it returns, so a later change of parameters still verifies older hashes.
 */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> => hash(password);

/** Whether the password matches the stored hash; a malformed hash matches nothing. */
export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

let dummy: Promise<string> | undefined;

/**
 * Spends one verification's time when there is no hash to check (unknown address, account not
 * set up), so the answer's timing does not tell which addresses have accounts.
 */
export const verifyNothing = async (password: string): Promise<false> => {
  dummy ??= hash('not a password of anyone');
  await verifyPassword(await dummy, password);
  return false;
};
