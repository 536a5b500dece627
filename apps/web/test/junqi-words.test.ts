import { expect, it } from 'vitest';
import { loadGame } from '../src/games/types.js';
import { changeLanguage, i18n, initI18n, t } from '../src/i18n/index.js';
import { junqiEn } from '../src/i18n/junqi.js';
import { junqiZhCN } from '../src/i18n/junqi-zh-CN.js';
import { junqiZhTW } from '../src/i18n/junqi-zh-TW.js';

/** Junqi's words come with its chunk one language at a time, as every page's words do: a switch brings the next. */
it('loads Junqi’s words in the language shown only, then another language’s on a switch', async () => {
  await initI18n('zh-CN');
  await loadGame('junqi');
  // the module is ready only once the words of the language shown are in: its board is never drawn without them
  expect(t('junqi.rank.9')).toBe(junqiZhCN.junqi.rank['9']);
  expect(t('junqiUi.setup.presets')).toBe(junqiZhCN.junqiUi.setup.presets);
  for (const lng of ['en', 'zh-TW']) expect(i18n.lookup(lng, 'junqi.rank.9')).toBeUndefined();
  await changeLanguage('zh-TW');
  expect(t('junqi.rank.9')).toBe(junqiZhTW.junqi.rank['9']);
  expect(i18n.lookup('en', 'junqi.rank.9')).toBeUndefined();
  await changeLanguage('en');
  expect(t('junqi.rank.9')).toBe(junqiEn.junqi.rank['9']);
});
