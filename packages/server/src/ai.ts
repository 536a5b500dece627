import { randomInt } from 'node:crypto';
import { AIS, requestFor } from '@qiyuan/ai';
import { AiPool, type PoolOptions } from '@qiyuan/ai/pool';
import { type Game, Rng, type Seat } from '@qiyuan/core';

/**
 * Who plays the AI seats. The server hands the provider a copy of the game
 * (never the live one) and the seat, and gets a move in the game's notation.
 */
export interface AiProvider {
  choose(game: Game, seat: Seat, level: number): Promise<string | undefined>;
  close?(): Promise<void>;
}

/** A uniformly random legal move: the fallback for engines the AI package does not play yet. */
export const randomAi = (seed = randomInt(2 ** 31)): AiProvider => {
  const rng = Rng.fromSeed(seed | 0);
  return {
    async choose(game, seat) {
      const moves = game.legalMoves(seat);
      if (moves.length === 0) return undefined;
      return game.moveToString(moves[rng.int(0, moves.length - 1)]);
    },
  };
};

/**
 * The AI package's `worker_threads` pool: searches never block the event
 * loop. Hidden-information games get only the seat's view (`requestFor`).
 * Lobby levels 1–10 map onto the AI's five levels (beginner … master).
 * `searchThreads`: the threads each alpha-beta search may use (Lazy SMP); one by default, so that a few AI games at
 * once leave the server's cores to the players (QIYUAN_AI_THREADS sets it).
 */
export const poolAi = (options: PoolOptions & { readonly searchThreads?: number } = {}): AiProvider => {
  let pool: AiPool | undefined;
  const fallback = randomAi();
  const threads = Math.max(1, Math.floor(options.searchThreads ?? 1));
  return {
    async choose(game, seat, level) {
      if (!AIS[game.id]) return fallback.choose(game, seat, level);
      pool ??= new AiPool(options);
      const player = String(Math.min(5, Math.max(1, Math.ceil(level / 2))));
      const reply = await pool.request(requestFor(game, seat, player, { threads }));
      return reply.ok ? reply.move : fallback.choose(game, seat, level);
    },
    async close() {
      await pool?.close();
    },
  };
};
