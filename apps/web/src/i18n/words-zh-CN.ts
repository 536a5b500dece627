import { engineRefusalsZhCN } from './engine-refusals-zh-CN.js';
import { frameWordsZhCN } from './frame-words-zh-CN.js';
import { turnsZhCN } from './turns-zh-CN.js';
import { zhCN } from './zh-CN.js';

/** Every page's words in Simplified Chinese, one chunk loaded when the language is chosen (see words-en.ts). */
export const words = {
  ...zhCN,
  ...turnsZhCN,
  ...engineRefusalsZhCN,
  ...frameWordsZhCN,
};
