/** The end of an online game: rating changes, a rematch (asked, accepted, declined), the replay. */
import { useEffect, useState } from 'preact/hooks';
import type { GameModule } from '../games/types.js';
import { listOf, t } from '../i18n/index.js';
import { seatLabel } from '../pages/seat-names.js';
import { navigate } from '../router.js';
import { useStore } from '../store.js';
import { holderName, signed } from './names.js';
import { errorText } from './refusal-words.js';
import type { OnlineSession } from './session.js';
import { getJson } from './wire.js';

interface RatingChange {
  readonly before: number;
  readonly after: number;
}

/** After the end: rating changes, a rematch, the replay. */
export const Ended = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  const [changes, setChanges] = useState<readonly (RatingChange | null)[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const rated = x.info?.rated ?? false;
  useEffect(() => {
    if (!s.outcome || !rated) return;
    let live = true;
    // the ratings are committed with the last move, before its frame is sent
    void getJson<{ ratingChange: (RatingChange | null)[] | null }>(
      `api/games/${encodeURIComponent(session.gameId)}`,
    ).then((r) => {
      if (live && r.ok && r.value.ratingChange) setChanges(r.value.ratingChange);
    });
    return () => {
      live = false;
    };
  }, [s.outcome !== undefined, rated]);
  // both asked: the rematch has started; the players follow it
  useEffect(() => {
    if (x.next && s.mine.length > 0) navigate({ page: 'online', id: x.next });
  }, [x.next]);
  if (!s.outcome && !s.aborted) return null;
  const asked = x.rematch.filter((seat) => !s.mine.includes(seat));
  const iAsked = s.mine.some((seat) => x.rematch.includes(seat));
  const seated = s.mine.length > 0;
  const ask = (accept: boolean) =>
    void session.rematch(accept).then((code) => setError(code ? errorText(code) : undefined));
  return (
    <div class="ended" data-testid="ended">
      {changes && (
        <ul class="rating-changes" data-testid="rating-changes">
          {changes.map((c, seat) =>
            c ? (
              <li key={seat}>
                {t('online.ratingChange', {
                  player: holderName(x.seats[seat]),
                  before: c.before,
                  after: c.after,
                  diff: signed(c.after - c.before),
                })}
              </li>
            ) : null,
          )}
        </ul>
      )}
      {asked.length > 0 && !iAsked && (
        <p role="alert" data-testid="rematch-asked">
          {t('online.rematchAsked', { player: listOf(asked.map((seat) => seatLabel(mod, s, seat))) })}
        </p>
      )}
      <div class="actions">
        {seated && !x.next && !iAsked && !s.aborted && (
          <button type="button" class="primary" data-testid="rematch" onClick={() => ask(true)}>
            {asked.length > 0 ? t('online.acceptRematch') : t('online.rematch')}
          </button>
        )}
        {seated && asked.length > 0 && !iAsked && (
          <button type="button" data-testid="decline-rematch" onClick={() => ask(false)}>
            {t('online.declineRematch')}
          </button>
        )}
        {iAsked && !x.next && <p class="muted">{t('online.rematchSent')}</p>}
        {x.next && !seated && (
          <a class="button" href={`#/online/${encodeURIComponent(x.next)}`}>
            {t('online.rematch')}
          </a>
        )}
        <a class="button" href={`#/replay/${encodeURIComponent(session.gameId)}`} data-testid="to-replay">
          {t('online.replay')}
        </a>
        <a class="button" href="#/">
          {t('online.lobby')}
        </a>
      </div>
      {error && <p class="error">{error}</p>}
    </div>
  );
};
