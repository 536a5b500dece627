/** The replay's record of the game in its own notation, with where, when and between whom: to copy or download. */
import type { GameId } from '@qiyuan/core';
import { useState } from 'preact/hooks';
import { t } from '../i18n/index.js';

export const RecordExport = ({
  game,
  id,
  exported,
}: {
  game: GameId;
  id: string;
  /** The record with its headers; undefined when it could not be made. */
  exported: string | undefined;
}) => {
  const [copied, setCopied] = useState(false);
  const download = () => {
    if (exported === undefined) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([exported], { type: 'text/plain;charset=utf-8' }));
    a.download = `qiyuan-${game}-${id}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <section aria-labelledby="export-title" class="export">
      <h2 id="export-title">{t('replay.export')}</h2>
      {exported === undefined ? (
        <p class="error">{t('replay.exportFailed')}</p>
      ) : (
        <>
          <textarea readOnly rows={4} data-testid="export" aria-labelledby="export-title" value={exported} />
          <div class="actions">
            <button
              type="button"
              data-testid="copy-export"
              onClick={() => void navigator.clipboard?.writeText(exported).then(() => setCopied(true))}
            >
              {copied ? t('replay.copied') : t('replay.copy')}
            </button>
            <button type="button" data-testid="download-export" onClick={download}>
              {t('replay.download')}
            </button>
          </div>
        </>
      )}
    </section>
  );
};
