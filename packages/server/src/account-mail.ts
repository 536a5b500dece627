/**
 * The mails of account-mail links, in the three languages of the site (the server does not know the reader's): the
 * link that confirms an address, and the link that resets a password. Each link holds `token=…` and opens a page of
 * the web app, which sends the token back.
 */

/** How long an address's confirmation link works. */
export const CONFIRM_TTL_MS = 24 * 3_600_000;
/** How long a password-reset link works. */
export const RESET_TTL_MS = 3_600_000;

const link = (siteUrl: string | undefined, page: string, token: string): string =>
  `${siteUrl ?? ''}/#/${page}?token=${token}`;

export const confirmMail = (siteUrl: string | undefined, name: string, token: string) => ({
  subject: 'Qiyuan: confirm your e-mail address · 确认邮箱地址 · 確認電子郵件地址',
  text: [
    `The account ${name} on Qiyuan gave this address for its notices. Open this link within 24 hours to confirm it:`,
    `棋苑账号 ${name} 填写了这个邮箱地址用于接收通知。请在 24 小时内打开下面的链接确认：`,
    `棋苑帳號 ${name} 填寫了這個電子郵件地址用於接收通知。請在 24 小時內開啟下面的連結確認：`,
    '',
    link(siteUrl, 'confirm-email', token),
    '',
    'If this was not you, ignore this mail: nothing more will be sent to this address.',
    '如果这不是你本人操作，请忽略本邮件：不会再有邮件发到这个地址。',
    '如果這不是你本人操作，請忽略本郵件：不會再有郵件寄到這個地址。',
  ].join('\n'),
});

export const resetMail = (siteUrl: string | undefined, name: string, token: string) => ({
  subject: 'Qiyuan: reset your password · 重设密码 · 重設密碼',
  text: [
    `Someone asked to reset the password of the account ${name} on Qiyuan. Open this link within an hour to choose a new one:`,
    `有人请求重设棋苑账号 ${name} 的密码。请在一小时内打开下面的链接设置新密码：`,
    `有人請求重設棋苑帳號 ${name} 的密碼。請在一小時內開啟下面的連結設定新密碼：`,
    '',
    link(siteUrl, 'reset-password', token),
    '',
    'If this was not you, ignore this mail: your password stays as it is.',
    '如果这不是你本人操作，请忽略本邮件：你的密码不会改变。',
    '如果這不是你本人操作，請忽略本郵件：你的密碼不會改變。',
  ].join('\n'),
});
