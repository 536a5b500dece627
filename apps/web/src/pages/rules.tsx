import { GAME_IDS } from '@qiyuan/core';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import { renderMarkdown } from './markdown.js';
import { exampleSlots, markExamples, mountExamples } from './rule-boards.js';
import { forPlayers, HELP_TOPICS, ruleFile, withImageUrls } from './rule-files.js';

export const RulesPage = ({ game }: { game?: string }) => {
  const { language, pieces, coordinates } = useStore(settings);
  const [html, setHtml] = useState<string | undefined>();
  const article = useRef<HTMLElement>(null);
  const file = game ? ruleFile(game, language) : undefined;
  useEffect(() => {
    setHtml(undefined);
    if (!game) return;
    if (!file) return setHtml('');
    void file
      .load()
      .then((text) => setHtml(exampleSlots(renderMarkdown(withImageUrls(forPlayers(markExamples(String(text))))))));
  }, [game, language]);
  // the live example boards: drawn into the rendered text, again when the look changes
  useEffect(() => {
    if (!html || !article.current) return;
    return mountExamples(article.current);
  }, [html, pieces, coordinates]);
  return (
    <section class="rules" aria-labelledby="rules-title">
      <h1 id="rules-title">{t('rules.title')}</h1>
      <nav aria-label={t('rules.choose')} class="tabs">
        {GAME_IDS.map((g) => (
          <a key={g} href={`#/rules/${g}`} aria-current={g === game ? 'page' : undefined}>
            {t(`games.${g}`)}
          </a>
        ))}
        {HELP_TOPICS.map((topic) => (
          <a key={topic} href={`#/rules/${topic}`} aria-current={topic === game ? 'page' : undefined}>
            {t(`rules.${topic}`)}
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
        <article
          ref={article}
          class="prose"
          lang={file?.fallback ? 'en' : undefined}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </section>
  );
};
