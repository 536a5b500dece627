import type { EngineStopCode } from '../analysis/engine-stops.js';

/**
 * The words of the analysis engine at work (analysis/engine-run.tsx: its lines, the bar, why it stopped) in English.
 * Each language is a chunk of its own, loaded with the engine's running part on the first start: a board the engine
 * never runs on goes without them. zh-CN and zh-TW are modules of their own, typed against this shape.
 */
export const engineRunEn = {
  analysis: {
    engine: {
      searchThreads_one: '{{count}} thread',
      searchThreads_other: '{{count}} threads',
      thinking: 'Thinking…',
      depth: 'Depth {{depth}} · {{nodes}} positions',
      done: 'finished',
      win: 'Win in {{n}}',
      loss: 'Loss in {{n}}',
      play: 'Play {{move}}',
      bar: 'Evaluation: {{score}}',
      barFor: 'for {{player}}',
      linesFor: 'Scores for {{player}}, as the bar reads',
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
  },
};
