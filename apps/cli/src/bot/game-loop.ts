import { AIS } from '@qiyuan/ai';
import type { GameId, Seat } from '@qiyuan/core';
import type { BotApi } from './api.js';
import { type BudgetLimits, type ClockNow, moveBudgetMs } from './budget.js';
import type { BotLog } from './log.js';
import { type Backoff, followStream } from './ndjson.js';
import type { BotPlayer, SeatSeen } from './player.js';
import { mayAct, replay } from './position.js';

/**
 * One game, from its stream to its end: `gameFull` tells the game, the seats
 * and the moves so far (again after every reconnection, which is how a game in
 * progress resumes after a server restart); each `gameState` brings the moves
 * and the status. When it is the bot's turn, its player chooses and the move
 * is posted. A player that cannot move, or a move the server refuses, is
 * logged with its reason and the bot resigns rather than let its clock run.
 */

export interface GameLoopDeps {
  readonly api: BotApi;
  readonly player: BotPlayer;
  /** The bot's seats, from `gameStart` (a `gameState`'s `you` says it again). */
  readonly seats?: readonly Seat[];
  readonly log: BotLog;
  readonly signal: AbortSignal;
  readonly budget: BudgetLimits;
  readonly backoff?: Backoff;
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface GameEnd {
  readonly id: string;
  /** `mate`, `resign`, … as the server says; `stopped` when the bot was stopped; `refused` when the stream was. */
  readonly status: string;
  readonly result?: unknown;
  readonly moves: number;
}

interface Meta {
  game: GameId;
  options: Record<string, unknown>;
  seat: Seat | undefined;
  clock: Record<string, unknown>;
}

const strings = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((m): m is string => typeof m === 'string')
    : typeof v === 'string' && v
      ? v.split(' ')
      : [];

/** The bot's clock now, read from a state's `clock` (remaining time per seat) and the game's time control. */
export const clockNow = (spec: Record<string, unknown>, state: unknown, seat: Seat): ClockNow => {
  const c = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const list = Array.isArray(c.remainingMs) ? c.remainingMs : Array.isArray(c.remaining) ? c.remaining : undefined;
  const left = list?.[seat];
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const kind = typeof spec.kind === 'string' ? spec.kind : 'none';
  const remainingMs = num(left);
  const incrementMs = num(spec.incrementMs);
  const delayMs = num(spec.delayMs);
  const moveMs = num(spec.moveMs);
  return {
    kind,
    ...(remainingMs !== undefined ? { remainingMs } : {}),
    ...(incrementMs !== undefined ? { incrementMs } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
    ...(moveMs !== undefined ? { moveMs } : {}),
  };
};

export const playGame = async (id: string, deps: GameLoopDeps): Promise<GameEnd> => {
  const { api, player, log } = deps;
  let meta: Meta | undefined;
  let moves: string[] = [];
  let end: GameEnd | undefined;
  /** The move count the player is thinking at, or has answered at: one move per position, across reconnections. */
  let thinkingAt = -1;
  /** In a hidden-information game, the move count at which our last move was asked for, until a state holds it. */
  let ownSince: number | undefined;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  deps.signal.addEventListener('abort', onAbort, { once: true });

  const think = async (at: number, clockState: unknown, seen?: SeatSeen): Promise<void> => {
    if (!meta || meta.seat === undefined) return;
    const seat = meta.seat;
    const budgetMs = moveBudgetMs(clockNow(meta.clock, clockState, seat), deps.budget);
    const t0 = performance.now();
    const chosen = await player.choose({
      game: meta.game,
      options: meta.options,
      moves,
      seat,
      budgetMs,
      ...(seen ? { seen } : {}),
    });
    if (end || moves.length !== at || stop.signal.aborted) return;
    if (!chosen.ok) {
      log('error', { game: id, ply: at, reason: chosen.error.reason });
      await giveUp(chosen.error.reason);
      return;
    }
    const sent = await api.move(id, chosen.value);
    log('move', { game: id, ply: at + 1, move: chosen.value, ms: Math.round(performance.now() - t0) });
    if (!sent.ok) {
      log('refused', { game: id, move: chosen.value, reason: sent.error.reason });
      // A network failure may pass; try again at the next state. A refusal by the rules will not.
      if (sent.error.code === 'network') {
        thinkingAt = -1;
        ownSince = undefined;
      } else await giveUp(sent.error.reason);
    }
  };

  const giveUp = async (reason: string): Promise<void> => {
    const r = await api.resign(id);
    log('resign', { game: id, reason, ...(r.ok ? {} : { failed: r.error.reason }) });
  };

  const onState = (state: Record<string, unknown>): 'stop' | undefined => {
    moves = strings(state.moves);
    const status = typeof state.status === 'string' ? state.status : 'started';
    if (status !== 'started') {
      end = { id, status, ...(state.result !== undefined ? { result: state.result } : {}), moves: moves.length };
      log('gameFinish', {
        game: id,
        status,
        result: typeof state.result === 'string' ? state.result : JSON.stringify(state.result),
        moves: moves.length,
      });
      return 'stop';
    }
    const you = Array.isArray(state.you) ? state.you.filter((n): n is number => Number.isInteger(n)) : [];
    if (meta && you.length > 0) meta.seat = you[0];
    if (!meta || meta.seat === undefined || thinkingAt === moves.length) return undefined;
    if (AIS[meta.game]?.input === 'view') {
      // hidden information: the moves do not tell the position, so the seat acts on what its stream showed it
      const records: unknown[] = Array.isArray(state.records) ? state.records : [];
      if (ownSince !== undefined) {
        // In a simultaneous phase (Junqi's deployment) a state made before our own move landed still offers us
        // moves: wait for the state that holds our move, so that we answer each phase once.
        const seat = meta.seat;
        const landed = records.slice(ownSince).some((r) => (r as { seat?: unknown } | null)?.seat === seat);
        if (!landed) return undefined;
        ownSince = undefined;
      }
      const legal = strings((state.legal as Record<string, unknown> | undefined)?.[String(meta.seat)]);
      if (legal.length === 0) return undefined;
      thinkingAt = moves.length;
      ownSince = moves.length;
      void think(moves.length, state.clock, { view: state.view, records, legal });
      return undefined;
    }
    const position = replay(meta.game, meta.options, moves);
    if (!position.ok) {
      log('error', { game: id, reason: position.error.reason });
      return undefined;
    }
    if (!mayAct(position.value, meta.seat)) return undefined;
    thinkingAt = moves.length;
    void think(moves.length, state.clock);
    return undefined;
  };

  const finished = await followStream({
    open: (signal) => api.openGame(id, signal),
    signal: stop.signal,
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    onNotice: (n) => {
      if (n.kind === 'dropped') log('reconnect', { game: id, reason: n.reason, inMs: n.retryInMs });
      if (n.kind === 'bad-line') log('bad-line', { game: id, reason: n.reason });
    },
    onObject: (o) => {
      if (o.type === 'gameFull') {
        const seats = Array.isArray(o.seats) ? (o.seats as { name?: unknown }[]) : [];
        const first = !meta;
        meta = {
          game: o.game as GameId,
          options: (o.options && typeof o.options === 'object' ? o.options : {}) as Record<string, unknown>,
          seat: meta?.seat ?? deps.seats?.[0],
          clock: (o.clock && typeof o.clock === 'object' ? o.clock : {}) as Record<string, unknown>,
        };
        if (first)
          log('gameFull', {
            game: id,
            kind: meta.game,
            seat: meta.seat,
            you: seats[meta.seat ?? -1]?.name === undefined ? undefined : String(seats[meta.seat ?? -1]?.name),
            players: seats.map((s) => String(s?.name ?? '?')).join(' vs '),
          });
        else log('resume', { game: id });
        return onState((o.state && typeof o.state === 'object' ? o.state : {}) as Record<string, unknown>);
      }
      if (o.type === 'gameState') return onState(o);
      if (o.type === 'chatLine') log('chat', { game: id, from: String(o.username ?? ''), text: String(o.text ?? '') });
      if (o.type === 'error') log('error', { game: id, reason: String(o.reason ?? o.code ?? '') });
      return undefined;
    },
  });
  deps.signal.removeEventListener('abort', onAbort);
  if (end) return end;
  if (finished.kind === 'refused') log('gameGone', { game: id, reason: finished.reason });
  return { id, status: finished.kind === 'refused' ? 'refused' : 'stopped', moves: moves.length };
};
