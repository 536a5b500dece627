import type { EngineStopCode } from '../analysis/engine-stops.js';

/**
 * The analysis board's words in English. Each language is a chunk of its own, loaded with the board's page for the
 * language shown (see pages/analysis.tsx), so neither the first load of other pages nor this one carries all three.
 */
export const analysisEn = {
  analysis: {
    title: 'Analysis board',
    intro:
      'Play any move for either side, try side lines, and ask the engine. Nothing here is a game: no clock, no opponent.',
    choose: 'Game',
    moves: 'Moves',
    start: 'Start position',
    noMoves: 'No moves yet: play one on the board.',
    undo: 'Undo',
    promote: 'Promote line',
    mainLine: 'Make main line',
    delete: 'Delete from here',
    comment: 'Comment on this move',
    commentStart: 'Comment on the start position',
    keys: 'Keys: ← → move back and forward, ↑ ↓ change variation, Home and End go to the start and the end.',
    toMove: '{{player}} to move',
    over: 'Game over: {{result}}',
    editor: {
      title: 'Position editor',
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
      ccSetupHelp:
        'Seventeen rows from the top, separated by slashes: a letter for a piece (r o y g b p), a number for empty points; then the colour to move.',
      hiveHelp:
        'Lay out a Hive position tile by tile below (the game type and reverse sides come from the fields above), or paste a game below.',
      refused: 'This position is refused: {{reason}}',
    },
    import: {
      title: 'Import',
      label: 'A game record exported here, the lines exported from this board, or its link',
      labelHive:
        'A game record exported here, the lines exported from this board, its link, or a Hive game string from another tool',
      load: 'Load',
      refused: 'This text cannot be read: {{reason}}',
    },
    export: {
      title: 'Export',
      record: 'Record of the line shown',
      tree: 'All lines, with comments',
      link: 'Link to this board',
      copyLink: 'Copy link',
      copied: 'Copied',
    },
    engine: {
      title: 'Engine',
      start: 'Start engine',
      stop: 'Stop',
      lines: 'Lines',
      loading: 'Loading the engine…',
      thinking: 'Thinking…',
      depth: 'Depth {{depth}} · {{nodes}} positions',
      done: 'finished',
      win: 'Win in {{n}}',
      loss: 'Loss in {{n}}',
      play: 'Play {{move}}',
      bar: 'Evaluation: {{score}}',
      barFor: 'for {{player}}',
      beliefs:
        'Every piece is face up on this board, so the engine sees them all. In a game with hidden pieces the engine reasons from what the seat knows and believes, never from the hidden pieces.',
      stops: {
        'no-move': 'No move to analyse here.',
        'game-over': 'The game is over in this position: there is no move to analyse.',
        'not-searchable':
          'The engine cannot search here: the players act together (deploying or choosing tiles). Set up a position where one side moves.',
        'no-engine': 'There is no engine for this game on this board.',
        'bad-snapshot': 'The engine could not read this position. Reload the page and start it again.',
        'bad-depth': 'The engine was asked for a search it cannot do. Reload the page and start it again.',
        'bad-time': 'The engine was asked for a search it cannot do. Reload the page and start it again.',
        'bad-lines': 'The engine was asked for more or fewer lines than it can show. Choose another number of lines.',
        crashed:
          'The engine stopped on an error (it may not have loaded: check the connection). Start it again, or reload the page.',
        other: 'The engine stopped: it cannot analyse this position.',
      } satisfies Record<EngineStopCode | 'other', string>,
      failed: 'The engine stopped: {{reason}}',
      fullInformation:
        'This record comes from a game with hidden pieces, now over: the engine analyses it with every piece known, as the review does.',
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
    open: 'Open the analysis board',
  },
};
