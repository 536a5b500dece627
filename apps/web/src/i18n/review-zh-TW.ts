import type { ReviewWords } from './review.js';

/** 電腦復盤的用語（繁體中文）。 */
export const reviewZhTW: ReviewWords = {
  review: {
    title: '電腦復盤',
    hint: '電腦評判本局每一步：最佳、好棋、欠佳、錯著或敗著，並給出它認為更好的一步。',
    request: '請電腦復盤',
    pending: '電腦正在復盤本局……',
    fullInformation: '本復盤在對局結束後以全部資訊進行：電腦知道每一個暗子，而對局時雙方都看不到。',
    graph: '全局形勢曲線；點擊可跳到該步',
    graphTwo: '中線以上：{{player}}佔優',
    graphMany: '每位棋手在自己走棋後的形勢',
    value: '形勢',
    move: '步',
    summary: '各方統計',
    player: '棋手',
    moves: '步數',
    averageLoss: '平均損失',
    bestWas: '最佳 {{move}}',
    class: {
      best: '最佳',
      good: '好棋',
      inaccuracy: '欠佳',
      mistake: '錯著',
      blunder: '敗著',
    },
    classes: {
      inaccuracy: '欠佳',
      mistake: '錯著',
      blunder: '敗著',
    },
    errors: {
      'review-limit': '復盤請求過於頻繁：請 {{seconds}} 秒後再試。',
      'review-busy': '伺服器正忙於復盤其他對局：請一分鐘後再試。',
      'not-over': '對局結束後才能復盤。',
      'not-found': '伺服器上沒有這盤棋。',
      failed: '復盤未能完成，請再請求一次。',
      other: '伺服器沒有回應，請再試一次。',
    },
  },
};
