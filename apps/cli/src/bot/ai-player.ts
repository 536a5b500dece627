import { AIS, answer, parsePlayer, playerName, requestFor } from '@qiyuan/ai';
import { fail, type GameId, ok, type Result } from '@qiyuan/core';
import type { BotPlayer, MoveRequest } from './player.js';
import { replay } from './position.js';

/**
 * A built-in AI level (`beginner` … `master`, or 1 … 5) as the bot's player,
 * for every game whose moves tell the whole position: the position is rebuilt
 * from the stream's moves and the level answers in process. A hidden-information
 * game (Junqi) needs the seat's own view, which a game's moves do not give, so
 * the level declines it rather than guess.
 */
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
    if (ai.input !== 'snapshot')
      return `${game} hides information: the built-in AI plays it only in the site's own games`;
    const start = replay(game as GameId, options, []);
    return start.ok ? undefined : start.error.reason;
  };

  async choose(request: MoveRequest): Promise<Result<string>> {
    const rebuilt = replay(request.game, request.options, request.moves);
    if (!rebuilt.ok) return rebuilt;
    // Let the stream readers run before the search holds the thread.
    await new Promise((resolve) => setImmediate(resolve));
    const reply = answer(
      requestFor(rebuilt.value, request.seat, this.level, {
        timeMs: Math.max(50, Math.round(request.budgetMs)),
        seed: (request.moves.length * 7919 + request.seat) | 0,
      }),
    );
    return reply.ok ? ok(reply.move) : fail(reply.error.code, reply.error.reason);
  }

  async close(): Promise<void> {}
}
