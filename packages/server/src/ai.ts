import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { AIS, requestFor } from '@qiyuan/ai';
import { AiPool, type PoolOptions } from '@qiyuan/ai/pool';
import { type Game, Rng, type Seat } from '@qiyuan/core';
import { AiThreads } from './ai-threads.js';

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
 * `searchThreads`: the threads every alpha-beta search uses (Lazy SMP; `QIYUAN_AI_THREADS`). Without it each search
 * gets its share of the machine (ai-threads.ts): the cores less one kept for the players, divided among the AI
 * searches running at once, for the master level; one thread below it.
 */
export const poolAi = (
  options: PoolOptions & { readonly searchThreads?: number; readonly cores?: number } = {},
): AiProvider => {
  let pool: AiPool | undefined;
  const fallback = randomAi();
  const cores = options.cores ?? availableParallelism();
  const threads = new AiThreads(cores, options.searchThreads, options.size ?? Math.max(1, cores - 1));
  return {
    async choose(game, seat, level) {
      if (!AIS[game.id]) return fallback.choose(game, seat, level);
      pool ??= new AiPool(options);
      const player = String(Math.min(5, Math.max(1, Math.ceil(level / 2))));
      const count = threads.begin(level);
      try {
        const reply = await pool.request(requestFor(game, seat, player, { threads: count }));
        return reply.ok ? reply.move : fallback.choose(game, seat, level);
      } finally {
        threads.end();
      }
    },
    async close() {
      await pool?.close();
    },
  };
};
