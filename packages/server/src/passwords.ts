import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The rule a new password must meet, wherever one is set: 8 to 200 characters as people count them (user-perceived
 * characters, so four emoji are four, not eight UTF-16 units); no control characters (NUL, newlines, tabs: nobody types
 * them, and they are cut or changed on the way by some tools); not only spaces, nor one character repeated
 * (`aaaaaaaa`); and not one of the passwords that breaches show people use most (the common-passwords list that
 * zxcvbn-ts maintains, about 49,000 of them, compared without case). Such a password falls to the first guesses of
 * anyone who tries an account, whatever the login allowance.
 */

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 200;

export interface PasswordProblem {
  readonly code: 'bad-password' | 'password-control' | 'password-blank' | 'password-repeated' | 'common-password';
  readonly reason: string;
}

let common: ReadonlySet<string> | undefined;
/** Built on first use: the list is decompressed and kept for the process's life. */
const commonPasswords = (): ReadonlySet<string> => {
  common ??= new Set(dictionary['passwords-common']);
  return common;
};

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The characters of `text` as a person counts them (a flag or a family emoji is one). */
export const perceivedCharacters = (text: string): string[] => Array.from(graphemes.segment(text), (s) => s.segment);

/** Control characters, and halves of a UTF-16 pair standing alone (no character at all). */
const CONTROL = /[\p{Cc}\p{Cs}]/u;

/** Why `password` may not be a new account's password, or undefined when it may. */
export const passwordProblem = (password: string): PasswordProblem | undefined => {
  const length = {
    code: 'bad-password',
    reason: `a password has ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`,
  } as const;
  // a bound in UTF-16 units first, so that no long text is segmented
  if (password.length > MAX_PASSWORD * 8) return length;
  if (CONTROL.test(password)) {
    return { code: 'password-control', reason: 'a password may not hold control characters (NUL, tab, new line)' };
  }
  const chars = perceivedCharacters(password);
  if (chars.length < MIN_PASSWORD || chars.length > MAX_PASSWORD) return length;
  if (password.trim() === '') return { code: 'password-blank', reason: 'a password is more than spaces' };
  if (chars.every((c) => c === chars[0])) {
    return { code: 'password-repeated', reason: 'a password is more than one character repeated' };
  }
  if (commonPasswords().has(password.toLowerCase())) {
    return {
      code: 'common-password',
      reason: 'this password is among the most common ones found in breaches; choose another',
    };
  }
  return undefined;
};
