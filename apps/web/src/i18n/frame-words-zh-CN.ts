/** The frame's words from rarer pages' namespaces (frame-words.ts) in Simplified Chinese. */
import type { FrameWords } from './frame-words.js';

export const frameWordsZhCN: FrameWords = {
  account: { login: '登录' },
  tournaments: {
    nav: '比赛',
    homeLink: '查看进行中和即将开始的比赛，或组织一场',
    title: '比赛',
  },
  moderation: {
    area: '管理',
  },
  yourData: {
    closed: '账号已注销。',
    bannedNotice: '你的账号已被管理员封禁：{{reason}}',
    endedNotice: '你已退出登录：这个会话已结束。',
  },
};
