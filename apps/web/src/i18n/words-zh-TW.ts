import { engineRefusalsZhTW } from './engine-refusals-zh-TW.js';
import { frameWordsZhTW } from './frame-words-zh-TW.js';
import { turnsZhTW } from './turns-zh-TW.js';
import { zhTW } from './zh-TW.js';

/** Every page's words in Traditional Chinese, one chunk loaded when the language is chosen (see words-en.ts). */
export const words = {
  ...zhTW,
  ...turnsZhTW,
  ...engineRefusalsZhTW,
  ...frameWordsZhTW,
};
