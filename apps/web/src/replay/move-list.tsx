/**
 * The replay's moves: the game's move list (each move a button to its position, with the review's mark when the
 * game was reviewed), the buttons to the first, previous, next and last position, and where the board is.
 */
import type { PlayRecord } from '@qiyuan/core';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';
import { type ReviewHandle, ReviewMark } from '../pages/review.js';
import { seatLabel } from '../pages/seat-names.js';
import type { SessionView } from '../play/session.js';
import type { Cursor } from './line.js';

export const MoveList = ({
  mod,
  view,
  records,
  cursor,
  end,
  review,
  onCursor,
  go,
}: {
  mod: GameModule;
  view: SessionView;
  /** The game's moves, as the chosen seat sees them. */
  records: readonly PlayRecord[];
  cursor: Cursor;
  /** The last ply the board may go to: the game's, or the explored line's when the board is on it. */
  end: number;
  /** The computer review, when the game may be reviewed. */
  review: ReviewHandle | undefined;
  onCursor: (cursor: Cursor) => void;
  /** Goes to a ply, on the line or (`onLine` false) on the game. */
  go: (ply: number, onLine?: boolean) => void;
}) => (
  <section aria-labelledby="replay-moves" class="moves">
    <h2 id="replay-moves">{t('game.moves')}</h2>
    {records.length === 0 ? (
      <p class="muted">{t('game.noMoves')}</p>
    ) : (
      <ol data-testid="move-list">
        {records.map((r) => {
          const here = !cursor.onLine && r.ply + 1 === cursor.ply;
          return (
            <li key={r.ply}>
              <button
                type="button"
                class={here ? 'current' : ''}
                aria-current={here ? 'step' : undefined}
                onClick={() => onCursor({ onLine: false, ply: r.ply + 1 })}
              >
                <span class="who">{seatLabel(mod, view, r.seat)}</span> {mod.moveText?.(r) ?? r.notation}
                {review && <ReviewMark review={review} ply={r.ply} text={(m) => mod.moveText?.(m) ?? m.notation} />}
              </button>
            </li>
          );
        })}
      </ol>
    )}
    <div class="nav-buttons">
      <button
        type="button"
        aria-label={t('game.first')}
        title={t('game.first')}
        data-testid="nav-first"
        onClick={() => go(0, false)}
      >
        «
      </button>
      <button
        type="button"
        aria-label={t('game.prev')}
        title={t('game.prev')}
        data-testid="nav-prev"
        onClick={() => go(cursor.ply - 1)}
      >
        ‹
      </button>
      <button
        type="button"
        aria-label={t('game.next')}
        title={t('game.next')}
        data-testid="nav-next"
        onClick={() => go(cursor.ply + 1)}
      >
        ›
      </button>
      <button
        type="button"
        aria-label={t('game.last')}
        title={t('game.last')}
        data-testid="nav-last"
        onClick={() => go(end)}
      >
        »
      </button>
    </div>
    <p class="muted" data-testid="replay-ply">
      {cursor.ply} / {end}
    </p>
  </section>
);
