/** The account's forms' words (Simplified Chinese). */
import type { AccountPageWords } from './account-words.js';

export const accountPageZhCN: AccountPageWords = {
  account: {
    title: '账号',
    logout: '退出登录',
    register: '注册账号',
    username: '用户名',
    password: '密码',
    confirm: '再次输入密码',
    usernameHint: '3 至 20 个字母、数字、_ 或 -',
    passwordHint: '至少 8 个字符，不能只有空格或同一个字符重复，也不能是最常见的密码（如 12345678、87654321）',
    signedIn: '已登录：{{name}}',
    guestIntro: '你正以游客 {{name}} 的身份下棋：可以马上开始休闲对局。',
    registerKeeps: '注册账号会保留这个游客的对局并归入你的账号，从第一盘等级分对局起计算等级分。',
    loginLeaves: '登录另一个账号时，这个游客的对局仍归游客所有。',
    guest: '游客',
    profile: '我的资料',
    offline: '无法连接服务器：账号功能需要服务器。',
    busy: '请稍候……',
    errors: {
      'bad-username': '用户名须为 3 至 20 个字母、数字、_ 或 -。',
      'bad-password': '密码须为 8 至 200 个字符。',
      'common-password': '这是最常见的密码之一，试图盗用账号的人最先就会猜它。请换一个。',
      // the rules a new password or name meets besides its length (open to strangers)
      'password-blank': '密码不能只有空格。',
      'password-repeated': '密码不能只是同一个字符重复。',
      'password-control': '密码不能含有控制字符（如制表符或换行）。',
      'guest-name': '以“Guest”开头的名字留给游客使用，请换一个。',
      'name-taken': '该用户名已被使用。',
      'bad-credentials': '用户名或密码错误。',
      // moderation: a banned or closed account's login
      banned: '该账号已被管理员封禁。',
      closed: '该账号已注销。',
      'rate-limited': '尝试次数过多，请一分钟后再试。',
      network: '无法连接服务器。',
      mismatch: '两次输入的密码不一致。',
      unknown: '服务器拒绝了请求（{{code}}）。',
    },
  },
};
