import { fail, type GameId, ok, type Result, type Seat, unwrap } from '@qiyuan/core';
import { type HiveGame, hive } from '@qiyuan/hive';
import { type ArenaGameResult, type ArenaGameSpec, arenaGameSetup, resultOf } from './arena.js';
import { AiPool } from './pool.js';
import { requestFor } from './registry.js';
import { UhpEngine } from './uhp-engine.js';

/**
 * Arena games of Hive against an external Universal Hive Protocol engine
 * (`--a uhp:<command>`): each lane starts the engine once, tells it every move
 * (`newgame`, `play`) and asks for its own with `bestmove time` or
 * `bestmove depth`; our side answers through a worker pool, so lanes run in
 * parallel. An engine that fails to start, answers `err`/`invalidmove`,
 * plays an illegal move, exits or stays silent past its time loses the game,
 * with the reason in the result.
 */

export const UHP_PREFIX = 'uhp:';

/** The one game a UHP engine plays: the protocol is Hive's (the Universal Hive Protocol). */
export const UHP_GAME: GameId = 'hive';

export interface UhpArenaRun {
  readonly specs: readonly ArenaGameSpec[];
  /** Parallel games, each with its own engine process. */
  readonly workers?: number;
  /** `bestmove depth N` instead of `bestmove time`. */
  readonly uhpDepth?: number;
  /**
   * `bestmove seconds S.sss` instead of `bestmove time hh:mm:ss`: nokamute's own command for a budget under a
   * second (UHP's time counts whole seconds), so a match at 200 ms a move gives both sides the same time.
   */
  readonly uhpSeconds?: boolean;
  /** Extra time the engine gets beyond its move time before it is called silent (ms). */
  readonly graceMs?: number;
  readonly onResult?: (result: ArenaGameResult) => void;
}

/** `bestmove time hh:mm:ss` for a budget in ms (UHP counts whole seconds; at least one). */
export const uhpTime = (ms: number): string => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
};

const engineCommand = (player: string): string | undefined =>
  player.startsWith(UHP_PREFIX) ? player.slice(UHP_PREFIX.length).trim() : undefined;

export const runUhpArena = async (run: UhpArenaRun): Promise<ArenaGameResult[]> => {
  const { specs } = run;
  const results: ArenaGameResult[] = new Array(specs.length);
  const size = Math.max(1, Math.min(specs.length, run.workers ?? 1));
  // Our side gets the engine's grace, and its workers start before any clock runs: a worker booting while a move's
  // time runs (tsx compiles the AI first, seconds on a loaded machine) lost every game on time at 1 s a move.
  const pool = new AiPool({ size, graceMs: run.graceMs ?? 10_000 });
  const warm = unwrap(hive.create(unwrap(hive.parseOptions({}))));
  await Promise.all(Array.from({ length: size }, () => pool.request(requestFor(warm, 0, 'random'))));
  let next = 0;
  const lane = async (): Promise<void> => {
    let engine: UhpEngine | undefined;
    try {
      while (next < specs.length) {
        // Results by place in the list, not by game number: a match may start from a later game (`--from`).
        const i = next++;
        const spec = specs[i]!;
        const command = engineCommand(spec.a) ?? engineCommand(spec.b);
        if (command === undefined || engineCommand(spec.a) === engineCommand(spec.b)) {
          results[i] = failed(spec, 'bad-players', 'exactly one of the two players must be uhp:<command>');
        } else {
          if (!engine) {
            const started = await UhpEngine.start(command);
            if (!started.ok) {
              results[i] = failed(spec, 'engine-error', started.error.reason, engineSide(spec));
              run.onResult?.(results[i]!);
              continue;
            }
            engine = started.value;
          }
          results[i] = await playUhpGame(spec, engine, pool, run);
          // An engine that misbehaved is not trusted with the next game.
          if (results[i]!.reason === 'player-error' && results[i]!.error?.startsWith('uhp')) {
            await engine.close();
            engine = undefined;
          }
        }
        run.onResult?.(results[i]!);
      }
    } finally {
      await engine?.close();
    }
  };
  try {
    await Promise.all(Array.from({ length: size }, lane));
  } finally {
    await pool.close();
  }
  return results;
};

const engineSide = (spec: ArenaGameSpec): 'a' | 'b' => (engineCommand(spec.a) !== undefined ? 'a' : 'b');

const failed = (spec: ArenaGameSpec, reason: string, error: string, loser?: 'a' | 'b'): ArenaGameResult => ({
  index: spec.index,
  result: loser === 'a' ? 'loss' : loser === 'b' ? 'win' : 'draw',
  seatsOfA: [],
  plies: 0,
  reason,
  timeMs: { a: 0, b: 0 },
  moves: { a: 0, b: 0 },
  clockBound: { a: 0, b: 0 },
  error,
});

/** Tells the engine a move and checks that it agrees on the game that results. */
const tell = async (engine: UhpEngine, game: HiveGame, move: string): Promise<Result<void>> => {
  const r = await engine.send(`play ${move}`);
  if (!r.ok) return r;
  const mine = game.positionToString();
  const theirs = r.value[0] ?? '';
  // Compare the GameString's header (type, state, turn): notations of the same move may differ.
  const head = (s: string) => s.split(';').slice(0, 3).join(';');
  return head(theirs) === head(mine)
    ? ok(undefined)
    : fail('uhp-desync', `after ${move} the engine reports ${head(theirs)}, we have ${head(mine)}`);
};

const playUhpGame = async (
  spec: ArenaGameSpec,
  engine: UhpEngine,
  pool: AiPool,
  run: UhpArenaRun,
): Promise<ArenaGameResult> => {
  if (spec.game !== UHP_GAME) return failed(spec, 'bad-game', 'UHP engines play Hive only');
  const setup = arenaGameSetup(spec);
  if (!setup.ok) return failed(spec, setup.error.code, setup.error.reason);
  const { aSeats, gameSeed } = setup.value;
  const game = setup.value.game as HiveGame;
  const uhpSide = engineSide(spec);
  const ours = uhpSide === 'a' ? spec.b : spec.a;
  const t = { a: 0, b: 0 };
  const n = { a: 0, b: 0 };
  // Our side's moves the clock cut short (the engine's, asked for bestmove time, always are; it does not say).
  const clock = { a: 0, b: 0 };
  const lose = (side: 'a' | 'b', why: string): ArenaGameResult => ({
    index: spec.index,
    result: side === 'a' ? 'loss' : 'win',
    seatsOfA: aSeats,
    plies: game.ply,
    reason: 'player-error',
    error: `${side === uhpSide ? 'uhp' : ours}: ${why}`,
    timeMs: t,
    moves: n,
    clockBound: clock,
  });
  const started = await engine.send(`newgame ${game.positionToString()}`);
  if (!started.ok) return lose(uhpSide, started.error.reason);
  const moveMs = spec.timeMs ?? 1000;
  const maxPlies = spec.maxPlies ?? 1000;
  let moveNo = 0;
  while (!game.outcome() && game.ply < maxPlies) {
    const turn = game.turn();
    if (turn.kind !== 'seat') break;
    const seat: Seat = turn.seat;
    const side = aSeats.includes(seat) ? 'a' : 'b';
    const t0 = performance.now();
    let moveText: string;
    if (side === uhpSide) {
      const ask =
        run.uhpDepth !== undefined
          ? `bestmove depth ${run.uhpDepth}`
          : run.uhpSeconds
            ? `bestmove seconds ${(moveMs / 1000).toFixed(3)}`
            : `bestmove time ${uhpTime(moveMs)}`;
      const limit = run.uhpDepth !== undefined ? 120_000 : Math.ceil(moveMs / 1000) * 1000 + (run.graceMs ?? 10_000);
      const r = await engine.send(ask, limit);
      if (!r.ok) return lose(side, r.error.reason);
      moveText = (r.value[0] ?? '').trim();
    } else {
      const reply = await pool.request(
        requestFor(game, seat, ours, {
          seed: (gameSeed * 7919 + moveNo * 104729 + (side === 'a' ? 1 : 2)) | 0,
          ...(spec.timeMs !== undefined ? { timeMs: spec.timeMs } : {}),
          ...(spec.nodes !== undefined ? { nodes: spec.nodes } : {}),
          budgetOnly: true,
        }),
      );
      if (!reply.ok) return lose(side, reply.error.reason);
      if (reply.info.clockBound) clock[side]++;
      moveText = reply.move;
    }
    moveNo++;
    t[side] += performance.now() - t0;
    n[side]++;
    const move = game.parseMove(moveText);
    if (!move.ok) return lose(side, `"${moveText}": ${move.error.reason}`);
    // A move is written in the position it is played from: after it, a Beetle's climb would be named by a
    // direction into the stack it now tops, which UHP refuses.
    const written = game.moveToString(move.value);
    const played = game.play(move.value, seat);
    if (!played.ok) return lose(side, `"${moveText}": ${played.error.reason}`);
    const told = await tell(engine, game, written);
    // The engine refusing a legal move, or disagreeing about the game, is the engine's fault.
    if (!told.ok) return lose(uhpSide, told.error.reason);
  }
  const outcome = game.outcome();
  return {
    index: spec.index,
    result: outcome ? resultOf(outcome, aSeats) : 'draw',
    seatsOfA: aSeats,
    plies: game.ply,
    reason: outcome?.reason ?? 'ply-cap',
    timeMs: t,
    moves: n,
    clockBound: clock,
  };
};
