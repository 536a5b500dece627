import { UHP_GAME, uhpTime } from '@qiyuan/ai/arena-uhp';
import { UhpEngine } from '@qiyuan/ai/uhp-engine';
import { fail, ok, type Result } from '@qiyuan/core';
import { type HiveGame, parseGameType } from '@qiyuan/hive';
import type { BotPlayer, MoveRequest } from './player.js';
import { replay } from './position.js';

/**
 * A Universal Hive Protocol engine as the bot's player. The engine holds one
 * game at a time, so every move starts afresh: `newgame` with the GameString
 * of the game so far (rebuilt from the stream's moves), then `bestmove time`
 * from the clock or `bestmove depth N`. Games played at once take turns with
 * the engine. Its answer is read back through our own Hive rules, so a move
 * the engine gets wrong is caught here with its reason, not sent.
 */

export interface UhpPlayerOptions {
  /** `bestmove depth N` instead of a time. */
  readonly depth?: number;
  /** Time beyond the budget before an engine is called silent (ms). */
  readonly graceMs?: number;
  readonly startMs?: number;
}

const EXPANSIONS = { M: 'Mosquito', L: 'Ladybug', P: 'Pillbug' } as const;

export class UhpPlayer implements BotPlayer {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly engine: UhpEngine,
    /** The expansions the engine's `info` names (`Mosquito;Ladybug;Pillbug`). */
    private readonly expansions: ReadonlySet<string>,
    private readonly options: UhpPlayerOptions,
  ) {}

  get name(): string {
    return this.engine.id || this.engine.command;
  }

  static async start(command: string, options: UhpPlayerOptions = {}): Promise<Result<UhpPlayer>> {
    const started = await UhpEngine.start(command, options.startMs !== undefined ? { startMs: options.startMs } : {});
    if (!started.ok) return started;
    const info = await started.value.send('info');
    if (!info.ok) {
      await started.value.close();
      return info;
    }
    // The capabilities line follows the id line; an engine of the base game only may leave it empty.
    const caps = info.value.find((l) => !l.startsWith('id ')) ?? '';
    const expansions = new Set(
      caps
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    return ok(new UhpPlayer(started.value, expansions, options));
  }

  readonly canPlay = (game: string, options: Readonly<Record<string, unknown>>): string | undefined => {
    if (game !== UHP_GAME) return `a UHP engine plays Hive only, not ${game}`;
    const start = replay(UHP_GAME, options, []);
    if (!start.ok) return start.error.reason;
    const gameType = (start.value as HiveGame).positionToString().split(';')[0] ?? '';
    const type = parseGameType(gameType);
    if (!type.ok) return type.error.reason;
    if (gameType.includes(':')) return `the engine plays standard Hive, not the reverse sides (${gameType})`;
    const missing = Object.entries(EXPANSIONS)
      .filter(([, name]) => (type.value as unknown as Record<string, boolean>)[name.toLowerCase()])
      .map(([, name]) => name)
      .filter((name) => !this.expansions.has(name));
    if (missing.length) return `the engine does not play the ${missing.join(', ')}`;
    return undefined;
  };

  /** One move; requests wait their turn for the engine. */
  choose(request: MoveRequest): Promise<Result<string>> {
    const next = this.queue.then(() => this.ask(request));
    this.queue = next.catch(() => {});
    return next;
  }

  private async ask(request: MoveRequest): Promise<Result<string>> {
    if (request.game !== UHP_GAME) return fail('not-hive', 'a UHP engine plays Hive only');
    const rebuilt = replay(UHP_GAME, request.options, request.moves);
    if (!rebuilt.ok) return rebuilt;
    const game = rebuilt.value as HiveGame;
    const started = await this.engine.send(`newgame ${game.positionToString()}`);
    if (!started.ok) return started;
    const depth = this.options.depth;
    const ask = depth !== undefined ? `bestmove depth ${depth}` : `bestmove time ${uhpTime(request.budgetMs)}`;
    const limit =
      depth !== undefined ? 10 * 60_000 : Math.ceil(request.budgetMs / 1000) * 1000 + (this.options.graceMs ?? 10_000);
    const answer = await this.engine.send(ask, limit);
    if (!answer.ok) return answer;
    const text = (answer.value[0] ?? '').trim();
    const move = game.parseMove(text, request.seat);
    if (!move.ok) return fail('engine-move', `the engine answered "${text}": ${move.error.reason}`);
    const legal = game.clone().play(move.value, request.seat);
    if (!legal.ok) return fail('engine-move', `the engine answered "${text}": ${legal.error.reason}`);
    return ok(game.moveToString(move.value));
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
