import { accountMailEn } from './account-mail.js';
import { botsEn } from './bots.js';
import { en } from './en.js';
import { engineRefusalsEn } from './engine-refusals.js';
import { moderationEn } from './moderation.js';
import { onlineEn } from './online.js';
import { profilePuzzlesEn } from './profile-puzzles.js';
import { tournamentsEn } from './tournaments.js';
import { turnsEn } from './turns.js';

/**
 * Every page's English words, one chunk loaded when English is chosen (index.ts), so that a page in Chinese does not
 * carry them. A game's words, the analysis board's and the review's load with their own chunks, and the words only
 * some pages say (the server's refusals, the puzzles', the rules pages' boards) with those pages (page-words.ts).
 */
export const words = {
  ...en,
  ...onlineEn,
  ...tournamentsEn,
  ...turnsEn,
  ...moderationEn,
  ...engineRefusalsEn,
  ...accountMailEn,
  ...profilePuzzlesEn,
  ...botsEn,
};
