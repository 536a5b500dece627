/** The frame's words from rarer pages' namespaces (frame-words.ts) in Simplified Chinese. */
import type { FrameWords } from './frame-words.js';

export const frameWordsZhCN: FrameWords = {
  online: {
    guestName: '游客-{{id}}',
    ai: '电脑，{{n}} 级',
    open: '空位',
    aborted: '对局已取消——{{player}}未走第一步',
    cancelled: '这局已取消。',
    noEarlierBoard: '有隐藏信息的对局，之前的局面要在对局结束后的复盘中查看。',
    replay: '复盘与分析',
    lobby: '返回大厅',
    casual: '休闲',
    rated: '计等级分',
  },
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
