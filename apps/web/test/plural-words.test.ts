import { expect, it } from 'vitest';
import { addWords, changeLanguage, initI18n, t } from '../src/i18n/index.js';
import { puzzlesEn } from '../src/i18n/puzzles.js';
import { puzzlesZhCN } from '../src/i18n/puzzles-zh-CN.js';
import { puzzlesZhTW } from '../src/i18n/puzzles-zh-TW.js';

/** A count in a sentence takes the language's plural form: "Played once", never "Played 1 times". */
it('a puzzle played once, or twice, in each language', async () => {
  await initI18n('en');
  await addWords(async (lng) => ({ en: puzzlesEn, 'zh-CN': puzzlesZhCN, 'zh-TW': puzzlesZhTW })[lng]);
  expect(t('puzzles.plays', { count: 1 })).toBe('Played once');
  expect(t('puzzles.plays', { count: 2 })).toBe('Played 2 times');
  expect(t('puzzles.plays', { count: 0 })).toBe('Played 0 times');
  await changeLanguage('zh-CN');
  expect(t('puzzles.plays', { count: 1 })).toBe('已做 1 次');
  await changeLanguage('zh-TW');
  expect(t('puzzles.plays', { count: 3 })).toBe('已做 3 次');
});
