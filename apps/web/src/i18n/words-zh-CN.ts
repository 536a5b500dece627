import { accountMailZhCN } from './account-mail-zh-CN.js';
import { botsZhCN } from './bots-zh-CN.js';
import { engineRefusalsZhCN } from './engine-refusals-zh-CN.js';
import { moderationZhCN } from './moderation-zh-CN.js';
import { onlineZhCN } from './online-zh-CN.js';
import { profilePuzzlesZhCN } from './profile-puzzles-zh-CN.js';
import { tournamentsZhCN } from './tournaments-zh-CN.js';
import { turnsZhCN } from './turns-zh-CN.js';
import { zhCN } from './zh-CN.js';

/** Every page's words in Simplified Chinese, one chunk loaded when the language is chosen (see words-en.ts). */
export const words = {
  ...zhCN,
  ...onlineZhCN,
  ...tournamentsZhCN,
  ...turnsZhCN,
  ...moderationZhCN,
  ...engineRefusalsZhCN,
  ...accountMailZhCN,
  ...profilePuzzlesZhCN,
  ...botsZhCN,
};
