/**
 * The words of the links the site mails to a player: confirming an e-mail address, and resetting a forgotten
 * password. zh-CN and zh-TW are typed against English.
 */
export const accountMailEn = {
  mailLinks: {
    confirmed: 'Confirmed: notices are mailed to this address.',
    unconfirmed: 'Not confirmed yet: open the link we mailed to this address. Nothing else is mailed to it until then.',
    resend: 'Mail the link again',
    resent: 'Sent. Look in your mailbox (and its spam folder).',
    limit: 'No more confirmation mails today: try again tomorrow.',
    confirmTitle: 'Confirm your e-mail address',
    confirming: 'Confirming…',
    confirmDone: 'Your address {{email}} is confirmed: notices will be mailed to it.',
    confirmBad: 'This link has expired or was already used. Your account page can mail a new one.',
    noToken: 'This page opens from the link in the mail.',
    forgot: 'Forgot password?',
    resetTitle: 'Reset your password',
    resetAsk:
      'Enter the e-mail address you confirmed for your account. We mail it a link to choose a new password; the link works for an hour.',
    resetEmail: 'E-mail address',
    resetSend: 'Mail me a link',
    resetSent:
      'If this is the confirmed address of an account, a link is on its way. Look in your mailbox (and its spam folder).',
    resetNew: 'New password',
    resetSave: 'Set the new password',
    resetDone: 'Your password is changed and every session of your account has ended. Log in with the new password.',
    resetBad: 'This link has expired or was already used. Ask for a new one.',
    login: 'Log in',
  },
};

export type AccountMailMessages = typeof accountMailEn;
