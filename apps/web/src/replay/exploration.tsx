/**
 * The replay's analysis: the game opened on the analysis board at the position shown, the line explored off the game
 * (each move a button to its position, and the way back to the game), and the AI's suggestion for the position.
 */
import type { GameId, Seat, Viewer } from '@qiyuan/core';
import { everyPieceKnown } from '../analysis/known.js';
import { ALL_KNOWN, encodeBoard } from '../analysis/link.js';
import { EMPTY_TREE } from '../analysis/tree-pack.js';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';
import { seatLabel } from '../pages/seat-names.js';
import { engineRefusalText } from '../play/engine-refusals.js';
import type { SessionView } from '../play/session.js';
import { routeHref } from '../router.js';
import type { Cursor, Line } from './line.js';
import type { Suggestion } from './suggestion.js';

/**
 * The analysis board's links of a finished game: one, or for a game with hidden pieces one as the seat shown knew it
 * during the game and one with every piece known (where the game has such a record), each saying which.
 */
const boardLinks = (
  game: GameId,
  engineText: string,
  viewer: Viewer | undefined,
): { testid: string; known?: number; text: string }[] => {
  if (viewer === undefined) return [{ testid: 'open-analysis', text: engineText }];
  const all = everyPieceKnown(game, engineText);
  return [
    ...(all === undefined ? [] : [{ testid: 'open-analysis', known: ALL_KNOWN, text: all }]),
    ...(typeof viewer === 'number' ? [{ testid: 'open-analysis-known', known: viewer, text: engineText }] : []),
  ];
};

export const Exploration = ({
  game,
  mod,
  view,
  hidden,
  viewer,
  firstMove,
  engineText,
  cursor,
  line,
  lineRecords,
  canAsk,
  onTrySetup,
  current,
  ask,
  play,
  onCursor,
  onBack,
}: {
  game: GameId;
  mod: GameModule;
  view: SessionView;
  /** Whether the game hides pieces from its players (the board may then show a seat's knowledge or every piece). */
  hidden: boolean;
  /** Whose view the replay shows. */
  viewer: Viewer;
  /** The ply of the game's first move on the board (after Junqi's deployments), where the board opens at the earliest. */
  firstMove: number;
  /** The game's record in the engine's notation, without headers; undefined when it could not be made. */
  engineText: string | undefined;
  cursor: Cursor;
  line: Line | undefined;
  lineRecords: readonly { seat: Seat; text: string }[];
  /** Whether the position shown has a move to suggest. */
  canAsk: boolean;
  /** Offers the board's moves before the game's first move on the board (a setup of one's own), when they are held back. */
  onTrySetup?: (() => void) | undefined;
  current: Suggestion | undefined;
  ask: () => void;
  play: (move: string) => void;
  onCursor: (cursor: Cursor) => void;
  /** Leaves the line for the game, at the line's branch point. */
  onBack: () => void;
}) => (
  <section aria-labelledby="analysis-title" class="analysis">
    <h2 id="analysis-title">{t('replay.analysis')}</h2>
    {engineText !== undefined &&
      boardLinks(game, engineText, hidden ? viewer : undefined).map(({ testid, known, text }) => (
        <a
          key={testid}
          class="button"
          data-testid={testid}
          href={routeHref({
            page: 'analysis',
            game,
            // the game's own record, its moves the board's main line, opened at the ply shown (the game is over)
            state: encodeBoard({
              start: { options: {}, position: text },
              tree: EMPTY_TREE,
              // never inside a deployment (an empty board that nothing on the analysis board can deploy)
              path: Array.from(
                { length: Math.max(firstMove, cursor.onLine && line ? line.from : cursor.ply) },
                () => 0,
              ),
              ...(known === undefined ? {} : { known }),
            }),
          })}
        >
          {known === undefined
            ? t('nav.analyse')
            : known === ALL_KNOWN
              ? t('replay.analyseAllKnown')
              : t('replay.analyseAsKnown', { player: seatLabel(mod, view, known) })}
        </a>
      ))}
    <p class="muted">{t('replay.analysisHint')}</p>
    {onTrySetup && (
      <button type="button" data-testid="try-setup" onClick={onTrySetup}>
        {t('replay.trySetup')}
      </button>
    )}
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
