import { fail, ok, type Result } from '@qiyuan/core';
import type { BotApi } from './api.js';
import type { BudgetLimits } from './budget.js';
import { type GameEnd, playGame } from './game-loop.js';
import type { BotLog } from './log.js';
import { type Backoff, followStream } from './ndjson.js';
import type { BotPlayer } from './player.js';
import { type ChallengeInfo, type ChallengePolicy, decideChallenge } from './policy.js';

/**
 * The bot: follows the account's event stream, answers each challenge by the
 * policy, and plays every game that starts (one game loop each). The event
 * stream reconnects on its own; after a server restart it announces the games
 * still in progress again, and each one resumes from its `gameFull`.
 */

export interface BotRun {
  readonly api: BotApi;
  readonly player: BotPlayer;
  readonly policy: ChallengePolicy;
  readonly log: BotLog;
  readonly signal: AbortSignal;
  readonly budget: BudgetLimits;
  readonly backoff?: Backoff;
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Called as each game ends (tests wait on it). */
  readonly onGameEnd?: (end: GameEnd) => void;
}

export const runBot = async (run: BotRun): Promise<Result<void>> => {
  const { api, player, log } = run;
  log('start', { player: player.name, api: api.kind, server: api.server });
  /** The account's name, once a game or a challenge has told it. */
  let me: string | undefined;
  const games = new Map<string, Promise<GameEnd>>();
  const startGame = (id: string, seats: readonly number[]) => {
    if (games.has(id)) return;
    const loop = playGame(id, {
      api,
      player,
      seats,
      log,
      signal: run.signal,
      budget: run.budget,
      ...(run.backoff ? { backoff: run.backoff } : {}),
      ...(run.sleep ? { sleep: run.sleep } : {}),
    }).then((end) => {
      games.delete(id);
      run.onGameEnd?.(end);
      return end;
    });
    games.set(id, loop);
  };

  const answer = async (c: ChallengeInfo & { destUser?: { name?: string }; status?: string }) => {
    if (c.status !== undefined && c.status !== 'created') return;
    // The bot makes no challenges, but its account may have made one on the site: only those made to it are answered.
    if (me !== undefined && c.destUser?.name !== undefined && c.destUser.name !== me) return;
    if (me !== undefined && c.challenger?.name === me) return;
    const decision = decideChallenge(c, run.policy, player.canPlay, games.size);
    const from = c.challenger?.name;
    if (decision.accept) {
      const r = await api.accept(c.id);
      log('accept', { challenge: c.id, from, kind: c.game, ...(r.ok ? {} : { failed: r.error.reason }) });
    } else {
      const r = await api.decline(c.id, decision.reason);
      log('decline', {
        challenge: c.id,
        from,
        kind: c.game,
        reason: decision.reason,
        why: decision.detail,
        ...(r.ok ? {} : { failed: r.error.reason }),
      });
    }
  };

  const ended = await followStream({
    open: (signal) => api.openEvents(signal),
    signal: run.signal,
    ...(run.backoff ? { backoff: run.backoff } : {}),
    ...(run.sleep ? { sleep: run.sleep } : {}),
    onNotice: (n) => {
      if (n.kind === 'dropped') log('reconnect', { stream: 'event', reason: n.reason, inMs: n.retryInMs });
      if (n.kind === 'connected' && n.attempt > 0) log('connected', { stream: 'event' });
      if (n.kind === 'bad-line') log('bad-line', { stream: 'event', reason: n.reason });
    },
    onObject: async (o) => {
      const challenge = o.challenge as ChallengeInfo | undefined;
      if (o.type === 'challenge' && challenge && typeof challenge.id === 'string') await answer(challenge);
      else if (o.type === 'challengeCanceled' && challenge) log('challengeCanceled', { challenge: challenge.id });
      else if (o.type === 'gameStart') {
        const g = (o.game ?? {}) as { id?: unknown; you?: unknown; seats?: { name?: unknown }[] };
        const you = Array.isArray(g.you) ? g.you.filter((n): n is number => Number.isInteger(n)) : [];
        const name = g.seats?.[you[0] ?? -1]?.name;
        if (typeof name === 'string') me = name;
        if (typeof g.id === 'string') {
          log('gameStart', { game: g.id, kind: String((o.game as { game?: unknown }).game ?? '') });
          startGame(g.id, you);
        }
      } else if (o.type === 'gameFinish') {
        const g = (o.game ?? {}) as { id?: unknown; status?: unknown };
        log('gameEnd', { game: String(g.id ?? ''), status: String(g.status ?? '') });
      }
      return undefined;
    },
  });
  await Promise.all(games.values());
  if (ended.kind === 'refused') return fail('event-stream', `the server refused the event stream: ${ended.reason}`);
  return ok(undefined);
};
