import { AIS, type AiRequest, answer, parsePlayer, playerName, requestFor } from '@qiyuan/ai';
import { fail, type GameId, type JsonObject, ok, type PlayRecord, type Result } from '@qiyuan/core';
import type { BotPlayer, MoveRequest } from './player.js';
import { replay } from './position.js';

/**
 * A built-in AI level (`beginner` … `master`, or 1 … 5) as the bot's player,
 * in process. Where the moves tell the whole position (Hive, Abalone, Chinese
 * Checkers) it is rebuilt from them; a hidden-information game (Junqi) is
 * played, as the site's own AI seats play it, from the seat's view, the plies
 * as the seat read them and its legal moves, which its stream carries.
 */
/** The longest any level thinks of itself (its cap). */
const LEVEL_CAP_MS = 8000;

/**
 * A level plays by its own budget, as the site's AI seats do (a beginner that thought as long as the clock allowed
 * would not be a beginner); only a clock too short for that budget cuts the time, so the bot never loses on time.
 */
const clockCap = (budgetMs: number): { timeMs?: number } =>
  budgetMs < LEVEL_CAP_MS ? { timeMs: Math.max(50, Math.round(budgetMs)) } : {};

export class AiPlayer implements BotPlayer {
  private constructor(readonly level: string) {}

  get name(): string {
    return `Qiyuan AI (${this.level})`;
  }

  static create(level: string): Result<AiPlayer> {
    const spec = parsePlayer(level);
    if (!spec.ok) return spec;
    return ok(new AiPlayer(playerName(spec.value)));
  }

  readonly canPlay = (game: string, options: Readonly<Record<string, unknown>>): string | undefined => {
    const ai = AIS[game as GameId];
    if (!ai) return `the built-in AI does not play ${game}`;
    const start = replay(game as GameId, options, []);
    return start.ok ? undefined : start.error.reason;
  };

  async choose(request: MoveRequest): Promise<Result<string>> {
    if (AIS[request.game]?.input === 'view') return this.chooseSeen(request);
    const rebuilt = replay(request.game, request.options, request.moves);
    if (!rebuilt.ok) return rebuilt;
    // Let the stream readers run before the search holds the thread.
    await new Promise((resolve) => setImmediate(resolve));
    const reply = answer(
      requestFor(rebuilt.value, request.seat, this.level, {
        ...clockCap(request.budgetMs),
        seed: (request.moves.length * 7919 + request.seat) | 0,
      }),
    );
    return reply.ok ? ok(reply.move) : fail(reply.error.code, reply.error.reason);
  }

  private async chooseSeen(request: MoveRequest): Promise<Result<string>> {
    const seen = request.seen;
    if (!seen) return fail('no-view', `the stream did not show the seat's view of this ${request.game} game`);
    // the public rules (Junqi: the bidding style) follow from the options alone, so a fresh game of them tells them
    const start = replay(request.game, request.options, []);
    if (!start.ok) return start;
    const rules = AIS[request.game].publicRules?.(start.value);
    await new Promise((resolve) => setImmediate(resolve));
    const reply = answer({
      game: request.game,
      player: this.level,
      seat: request.seat,
      position: {
        kind: 'view',
        view: seen.view as JsonObject,
        records: seen.records as PlayRecord[],
        legal: seen.legal,
        ...(rules ? { rules } : {}),
      },
      ...clockCap(request.budgetMs),
      seed: (request.moves.length * 7919 + request.seat) | 0,
    } satisfies AiRequest);
    return reply.ok ? ok(reply.move) : fail(reply.error.code, reply.error.reason);
  }

  async close(): Promise<void> {}
}
