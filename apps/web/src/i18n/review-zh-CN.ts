import type { ReviewWords } from './review.js';

/** 电脑复盘的用语（简体中文）。 */
export const reviewZhCN: ReviewWords = {
  review: {
    title: '电脑复盘',
    hint: '电脑评判本局每一步：最佳、好棋、欠佳、错着或败着，并给出它认为更好的一步。',
    request: '请电脑复盘',
    pending: '电脑正在复盘本局……',
    fullInformation: '本复盘在对局结束后以全部信息进行：电脑知道每一个暗子，而对局时双方都看不到。',
    graph: '全局形势曲线；点击可跳到该步',
    graphTwo: '中线以上：{{player}}占优',
    graphMany: '每位棋手在自己走棋后的形势',
    value: '形势',
    move: '步',
    summary: '各方统计',
    player: '棋手',
    moves: '步数',
    averageLoss: '平均损失',
    bestWas: '最佳 {{move}}',
    class: {
      best: '最佳',
      good: '好棋',
      inaccuracy: '欠佳',
      mistake: '错着',
      blunder: '败着',
    },
    classes: {
      inaccuracy: '欠佳',
      mistake: '错着',
      blunder: '败着',
    },
    errors: {
      'review-limit': '复盘请求过于频繁：请 {{seconds}} 秒后再试。',
      'review-busy': '服务器正忙于复盘其他对局：请一分钟后再试。',
      'not-over': '对局结束后才能复盘。',
      'not-found': '服务器上没有这盘棋。',
      failed: '复盘未能完成，请再请求一次。',
      other: '服务器没有回应，请再试一次。',
    },
  },
};
