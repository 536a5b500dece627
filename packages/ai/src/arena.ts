import {
  actingSeats,
  fail,
  type Game,
  type GameId,
  type Outcome,
  ok,
  pairScore,
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
  /** Plies after which an unfinished game is scored a draw; by default 1,000, or 100 past the game's own move limit. */
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
  /**
   * In games of more than two sides where A holds one seat (free-for-all, three-player Junqi, Chinese Checkers):
   * the share of its opponents A finished ahead of, a tie counting half. Even players score 0.5 here whatever the
   * number of seats, where A's wins alone are a quarter of four-player games.
   */
  readonly places?: number;
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

/** The teams the game fixes before play (2v2 Junqi: partners opposite), from its own `teamOf`; none where any seat has none. */
const teamsOf = (game: Game): Seat[][] | undefined => {
  const teams = new Map<number, Seat[]>();
  for (let s = 0; s < game.seatCount; s++) {
    const team = game.teamOf?.(s);
    if (team === undefined) return undefined;
    teams.set(team, [...(teams.get(team) ?? []), s]);
  }
  return [...teams.values()];
};

export const resultOf = (outcome: Outcome, seats: readonly Seat[]): SeatResult => {
  const r = seats.map((s) => outcome.results[s]);
  if (r.includes('win')) return 'win';
  if (r.every((x) => x === 'loss')) return 'loss';
  if (outcome.ranking && seats.length === 1 && outcome.results.every((x) => x !== 'win')) {
    // Multi-seat games without a winner: first place alone counts as a win, first place shared (the armies still in
    // at the move limit) as a draw.
    const first = outcome.ranking.filter((place) => place === 1).length;
    return outcome.ranking[seats[0]!] === 1 && first === 1 ? 'win' : 'draw';
  }
  return r.includes('draw') ? 'draw' : 'loss';
};

/**
 * A's share of the opponents it finished ahead of (a tie is half), in a game of more than two sides where it holds
 * one seat; teammates (三打一's farmers) are not opponents. Without an outcome (the arena's ply cap) everyone ties.
 * Undefined when A plays a whole side of a two-sided game, where the result says it all.
 */
export const placesOf = (
  outcome: Outcome | undefined,
  seats: readonly Seat[],
  seatCount: number,
): number | undefined => {
  if (seats.length !== 1 || seatCount <= 2) return undefined;
  const a = seats[0]!;
  const team = outcome?.teams?.find((t) => t.includes(a)) ?? [a];
  const opponents = Array.from({ length: seatCount }, (_, s) => s).filter((s) => !team.includes(s));
  if (opponents.length < 2) return undefined;
  if (!outcome) return 0.5;
  return opponents.reduce((n, s) => n + pairScore(outcome, a, s), 0) / opponents.length;
};

/**
 * The plies past the game's own move limit where the arena's cap may fall: the record the arena counts also holds
 * the plies before play (each army's deployment, 三打一's bidding), which the move limit does not count.
 */
const PLIES_BEFORE_PLAY = 100;

/** The ply cap that never cuts a game before its own move limit (parsed options' `moveLimit`; 0 or none: no limit). */
const capAfterOwnLimit = (options: unknown): number => {
  const limit = (options as { moveLimit?: unknown }).moveLimit;
  return typeof limit === 'number' && Number.isFinite(limit) && limit > 0 ? limit + PLIES_BEFORE_PLAY : 0;
};

/** The arena's ply cap when the match sets none. */
export const DEFAULT_MAX_PLIES = 1000;

/** The game of an arena spec, A's seats and the game's seed; a failure when the options are bad. */
export const arenaGameSetup = (
  spec: ArenaGameSpec,
): Result<{ game: Game; aSeats: Seat[]; gameSeed: number; maxPlies: number }> => {
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
    aSeats: seatsOfA(spec.index, game.seatCount, teamsOf(game)),
    gameSeed,
    // A free-for-all Junqi game runs to 2,000 plies of play by its own rules: a cap of 1,000 would score it unplayed.
    maxPlies: spec.maxPlies ?? Math.max(DEFAULT_MAX_PLIES, capAfterOwnLimit(parsed.value)),
  });
};

const placed = (places: number | undefined): { places?: number } => (places === undefined ? {} : { places });

/**
 * Plays one arena game in this thread. Never throws: errors score the erring side a loss. `onEnd` is shown the
 * finished game (a benchmark reads how it was won); the match's workers pass none.
 */
export const playArenaGame = (
  spec: ArenaGameSpec,
  onEnd?: (game: Game, aSeats: readonly Seat[]) => void,
): ArenaGameResult => {
  const base = { index: spec.index, timeMs: { a: 0, b: 0 }, moves: { a: 0, b: 0 }, clockBound: { a: 0, b: 0 } };
  const setup = arenaGameSetup(spec);
  if (!setup.ok)
    return { ...base, result: 'draw', seatsOfA: [], plies: 0, reason: setup.error.code, error: setup.error.reason };
  const { game, aSeats, gameSeed, maxPlies } = setup.value;
  // Fresh tables: the game is then the same whichever worker plays it, and after whatever games.
  AIS[spec.game]?.reset?.();
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
  onEnd?.(game, aSeats);
  const outcome = game.outcome();
  return {
    ...base,
    result: outcome ? resultOf(outcome, aSeats) : 'draw',
    seatsOfA: aSeats,
    ...placed(placesOf(outcome, aSeats, game.seatCount)),
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
  return { wins, draws, losses, games, score: p, ...eloInterval(p, games) };
};

/**
 * The Elo of score fraction `p` over `games` and its 95% Wilson interval. Each game scores within [0, 1], so its
 * variance is at most p(1 − p): the interval meant for wins and losses is wide enough with draws or shares too.
 */
const eloInterval = (p: number, games: number): { elo: number; eloLow: number; eloHigh: number } => {
  const z = 1.96;
  const n = Math.max(1, games);
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return {
    elo: eloOf(p),
    // Rounding must not turn a sweep's bound of exactly 0 or 1 into a huge finite Elo.
    eloLow: eloOf(centre - half <= 1e-12 ? 0 : centre - half),
    eloHigh: eloOf(centre + half >= 1 - 1e-12 ? 1 : centre + half),
  };
};

export interface PlacesScore {
  readonly games: number;
  /** A's mean share of the opponents it finished ahead of. */
  readonly share: number;
  readonly elo: number;
  readonly eloLow: number;
  readonly eloHigh: number;
}

/**
 * The Elo difference from A's place shares (`places`, one number in [0, 1] a game), with its 95% interval. The
 * game is the unit, not the pairing: the opponents A finished ahead of in one game are not independent results.
 */
export const placesScore = (shares: readonly number[]): PlacesScore => {
  const games = shares.length;
  const share = games === 0 ? 0.5 : shares.reduce((a, b) => a + b, 0) / games;
  return { games, share, ...eloInterval(share, games) };
};

const fmt = (x: number): string =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf';

export const formatScore = (s: MatchScore): string =>
  `+${s.wins} =${s.draws} -${s.losses} (${(s.score * 100).toFixed(1)}%), Elo ${fmt(s.elo)} [${fmt(s.eloLow)}, ${fmt(s.eloHigh)}]`;

export const formatPlaces = (s: PlacesScore): string =>
  `${(s.share * 100).toFixed(1)}% of opponents placed behind over ${s.games} games, Elo ${fmt(s.elo)} [${fmt(s.eloLow)}, ${fmt(s.eloHigh)}]`;
