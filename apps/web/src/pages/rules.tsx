import { GAME_IDS } from '@qiyuan/core';
import { t } from '../i18n/index.js';

/** Rule texts from docs/rules/, bundled at build time (one chunk per file, loaded when opened). */
const RULE_FILES = import.meta.glob('../../../../docs/rules/*.md', { query: '?raw', import: 'default' });

import { useEffect, useState } from 'preact/hooks';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import { renderMarkdown } from './markdown.js';

/** The rule text in the page's language if there is one, else the English one (and whether it is a fallback). */
const ruleFile = (game: string, lang: string): { load: () => Promise<unknown>; fallback: boolean } | undefined => {
  const names = lang === 'en' ? [`${game}.en.md`, `${game}.md`] : [`${game}.${lang}.md`, `${game}.zh.md`, `${game}.md`];
  for (const n of names) {
    const hit = Object.entries(RULE_FILES).find(([k]) => k.endsWith(`/${n}`));
    if (hit) return { load: hit[1], fallback: lang !== 'en' && n === `${game}.md` };
  }
  return undefined;
};

export const RulesPage = ({ game }: { game?: string }) => {
  const { language } = useStore(settings);
  const [html, setHtml] = useState<string | undefined>();
  const file = game ? ruleFile(game, language) : undefined;
  useEffect(() => {
    setHtml(undefined);
    if (!game) return;
    if (!file) return setHtml('');
    void file.load().then((text) => setHtml(renderMarkdown(String(text))));
  }, [game, language]);
  return (
    <section class="rules" aria-labelledby="rules-title">
      <h1 id="rules-title">{t('rules.title')}</h1>
      <nav aria-label={t('rules.choose')} class="tabs">
        {GAME_IDS.map((g) => (
          <a key={g} href={`#/rules/${g}`} aria-current={g === game ? 'page' : undefined}>
            {t(`games.${g}`)}
          </a>
        ))}
      </nav>
      {game && html === '' && <p class="muted">{t('rules.missing')}</p>}
      {html && file?.fallback && (
        <p class="note" data-testid="rules-english">
          {t('rulesNote.englishOnly')}
        </p>
      )}
      {html && (
        <article class="prose" lang={file?.fallback ? 'en' : undefined} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </section>
  );
};
