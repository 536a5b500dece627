import { en } from './en.js';
import { engineRefusalsEn } from './engine-refusals.js';
import { frameWordsEn } from './frame-words.js';
import { turnsEn } from './turns.js';

/**
 * Every page's English words, one chunk loaded when English is chosen (index.ts), so that a page in Chinese does not
 * carry them. A game's words, the analysis board's and the review's load with their own chunks, and the words only
 * some pages say (the server's refusals, the online pages', a replay's, the puzzles', the rules pages') with those
 * pages (page-words.ts).
 */
export const words = {
  ...en,
  ...turnsEn,
  ...engineRefusalsEn,
  ...frameWordsEn,
};
