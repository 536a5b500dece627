/**
 * The waiting room of an online game while seats are open: the seats filling, a seat to take, the invitation link,
 * cancel or leave.
 */
import type { GameId } from '@qiyuan/core';
import type { ClockSpec, SeatHolder } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { defaultSeatNames, loadGame } from '../games/types.js';
import { t } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useStore } from '../store.js';
import { account } from './account.js';
import { SeatBotTag } from './bot-tag.js';
import { connection, lobby } from './client.js';
import { clockText, holderName } from './names.js';
import { errorText } from './refusal-words.js';

/** The game's seek as the server tells it (`api/invite/:id`). */
export interface Invite {
  readonly gameId: string;
  readonly status: 'seeking' | 'playing' | 'finished' | 'aborted';
  readonly game: GameId;
  readonly seats: readonly SeatHolder[];
  readonly clock: ClockSpec;
  readonly rated: boolean;
  readonly creator?: { readonly id: string };
}

export const WaitingRoom = ({ invite, onJoined }: { invite: Invite; onJoined: () => void }) => {
  const fromAccount = useStore(account).user;
  const fromSocket = useStore(connection.state).user;
  const me = fromSocket ?? fromAccount;
  const link = `${location.href.replace(/#.*$/, '')}#/online/${encodeURIComponent(invite.gameId)}`;
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const seated = me !== undefined && invite.seats.some((h) => h.kind === 'user' && h.user.id === me.id);
  const isCreator = me !== undefined && invite.creator?.id === me.id;
  // rated games are between accounts: a guest is shown the way to one instead of a refusal
  const mustRegister = invite.rated && !seated && me?.guest !== false;
  const filledCount = invite.seats.filter((h) => h.kind !== 'open').length;
  const join = (seat?: number) =>
    void lobby.join(invite.gameId, seat).then((r) => (r.ok ? onJoined() : setError(errorText(r.code))));
  // each seat by the side it plays (Black, White …), so a player knows which one to take; the game's module is
  // loaded now, as the game needs it once the seats are filled
  const [names, setNames] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    loadGame(invite.game).then(
      (mod) => live && setNames(defaultSeatNames(mod, invite.seats.length)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [invite.game, invite.seats.length]);
  return (
    <section class="waiting" aria-labelledby="waiting-title" data-testid="waiting">
      <h1 id="waiting-title" class="game-title">
        {t(`games.${invite.game}`)} · {t('online.waiting')}
      </h1>
      <p class="muted">
        {clockText(invite.clock)} · {invite.rated ? t('online.rated') : t('online.casual')} ·{' '}
        {t('online.seatsFilled', { filled: filledCount, total: invite.seats.length })}
      </p>
      <ul class="seat-list">
        {invite.seats.map((h, seat) => (
          <li key={seat}>
            <span>{names[seat] || t('game.seat', { n: seat + 1 })}</span>
            {t('game.colon')}
            <strong>{holderName(h)}</strong>
            <SeatBotTag holder={h} />
            {h.kind === 'user' && h.rating !== undefined && <small class="muted"> {h.rating}</small>}
            {h.kind === 'open' && !seated && !mustRegister && (
              <button type="button" class="primary" data-testid={`sit-${seat}`} onClick={() => join(seat)}>
                {t('online.joinSeat')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!seated && !mustRegister && (
        <button type="button" class="primary spaced" data-testid="join" onClick={() => join()}>
          {t('online.join')}
        </button>
      )}
      {mustRegister && (
        <p class="note">
          <a href="#/account">{t('lobby.ratedGuest')}</a>
        </p>
      )}
      {seated && (
        <div class="invite">
          <label for="invite-link">{t('game.share')}</label>
          <div class="row">
            <input
              id="invite-link"
              readOnly
              value={link}
              data-testid="invite-link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(() => setCopied(true));
              }}
            >
              {copied ? t('game.copied') : t('game.copy')}
            </button>
          </div>
          <p class="muted">{t('online.inviteHint')}</p>
        </div>
      )}
      {seated && (
        <button
          type="button"
          class="spaced"
          data-testid="cancel-seek"
          onClick={() =>
            void lobby.cancel(invite.gameId).then((r) => {
              if (!r.ok) return setError(errorText(r.code));
              if (isCreator) navigate({ page: 'home' });
              else onJoined();
            })
          }
        >
          {isCreator ? t('online.cancel') : t('online.leave')}
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
};
