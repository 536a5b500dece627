/**
 * The replay's analysis: the game opened on the analysis board at the position shown, the line explored off the game
 * (each move a button to its position, and the way back to the game), and the AI's suggestion for the position.
 */
import type { GameId, Seat } from '@qiyuan/core';
import { encodeBoard } from '../analysis/link.js';
import { EMPTY_TREE } from '../analysis/tree-pack.js';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';
import { seatLabel } from '../pages/seat-names.js';
import { engineRefusalText } from '../play/engine-refusals.js';
import type { SessionView } from '../play/session.js';
import { routeHref } from '../router.js';
import type { Cursor, Line } from './line.js';
import type { Suggestion } from './suggestion.js';

export const Exploration = ({
  game,
  mod,
  view,
  engineText,
  cursor,
  line,
  lineRecords,
  canAsk,
  current,
  ask,
  play,
  onCursor,
  onBack,
}: {
  game: GameId;
  mod: GameModule;
  view: SessionView;
  /** The game's record in the engine's notation, without headers; undefined when it could not be made. */
  engineText: string | undefined;
  cursor: Cursor;
  line: Line | undefined;
  lineRecords: readonly { seat: Seat; text: string }[];
  /** Whether the position shown has a move to suggest. */
  canAsk: boolean;
  current: Suggestion | undefined;
  ask: () => void;
  play: (move: string) => void;
  onCursor: (cursor: Cursor) => void;
  /** Leaves the line for the game, at the line's branch point. */
  onBack: () => void;
}) => (
  <section aria-labelledby="analysis-title" class="analysis">
    <h2 id="analysis-title">{t('replay.analysis')}</h2>
    {engineText !== undefined && (
      <a
        class="button"
        data-testid="open-analysis"
        href={routeHref({
          page: 'analysis',
          game,
          // the game's own record, its moves the board's main line, opened at the ply shown (the game is over)
          state: encodeBoard({
            start: { options: {}, position: engineText },
            tree: EMPTY_TREE,
            path: Array.from({ length: cursor.onLine && line ? line.from : cursor.ply }, () => 0),
          }),
        })}
      >
        {t('nav.analyse')}
      </a>
    )}
    <p class="muted">{t('replay.analysisHint')}</p>
    {line && (
      <div class="line" data-testid="line">
        <h3>
          {t('replay.line')} <small class="muted">{t('replay.fromPly', { n: line.from + 1 })}</small>
        </h3>
        <ol start={line.from + 1}>
          {lineRecords.map((r, i) => {
            const ply = line.from + i + 1;
            const here = cursor.onLine && cursor.ply === ply;
            return (
              <li key={ply}>
                <button
                  type="button"
                  class={here ? 'current' : ''}
                  aria-current={here ? 'step' : undefined}
                  onClick={() => onCursor({ onLine: true, ply })}
                >
                  <span class="who">{seatLabel(mod, view, r.seat)}</span> {r.text}
                </button>
              </li>
            );
          })}
        </ol>
        <button type="button" data-testid="back-to-game" onClick={onBack}>
          {t('replay.backToGame')}
        </button>
      </div>
    )}
    <button type="button" data-testid="ask-ai" disabled={!canAsk} onClick={ask}>
      {t('replay.ask')}
    </button>
    {current && !current.move && !current.error && <p aria-busy="true">{t('replay.thinking')}</p>}
    {current?.move && (
      <p data-testid="suggestion">
        {t('replay.suggestion', { move: current.move })}
        {current.score !== undefined && <small class="muted"> · {t('replay.score', { score: current.score })}</small>}{' '}
        <button type="button" onClick={() => play(current.move!)}>
          {t('replay.play')}
        </button>
      </p>
    )}
    {current?.error !== undefined && (
      <p class="error" data-testid="ai-problem">
        {engineRefusalText(current.error)}
      </p>
    )}
  </section>
);
