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
        'A Hive position is the moves that made it: place tiles for either side on the board, or paste a game below.',
      refused: 'This position is refused: {{reason}}',
    },
    import: {
      title: 'Import',
      label:
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
      noMove: 'No move to analyse here.',
      beliefs:
        'Every piece is face up on this board, so the engine sees them all. In a game with hidden pieces the engine reasons from what the seat knows and believes, never from the hidden pieces.',
      failed: 'The engine stopped: {{reason}}',
      fullInformation:
        'This record comes from a game with hidden pieces, now over: the engine analyses it with every piece known, as the review does.',
    },
    open: 'Open the analysis board',
  },
};
