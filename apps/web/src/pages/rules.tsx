import { GAME_IDS } from '@qiyuan/core';
import { t } from '../i18n/index.js';

/** Rule texts from docs/rules/, bundled at build time (one chunk per file, loaded when opened). */
const RULE_FILES = import.meta.glob('../../../../docs/rules/*.md', { query: '?raw', import: 'default' });

import { useEffect, useState } from 'preact/hooks';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import { renderMarkdown } from './markdown.js';

const ruleFile = (game: string, lang: string): (() => Promise<unknown>) | undefined => {
  const names = lang === 'en' ? [`${game}.en.md`, `${game}.md`] : [`${game}.${lang}.md`, `${game}.zh.md`, `${game}.md`];
  for (const n of names) {
    const hit = Object.entries(RULE_FILES).find(([k]) => k.endsWith(`/${n}`));
    if (hit) return hit[1];
  }
  return undefined;
};

export const RulesPage = ({ game }: { game?: string }) => {
  const { language } = useStore(settings);
  const [html, setHtml] = useState<string | undefined>();
  useEffect(() => {
    setHtml(undefined);
    if (!game) return;
    const load = ruleFile(game, language);
    if (!load) return setHtml('');
    void load().then((text) => setHtml(renderMarkdown(String(text))));
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
      {html && <article class="prose" dangerouslySetInnerHTML={{ __html: html }} />}
    </section>
  );
};
