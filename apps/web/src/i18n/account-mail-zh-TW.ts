/** The words of the mailed links (address confirmation, password reset) in Traditional Chinese. */
import type { AccountMailMessages } from './account-mail.js';

export const accountMailZhTW: AccountMailMessages = {
  mailLinks: {
    confirmed: '已確認：通知會寄到這個地址。',
    unconfirmed: '尚未確認：請開啟我們寄到這個地址的連結。確認之前不會寄送其他郵件給它。',
    resend: '重新寄送連結',
    resent: '已寄出。請查看信箱（以及垃圾郵件資料夾）。',
    limit: '今天不能再寄送確認郵件了，請明天再試。',
    confirmTitle: '確認電子郵件地址',
    confirming: '正在確認…',
    confirmDone: '你的地址 {{email}} 已確認：通知會寄到這裡。',
    confirmBad: '這個連結已過期或已被使用。可以在帳號頁面重新寄送。',
    noToken: '請透過郵件中的連結開啟這個頁面。',
    forgot: '忘記密碼？',
    resetTitle: '重設密碼',
    resetAsk: '請輸入你為帳號確認過的電子郵件地址。我們會寄送一個設定新密碼的連結，一小時內有效。',
    resetEmail: '電子郵件地址',
    resetSend: '寄送連結',
    resetSent: '如果這是某個帳號已確認的地址，連結已經寄出。請查看信箱（以及垃圾郵件資料夾）。',
    resetNew: '新密碼',
    resetSave: '設定新密碼',
    resetDone: '密碼已變更，帳號的所有登入都已登出。請用新密碼登入。',
    resetBad: '這個連結已過期或已被使用。請重新申請。',
    login: '登入',
  },
};
