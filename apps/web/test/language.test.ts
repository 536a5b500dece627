import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../src/i18n/index.js';

/** The language a first visit opens in, from the browser's list of preferred languages. */
describe('the browser’s language', () => {
  it.each([
    [['fr-FR', 'fr'], 'en'],
    [['de-DE'], 'en'],
    [['ja'], 'en'],
    [['es-ES', 'es'], 'en'],
    [['ko-KR'], 'en'],
    [[], 'en'],
    [['en-US'], 'en'],
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans-HK'], 'zh-CN'],
    [['zh-TW'], 'zh-TW'],
    [['zh-HK'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-Hant-MO'], 'zh-TW'],
    // the first language the app speaks wins, in the browser's order
    [['fr-FR', 'zh-TW', 'en'], 'zh-TW'],
    [['ja', 'en-GB', 'zh-CN'], 'en'],
  ] as const)('%j opens in %s', (prefs, language) => {
    expect(detectLanguage(prefs)).toBe(language);
  });
});
