import {
  actingSeats,
  fail,
  type Game,
  type GameId,
  type Outcome,
  ok,
  type Result,
  type Seat,
  type SeatResult,
} from '@qiyuan/core';
import { answer } from './answer.js';
import { seededRng } from './levels.js';
import { AIS, requestFor } from './registry.js';

/**
 * Arena matches: two players (levels, baselines, or an external engine
 * handled by the caller) play a series of games, swapping seats every game,
 * and the score is turned into an Elo difference with its 95% interval.
 */

export interface ArenaGameSpec {
  readonly game: GameId;
  /** Raw game options (as the CLI passes them), without the seed. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly a: string;
  readonly b: string;
  /** Game number in the match: decides the seats and the seeds. */
  readonly index: number;
  readonly seed: number;
  /** Time per move in ms (overrides the levels' own). */
  readonly timeMs?: number;
  /** Alpha-beta nodes per move, no time limit (overrides the levels' time and node budgets; depth caps stay). */
  readonly nodes?: number;
  /** ISMCTS iterations per move, no time limit (overrides the levels' own). */
  readonly iterations?: number;
  /** Plies after which an unfinished game is scored a draw. */
  readonly maxPlies?: number;
  /**
   * Random legal plies played before either player moves, drawn from the pair's seed, so both games of a pair (the
   * seats swapped) start from the same position. Without them two players with no randomness of their own play the
   * same two games over and over from a fixed start, and a match of 40 games measures two.
   */
  readonly openings?: number;
}

export interface ArenaGameResult {
  readonly index: number;
  /** A's result. */
  readonly result: SeatResult;
  readonly seatsOfA: readonly Seat[];
  readonly plies: number;
  readonly reason: string;
  /** Per player, the time spent and the moves made. */
  readonly timeMs: { a: number; b: number };
  readonly moves: { a: number; b: number };
  /** Per player, the moves whose search the clock ended (not its depth, node or iteration budget). */
  readonly clockBound: { a: number; b: number };
  readonly error?: string;
}

/**
 * The seats A plays in game `index`: alternately the first and second seat
 * in two-seat games; in team games (2v2 Junqi) one whole team; otherwise
 * one seat in rotation against everyone else.
 */
export const seatsOfA = (index: number, seatCount: number, teams?: readonly (readonly Seat[])[]): Seat[] => {
  if (teams && teams.length > 1) return [...teams[index % teams.length]!];
  return [index % seatCount];
};

/** The teams fixed before play, where the options make them (2v2 Junqi). */
const teamsFromOptions = (game: GameId, options: Readonly<Record<string, unknown>>): Seat[][] | undefined => {
  if (game !== 'junqi') return undefined;
  const players = Number(options.players ?? 2);
  if (players === 4 && (options.teams ?? 'pairs') === 'pairs' && (options.variant ?? 'standard') === 'standard') {
    return [
      [0, 2],
      [1, 3],
    ];
  }
  return undefined;
};

export const resultOf = (outcome: Outcome, seats: readonly Seat[]): SeatResult => {
  const r = seats.map((s) => outcome.results[s]);
  if (r.includes('win')) return 'win';
  if (r.every((x) => x === 'loss')) return 'loss';
  if (outcome.ranking && seats.length === 1 && outcome.results.every((x) => x !== 'win')) {
    // Multi-seat games without a single winner: first place counts as a win.
    return outcome.ranking[seats[0]!] === 1 ? 'win' : 'draw';
  }
  return r.includes('draw') ? 'draw' : 'loss';
};

/** The game of an arena spec, A's seats and the game's seed; a failure when the options are bad. */
export const arenaGameSetup = (spec: ArenaGameSpec): Result<{ game: Game; aSeats: Seat[]; gameSeed: number }> => {
  const ai = AIS[spec.game];
  if (!ai) return fail('no-ai', `no AI for ${spec.game}`);
  const gameSeed = spec.seed + Math.floor(spec.index / 2);
  const parsed = ai.definition.parseOptions({ ...spec.options, seed: String(gameSeed) });
  if (!parsed.ok) return fail('bad-options', parsed.error.reason);
  const created = ai.definition.create(parsed.value);
  if (!created.ok) return fail('bad-options', created.error.reason);
  const game = created.value as Game;
  if (spec.openings) {
    const rng = seededRng(gameSeed * 31 + 17);
    for (let i = 0; i < spec.openings && !game.outcome(); i++) {
      const seat = actingSeats(game.turn()).find((s) => game.legalMoves(s).length > 0);
      if (seat === undefined) break;
      const played = game.play(rng.pick(game.legalMoves(seat)), seat);
      if (!played.ok) return fail('bad-opening', played.error.reason);
    }
  }
  return ok({
    game,
    aSeats: seatsOfA(spec.index, game.seatCount, teamsFromOptions(spec.game, spec.options)),
    gameSeed,
  });
};

/** Plays one arena game in this thread. Never throws: errors score the erring side a loss. */
export const playArenaGame = (spec: ArenaGameSpec): ArenaGameResult => {
  const base = { index: spec.index, timeMs: { a: 0, b: 0 }, moves: { a: 0, b: 0 }, clockBound: { a: 0, b: 0 } };
  const setup = arenaGameSetup(spec);
  if (!setup.ok)
    return { ...base, result: 'draw', seatsOfA: [], plies: 0, reason: setup.error.code, error: setup.error.reason };
  const { game, aSeats, gameSeed } = setup.value;
  // Fresh tables: the game is then the same whichever worker plays it, and after whatever games.
  AIS[spec.game]?.reset?.();
  const maxPlies = spec.maxPlies ?? 1000;
  const t = { a: 0, b: 0 };
  const n = { a: 0, b: 0 };
  const clock = { a: 0, b: 0 };
  let moveNo = 0;
  while (!game.outcome() && game.ply < maxPlies) {
    const turn = game.turn();
    const seat = actingSeats(turn).find((s) => game.legalMoves(s).length > 0);
    if (seat === undefined) break;
    const side = aSeats.includes(seat) ? 'a' : 'b';
    const request = requestFor(game, seat, side === 'a' ? spec.a : spec.b, {
      seed: (gameSeed * 7919 + moveNo++ * 104729 + (side === 'a' ? 1 : 2)) | 0,
      // A level is measured by its budget: its time cap (a guard for slow devices) is lifted.
      budgetOnly: true,
      ...(spec.timeMs !== undefined ? { timeMs: spec.timeMs } : {}),
      ...(spec.nodes !== undefined ? { nodes: spec.nodes } : {}),
      ...(spec.iterations !== undefined ? { iterations: spec.iterations } : {}),
    });
    const started = performance.now();
    const reply = answer(request);
    t[side] += performance.now() - started;
    n[side]++;
    if (reply.ok && reply.info.clockBound) clock[side]++;
    const move = reply.ok ? game.parseMove(reply.move, seat) : undefined;
    const played = move?.ok ? game.play(move.value, seat) : undefined;
    if (!reply.ok || !move?.ok || !played?.ok) {
      const why = !reply.ok
        ? reply.error.reason
        : !move?.ok
          ? move?.error.reason
          : played?.ok
            ? ''
            : played?.error.reason;
      return {
        ...base,
        result: side === 'a' ? 'loss' : 'win',
        seatsOfA: aSeats,
        plies: game.ply,
        reason: 'player-error',
        error: `${side === 'a' ? spec.a : spec.b} (seat ${seat}): ${why}`,
        timeMs: t,
        moves: n,
        clockBound: clock,
      };
    }
  }
  const outcome = game.outcome();
  return {
    ...base,
    result: outcome ? resultOf(outcome, aSeats) : 'draw',
    seatsOfA: aSeats,
    plies: game.ply,
    reason: outcome?.reason ?? 'ply-cap',
    timeMs: t,
    moves: n,
    clockBound: clock,
  };
};

export interface MatchScore {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly games: number;
  /** A's score fraction. */
  readonly score: number;
  /** Elo difference A − B, and its 95% interval (±Infinity when a side scored everything). */
  readonly elo: number;
  readonly eloLow: number;
  readonly eloHigh: number;
}

const eloOf = (p: number): number =>
  p <= 0 ? Number.NEGATIVE_INFINITY : p >= 1 ? Number.POSITIVE_INFINITY : -400 * Math.log10(1 / p - 1);

/**
 * Elo difference from wins, draws and losses (a draw is half a win), with a
 * 95% interval: the Wilson score interval of the score fraction, turned into
 * Elo. Unlike the plain normal approximation it stays finite on one side when
 * a player won (or lost) every game.
 */
export const matchScore = (results: readonly SeatResult[]): MatchScore => {
  const wins = results.filter((r) => r === 'win').length;
  const draws = results.filter((r) => r === 'draw').length;
  const losses = results.filter((r) => r === 'loss').length;
  const games = results.length;
  const p = games === 0 ? 0.5 : (wins + draws / 2) / games;
  const z = 1.96;
  const n = Math.max(1, games);
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return {
    wins,
    draws,
    losses,
    games,
    score: p,
    elo: eloOf(p),
    // Rounding must not turn a sweep's bound of exactly 0 or 1 into a huge finite Elo.
    eloLow: eloOf(centre - half <= 1e-12 ? 0 : centre - half),
    eloHigh: eloOf(centre + half >= 1 - 1e-12 ? 1 : centre + half),
  };
};

const fmt = (x: number): string =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf';

export const formatScore = (s: MatchScore): string =>
  `+${s.wins} =${s.draws} -${s.losses} (${(s.score * 100).toFixed(1)}%), Elo ${fmt(s.elo)} [${fmt(s.eloLow)}, ${fmt(s.eloHigh)}]`;
