import type { EngineRefusalCode } from '../play/engine-refusals.js';

/**
 * The words of the game engines' refusals a player can meet in the browser, by their code, in English; Chinese in
 * modules of their own, typed against this shape. `other` words a code none of them knows; `brokenSave` heads a
 * saved game that cannot be reopened.
 */
export const engineRefusalsEn: {
  engineRefusals: { codes: Record<EngineRefusalCode, string>; other: string; brokenSave: string };
} = {
  engineRefusals: {
    codes: {
      'bad-option': 'These options cannot be played together.',
      'bad-options': 'These options cannot be played together.',
      'pieces-for-players': 'Fifteen pieces each fit only two or three players: choose ten pieces, or fewer players.',
      'capture-pieces': 'Capture checkers (食棋) is played with ten pieces each.',
      'capture-corners': 'In capture checkers (食棋) the corners are open or closed: passing through is not offered.',
      'bad-game-string': 'This game text cannot be read: check its game type, state, turn and moves.',
      'game-string-move': 'A move in this game text cannot be read or cannot be played there.',
      'game-string-mismatch': 'The moves in this game text do not lead to the turn or the result it gives.',
      'bad-game-type': 'This game type cannot be read: check its expansions and reverse sides.',
      'bad-record': 'This game record cannot be read: check its tags and moves.',
      'bad-game': 'This game record cannot be read: check its tags and moves.',
      'bad-position': 'This position cannot be read.',
      'bad-setup': 'This position or deployment cannot be read, or it breaks the rules.',
      'not-in-game': 'A tile in this position is not part of the chosen game type.',
      'off-board': 'A tile in this position lies outside the board.',
      'cell-twice': 'A place is given twice: list each stack once, bottom to top.',
      'empty-stack': 'A stack in this position has no tile.',
      'tile-twice': 'A tile is on the board twice.',
      'on-a-scorpion': 'Nothing may climb onto a Scorpion.',
      'queen-first': 'A tile stands on another, so it has moved: no tile moves before its Queen Bee is placed.',
      disconnected: 'The hive is in two or more parts: every tile must touch the rest.',
      'empty-board': 'On an empty board White is to move, on the first turn.',
      'bad-turn': 'The turn number is a whole number from 1.',
      'queen-missing': 'A Queen Bee is still in hand after its fourth turn: it must be placed by then.',
      'bad-snapshot': 'This saved game is damaged or was saved by an older version, and cannot be opened.',
      'illegal-move': 'That move is not allowed.',
      'bad-notation': 'That move cannot be read.',
      'bad-move-string': 'That move cannot be read.',
      'not-your-turn': 'It is not your turn.',
      'not-your-seat': 'That is not your seat.',
      'game-over': 'The game is over.',
      'nothing-to-undo': 'There is no move to take back.',
      'bad-move': 'That move cannot be played.',
      'no-move': 'There is no move to play.',
      'illegal-bid': 'That call is not allowed now.',
      'draws-off': 'Draw offers are turned off for this game.',
      'roster-phase': 'The players are still choosing their tiles.',
      'already-out': 'This army is already out of the game.',
      'not-setup': 'The deployment is over.',
      'already-set-up': 'This army has already deployed.',
      'not-bidding': 'The bidding is over.',
      'not-playing': 'That cannot be done in this phase of the game.',
      'bad-seat': 'There is no such seat in this game.',
      'bad-event': 'That cannot be done in this game.',
      'setup-pieces': 'The deployment does not have the right pieces.',
      'setup-camp': 'Nothing may be placed in a camp (行营).',
      'setup-flag': 'The flag must stand in a headquarters (大本营).',
      'setup-mine': 'A landmine must stand in the back two rows.',
      'setup-bomb': 'A bomb may not stand in the front row.',
      'setup-impossible': 'These pieces cannot all be placed by the rules.',
      'not-deployed': 'The armies are not deployed yet.',
      ai: 'The AI found no move.',
      'no-ai': 'There is no AI for this game yet.',
      'bad-request': 'The AI could not read this position.',
      'bad-player': 'This AI level is not available.',
      'not-searchable': 'The AI cannot suggest a move here: the players act together (deploying or choosing tiles).',
    },
    other: 'That cannot be done here.',
    brokenSave: 'This saved game cannot be opened: it is damaged, or it was saved by an older version of the site.',
  },
};

export type EngineRefusalsMessages = typeof engineRefusalsEn;
