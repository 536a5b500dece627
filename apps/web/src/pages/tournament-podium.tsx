import type { TournamentView } from '@qiyuan/protocol';
import { t } from '../i18n/index.js';

/**
 * A finished tournament's podium: its winner named first, then second and third, as lichess shows a finished
 * tournament's top three (with their points). Players who share a rank share a step.
 */
export const Podium = ({ v }: { v: TournamentView }) => {
  const top = v.standings.filter((s) => s.rank <= 3 && (s.games > 0 || s.points > 0));
  if (top.length === 0) return null;
  const winners = top.filter((s) => s.rank === 1).map((s) => s.user.name);
  const rating = new Map(v.entrants.map((e) => [e.user.id, e.rating]));
  return (
    <section class="podium" data-testid="podium">
      <p class="winner" data-testid="tournament-winner">
        <strong>{t('tournaments.podium.winner', { names: winners.join(', '), count: winners.length })}</strong>
      </p>
      <ol>
        {top.map((s) => (
          <li key={s.user.id} class={`step-${s.rank}`} value={s.rank}>
            <strong>{s.user.name}</strong>{' '}
            <span class="muted">
              {rating.get(s.user.id) ?? ''} · {t('tournaments.podium.points', { points: s.points })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
};
