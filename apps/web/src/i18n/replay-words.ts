import type { Widen } from './widen.js';
/**
 * The words of a replay (of a game on this device or of the server's) and of its fair-deal proof, in English: they
 * load with the replay page (page-words.ts), not with every page. zh-CN and zh-TW are modules of their own, typed
 * against this shape.
 */
export const replayWordsEn = {
  replay: {
    title: 'Replay',
    analysis: 'Analysis',
    analysisHint: 'Play any move on the board to explore a line from the position shown.',
    // a game with hidden pieces on the analysis board: which knowledge it shows
    analyseAllKnown: 'Analyse with every piece known (the game is over)',
    analyseAsKnown: 'Analyse as {{player}} knew it during the game',
    line: 'Your line',
    fromPly: 'from move {{n}}',
    trySetup: 'Try a setup of your own',
    backToGame: 'Back to the game',
    export: 'Game record',
    copy: 'Copy',
    copied: 'Copied',
    download: 'Download',
    ask: 'Ask the AI',
    thinking: 'The AI is thinking…',
    suggestion: 'The AI plays {{move}}',
    score: 'score {{score}} for the side to move',
    play: 'Play it',
    notOver: 'This game is still being played.',
    watchLive: 'Watch it live',
    loading: 'Loading the game…',
    notFound: 'This game does not exist.',
    started: 'Played on {{date}}',
    view: 'Board seen by',
    everyone: 'a spectator',
    exportFailed: 'The record could not be loaded.',
    fairTitle: 'Fair deal',
    fair: {
      waiting:
        'The seed and salt are shown when the game is over; the commitment below was given to every player before the first move.',
      checking: 'Checking the deal…',
      verified:
        'Verified: the seed and salt shown after the game, with the layout they deal, give exactly the commitment every player was told before the first move. The hidden pieces were fixed before the game began.',
      mismatch: 'Does not match: the seed and salt shown after the game do not give the commitment told at the start.',
      unavailable: 'This browser cannot check the deal on this page (it needs a secure connection).',
    },
    onDevice: 'Played on this device ({{mode}}), {{date}}',
    aiLevel: 'AI, level {{n}}',
    here: 'at this screen',
    localNotOver: 'This game is not over yet: its replay opens when it ends.',
    backToLocal: 'Back to the game',
  },
};

export type ReplayWords = Widen<typeof replayWordsEn>;
