import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Benchmark, GAME_IDS, type GameId } from '@qiyuan/core';
import { build } from 'vite';
import { WEB_GAMES } from '../src/games/registry.js';
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

/** A game's chunk with its own words in Simplified Chinese (Junqi's are a chunk per language), as its entry lists. */
const gameChunks = (g: GameId): string[] => [...WEB_GAMES[g].chunks];

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
  ...GAME_IDS.map((g) => ({ name: `${WEB_GAMES[g].name} game`, chunks: [...gameChunks(g), 'src/pages/game.tsx'] })),
  // the analysis board: its page, the game's chunk and its words in Simplified Chinese (the largest); its engine
  // (a Web Worker), the position editor with its words and the arrows' overlay load later, on demand
  ...GAME_IDS.map((g) => ({
    name: `${WEB_GAMES[g].name} analysis board`,
    chunks: ['src/pages/analysis.tsx', 'src/i18n/analysis-zh-CN.ts', ...gameChunks(g)],
  })),
  // a finished game's replay: its page (with the computer review's panel), the review's words in Simplified Chinese
  // and the game's chunk; the review's graph (uPlot) loads when a review is shown
  ...GAME_IDS.map((g) => ({
    name: `${WEB_GAMES[g].name} replay`,
    chunks: ['src/pages/replay.tsx', 'src/i18n/review-zh-CN.ts', ...gameChunks(g)],
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
