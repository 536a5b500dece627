/**
 * The words of the computer review on the replay page (issue #22), per language, added to the catalogue when the
 * replay's chunk loads (pages/review.tsx); zh-CN and zh-TW are typed against the English shape, so a missing key is
 * a type error.
 */
export const reviewEn = {
  review: {
    title: 'Computer review',
    hint: 'The computer judges every move of the game: best, good, inaccuracy, mistake or blunder, with the move it prefers.',
    request: 'Request computer review',
    pending: 'The computer is reviewing the game…',
    fullInformation:
      'Reviewed with full information after the game: the computer knew every hidden piece, which the players could not see while they played.',
    graph: 'Evaluation over the game; click to go to a move',
    graphTwo: 'Above the middle: {{player}} is better',
    graphMany: 'Each player’s position after their own moves',
    value: 'Evaluation',
    move: 'Move',
    summary: 'Per player',
    player: 'Player',
    moves: 'Moves',
    averageLoss: 'Average loss',
    bestWas: 'best {{move}}',
    class: {
      best: 'Best move',
      good: 'Good move',
      inaccuracy: 'Inaccuracy',
      mistake: 'Mistake',
      blunder: 'Blunder',
    },
    classes: {
      inaccuracy: 'Inaccuracies',
      mistake: 'Mistakes',
      blunder: 'Blunders',
    },
    errors: {
      'review-limit': 'You have asked for enough reviews for now: try again in {{seconds}} s.',
      'review-busy': 'The server is reviewing many games: try again in a minute.',
      'not-over': 'A game is reviewed once it is over.',
      'not-found': 'This game is not on the server.',
      failed: 'The review could not be made. Ask again.',
      other: 'The server did not answer; try again.',
    },
  },
};

type Shape = typeof reviewEn;

export const reviewZhCN: Shape = {
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

export const reviewZhTW: Shape = {
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
