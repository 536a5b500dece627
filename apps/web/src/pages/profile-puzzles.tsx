import type { GameId } from '@qiyuan/core';
import { formatDate } from '../i18n/format.js';
import { t } from '../i18n/index.js';

/** One game's puzzle rating, from `GET /api/users/:name`. */
export interface PuzzleRating {
  readonly game: GameId;
  readonly rating: number;
  readonly rd: number;
  readonly attempts: number;
  readonly provisional: boolean;
}

/** One of the player's latest puzzle attempts (shown to the player alone). */
export interface PuzzleAttempt {
  readonly puzzleId: string;
  readonly game: GameId;
  readonly solved: boolean;
  readonly rated: boolean;
  readonly at: number;
  readonly puzzleRating: number;
}

/** The profile's puzzle section: the puzzle rating per game, and to the player their latest attempts. */
export const ProfilePuzzles = ({
  ratings,
  attempts,
}: {
  ratings: readonly PuzzleRating[] | undefined;
  attempts: readonly PuzzleAttempt[] | null | undefined;
}) => (
  <section aria-labelledby="profile-puzzles-title" data-testid="profile-puzzles">
    <h2 id="profile-puzzles-title">{t('profilePuzzles.title')}</h2>
    {!ratings || ratings.length === 0 ? (
      <p class="muted">{t('profilePuzzles.none')}</p>
    ) : (
      <div class="table-wrap">
        <table class="ratings">
          <thead>
            <tr>
              <th scope="col">{t('player.columns.game')}</th>
              <th scope="col">{t('profilePuzzles.rating')}</th>
              <th scope="col">{t('player.columns.deviation')}</th>
              <th scope="col">{t('profilePuzzles.attempts')}</th>
            </tr>
          </thead>
          <tbody>
            {ratings.map((r) => (
              <tr key={r.game} data-testid={`puzzle-rating-${r.game}`}>
                <td>
                  <a href={`#/puzzles/${r.game}`}>{t(`games.${r.game}`)}</a>
                </td>
                <td>
                  <strong>{r.rating}</strong>
                  {r.provisional && <small class="muted"> ({t('player.provisional')})</small>}
                </td>
                <td>±{r.rd}</td>
                <td>{r.attempts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
    {attempts && attempts.length > 0 && (
      <>
        <h3>{t('profilePuzzles.recent')}</h3>
        <ul class="game-list" data-testid="profile-puzzle-attempts">
          {attempts.map((a) => (
            <li
              key={a.puzzleId}
              data-testid={`profile-puzzle-${a.puzzleId}`}
              class={a.solved ? 'result-win' : 'result-loss'}
            >
              <span>
                <strong class="result">{a.solved ? t('profilePuzzles.solved') : t('profilePuzzles.failed')}</strong>{' '}
                {t(`games.${a.game}`)}{' '}
                <small class="muted">
                  {t('profilePuzzles.puzzleRating', { rating: a.puzzleRating })}
                  {!a.rated && ` · ${t('profilePuzzles.unrated')}`} · {formatDate(a.at)}
                </small>
              </span>
            </li>
          ))}
        </ul>
      </>
    )}
  </section>
);
