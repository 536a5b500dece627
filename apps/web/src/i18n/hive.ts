/**
 * The Hive board's words and create-form options in English (Simplified and Traditional Chinese in hive-zh-CN.ts and
 * hive-zh-TW.ts), a chunk per language, deep-merged into the catalogue with the Hive create form (games/hive-form.ts). Bug letters follow the
 * project's notation for the seven further pieces (T F R W K D C).
 */
export const hiveEn = {
  hiveUi: {
    board: 'Hive',
    bug: {
      Q: 'Queen Bee',
      S: 'Spider',
      B: 'Beetle',
      G: 'Grasshopper',
      A: 'Soldier Ant',
      M: 'Mosquito',
      L: 'Ladybug',
      P: 'Pillbug',
      T: 'Mantis',
      F: 'Fly',
      R: 'Scorpion',
      W: 'Wasp',
      K: 'Cockroach',
      D: 'Dragonfly',
      C: 'Centipede',
    },
    piece: '{{colour}} {{bug}} {{n}}',
    white: 'White',
    black: 'Black',
    cell: 'Cell {{q}}, {{r}}: {{stack}}',
    empty: 'empty',
    target: 'Move here: cell {{q}}, {{r}}',
    hand: 'Reserve of {{player}}',
    pass: 'Pass',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit the hive',
    choose: 'Which move?',
    threat: '(Queen: {{n}} of 6 sides taken)',
    start: 'Pick a tile from your reserve',
    gameType: 'Game type',
    tournamentOpening: 'No Queen on the first turn',
    repetition: 'Draw by threefold repetition',
    sides: 'Reverse sides',
    kind: { grab: 'Grab', swap: 'Swap places', carry: 'Carry' },
    roster: {
      title: 'Roster of {{player}}',
      secret:
        '{{player}} chooses which side of each tile to play; the other player sees the choice only when both have chosen.',
      kind: '{{front}} → {{back}}',
      confirm: 'Confirm the roster',
      waiting: 'Waiting for {{player}} to choose a roster.',
      yours: 'Your roster: {{sides}}',
      classic: 'every tile on its front',
      hidden: 'Roster chosen',
      chosen: 'Roster: {{sides}}',
      count: '{{n}} × {{bug}}',
    },
  },
  values: {
    hive: {
      sides: {
        none: 'None (classic tiles)',
        advanced: 'Advanced game: each player chooses',
        all: 'Every tile on its back',
        R2: 'Scorpions instead of Spiders',
        T2: 'Mantises instead of Beetles',
        F3: 'Flies instead of Grasshoppers',
        W3: 'Wasps instead of Soldier Ants',
        D: 'Dragonfly instead of Mosquito',
        K: 'Cockroach instead of Ladybug',
        C: 'Centipede instead of Pillbug',
      },
    },
  },
};

export type HiveMessages = typeof hiveEn;
