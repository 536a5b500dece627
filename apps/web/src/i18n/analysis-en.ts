import type { EngineStopCode } from '../analysis/engine-stops.js';
import type { AnalysisRefusalCode } from '../analysis/refusals.js';

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
    refusals: {
      'link-unreadable': 'the link is damaged and cannot be read.',
      'link-damaged': 'the link is damaged.',
      'link-options': 'the options in the link are damaged.',
      'link-position': 'the position in the link is damaged.',
      'link-move': 'the move the link shows is damaged.',
      'tree-unreadable': 'the moves in the link are damaged.',
      'tree-too-deep': 'the line in the link is longer than {{max}} moves.',
      'tree-move': 'move {{ply}} in the link is damaged.',
      'lines-no-number': '“{{text}}” has no move number before it (write “1. {{text}}”).',
      'lines-no-move': 'move number {{ply}} has no move after it.',
      'lines-side-first': 'a side line “(” comes before any move.',
      'lines-unopened': 'a closing parenthesis “)” has no opening one.',
      'lines-unclosed': 'a side line is not closed: a “)” is missing.',
      'move-refused': '{{move}} (move {{ply}}): {{why}}',
      'not-legal': 'That move is not allowed here.',
      'cc-rows': 'a position has {{expected}} rows, not {{rows}}',
      'cc-fields':
        'a position is the rows, the colour to move and, for capture checkers (食棋), the captures, separated by spaces.',
      'cc-row-letter': 'row {{row}}: “{{letter}}” is neither a colour (r o y g b p) nor a number of empty points.',
      'cc-row-points': 'row {{row}} has {{expected}} points, not {{points}}.',
      'ab-too-few': '{{side}} has {{n}} marbles: with six pushed off the game is already over',
      'ab-too-many': '{{side}} has {{n}} marbles; a side has at most {{most}}',
      'jq-rows': 'an army has {{expected}} rows separated by “/”, not {{rows}}.',
      'jq-row-points': 'row {{row}} has {{points}} points, not {{expected}}.',
      'jq-letter': '“{{letter}}” in row {{row}} is not a piece letter.',
      'jq-camp-mark': '“+” marks a camp, but point {{point}} of row {{row}} is not a camp.',
      'hive-moves-only':
        'these are moves without the game they belong to. Write the game type, its state and the turn first, then the moves, each after a “;”: {{example}}. A game copied from a replay here already has them.',
      detail: '{{words}} ({{detail}})',
    } satisfies Record<AnalysisRefusalCode | 'detail', string>,
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
      searchThreads_one: '{{count}} thread',
      searchThreads_other: '{{count}} threads',
      loading: 'Loading the engine…',
      thinking: 'Thinking…',
      depth: 'Depth {{depth}} · {{nodes}} positions',
      done: 'finished',
      win: 'Win in {{n}}',
      loss: 'Loss in {{n}}',
      play: 'Play {{move}}',
      bar: 'Evaluation: {{score}}',
      barFor: 'for {{player}}',
      linesFor: 'Scores for {{player}}, as the bar reads',
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
