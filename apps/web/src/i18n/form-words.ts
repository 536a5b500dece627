import type { Widen } from './widen.js';
/**
 * The words of the forms that set up a game, in English: the AI's levels with what each plays like, and the help of
 * the games' options. They load with the home page (its create form) and the analysis board's position editor
 * (page-words.ts), not with every page. zh-CN and zh-TW are modules of their own, typed against this shape.
 */
export const formWordsEn = {
  aiLevels: {
    '1': { name: 'Beginner', about: 'Looks one move ahead and often slips: for learning the rules.' },
    '2': {
      name: 'Casual',
      about: 'Looks one or two moves ahead and slips now and then: beats Beginner in 7 to 10 games of 10.',
    },
    '3': {
      name: 'Club',
      about:
        'Reads three moves ahead without slips (in Junqi, 500 simulated games a move): beats Casual in 7 to 10 games of 10.',
    },
    '4': {
      name: 'Expert',
      about: 'Reads four moves ahead (in Junqi, 1,500 simulated games): beats Club in about 3 games of 4.',
    },
    '5': {
      name: 'Master',
      about:
        'The deepest search, up to 8 seconds a move (about a million positions; in Junqi, 4,000 simulated games): beats Expert in 2 games of 3 or more.',
    },
  },
  optionHelp: {
    cc: {
      maxPlies:
        'The game ends after this many moves, all players counted; the players are ranked as they stand. 0: no cap.',
      repetition: 'The third time the same position comes back with the same player to move, the game ends.',
    },
    junqi: {
      noCaptureLimit: 'A run of this many moves in a row without any capture ends the game drawn. 0: never.',
      moveLimit: 'The game is drawn after this many moves in all. 0: never.',
      chaseLimit:
        'How many quiet moves in a row one piece may keep threatening the same enemy piece before it must stop. 0: no limit.',
      timeoutLimit: 'On a clock, a timeout passes the turn; this many timeouts lose the game. 0: never.',
      drawOffers: 'Whether the players may agree to a draw.',
    },
    hive: {
      pillbugDutchRule:
        'With the Pillbug: a Pillbug moved by a Pillbug’s power on its owner’s previous turn may not use its own power now.',
      position:
        'Paste a UHP GameString or a PGN game record (from Mzinga or any other Hive tool, or a game exported here) to play on from that position; its game type decides the pieces. Leave empty for a new game.',
    },
  },
};

export type FormWordsMessages = Widen<typeof formWordsEn>;
