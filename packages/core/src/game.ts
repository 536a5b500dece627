import type { JsonObject, JsonValue } from './json.js';
import type { Result } from './result.js';

/**
 * The contract every Qiyuan game implements. The server, the AI, the CLI and
 * the web app talk to games only through it, so none of them special-cases a
 * game. Shaped after chessops (a mutable position with `play`, values and
 * `Result`s at the edges) and OpenSpiel (per-player information states).
 */

export const GAME_IDS = ['hive', 'junqi', 'abalone', 'chinese-checkers'] as const;
export type GameId = (typeof GAME_IDS)[number];

/** Seats are numbered from 0 in turn order. */
export type Seat = number;
export const SPECTATOR = 'spectator' as const;
/** Who is looking: a seat, or anyone watching. */
export type Viewer = Seat | typeof SPECTATOR;

/**
 * Who may act now.
 * - `seat`: one seat moves (most of the time, in every game).
 * - `team`: one move for a team; any listed seat may make it.
 * - `simultaneous`: every listed seat owes an action, in any order, and none
 *   sees the others' (Junqi's hidden setup, the Hive advanced roster choice).
 * - `over`: the game has ended; see `outcome()`.
 */
export type Turn =
  | { readonly kind: 'seat'; readonly seat: Seat }
  | { readonly kind: 'team'; readonly team: number; readonly seats: readonly Seat[] }
  | { readonly kind: 'simultaneous'; readonly seats: readonly Seat[] }
  | { readonly kind: 'over' };

/** The seats that may act under `turn`. */
export const actingSeats = (turn: Turn): readonly Seat[] => {
  switch (turn.kind) {
    case 'seat':
      return [turn.seat];
    case 'team':
    case 'simultaneous':
      return turn.seats;
    case 'over':
      return [];
  }
};

export type SeatResult = 'win' | 'loss' | 'draw';

export interface Outcome {
  /** Why the game ended, as a stable code (`queen-surrounded`, `flag-captured`, `threefold-repetition`, …). */
  readonly reason: string;
  /** One entry per seat. */
  readonly results: readonly SeatResult[];
  /**
   * Finishing place per seat (1 is first; tied seats share a place). Games of
   * more than two seats fill it; two-seat games may leave it out.
   */
  readonly ranking?: readonly number[];
  /** Seats that win and lose together (2v2 Junqi, 三打一's farmers). */
  readonly teams?: readonly (readonly Seat[])[];
}

/** A seat's finishing place (1 is first): the outcome's ranking where it gives one, else a win, a draw, a loss. */
export const placeOf = (outcome: Outcome, seat: Seat): number => {
  if (outcome.ranking) return outcome.ranking[seat] ?? Number.MAX_SAFE_INTEGER;
  const r = outcome.results[seat];
  return r === 'win' ? 1 : r === 'draw' ? 2 : 3;
};

/**
 * Seat `a` against seat `b` by finishing place: 1 ahead, 0.5 level, 0 behind. Games of more than two seats are
 * scored pair by pair this way, by the ratings and by the arena.
 */
export const pairScore = (outcome: Outcome, a: Seat, b: Seat): number => {
  const pa = placeOf(outcome, a);
  const pb = placeOf(outcome, b);
  return pa < pb ? 1 : pa > pb ? 0 : 0.5;
};

/**
 * What the platform tells a game that happened outside its rules: a seat
 * resigned, a clock ran out, the players agreed a draw. Each game decides what
 * follows (two-seat games end; four-player Junqi removes one army and goes on;
 * Junqi counts per-move timeouts before a loss).
 */
export type PlatformEvent =
  | { readonly type: 'resign'; readonly seat: Seat }
  | { readonly type: 'timeout'; readonly seat: Seat }
  | { readonly type: 'draw-agreed' };

/** One ply of the record, as a given viewer may know it. */
export interface PlayRecord {
  readonly ply: number;
  readonly seat: Seat;
  /** The move in the game's notation, redacted for this viewer where the rules hide part of it. */
  readonly notation: string;
  /** What the move revealed to this viewer (a Junqi combat result, a flip), if anything. */
  readonly detail?: JsonValue;
}

/** Options every game accepts; each game extends them with its own. */
export interface BaseOptions {
  /** Number of seats, where the game allows a choice. */
  readonly players?: number;
  /** Seed for anything random the rules need (shuffles, deals, random setups): 32 hex digits, or a stored game's old number. */
  readonly seed?: number | string;
}

export interface Game<M = unknown, V extends JsonValue = JsonValue> {
  readonly id: GameId;
  readonly seatCount: number;
  /**
   * The team `seat` plays in, when it has a partner (Junqi's 2v2, 三打一's farmers once the landlord
   * is known); undefined when it plays alone or the game has no teams. Absent for games without teams.
   */
  teamOf?(seat: Seat): number | undefined;
  /** Plies played so far (simultaneous actions count one each). */
  readonly ply: number;

  turn(): Turn;
  /** The legal moves of `seat` (default: the seat to move). Empty when it may not act. */
  legalMoves(seat?: Seat): readonly M[];
  /** Plays a move after checking it; an illegal move is refused with its reason and changes nothing. */
  play(move: M, seat?: Seat): Result<void>;
  /** Takes back the last play exactly, including anything it revealed. */
  undo(): Result<void>;
  /** Resign, timeout, agreed draw: see `PlatformEvent`. */
  apply(event: PlatformEvent): Result<void>;
  /** Undefined while the game goes on. */
  outcome(): Outcome | undefined;

  /** Move notation out and in. Parsing never throws: bad text is a failure with a reason. */
  moveToString(move: M): string;
  parseMove(text: string, seat?: Seat): Result<M>;
  /** The current position in the game's position notation. */
  positionToString(): string;

  /** A JSON-safe snapshot from which the game's `GameDefinition.fromSnapshot` restores it exactly. */
  snapshot(): JsonObject;
  /** What `viewer` may see: for hidden-information games, nothing it may not know. */
  viewFor(viewer: Viewer): V;
  /**
   * True when `viewFor` gives every viewer (each seat and a spectator) the same view now: nothing is hidden at this
   * moment. A server then builds and serializes one view for all its watchers instead of one per viewer. Absent or
   * false: each viewer's view is built for it.
   */
  viewIsShared?(): boolean;
  /** The record of ply `ply` (0-based) as `viewer` may know it. */
  recordFor(viewer: Viewer, ply: number): PlayRecord;
  /**
   * Whether ply `ply` (0-based, numbered as `recordFor` numbers it) is a move on the board: what a player's moves
   * count (an arena's berserk and too-short draw, berserk before the first move). A ply that only prepares the game
   * (Junqi's deployments and 三打一's bids, the Hive roster choice) or happens off the board (a Junqi resignation or
   * timeout) is not. Absent: every ply is a move on the board.
   */
  isBoardMove?(ply: number): boolean;
  /**
   * `isBoardMove` read from a record alone, as any viewer knows it (`recordFor`), for a viewer that cannot replay the
   * game (hidden information): it agrees with `isBoardMove` for every viewer's record. Absent: every record is a move
   * on the board. Called on a game of the same options; its own position does not matter.
   */
  isBoardRecord?(record: PlayRecord): boolean;
  /** An independent copy (for search and analysis). */
  clone(): Game<M, V>;
}

/** The moves on the board (`Game.isBoardMove`) each seat has made so far, by seat. */
export const boardMoves = (game: Game): number[] => {
  const counts = new Array<number>(game.seatCount).fill(0);
  for (let p = 0; p < game.ply; p++) {
    if (game.isBoardMove !== undefined && !game.isBoardMove(p)) continue;
    const seat = game.recordFor(SPECTATOR, p).seat;
    if (seat >= 0 && seat < counts.length) counts[seat] = (counts[seat] ?? 0) + 1;
  }
  return counts;
};

/** A game's entry point: one per engine, listed by the CLI, the server and the web app. */
export interface GameDefinition<O extends BaseOptions = BaseOptions, G extends Game = Game> {
  readonly id: GameId;
  /** Validates loose input (CLI flags, lobby forms, JSON) into options, with a reason when wrong. */
  parseOptions(input: Readonly<Record<string, unknown>>): Result<O>;
  /**
   * The options a game's creator may choose for everyone who joins it (docs/FAIRPLAY.md): rules, variants and limits,
   * each one shown to a joiner in the lobby and accepted by joining. It is an allow-list: a game between people takes
   * these keys and refuses any other (`notLobbyOption`). What else `parseOptions` reads — a seed, an army's
   * deployment, a position to start from — would let one player fix what another may not know, or another's start,
   * so only local games, analysis and stored records use it.
   */
  readonly lobbyOptions: readonly string[];
  create(options: O): Result<G>;
  fromSnapshot(snapshot: unknown): Result<G>;
  /** Whole-game notation: import and export of a full game record. */
  parseGame(text: string): Result<G>;
  exportGame(game: G): string;
  /** How `exportGame`'s record carries the header tags a page or the server adds to it (players, date, result …). */
  readonly record: RecordForm;
  /** Leaf count at `depth` from the position described by `options` (the engine's fast path). */
  perft(options: O, depth: number): Result<number>;
}

/**
 * How a game's whole-game record takes the header tags (event, site, date, players, result, clock …) that
 * packages/protocol's `withHeaders` adds to it: the game's notation decides, so the record's readers still read it.
 */
export interface RecordForm {
  /** The tags naming the two seats of a two-seat game, in seat order (Abalone's Black, White); absent: Seat1, Seat2 … */
  readonly seatTags?: readonly [string, string];
  /**
   * Where the tags go. `lead`: as `[Tag "value"]` lines before the record, a tag the record writes itself staying the
   * record's; `after-first-line`: as such lines after the record's first line (a first line its readers look for);
   * or the game's own writer, for a notation that has its own place for tags.
   */
  readonly headers:
    | 'lead'
    | 'after-first-line'
    | ((exported: string, tags: readonly (readonly [name: string, value: string])[]) => string);
}

/**
 * The first key of `options` that a game's creator may not choose (it is not in the game's `lobbyOptions`), or
 * undefined when every key is one the lobby offers.
 */
export const notLobbyOption = (
  def: Pick<GameDefinition, 'lobbyOptions'>,
  options: Readonly<Record<string, unknown>>,
): string | undefined => Object.keys(options).find((k) => !def.lobbyOptions.includes(k));

/**
 * What a resignation, a flag fall or an agreed draw means in a two-seat
 * game: the game ends, the other seat wins (or both draw).
 */
export const twoSeatEventOutcome = (event: PlatformEvent): Result<Outcome> => {
  if (event.type === 'draw-agreed') return { ok: true, value: { reason: 'draw-agreed', results: ['draw', 'draw'] } };
  if (event.seat !== 0 && event.seat !== 1)
    return { ok: false, error: { code: 'bad-seat', reason: `there is no seat ${event.seat}` } };
  return {
    ok: true,
    value: {
      reason: event.type === 'resign' ? 'resignation' : 'timeout',
      results: event.seat === 0 ? ['loss', 'win'] : ['win', 'loss'],
    },
  };
};
