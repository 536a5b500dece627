import { GAME_IDS } from '@qiyuan/core';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import { renderMarkdown } from './markdown.js';
import { forPlayers, ruleFile, withImageUrls } from './rule-files.js';

export const RulesPage = ({ game }: { game?: string }) => {
  const { language } = useStore(settings);
  const [html, setHtml] = useState<string | undefined>();
  const file = game ? ruleFile(game, language) : undefined;
  useEffect(() => {
    setHtml(undefined);
    if (!game) return;
    if (!file) return setHtml('');
    void file.load().then((text) => setHtml(renderMarkdown(withImageUrls(forPlayers(String(text))))));
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
