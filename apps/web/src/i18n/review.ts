/**
 * The words of the computer review on the replay page (issue #22) in English; zh-CN and zh-TW are modules of their
 * own (review-zh-CN.ts, review-zh-TW.ts), typed against the English shape, so a missing key is a type error. The
 * replay loads the language shown with its chunk (pages/review.tsx).
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

export type ReviewWords = typeof reviewEn;
