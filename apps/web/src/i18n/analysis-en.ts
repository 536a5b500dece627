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
    // a finished game with hidden pieces opened from its replay: which knowledge the board shows
    knownAll: 'Every piece is known: the game is over, so its hidden pieces are shown face up.',
    knownSeat: 'As {{player}} knew it during the game: the pieces {{player}} had not seen stay hidden.',
    flip: 'Turn the board around',
    over: 'Game over: {{result}}',
    editor: {
      title: 'Position editor',
      refused: 'This position is refused: {{reason}}',
    },
    import: {
      title: 'Import',
      refused: 'This text cannot be read: {{reason}}',
    },
    link: {
      refused: 'This link cannot be opened: {{reason}}',
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
      threads: 'Threads',
      threadsTitle: 'How many of this device’s processor cores the engine searches with',
      loading: 'Loading the engine…',
      beliefs:
        'Every piece is face up on this board, so the engine sees them all. In a game with hidden pieces the engine reasons from what the seat knows and believes, never from the hidden pieces.',
    },
    open: 'Open the analysis board',
  },
  continueFrom: {
    title: 'Continue from here',
    hint: 'Play this position out on this device: against the computer (you take the side to move) or with a friend at this screen.',
    level: 'Computer level',
    ai: 'Play the computer',
    friend: 'Play a friend here',
    // the AI's levels by name, as the create form's words say them (form-words.ts; a test keeps them the same):
    // this page needs the five names, not the form's 1 KB of words
    levels: { '1': 'Beginner', '2': 'Casual', '3': 'Club', '4': 'Expert', '5': 'Master' },
  },
};
