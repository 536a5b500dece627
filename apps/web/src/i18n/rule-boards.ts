import type { Widen } from './widen.js';
/**
 * The words of the rules pages: each live board's caption says which piece is chosen and what the highlighted points
 * mean, and a note says when a rule text is in English only. Each language is a module of its own, loaded with the
 * language; zh-CN and zh-TW are typed against the English shape.
 */
export const ruleBoardsEn = {
  ruleBoards: {
    again: 'Show again',
    label: 'Example: {{caption}}',
    'cc-step': 'A step: the piece chosen may move to any empty neighbouring point (highlighted).',
    'cc-jump':
      'A jump: the piece chosen hops over a neighbouring piece to the empty point behind it, and may go on hopping.',
    'hive-queen': 'Queen Bee: one sliding step.',
    'hive-beetle': 'Beetle: one step in any direction, also up onto the hive.',
    'hive-grasshopper': 'Grasshopper: jumps in a straight line over the tiles to the first empty space.',
    'hive-spider': 'Spider: exactly three sliding steps around the hive.',
    'hive-ant': 'Soldier Ant: any number of sliding steps around the hive.',
    'hive-mosquito': 'Mosquito: moves as any tile it touches.',
    'hive-ladybug': 'Ladybug: two steps on top of the hive, then one down.',
    'hive-pillbug': 'Pillbug: one sliding step, or it lifts a neighbour over itself.',
    'hive-scorpion': 'Scorpion: exactly three sliding steps, like a Spider.',
    'hive-mantis': 'Mantis: does not walk on the ground; it grabs a neighbour or climbs.',
    'hive-fly': 'Fly: one sliding step, or it flies when it cannot slide.',
    'hive-wasp': 'Wasp: flies to an empty space beside the hive.',
    'hive-cockroach': 'Cockroach: climbs onto its own colour and walks across it.',
    'hive-dragonfly': 'Dragonfly: one space, then one space turned aside.',
    'hive-centipede': 'Centipede: one sliding step, or it swaps places with a neighbour.',
    'junqi-railway': 'Railway: a piece runs any distance along a straight railway while the way is clear.',
    'junqi-engineer': 'Engineer: on the railway it may also turn at the junctions.',
    'junqi-bomb': 'Bomb: moves like an ordinary piece; whatever it meets dies with it.',
    'abalone-inline': 'In line: the chosen marbles move along their own line.',
    'abalone-broadside': 'Broadside: the chosen marbles move side by side into empty cells.',
    'abalone-sumito': 'Sumito: three marbles in line push fewer opposing marbles.',
  },
  rulesNote: { englishOnly: 'These rules are in English only for now.' },
};

export type RuleBoardMessages = Widen<typeof ruleBoardsEn>;
