/**
 * The words of the puzzles page: the game, the daily puzzle, the next one, the task per goal (`task.<goal>`), themes
 * (Hive: the piece that wins, the length; Abalone: push off in N; Chinese Checkers: home in N, a long chain), the
 * moves left, the player's puzzle rating, right and wrong. zh-CN and zh-TW are modules of their own (a page loads
 * only its language's words), typed against English.
 */
export const puzzlesEn = {
  puzzles: {
    title: 'Puzzles',
    intro: {
      hive: 'Find the only move that wins by force. The opponent answers by itself; a wrong move ends the attempt.',
      abalone:
        'Find the only move that forces an enemy marble off the board in the moves given. The opponent answers by itself; a wrong move ends the attempt.',
      'chinese-checkers':
        'Bring every piece into the opposite corner in the moves given: a step or a whole chain of jumps is one move. You move alone, the other pieces stand still; a move that makes it impossible ends the attempt.',
    },
    daily: 'Puzzle of the day',
    heading: '{{game}} puzzle',
    headingDaily: '{{game}} puzzle of the day, {{day}}',
    rated: 'rated {{rating}}',
    next: 'Next puzzle',
    theme: 'Theme',
    anyTheme: 'Any theme',
    game: 'Game',
    task: {
      win: '{{side}} to move and win in {{count}}',
      pushOut: '{{side}} to move and push a marble off in {{count}}',
      home: '{{side}} to move: every piece home in {{count}}',
    },
    movesLeft: 'Moves left: {{count}}',
    white: 'White',
    black: 'Black',
    plays_one: 'Played once',
    plays_other: 'Played {{count}} times',
    yourRating: 'Your puzzle rating: {{rating}}',
    guest: 'Register an account to get a puzzle rating; as a guest your attempts are not rated.',
    right: 'Right! Keep going.',
    solved: 'Solved!',
    wrong: {
      win: 'Not the move: that does not force the win.',
      pushOut: 'Not the move: that does not force a marble off.',
      home: 'Not that: after this move your pieces cannot all be home in time.',
    },
    change: 'Your rating: {{before}} → {{after}}',
    unrated: 'Already tried: this attempt is not rated.',
    showSolution: 'View the solution',
    gaveUp: 'You gave up on this one: here is the solution.',
    solution: 'Solution',
    steps: 'Step through it with the buttons or the ← → keys (Home and End: the start and the end).',
    zoomIn: 'Zoom in',
    wholeBoard: 'Whole board',
    failedToLoad: 'The puzzles could not be loaded. Try again later.',
    themes: {
      mateIn1: 'Win in one',
      mateIn2: 'Win in two',
      mateIn3: 'Win in three',
      queen: 'Queen Bee',
      ant: 'Soldier Ant',
      beetle: 'Beetle',
      grasshopper: 'Grasshopper',
      spider: 'Spider',
      mosquito: 'Mosquito',
      ladybug: 'Ladybug',
      pillbug: 'Pillbug',
      pushOut1: 'Push off in one',
      pushOut2: 'Push off in two',
      pushOut3: 'Push off in three',
      win: 'Wins the game',
      sumito2v1: 'Two push one',
      sumito3v1: 'Three push one',
      sumito3v2: 'Three push two',
      arrivalIn2: 'Home in two',
      arrivalIn3: 'Home in three',
      arrivalIn4: 'Home in four',
      arrivalIn5: 'Home in five',
      arrivalIn6: 'Home in six',
      chain: 'Long jump chain',
    },
  },
};

/** The shape of the English words, every leaf a string: the Chinese words must have each of them. */
export type PuzzlesWords<T = typeof puzzlesEn> = {
  readonly [K in keyof T]: T[K] extends string ? string : PuzzlesWords<T[K]>;
};
