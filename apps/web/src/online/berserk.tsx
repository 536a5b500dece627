/**
 * Berserk in an arena tournament's game (as on lichess): before their first move on the board a player may halve their
 * own clock and give up its increment, for one point more if they win; a mark beside each berserked player's name.
 */
import type { TournamentInfo } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { useStore } from '../store.js';
import { hasBoardMove } from './board-moves.js';
import type { OnlineSession } from './session.js';
import { getJson } from './wire.js';

/** Whether the game was paired in an arena (asked once per tournament: the game's info names only its id). */
const useArena = (tournament: string | undefined): boolean => {
  const [arena, setArena] = useState(false);
  useEffect(() => {
    if (tournament === undefined) return;
    let live = true;
    void getJson<TournamentInfo>(`api/tournaments/${encodeURIComponent(tournament)}`).then((r) => {
      if (live && r.ok) setArena(r.value.format.system === 'arena');
    });
    return () => {
      live = false;
    };
  }, [tournament]);
  return arena;
};

/**
 * The button, while my seat may still berserk: an arena game with a time bank, before my first move on the board
 * (a Junqi army deployed or a Hive roster chosen may still berserk, as the server allows), once.
 */
export const BerserkButton = ({ session }: { session: OnlineSession }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  const arena = useArena(x.info?.tournament);
  const kind = x.info?.clock.kind;
  const seat = s.mine[0];
  if (!arena || (kind !== 'fischer' && kind !== 'delay') || seat === undefined) return null;
  if (x.clock?.berserk?.includes(seat) || hasBoardMove(session.boardMoves(), seat)) return null;
  return (
    <button
      type="button"
      class="berserk"
      data-testid="berserk"
      title={t('online.berserkAbout')}
      onClick={() => session.berserk()}
    >
      {t('online.berserk')}
    </button>
  );
};

/** The mark beside a berserked player's name. */
export const BerserkMark = ({
  seat,
  player,
  berserk,
}: {
  seat: number;
  player: string;
  berserk?: readonly number[];
}) =>
  berserk?.includes(seat) ? (
    <small class="berserked" data-testid={`berserked-${seat}`} title={t('online.berserkedAbout', { player })}>
      {' '}
      · ⚡{t('online.berserked')}
    </small>
  ) : null;
