import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark } from '@qiyuan/core';
import { build } from 'vite';
import { firstLoad } from './size.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

const built = (() => {
  let done: Promise<unknown> | undefined;
  return () => (done ??= build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'error' }));
})();

/**
 * Every page's words in the language it is shown in (each language is a chunk of its own, loaded before the page is
 * drawn): Simplified Chinese, the largest, is counted.
 */
const WORDS = 'src/i18n/words-zh-CN.ts';

/** A game's own words in Simplified Chinese, loaded with its chunk (Junqi's are a chunk per language). */
const gameWords = (g: string): string[] => (g === 'junqi' ? ['src/i18n/junqi-zh-CN.ts'] : []);

/** The server's refusals in Simplified Chinese, loaded with the pages that talk to the server of games (page-words.ts). */
const REFUSALS = 'src/i18n/refusals-zh-CN.ts';

const pages: readonly { name: string; chunks: string[] }[] = [
  // each page is a chunk of its own, the home page too
  // with the create form's words (the AI's levels, the options' help)
  { name: 'home', chunks: ['src/pages/home.tsx', REFUSALS, 'src/i18n/form-words-zh-CN.ts'] },
  // the tournaments' list and a tournament's page (their words are among every page's)
  { name: 'tournaments', chunks: ['src/pages/tournaments.tsx', REFUSALS] },
  { name: 'tournament', chunks: ['src/pages/tournament.tsx', REFUSALS] },
  // the puzzles page, its words and the Hive board it plays on
  { name: 'puzzles', chunks: ['src/pages/puzzles.tsx', 'src/i18n/puzzles-zh-CN.ts', 'src/games/hive.ts'] },
  { name: 'Chinese Checkers game', chunks: ['src/games/chinese-checkers.ts', 'src/pages/game.tsx'] },
  { name: 'Junqi game', chunks: ['src/games/junqi.ts', 'src/pages/game.tsx', ...gameWords('junqi')] },
  { name: 'Hive game', chunks: ['src/games/hive.ts', 'src/pages/game.tsx'] },
  { name: 'Abalone game', chunks: ['src/games/abalone.ts', 'src/pages/game.tsx'] },
  // the analysis board: its page, the game's chunk and its words in Simplified Chinese (the largest); its engine
  // (a Web Worker), the position editor with its words and the arrows' overlay load later, on demand
  ...(['hive', 'abalone', 'chinese-checkers', 'junqi'] as const).map((g) => ({
    name: `${{ hive: 'Hive', abalone: 'Abalone', 'chinese-checkers': 'Chinese Checkers', junqi: 'Junqi' }[g]} analysis board`,
    chunks: ['src/pages/analysis.tsx', `src/games/${g}.ts`, 'src/i18n/analysis-zh-CN.ts', ...gameWords(g)],
  })),
  // a finished game's replay: its page (with the computer review's panel), the review's words in Simplified Chinese
  // and the game's chunk; the review's graph (uPlot) loads when a review is shown
  ...(['hive', 'abalone', 'chinese-checkers', 'junqi'] as const).map((g) => ({
    name: `${{ hive: 'Hive', abalone: 'Abalone', 'chinese-checkers': 'Chinese Checkers', junqi: 'Junqi' }[g]} replay`,
    chunks: ['src/pages/replay.tsx', 'src/i18n/review-zh-CN.ts', `src/games/${g}.ts`, ...gameWords(g)],
  })),
];

export const benchmarks: Benchmark[] = pages.map((p) => ({
  name: `first-load JS (gzip), ${p.name} page`,
  command: 'npx qiyuan bench --filter web',
  run: async () => {
    await built();
    const { bytes, files } = firstLoad(dist, [...p.chunks, WORDS]);
    return {
      metrics: [{ name: 'gzip', value: Math.round((bytes / 1024) * 10) / 10, unit: 'KB' }],
      notes: `${files.length} chunks, gzip -9, after vite build`,
    };
  },
}));
