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

/**
 * A game's words arrive in their own chunks, one per language. A game opened while the player switches language
 * (its module evaluated after the switch listed the chunks to load, before it was made) must get the new language's
 * words too, or its army names and pieces stay in the old language on the new page.
 */
describe('a game’s words during a switch of language', () => {
  it('loads the language being switched to for a game that came in the meantime', async () => {
    const { addWords, changeLanguage, i18n, initI18n } = await import('../src/i18n/index.js');
    await initI18n('en');
    const asked: string[] = [];
    const load = async (lng: string) => {
      asked.push(lng);
      return { testGame: { army: lng === 'en' ? 'Blue' : '蓝方' } };
    };
    const switching = changeLanguage('zh-CN');
    await addWords(load);
    await switching;
    expect(i18n.language).toBe('zh-CN');
    expect(asked).toContain('zh-CN');
    expect(i18n.t('testGame.army')).toBe('蓝方');
  });
});
