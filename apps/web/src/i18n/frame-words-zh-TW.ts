/** The frame's words from rarer pages' namespaces (frame-words.ts) in Traditional Chinese. */
import type { FrameWords } from './frame-words.js';

export const frameWordsZhTW: FrameWords = {
  online: {
    guestName: '訪客-{{id}}',
    ai: '電腦，{{n}} 級',
    open: '空位',
    aborted: '對局已取消——{{player}}未走第一步',
    cancelled: '這局已取消。',
    noEarlierBoard: '有隱藏資訊的對局，之前的局面要在對局結束後的復盤中查看。',
    replay: '復盤與分析',
    lobby: '返回大廳',
    casual: '休閒',
    rated: '計積分',
  },
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
