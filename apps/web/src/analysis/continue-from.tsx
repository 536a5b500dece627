import type { Game, GameId } from '@qiyuan/core';
import { useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import type { LocalMode } from '../play/saves.js';
import { navigate } from '../router.js';

/** The AI's levels as the create form offers them. */
const LEVELS = ['1', '2', '3', '4', '5'] as const;

/**
 * "Continue from here": a game on this device from the position shown, against the computer (the player takes the
 * side to move) or with a friend at this screen. Over positions offer nothing to continue.
 */
export const ContinueFrom = ({
  game,
  position,
  options,
}: {
  game: GameId;
  position: Game;
  options: Readonly<Record<string, string>>;
}) => {
  const [level, setLevel] = useState('2');
  if (position.outcome()) return null;
  // the save is written by a module fetched on the click: a board that continues nothing goes without it
  const start = (mode: LocalMode) =>
    void import('../play/continue.js').then(({ continueFrom }) => {
      const save = continueFrom(game, position, mode, options, Number(level));
      if (save) navigate({ page: 'local', id: save.id });
    });
  return (
    <section aria-labelledby="continue-title" class="continue-from" data-testid="continue-from">
      <h2 id="continue-title">{t('continueFrom.title')}</h2>
      <p class="muted small">{t('continueFrom.hint')}</p>
      <label for="continue-level">
        <span>{t('continueFrom.level')}</span>{' '}
        <select
          id="continue-level"
          data-testid="continue-level"
          value={level}
          onChange={(e) => setLevel((e.currentTarget as HTMLSelectElement).value)}
        >
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {`${l} · ${t(`continueFrom.levels.${l}`)}`}
            </option>
          ))}
        </select>
      </label>
      <div class="continue-buttons">
        <button type="button" data-testid="continue-ai" onClick={() => start('ai')}>
          {t('continueFrom.ai')}
        </button>
        <button type="button" data-testid="continue-friend" onClick={() => start('hotseat')}>
          {t('continueFrom.friend')}
        </button>
      </div>
    </section>
  );
};
