import { describe, expect, it } from 'vitest';
import { analysisEn } from '../src/i18n/analysis-en.js';
import { analysisZhCN } from '../src/i18n/analysis-zh-CN.js';
import { analysisZhTW } from '../src/i18n/analysis-zh-TW.js';
import { formWordsEn } from '../src/i18n/form-words.js';
import { formWordsZhCN } from '../src/i18n/form-words-zh-CN.js';
import { formWordsZhTW } from '../src/i18n/form-words-zh-TW.js';

// "Continue from here" names the AI's levels from the analysis board's own words, so that the page does not load the
// create form's: the names must stay those the create form offers, in every language
describe('continue from here: the AI levels by name', () => {
  const pairs = [
    ['en', analysisEn, formWordsEn],
    ['zh-CN', analysisZhCN, formWordsZhCN],
    ['zh-TW', analysisZhTW, formWordsZhTW],
  ] as const;
  for (const [lng, analysis, form] of pairs) {
    it(`says the create form's names (${lng})`, () => {
      const names = Object.fromEntries(Object.entries(form.aiLevels).map(([level, l]) => [level, l.name]));
      expect(analysis.continueFrom.levels).toEqual(names);
    });
  }
});
