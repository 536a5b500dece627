import { accountMailZhTW } from './account-mail-zh-TW.js';
import { botsZhTW } from './bots-zh-TW.js';
import { engineRefusalsZhTW } from './engine-refusals-zh-TW.js';
import { moderationZhTW } from './moderation-zh-TW.js';
import { onlineZhTW } from './online-zh-TW.js';
import { profilePuzzlesZhTW } from './profile-puzzles-zh-TW.js';
import { tournamentsZhTW } from './tournaments-zh-TW.js';
import { turnsZhTW } from './turns-zh-TW.js';
import { zhTW } from './zh-TW.js';

/** Every page's words in Traditional Chinese, one chunk loaded when the language is chosen (see words-en.ts). */
export const words = {
  ...zhTW,
  ...onlineZhTW,
  ...tournamentsZhTW,
  ...turnsZhTW,
  ...moderationZhTW,
  ...engineRefusalsZhTW,
  ...accountMailZhTW,
  ...profilePuzzlesZhTW,
  ...botsZhTW,
};
