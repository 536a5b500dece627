/** The online game's players: every seat with who holds it, its rating and clock, and the first-move countdowns. */
import type { SeatHolder } from '@qiyuan/protocol';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';
import { seatLabel } from '../pages/seat-names.js';
import { useStore } from '../store.js';
import { BerserkMark } from './berserk.js';
import { SeatBotTag } from './bot-tag.js';
import { isLow, lowTimeAt, nextClockChange, timeLeft, useLowTimeCue, useTickAfter } from './clocks.js';
import { clockFace, holderName, nextWholeSecond } from './names.js';
import type { OnlineExtra, OnlineSession } from './session.js';

const profileLink = (h: SeatHolder) =>
  h.kind === 'user' && !h.user.guest ? `#/profile/${encodeURIComponent(h.user.name)}` : undefined;

/** Every seat: its colour, who holds it, rating and clock; the seat to move is marked. */
export const Players = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  const spec = x.info?.clock;
  const timed = spec !== undefined && spec.kind !== 'none' && x.clock !== undefined;
  const anyRunning = timed && !s.outcome && !s.aborted && !x.clock!.paused;
  const now = performance.now();
  useTickAfter(anyRunning ? nextChange(spec!, x.clock!, x.receivedAt, s, now) : undefined);
  const acting = s.turn.kind === 'seat' ? [s.turn.seat] : s.turn.kind === 'over' ? [] : s.turn.seats;
  const seats = x.seats.length > 0 ? x.seats : Array.from({ length: s.seatCount }, () => ({ kind: 'open' }) as const);
  const out = s.outcome ? [] : (mod.outSeats?.(s.view) ?? []);
  // a player whose page is closed or whose connection dropped: the others see it at once, and when it comes back
  const away = (seat: number): boolean =>
    !s.outcome &&
    x.present !== undefined &&
    seats[seat]?.kind === 'user' &&
    !x.present.includes(seat) &&
    !s.mine.includes(seat) &&
    !out.includes(seat);
  useLowTimeCue(
    timed &&
      !s.outcome &&
      s.mine.some((seat) => {
        const c = timeLeft(spec!, x.clock!, x.receivedAt, seat, s, now);
        return c.running && isLow(spec!, c.ms);
      }),
  );
  return (
    <section class="players" aria-label={t('online.players')}>
      {timed && x.clock!.paused && !s.outcome && <p class="note">{t('online.paused')}</p>}
      {timed && !s.outcome && !s.aborted && !x.clock!.paused && (
        <FirstMoves session={session} mod={mod} clock={x.clock!} receivedAt={x.receivedAt} now={now} />
      )}
      <ul>
        {seats.map((h, seat) => {
          const c = timed ? timeLeft(spec!, x.clock!, x.receivedAt, seat, s, now) : undefined;
          const low = c !== undefined && !s.outcome && isLow(spec!, c.ms);
          const link = profileLink(h);
          const name = holderName(h);
          return (
            <li
              key={seat}
              class={`player${acting.includes(seat) && !s.outcome ? ' to-move' : ''}${s.mine.includes(seat) ? ' mine' : ''}${out.includes(seat) ? ' out' : ''}`}
              data-testid={`player-${seat}`}
            >
              <span class="seat-name">{seatLabel(mod, s, seat)}</span>
              <span class="holder">
                {link ? <a href={link}>{name}</a> : name}
                <SeatBotTag holder={h} />
                {h.kind === 'user' && h.rating !== undefined && <small class="muted"> {h.rating}</small>}
                {s.mine.includes(seat) && <small class="muted"> · {t('online.you')}</small>}
                {out.includes(seat) && <small class="muted"> · {t('online.seatOut')}</small>}
                <BerserkMark seat={seat} player={seatLabel(mod, s, seat)} berserk={x.clock?.berserk} />
                {x.clock?.vacation?.on.includes(seat) && !s.outcome && (
                  <small class="muted" data-testid={`vacation-${seat}`}>
                    {' '}
                    · {t('vacation.on')}
                  </small>
                )}
                {away(seat) && (
                  <small class="away" data-testid={`away-${seat}`}>
                    {' '}
                    · {t(timed ? 'online.awayClock' : 'online.away')}
                  </small>
                )}
              </span>
              {c && (
                <span
                  role="timer"
                  class={`clock${c.running ? ' running' : ''}${low ? ' low' : ''}`}
                  data-testid={`clock-${seat}`}
                  aria-label={`${t('game.clock', { player: seatLabel(mod, s, seat) })}${low ? `, ${t('online.lowTime')}` : ''}`}
                >
                  {s.turn.kind === 'simultaneous' && spec?.setupMs ? `${t('online.setupTime')} ` : ''}
                  {clockFace(c.ms)}
                  {c.delayLeft !== undefined && c.delayLeft > 0 && (
                    <small> {t('online.delayLeft', { s: Math.ceil(c.delayLeft / 1000) })}</small>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
};

/** When the next running face on this page changes: a seat's clock, its delay, a first-move countdown. */
const nextChange = (
  spec: NonNullable<OnlineExtra['info']>['clock'],
  clock: NonNullable<OnlineExtra['clock']>,
  receivedAt: number,
  s: ReturnType<OnlineSession['state']['get']>,
  now: number,
): number | undefined => {
  const running: number[] = [];
  const waits: number[] = [];
  for (let seat = 0; seat < s.seatCount; seat++) {
    const c = timeLeft(spec, clock, receivedAt, seat, s, now);
    if (!c.running) continue;
    running.push(c.ms);
    // the delay is shown in whole seconds, rounded up, until it has run out
    if (c.delayLeft !== undefined && c.delayLeft > 0) waits.push(nextWholeSecond(c.delayLeft));
  }
  for (const f of clock.firstMove ?? []) running.push(f.deadline - clock.serverTime - (now - receivedAt));
  const face = nextClockChange(running, [lowTimeAt(spec)]);
  if (face !== undefined) waits.push(face);
  return waits.length > 0 ? Math.min(...waits) : undefined;
};

/**
 * The first-move rule: each seat still to make its first move, with the time left for it (the server's deadline,
 * run down here from the frame's arrival). Its player is spoken to; the others and spectators see whom they wait for.
 */
const FirstMoves = ({
  session,
  mod,
  clock,
  receivedAt,
  now,
}: {
  session: OnlineSession;
  mod: GameModule;
  clock: NonNullable<OnlineExtra['clock']>;
  receivedAt: number;
  now: number;
}) => {
  const s = useStore(session.state);
  const pending = clock.firstMove ?? [];
  if (pending.length === 0) return null;
  const mine = pending.some((f) => s.mine.includes(f.seat));
  return (
    <div class="note first-move" data-testid="first-move">
      {pending.map((f) => {
        const time = clockFace(Math.max(0, f.deadline - clock.serverTime - (now - receivedAt)));
        return (
          <p key={f.seat} role="timer" data-testid={`first-move-${f.seat}`}>
            {s.mine.includes(f.seat)
              ? t('online.firstMoveYours', { time })
              : t('online.firstMoveOf', { player: seatLabel(mod, s, f.seat), time })}
          </p>
        );
      })}
      {mine && <small class="muted">{t('online.firstMoveRule')}</small>}
    </div>
  );
};
