import type { GameId, Seat } from '@qiyuan/core';
import type { ClockSpec, Offer, SeatHolder } from '@qiyuan/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { defaultSeatNames, type GameModule, loadGame } from '../games/types.js';
import { listOf, t, tOr } from '../i18n/index.js';
import { account } from '../online/account.js';
import { connection, getJson, lobby } from '../online/client.js';
import { clockFace, clockText, displayName, holderName, signed, speedText } from '../online/names.js';
import { refusalText } from '../online/refusal-words.js';
import { type OnlineExtra, OnlineSession } from '../online/session.js';
import { VacationButton } from '../online/vacation.js';
import type { SessionView } from '../play/session.js';
import { navigate } from '../router.js';
import { cue } from '../sound.js';
import { useStore } from '../store.js';
import { BoardView, ResignButton, seatLabel } from './board-view.js';
import { GoneNotice } from './gone-notice.js';
import { SealedDeal } from './sealed-deal.js';

const errorText = (code: string): string => tOr(`online.errors.${code}`, code);

// ---------------------------------------------------------------- clocks

/**
 * Milliseconds a seat has left now, from the last frame: the server's value at
 * its `serverTime`, run down on this machine's steady clock since the frame
 * arrived (a simple delay first uses up the rest of the delay).
 */
const timeLeft = (
  spec: ClockSpec,
  c: NonNullable<ReturnType<OnlineSession['extra']['get']>['clock']>,
  receivedAt: number,
  seat: Seat,
  s: SessionView,
  now: number,
): { ms: number; running: boolean; delayLeft?: number } => {
  const ms = c.remainingMs[seat] ?? 0;
  const e = now - receivedAt;
  if (s.outcome || c.paused) return { ms, running: false };
  // a bounded setup phase: every seat's countdown is the phase's
  if (s.turn.kind === 'simultaneous' && spec.setupMs) return { ms: ms - e, running: true };
  // before its first move a seat's main clock stands still: its first-move countdown runs instead
  const running = c.running.includes(seat) && !c.firstMove?.some((f) => f.seat === seat);
  // a correspondence player on vacation: their clock stands still
  if (!running || c.vacation?.on.includes(seat)) return { ms, running: false };
  if (spec.kind === 'delay') {
    const before = Math.max(0, c.serverTime - (c.since ?? c.serverTime));
    const delayLeft = Math.max(0, spec.delayMs - before - e);
    const spent = Math.max(0, e - Math.max(0, spec.delayMs - before));
    return { ms: ms - spent, running, delayLeft };
  }
  return { ms: ms - e, running };
};

/** Low time: under a tenth of the starting bank (or a fifth of a per-move limit), and never over 30 s. */
const isLow = (spec: ClockSpec, ms: number): boolean => {
  const base =
    spec.kind === 'fischer' || spec.kind === 'delay' ? spec.initialMs / 10 : spec.kind === 'move' ? spec.moveMs / 5 : 0;
  return ms < Math.min(30_000, Math.max(base, 5_000));
};

/** Two beeps when this player's own running clock falls into low time; again after it has left low time. */
const useLowTimeCue = (low: boolean): void => {
  const warned = useRef(false);
  useEffect(() => {
    if (low && !warned.current) cue('lowTime');
    warned.current = low;
  }, [low]);
};

/** Re-renders about ten times a second while `on`. */
const useTicker = (on: boolean): void => {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!on) return;
    const h = setInterval(() => tick((n) => n + 1), 100);
    return () => clearInterval(h);
  }, [on]);
};

// ---------------------------------------------------------------- players

const profileLink = (h: SeatHolder) =>
  h.kind === 'user' && !h.user.guest ? `#/profile/${encodeURIComponent(h.user.name)}` : undefined;

/** Every seat: its colour, who holds it, rating and clock; the seat to move is marked. */
const Players = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  const spec = x.info?.clock;
  const timed = spec !== undefined && spec.kind !== 'none' && x.clock !== undefined;
  const anyRunning = timed && !s.outcome && !s.aborted && !x.clock!.paused;
  useTicker(anyRunning);
  const now = performance.now();
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
                {h.kind === 'user' && h.rating !== undefined && <small class="muted"> {h.rating}</small>}
                {s.mine.includes(seat) && <small class="muted"> · {t('online.you')}</small>}
                {out.includes(seat) && <small class="muted"> · {t('online.seatOut')}</small>}
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

// ---------------------------------------------------------------- offers and actions

const OFFER_TEXT: Record<Offer, string> = {
  draw: 'online.incoming.draw',
  takeback: 'online.incoming.takeback',
  pause: 'online.incoming.pause',
  resume: 'online.incoming.resume',
};

/** Offers standing now: the others' to answer, mine to withdraw. */
const Offers = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
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

/** A player's actions during the game: take-back, draw, pause, resign (confirmed). */
const Actions = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
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
  const mineMoved = s.record.some((r) => s.mine.includes(r.seat));
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
      <ResignButton label={t('online.resign')} onResign={() => session.resign()} />
    </div>
  );
};

interface RatingChange {
  readonly before: number;
  readonly after: number;
}

/** After the end: rating changes, a rematch, the replay. */
const Ended = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
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

// ---------------------------------------------------------------- chat and spectators

const Chat = ({ session }: { session: OnlineSession }) => {
  const x = useStore(session.extra);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [channel, setChannel] = useState<'all' | 'team'>('all');
  useStore(session.state); // my seats come with the frames
  const team = session.hasTeam();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [x.chat.length]);
  return (
    <section class="chat" aria-labelledby="chat-title">
      <h2 id="chat-title">{t('game.chat')}</h2>
      {x.chat.length === 0 ? <p class="muted">{t('online.chatEmpty')}</p> : null}
      <ul aria-live="polite" ref={list} data-testid="chat-lines">
        {x.chat.map((c, i) => (
          <li key={`${c.at}-${i}`} class={c.team !== undefined ? 'chat-team' : undefined}>
            {c.team !== undefined && <small data-testid="chat-team-mark">[{t('online.chatTeamMark')}] </small>}
            <strong>{displayName(c.from)}</strong>
            {c.spectator && <small class="muted"> ({t('online.spectator')})</small>}: {c.text}
          </li>
        ))}
      </ul>
      {team && (
        <fieldset class="chat-channel">
          <legend class="sr-only">{t('online.chatChannel')}</legend>
          {(['all', 'team'] as const).map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="chat-channel"
                data-testid={`chat-channel-${c}`}
                checked={channel === c}
                onChange={() => setChannel(c)}
              />
              {c === 'all' ? t('online.chatEveryone') : t('online.chatTeam')}
            </label>
          ))}
        </fieldset>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const line = text;
          setText('');
          void session.chat(line, team ? channel : 'all').then((code) => {
            if (code === 'not-found') setError(t('online.chatClosed'));
            else setError(code ? errorText(code) : undefined);
            if (code) setText(line);
          });
        }}
      >
        <label class="sr-only" for="chat-input">
          {t('game.chatPlaceholder')}
        </label>
        <input
          id="chat-input"
          data-testid="chat-input"
          value={text}
          maxLength={500}
          autocomplete="off"
          placeholder={t('game.chatPlaceholder')}
          onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" data-testid="chat-send">
          {t('game.send')}
        </button>
      </form>
      {error && <p class="error">{error}</p>}
    </section>
  );
};

const Spectators = ({ session }: { session: OnlineSession }) => {
  const x = useStore(session.extra);
  if (x.spectators.count === 0) return null;
  return (
    <details class="spectators" data-testid="spectators">
      <summary>{t('online.spectators', { count: x.spectators.count })}</summary>
      <ul>
        {x.spectators.users.map((u) => (
          <li key={u.id}>
            {u.guest ? displayName(u) : <a href={`#/profile/${encodeURIComponent(u.name)}`}>{u.name}</a>}
          </li>
        ))}
      </ul>
    </details>
  );
};

const GameView = ({ mod, session }: { mod: GameModule; session: OnlineSession }) => {
  const s = useStore(session.state);
  const x = useStore(session.extra);
  const conn = useStore(connection.state);
  const info = x.info;
  // nothing to draw (and no seat names) before the server's first frame
  if (!info || s.view === null) return <p aria-busy="true">{t('game.connecting')}</p>;
  return (
    <div class="online-game" data-testid="online-game">
      <h1 class="game-title">
        {t(`games.${mod.id}`)} · {t('modes.online')}
        {info && (
          <small class="muted">
            {' '}
            · {clockText(info.clock)} · {speedText(info.speed)} · {info.rated ? t('online.rated') : t('online.casual')}
          </small>
        )}
      </h1>
      {/* the server's word on the hidden deal, sealed before the first move; the replay checks it at the end. Shown
          only where something is hidden: a game with nothing to deal has nothing for a player to check. */}
      {info.commitment !== undefined && mod.hidden(info.options) && <SealedDeal commitment={info.commitment} />}
      {!conn.connected && (
        <p class="note" role="status" data-testid="reconnecting">
          {t('game.reconnecting')}
        </p>
      )}
      {session.ready && s.mine.length === 0 && <p class="muted">{t('game.spectating')}</p>}
      {x.error && (
        <p class="error" role="alert" data-testid="online-error">
          {refusalText(x.error)}
        </p>
      )}
      <BoardView
        mod={mod}
        session={session}
        hotseatHidden={false}
        you={s.mine.length === 1}
        extra={
          <>
            <Players session={session} mod={mod} />
            <Offers session={session} mod={mod} />
            <GoneNotice session={session} mod={mod} />
            <Spectators session={session} />
          </>
        }
        actions={
          <>
            <Actions session={session} mod={mod} />
            <Ended session={session} mod={mod} />
          </>
        }
        after={<Chat session={session} />}
      />
    </div>
  );
};

// ---------------------------------------------------------------- waiting for players

interface Invite {
  readonly gameId: string;
  readonly status: 'seeking' | 'playing' | 'finished' | 'aborted';
  readonly game: GameId;
  readonly seats: readonly SeatHolder[];
  readonly clock: ClockSpec;
  readonly rated: boolean;
  readonly creator?: { readonly id: string };
}

const WaitingRoom = ({ invite, onJoined }: { invite: Invite; onJoined: () => void }) => {
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

// ---------------------------------------------------------------- the page

type PageState =
  | { kind: 'connecting' }
  | { kind: 'offline' }
  | { kind: 'waiting'; invite: Invite }
  | { kind: 'missing' }
  | { kind: 'cancelled' }
  | { kind: 'game'; mod: GameModule; session: OnlineSession };

/**
 * An online game by id; the id is also its seek's (the creator's page and the
 * invitation link): while seats are open the page is a waiting room, and it
 * becomes the game when the last seat is taken.
 */
export const OnlinePage = ({ id }: { id: string }) => {
  const [state, setState] = useState<PageState>({ kind: 'connecting' });
  useEffect(() => {
    let live = true;
    let session: OnlineSession | undefined;
    let following = false;
    let poll: ReturnType<typeof setInterval> | undefined;
    const follow = async (game: GameId) => {
      if (following) return;
      following = true;
      if (poll) clearInterval(poll);
      const mod = await loadGame(game);
      if (!live) return;
      session = new OnlineSession(mod, id);
      setState({ kind: 'game', mod, session });
    };
    const check = async () => {
      const r = await getJson<Invite>(`api/invite/${encodeURIComponent(id)}`);
      if (!live || following) return;
      if (!r.ok) return setState(r.code === 'network' ? { kind: 'offline' } : { kind: 'missing' });
      const invite = r.value;
      if (invite.status === 'seeking') setState({ kind: 'waiting', invite });
      else if (invite.status === 'aborted') setState({ kind: 'cancelled' });
      else await follow(invite.game);
    };
    const stop = connection.listen((m) => {
      if (m.type === 'game.started' && m.gameId === id) void check();
      if (m.type === 'seek.removed' && m.seekId === id) void check();
    });
    void (async () => {
      if (!(await connection.open())) return live && setState({ kind: 'offline' });
      await check();
      // seats fill without a message to the ones waiting: look again every two seconds
      if (live && !following) poll = setInterval(() => document.visibilityState === 'visible' && void check(), 2000);
    })();
    return () => {
      live = false;
      stop();
      if (poll) clearInterval(poll);
      session?.destroy();
    };
  }, [id]);
  switch (state.kind) {
    case 'connecting':
      return <p aria-busy="true">{t('game.connecting')}</p>;
    case 'offline':
      return <p class="error">{t('home.offline')}</p>;
    case 'missing':
      return (
        <div>
          <p class="error">{t('online.errors.not-found')}</p>
          <a href="#/">{t('online.lobby')}</a>
        </div>
      );
    case 'cancelled':
      return (
        <div>
          <p class="muted">{t('online.cancelled')}</p>
          <a href="#/">{t('online.lobby')}</a>
        </div>
      );
    case 'waiting':
      return (
        <WaitingRoom
          invite={state.invite}
          onJoined={() =>
            void getJson<Invite>(`api/invite/${encodeURIComponent(id)}`).then(
              (r) => r.ok && r.value.status === 'seeking' && setState({ kind: 'waiting', invite: r.value }),
            )
          }
        />
      );
    case 'game':
      return <GameView mod={state.mod} session={state.session} />;
  }
};
