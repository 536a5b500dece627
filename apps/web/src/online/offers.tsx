/** The online game's offers (draw, take-back, pause, resume) to answer or withdraw, and a player's actions. */
import type { Offer } from '@qiyuan/protocol';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';
import { ResignButton } from '../pages/board-view.js';
import { seatLabel } from '../pages/seat-names.js';
import { useStore } from '../store.js';
import { BerserkButton } from './berserk.js';
import { hasBoardMove } from './board-moves.js';
import type { OnlineSession } from './session.js';
import { VacationButton } from './vacation.js';

const OFFER_TEXT: Record<Offer, string> = {
  draw: 'online.incoming.draw',
  takeback: 'online.incoming.takeback',
  pause: 'online.incoming.pause',
  resume: 'online.incoming.resume',
};

/** Offers standing now: the others' to answer, mine to withdraw. */
export const Offers = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  if (s.outcome || s.aborted) return null;
  const declined = x.declined && (
    <p class="note" role="status" data-testid={`declined-${x.declined}`}>
      {t(`online.declined.${x.declined}`)}
    </p>
  );
  if (x.offers.length === 0) return declined || null;
  const theirs = x.offers.filter((o) => !s.mine.includes(o.seat));
  const mine = x.offers.filter((o) => s.mine.includes(o.seat));
  const seated = s.mine.length > 0;
  return (
    <div class="offers" role="alert">
      {declined}
      {theirs.map((o) => (
        <p key={`${o.seat}-${o.offer}`} class="offer-line" data-testid={`offer-${o.offer}`}>
          {t(OFFER_TEXT[o.offer], { player: seatLabel(mod, s, o.seat) })}
          {seated && !mine.some((m) => m.offer === o.offer) && (
            <span class="offer-buttons">
              <button
                type="button"
                class="primary"
                data-testid={`accept-${o.offer}`}
                onClick={() => session.answer(o.offer, true)}
              >
                {t('online.accept')}
              </button>
              <button type="button" data-testid={`decline-${o.offer}`} onClick={() => session.answer(o.offer, false)}>
                {t('online.decline')}
              </button>
            </span>
          )}
        </p>
      ))}
      {mine.map((o) => (
        <p key={`${o.seat}-${o.offer}`} class="muted offer-line" data-testid={`sent-${o.offer}`}>
          {t(`online.sent.${o.offer}`)}{' '}
          <button type="button" class="link" onClick={() => session.answer(o.offer, false)}>
            {t('online.withdraw')}
          </button>
        </p>
      ))}
    </div>
  );
};

/** A player's actions during the game: take-back, draw, pause, berserk (arena), resign (confirmed). */
export const Actions = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  if (s.mine.length === 0 || s.outcome || s.aborted) return null;
  // a player out of a game that goes on (resigned, out of time, eliminated) watches it: nothing left to offer
  const out = mod.outSeats?.(s.view) ?? [];
  if (s.mine.every((seat) => out.includes(seat))) return null;
  const pending = (o: Offer) => x.offers.some((f) => f.offer === o && s.mine.includes(f.seat));
  const timed = x.info?.clock.kind !== 'none';
  const paused = x.clock?.paused ?? false;
  const ai = x.seats.some((h) => h.kind === 'ai');
  // a take-back undoes the asker's last move on the board, never a Junqi deployment or a Hive roster choice: before
  // one there is nothing to take back (the server refuses); the asker is the seat shown, as the offer names it
  const asker = typeof s.viewer === 'number' ? s.viewer : s.mine[0];
  const mineMoved = asker !== undefined && hasBoardMove(session.boardMoves(), asker);
  return (
    <div class="actions">
      <button
        type="button"
        data-testid="takeback"
        disabled={!mineMoved || pending('takeback')}
        onClick={() => session.offer('takeback')}
      >
        {t('online.askTakeback')}
      </button>
      {/* no draw before every army stands on the board (the server refuses one in a setup phase) */}
      {!ai && s.turn.kind !== 'simultaneous' && (
        <button type="button" data-testid="draw" disabled={pending('draw')} onClick={() => session.offer('draw')}>
          {t('online.offerDraw')}
        </button>
      )}
      {timed && (
        <button
          type="button"
          data-testid={paused ? 'resume' : 'pause'}
          disabled={pending(paused ? 'resume' : 'pause')}
          onClick={() => session.offer(paused ? 'resume' : 'pause')}
        >
          {paused ? t('online.askResume') : t('online.askPause')}
        </button>
      )}
      {x.info?.clock.kind === 'correspondence' && <VacationButton session={session} />}
      <BerserkButton session={session} />
      <ResignButton label={t('online.resign')} onResign={() => session.resign()} />
    </div>
  );
};
