import { useEffect, useState } from 'preact/hooks';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';
import type { OnlineSession } from '../online/session.js';
import { useStore } from '../store.js';
import { seatLabel } from './seat-names.js';

/** Re-renders four times a second while `on`: the countdown shows whole seconds. */
const useCountdown = (on: boolean): void => {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!on) return;
    const h = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(h);
  }, [on]);
};

/**
 * Who left the game and how long it still waits for them, from the server's count (the server decides; this only
 * shows it). In a game of two, the one who stayed gets "Claim victory" and "Call it a draw" once the time is up; in a
 * game of more seats the gone seat is left out by the server and the others play on.
 */
export const GoneNotice = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  const out = s.outcome ? [] : (mod.outSeats?.(s.view) ?? []);
  const gone = s.outcome ? [] : x.gone.filter((g) => !s.mine.includes(g.seat) && !out.includes(g.seat));
  useCountdown(gone.length > 0);
  if (gone.length === 0) return null;
  const two = s.seatCount === 2;
  // a player still in the game may claim; a spectator, or a player already out, is only told
  const claimant = s.mine.length > 0 && !s.mine.every((seat) => out.includes(seat));
  const claimable = two && claimant && s.turn.kind !== 'simultaneous' && !x.clock?.paused;
  const now = performance.now();
  return (
    <div class="gone" role="status" data-testid="gone">
      {gone.map((g) => {
        const left = Math.max(0, Math.ceil((g.until - now) / 1000));
        const player = seatLabel(mod, s, g.seat);
        const key = two ? (claimable ? 'claim' : 'watch') : 'out';
        return (
          <p key={g.seat} class="gone-line" data-testid={`gone-${g.seat}`}>
            {left > 0 ? t(`online.gone.${key}In`, { player, s: left }) : t(`online.gone.${key}Now`, { player })}
            {claimable && left === 0 && (
              <span class="offer-buttons">
                <button type="button" class="primary" data-testid="claim-win" onClick={() => session.claim('win')}>
                  {t('online.gone.claimWin')}
                </button>
                <button type="button" data-testid="claim-draw" onClick={() => session.claim('draw')}>
                  {t('online.gone.claimDraw')}
                </button>
              </span>
            )}
          </p>
        );
      })}
    </div>
  );
};
