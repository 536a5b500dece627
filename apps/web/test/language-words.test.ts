import { expect, it } from 'vitest';
import { loadGame } from '../src/games/types.js';
import { en } from '../src/i18n/en.js';
import { changeLanguage, i18n, initI18n, t } from '../src/i18n/index.js';
import { words as zhTW } from '../src/i18n/words-zh-TW.js';
import { zhCN } from '../src/i18n/zh-CN.js';

/** Every page's words come one language at a time: the first load carries the language shown, a switch loads the next. */
it('loads only the language shown, then another on a switch, every page’s words winning over a game’s', async () => {
  await initI18n('zh-CN');
  expect(t('app.name')).toBe(zhCN.app.name);
  expect(i18n.hasBundle('en')).toBe(false);
  expect(i18n.hasBundle('zh-TW')).toBe(false);
  // a game's chunk brings its words in every language; a key it shares with every page's words keeps theirs
  await loadGame('junqi');
  await changeLanguage('zh-TW');
  expect(i18n.language).toBe('zh-TW');
  expect(t('app.name')).toBe(zhTW.app.name);
  expect(t('game.reason.knocked-out')).toBe(zhTW.game.reason['knocked-out']);
  await changeLanguage('en');
  expect(t('game.reason.knocked-out')).toBe(en.game.reason['knocked-out']);
});
