/** The frame's words from rarer pages' namespaces (frame-words.ts) in Traditional Chinese. */
import type { FrameWords } from './frame-words.js';

export const frameWordsZhTW: FrameWords = {
  account: { login: '登入' },
  tournaments: {
    nav: '比賽',
    homeLink: '查看進行中和即將開始的比賽，或組織一場',
    title: '比賽',
  },
  moderation: {
    area: '管理',
  },
  yourData: {
    closed: '帳號已關閉。',
    bannedNotice: '你的帳號已被管理員停權：{{reason}}',
    endedNotice: '你已登出：這個工作階段已結束。',
  },
};
