import type { Widen } from './widen.js';
/**
 * The words of the account's forms (log in, register, the e-mail address, a new password) in English, loaded with the
 * pages that show them (page-words.ts); the header's link to log in is among every page's words (frame-words.ts).
 */
export const accountPageEn = {
  account: {
    title: 'Account',
    logout: 'Log out',
    register: 'Create an account',
    username: 'Username',
    password: 'Password',
    confirm: 'Repeat the password',
    usernameHint: '3 to 20 letters, digits, _ or -',
    passwordHint:
      'At least 8 characters, not only spaces or one character repeated, and not one of the passwords people use most (such as password or 12345678)',
    signedIn: 'Signed in as {{name}}',
    guestIntro: 'You are playing as {{name}}, a guest: you can play casual games at once.',
    registerKeeps:
      'Creating an account keeps this guest’s games and makes them yours, with ratings from your first rated game.',
    loginLeaves: 'Logging in to another account leaves this guest’s games with the guest.',
    guest: 'guest',
    profile: 'Your profile',
    offline: 'The server cannot be reached: accounts need it.',
    busy: 'Please wait…',
    errors: {
      'bad-username': 'A username has 3 to 20 letters, digits, _ or -.',
      'bad-password': 'A password has 8 to 200 characters.',
      'common-password':
        'This password is one of the most common ones, which anyone trying to get into an account guesses first. Choose another.',
      // the rules a new password or name meets besides its length (open to strangers)
      'password-blank': 'A password is more than spaces.',
      'password-repeated': 'A password is more than one character repeated.',
      'password-control': 'A password may not contain control characters (such as tabs or line breaks).',
      'guest-name': 'Names that begin with “Guest” are kept for guests: choose another.',
      'name-taken': 'This username is taken.',
      'bad-credentials': 'Wrong username or password.',
      // moderation: a banned or closed account's login
      banned: 'This account is banned by the moderators.',
      closed: 'This account was closed.',
      'rate-limited': 'Too many attempts. Wait a minute and try again.',
      network: 'The server cannot be reached.',
      mismatch: 'The two passwords differ.',
      unknown: 'The server refused ({{code}}).',
    },
  },
};

export type AccountPageWords = Widen<typeof accountPageEn>;
