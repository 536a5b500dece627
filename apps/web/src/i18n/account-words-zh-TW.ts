/** The account's forms' words (Traditional Chinese). */
import type { AccountPageWords } from './account-words.js';

export const accountPageZhTW: AccountPageWords = {
  account: {
    title: '帳號',
    logout: '登出',
    register: '註冊帳號',
    username: '使用者名稱',
    password: '密碼',
    confirm: '再次輸入密碼',
    usernameHint: '3 至 20 個字母、數字、_ 或 -',
    passwordHint: '至少 8 個字元，不能只有空格或同一個字元重複，也不能是最常見的密碼（如 12345678、87654321）',
    signedIn: '已登入：{{name}}',
    guestIntro: '你正以訪客 {{name}} 的身分下棋：可以馬上開始休閒對局。',
    registerKeeps: '註冊帳號會保留這位訪客的對局並歸入你的帳號，從第一盤積分對局起計算積分。',
    loginLeaves: '登入另一個帳號時，這位訪客的對局仍歸訪客所有。',
    guest: '訪客',
    profile: '我的資料',
    offline: '無法連線到伺服器：帳號功能需要伺服器。',
    busy: '請稍候……',
    errors: {
      'bad-username': '使用者名稱須為 3 至 20 個字母、數字、_ 或 -。',
      'bad-password': '密碼須為 8 至 200 個字元。',
      'common-password': '這是最常見的密碼之一，試圖盜用帳號的人最先就會猜它。請換一個。',
      // the rules a new password or name meets besides its length (open to strangers)
      'password-blank': '密碼不能只有空格。',
      'password-repeated': '密碼不能只是同一個字元重複。',
      'password-control': '密碼不能含有控制字元（如定位字元或換行）。',
      'guest-name': '以「Guest」開頭的名字留給訪客使用，請換一個。',
      'name-taken': '這個使用者名稱已被使用。',
      'bad-credentials': '使用者名稱或密碼錯誤。',
      // moderation: a banned or closed account's login
      banned: '這個帳號已被管理員停權。',
      closed: '這個帳號已關閉。',
      'rate-limited': '嘗試次數過多，請一分鐘後再試。',
      network: '無法連線到伺服器。',
      mismatch: '兩次輸入的密碼不一致。',
      unknown: '伺服器拒絕了請求（{{code}}）。',
    },
  },
};
