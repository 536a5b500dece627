import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * A login's password check takes as long whether the account exists or not. Skipping argon2 for an unknown name
 * answered in a few milliseconds where a wrong password took twenty, so the time alone told which names have
 * accounts. An unknown name (or an account without a password) is verified against a stand-in hash made with the same
 * settings as real ones, of a random password nobody knows, and is refused all the same.
 */
let standIn: Promise<string> | undefined;
const standInHash = (): Promise<string> => {
  standIn ??= hash(randomBytes(32).toString('hex'), { algorithm: 2 as never });
  return standIn;
};

/** Makes the stand-in hash ahead of the first login, so that the first unknown name costs no more than the others. */
export const prepareStandIn = (): void => {
  // a failure here is met again, and answered, by the first login that needs the hash
  standInHash().catch(() => undefined);
};

export type Verifier = (hashed: string, password: string) => Promise<boolean>;

/**
 * Whether `password` matches `stored`; with no stored hash, false after the same work as a wrong password (`check`,
 * argon2's verification, runs once either way).
 */
export const verifyPassword = async (
  stored: string | undefined,
  password: string,
  check: Verifier = verify,
): Promise<boolean> => {
  const against = stored ?? (await standInHash());
  const good = await check(against, password).catch(() => false);
  return stored !== undefined && good;
};
