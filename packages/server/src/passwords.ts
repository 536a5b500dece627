import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The rule a new password must meet: 8 to 200 characters, and not one of the
 * passwords that breaches show people use most (the common-passwords list that
 * zxcvbn-ts maintains, about 49,000 of them, compared without case). Such a
 * password falls to the first guesses of anyone who tries an account, whatever
 * the login allowance.
 */

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 200;

export interface PasswordProblem {
  readonly code: 'bad-password' | 'common-password';
  readonly reason: string;
}

let common: ReadonlySet<string> | undefined;
/** Built on first use: the list is decompressed and kept for the process's life. */
const commonPasswords = (): ReadonlySet<string> => {
  common ??= new Set(dictionary['passwords-common']);
  return common;
};

/** Why `password` may not be a new account's password, or undefined when it may. */
export const passwordProblem = (password: string): PasswordProblem | undefined => {
  if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
    return { code: 'bad-password', reason: `a password has ${MIN_PASSWORD} to ${MAX_PASSWORD} characters` };
  }
  if (commonPasswords().has(password.toLowerCase())) {
    return {
      code: 'common-password',
      reason: 'this password is among the most common ones found in breaches; choose another',
    };
  }
  return undefined;
};
