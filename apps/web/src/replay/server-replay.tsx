/**
 * A server game's replay: its players as the replay lists them (profile links for accounts, rating changes; mine
 * singled out), the line on when and how it was played, the record's headers, and the fair deal's proof once the
 * game is over.
 */

// the module alone: the package's index brings the checks of every message (valibot) with it
import { serverGameEvent } from '@qiyuan/protocol/record-headers';
import { formatDateTime } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import { account } from '../online/account.js';
import { clockText, holderName, signed, speedText } from '../online/names.js';
import { FairDeal } from '../pages/fair-deal.js';
import { useStore } from '../store.js';
import { ReplayView } from './replay-view.js';
import { fairDealOf, type Ready, type ReplayInfo, type StoredGame } from './replayed-game.js';

export const ServerReplay = ({ stored, ...ready }: Omit<Ready, 'info'> & { stored: StoredGame }) => {
  const me = useStore(account).user;
  const info: ReplayInfo = {
    id: stored.id,
    game: stored.game,
    options: stored.options,
    seatCount: stored.seats.length,
    mySeat: stored.seats.findIndex((h) => h.kind === 'user' && h.user.id === me?.id),
    aiSeats: stored.seats.flatMap((h, i) => (h.kind === 'ai' ? [i] : [])),
    holders: stored.seats.map((h, seat) => {
      const c = stored.ratingChange?.[seat];
      return (
        <>
          {h.kind === 'user' && !h.user.guest ? (
            <a href={`#/profile/${encodeURIComponent(h.user.name)}`}>{holderName(h)}</a>
          ) : (
            holderName(h)
          )}
          {c && (
            <small class="muted">
              {' '}
              {c.after} ({signed(c.after - c.before)})
            </small>
          )}
        </>
      );
    }),
    outcome: ready.final.outcome() ?? stored.outcome ?? undefined,
    aborted: stored.aborted?.seats,
    record: {
      event: serverGameEvent(stored.rated, stored.speed),
      site: location.origin,
      date: new Date(stored.createdAt),
      players: stored.seats.map((h) => holderName(h)),
      outcome: ready.final.outcome() ?? stored.outcome ?? undefined,
      clock: stored.clock,
      ...(stored.commitment === undefined ? {} : { fairDeal: fairDealOf(stored) }),
    },
    about: `${t('replay.started', { date: formatDateTime(stored.createdAt) })} · ${clockText(stored.clock)} · ${speedText(stored.speed)} · ${stored.rated ? t('online.rated') : t('online.casual')}`,
  };
  return (
    <>
      <ReplayView info={info} {...ready} review={stored.review} reviewable={stored.status === 'finished'} />
      {stored.commitment !== undefined && ready.mod.dealtBySeed?.(stored.options, ready.final) === true && (
        <FairDeal
          mod={ready.mod}
          gameId={stored.id}
          options={stored.options}
          commitment={stored.commitment}
          salt={stored.salt}
        />
      )}
    </>
  );
};
