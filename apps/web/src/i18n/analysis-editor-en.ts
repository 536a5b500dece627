import type { Widen } from './widen.js';
/**
 * The analysis board's position editor and import box in English, loaded with the editor when it is first opened
 * (analysis/editor.tsx): a board opened from a link or a replay needs none of them. The editor's and the import's
 * titles and refusals stay with the board's words (analysis-en.ts), which show them. zh-CN and zh-TW are modules of
 * their own, typed against this shape.
 */
export const analysisEditorEn = {
  analysis: {
    editor: {
      hint: 'Choose the rules and the start, then set up the board. The board shows every piece face up.',
      sideToMove: 'To move',
      clear: 'Clear the board',
      abSetup: 'Marbles on the board',
      abSetupHelp:
        'Click a cell for a black marble, again for a white one, again to empty it. Each side keeps 9 to 14 marbles; the ones it lacks count as pushed off.',
      setUp: 'Set up this position',
      setups: 'Deployments, one per army in seat order, separated by commas',
      setupsHelp: 'Each army as in a saved setup; empty: the classic deployment for every army.',
      ccSetup: 'Pieces on the board and the colour to move',
      ccStart: '{{n}}-player start',
      ccSetupHelp:
        'Seventeen rows from the top, separated by slashes: a letter for a piece (r o y g b p), a number for empty points; then the colour to move.',
      hiveHelp:
        'Lay out a Hive position tile by tile below (the game type and reverse sides come from the fields above), or paste a game below.',
    },
    import: {
      label: 'A game record exported here, the lines exported from this board, or its link',
      labelHive:
        'A game record exported here, the lines exported from this board, its link, or a Hive game string from another tool',
      load: 'Load',
    },
    jq: {
      title: 'Deployments on the board',
      help: 'Choose a piece from an army’s pieces below, then click a point of that army to place it. Click a placed piece, then another point, to move it or swap the two; click its army’s pieces (or press Delete) to take it back.',
      palette: 'Pieces {{army}} has left to place',
      loadPreset: 'Load',
      random: 'Random',
      fillRest: 'Fill the rest',
      clear: 'Clear',
      loaded: '{{army}}: {{name}} deployment loaded.',
      dealt: '{{army}}: a random legal deployment.',
      filled: '{{army}}: the rest placed at random.',
      cleared: '{{army}}: every piece back to the palette.',
      removed: '{{rank}} back to the pieces of {{army}}.',
      ready: 'Complete: every rule is kept.',
      notReady: '{{army}} is not ready to set up: {{problem}}',
      over: 'Too many of {{rank}}: take back {{n}}.',
      unread: 'The deployment of {{army}} in the text cannot be read: {{reason}}',
      landlord:
        'In One against three (三打一) the bidding deals each army its pieces, so there is no fixed army to place here: the board starts with the bidding.',
      refuse: {
        'setup-flag': 'Refused: the flag may not go on {{point}}; it stands in a headquarters (大本营).',
        'setup-mine': 'Refused: a {{rank}} may not go on {{point}}; it stands in the army’s last two rows.',
        'setup-bomb': 'Refused: a bomb may not go on {{point}}; no bomb stands in the front row.',
        'setup-camp': 'Refused: nothing may go on {{point}}; the camps (行营) start empty.',
        'other-army': 'Refused: {{point}} is not in the area of {{army}}; each army deploys on its own side.',
        'none-left': 'Refused: every {{rank}} of {{army}} is on the board already.',
        'setup-impossible': 'Refused: the rest does not fit; there is no legal point left for a {{rank}}.',
      },
    },
  },
};

export type AnalysisEditorMessages = Widen<typeof analysisEditorEn>;
