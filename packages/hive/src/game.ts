import {
  fail,
  type Game,
  type JsonObject,
  type Outcome,
  ok,
  type PlatformEvent,
  type PlayRecord,
  RepetitionCounter,
  type Result,
  type Seat,
  twoSeatEventOutcome,
  type Viewer,
} from '@qiyuan/core';
import {
  type Expansions,
  flipsToString,
  type GameType,
  gameTypeString,
  parseFlips,
  parseGameType,
} from './gametype.js';
import { moveToUhp, parseUhpMove } from './notation.js';
import { DEFAULT_HIVE_OPTIONS } from './options.js';
import { BUG_COUNTS, BUG_NAMES, type Flips, FRONT_OF, PIECES_PER_COLOR, REVERSE_BUGS } from './pieces.js';
import { cellQ, cellR, type Move, moveKind, movePiece, moveTo, PASS, Position } from './position.js';

/**
 * A roster move of the advanced game's roster phase: `-(1 + code)`, the code
 * a mixed-radix number of how many tiles of each kind show their reverse side
 * (R T F W D K C, radix = tiles of that kind + 1).
 */
const RADIX = REVERSE_BUGS.map((b) => BUG_COUNTS[FRONT_OF[b]] + 1);

export const rosterMove = (f: Flips): Move => {
  let code = 0;
  for (let i = REVERSE_BUGS.length - 1; i >= 0; i--) code = code * RADIX[i]! + (f[REVERSE_BUGS[i]!] ?? 0);
  return -(1 + code);
};

export const isRosterMove = (m: Move): boolean => m < 0;

export const rosterOfMove = (m: Move): Flips => {
  let code = -m - 1;
  const f: Partial<Record<(typeof REVERSE_BUGS)[number], number>> = {};
  for (let i = 0; i < REVERSE_BUGS.length; i++) {
    const n = code % RADIX[i]!;
    code = Math.floor(code / RADIX[i]!);
    if (n > 0) f[REVERSE_BUGS[i]!] = n;
  }
  return f;
};

export interface HiveOptions extends Expansions, Partial<Pick<GameType, 'flips' | 'rosterPhase'>> {
  /** No Queen on a player's first turn (default on, as UHP engines and the published perft tables have it). */
  readonly tournamentOpening: boolean;
  /** Threefold repetition of a position with the same player to move is a draw (default on, as hivegame.com plays). */
  readonly repetition: boolean;
  /** The Dutch Pillbug sheet's extra rule (default off). */
  readonly pillbugDutchRule: boolean;
  readonly seed?: number | string;
  readonly players?: number;
}

export interface HiveTile {
  readonly piece: string;
  readonly q: number;
  readonly r: number;
  /** 1 on the ground, 2 on top of one tile, … */
  readonly level: number;
}

export interface HiveMoveView {
  readonly uhp: string;
  readonly piece: string;
  /** null for a placement */
  readonly from: { readonly q: number; readonly r: number } | null;
  readonly to: { readonly q: number; readonly r: number };
  /** The two-tile moves of the further pieces: what happens, and the second tile it displaces. */
  readonly kind?: 'grab' | 'swap' | 'carry';
  readonly other?: string;
}

export interface HiveView {
  readonly [key: string]: unknown;
  readonly gameType: string;
  readonly state: string;
  readonly turn: string;
  readonly tiles: readonly HiveTile[];
  readonly hand: readonly (readonly string[])[];
  readonly side: number;
  readonly ply: number;
  readonly lastMove: string | null;
  readonly mustPass: boolean;
  readonly legal: readonly HiveMoveView[];
  /** The advanced game's roster phase (null in a game without one). */
  readonly roster: HiveRosterView | null;
}

/** The roster phase as a viewer sees it: who has chosen, and their own choice. */
export interface HiveRosterView {
  readonly chosen: readonly boolean[];
  /** The viewer's own roster (its flips, `-` for none), null when it has not chosen or is a spectator. */
  readonly own: string | null;
}

export class HiveGame implements Game<Move, HiveView & JsonObject> {
  readonly id = 'hive' as const;
  readonly seatCount = 2;
  /** The board; replaced once, when the roster phase ends (before that, the classic roster stands in). */
  position: Position;
  private readonly records: string[] = [];
  private keys = new RepetitionCounter();
  private ended: Outcome | undefined;
  /** The roster phase: each seat's choice (undefined until made), and the seats in the order they chose. */
  private readonly rosters: (Flips | undefined)[] | undefined;
  private readonly rosterOrder: number[] = [];
  /** The ply the game starts from: above 0 for a position set up by hand (setup.ts). */
  private readonly startPly: number;

  /** `setup`: a position set up by hand and its setup notation, which the GameString starts with (setup.ts). */
  constructor(
    readonly options: HiveOptions,
    readonly setup?: { readonly position: Position; readonly notation: string },
  ) {
    this.position = setup ? setup.position.clone() : new Position(options);
    this.startPly = this.position.ply;
    if (options.rosterPhase) this.rosters = [undefined, undefined];
    this.keys.push(this.key());
  }

  /** Whether the game is still in its roster phase (some seat has not chosen). */
  get inRosterPhase(): boolean {
    return this.rosters?.some((r) => r === undefined) ?? false;
  }

  get ply(): number {
    return this.rosterOrder.length + this.position.ply - this.startPly;
  }

  /** The GameTypeString: `Base+MLP:?` during the roster phase, the rosters as chosen after it. */
  get gameType(): string {
    if (this.inRosterPhase) return gameTypeString({ ...this.options, rosterPhase: true });
    return gameTypeString({ ...this.options, flips: this.position.roster.flips, rosterPhase: false });
  }

  private key(): string {
    return `${this.position.hashHi()}:${this.position.hashLo()}`;
  }

  /** Seats that still owe their roster. */
  private owing(): number[] {
    return this.rosters ? [0, 1].filter((s) => this.rosters![s] === undefined) : [];
  }

  turn() {
    if (this.outcome()) return { kind: 'over' } as const;
    if (this.inRosterPhase) return { kind: 'simultaneous', seats: this.owing() } as const;
    return { kind: 'seat', seat: this.position.side } as const;
  }

  /** Every roster the game type allows (reverse sides of absent expansions excluded). */
  rosterChoices(): readonly Move[] {
    const maxima = REVERSE_BUGS.map((b) => {
      const front = FRONT_OF[b];
      if ((front === 'M' && !this.options.mosquito) || (front === 'L' && !this.options.ladybug)) return 0;
      if (front === 'P' && !this.options.pillbug) return 0;
      return BUG_COUNTS[front];
    });
    const out: Move[] = [];
    const walk = (i: number, f: Partial<Record<(typeof REVERSE_BUGS)[number], number>>): void => {
      if (i === REVERSE_BUGS.length) {
        out.push(rosterMove(f));
        return;
      }
      for (let n = 0; n <= maxima[i]!; n++) walk(i + 1, n ? { ...f, [REVERSE_BUGS[i]!]: n } : f);
    };
    walk(0, {});
    return out;
  }

  legalMoves(seat?: Seat): readonly Move[] {
    if (this.outcome()) return [];
    if (this.inRosterPhase) {
      const s = seat ?? this.owing()[0]!;
      return this.rosters![s] === undefined ? this.rosterChoices() : [];
    }
    if (seat !== undefined && seat !== this.position.side) return [];
    return this.position.generateMoves().slice();
  }

  play(move: Move, seat?: Seat): Result<void> {
    const outcome = this.outcome();
    if (outcome) return fail('game-over', `the game is over (${outcome.reason})`);
    if (this.inRosterPhase) {
      if (!isRosterMove(move))
        return fail('roster-phase', 'each player chooses a roster before the first tile is placed');
      const s = seat ?? this.owing()[0]!;
      if (s !== 0 && s !== 1) return fail('bad-seat', `there is no seat ${s}`);
      if (this.rosters![s] !== undefined) return fail('not-your-turn', 'you have already chosen your roster');
      if (!this.rosterChoices().includes(move))
        return fail('illegal-move', 'that roster is not offered in this game type');
      this.chooseRoster(s, rosterOfMove(move));
      return ok(undefined);
    }
    if (isRosterMove(move)) return fail('illegal-move', 'the rosters are already fixed');
    if (seat !== undefined && seat !== this.position.side)
      return fail('not-your-turn', 'it is the other player’s turn');
    if (!this.position.generateMoves().includes(move)) return fail('illegal-move', this.whyIllegal(move));
    this.records.push(moveToUhp(this.position, move));
    this.position.makeMove(move);
    this.keys.push(this.key());
    return ok(undefined);
  }

  private chooseRoster(seat: number, flips: Flips): void {
    this.rosters![seat] = flips;
    this.rosterOrder.push(seat);
    if (!this.inRosterPhase) this.resetBoard([this.rosters![0]!, this.rosters![1]!]);
  }

  private resetBoard(flips: readonly [Flips, Flips]): void {
    this.position = new Position({ ...this.options, flips });
    this.keys = new RepetitionCounter();
    this.keys.push(this.key());
  }

  /** Names the rule a refused move breaks. */
  whyIllegal(move: Move): string {
    const p = this.position;
    const legal = p.generateMoves();
    if (move === PASS) return 'you may pass only when you have no legal move';
    if (legal.length === 1 && legal[0] === PASS) return 'you have no legal move: you must pass';
    const piece = movePiece(move);
    const info = p.roster.pieces[piece]!;
    const color = p.side;
    const turn = (p.ply >> 1) + 1;
    const queenPlaced = p.pos[color * PIECES_PER_COLOR]! >= 0;
    const kind = moveKind(move);
    if (p.pos[piece]! < 0) {
      if (kind !== 0) return `${info.name} is not on the board`;
      if (info.color !== color) return `${info.name} is not your tile`;
      if (info.bug === 'Q' && turn === 1 && this.options.tournamentOpening)
        return 'tournament opening: the Queen may not be placed on your first turn';
      if (turn === 4 && !queenPlaced && info.bug !== 'Q') return 'your Queen must be placed by your fourth turn';
      if (info.n > 1 && p.pos[piece - 1]! < 0 && p.bug[piece - 1] === p.bug[piece])
        return `place ${p.nameOf(piece - 1)} before ${info.name}`;
      if (p.height[moveTo(move)]! > 0) return 'a new tile is placed on an empty space';
      return 'a new tile must touch your own tiles and none of your opponent’s';
    }
    if (!queenPlaced) return 'no tile may move before its owner’s Queen is placed';
    if (info.color === color && p.pos[piece]! >= 0 && p.top[p.pos[piece]!] !== piece)
      return `${info.name} is pinned under another tile`;
    if (info.color !== color)
      return `${info.name} can be moved only by your Pillbug's ability, which does not allow this`;
    if (kind === 1)
      return `${info.name} cannot grab that tile: only a Mantis on the ground grabs a lone neighbour (no Scorpion, not the tile just moved) through a shared empty space, without splitting the hive`;
    if (kind === 2)
      return `${info.name} cannot swap with that tile: only a Centipede on the ground swaps with a lone neighbour (no Scorpion, Centipede or Pillbug, not the tile just moved) through a shared empty space`;
    const scorpion = p.top[moveTo(move)]! >= 0 && p.bug[p.top[moveTo(move)]!] === 8;
    if (scorpion) return 'no tile may climb onto a Scorpion';
    return `${info.name} cannot move there: it would split the hive, break freedom of movement, or is not how a ${BUG_NAMES[info.bug]} moves`;
  }

  undo(): Result<void> {
    if (this.ended) {
      this.ended = undefined;
      return ok(undefined);
    }
    if (this.position.ply === this.startPly) {
      const seat = this.rosterOrder.pop();
      if (seat === undefined) return fail('nothing-to-undo', 'no move has been played');
      const complete = !this.inRosterPhase;
      this.rosters![seat] = undefined;
      if (complete) this.resetBoard([{}, {}]);
      return ok(undefined);
    }
    this.position.unmakeMove();
    this.records.pop();
    this.keys.pop();
    return ok(undefined);
  }

  apply(event: PlatformEvent): Result<void> {
    if (this.outcome()) return fail('game-over', 'the game is over');
    // Out of time in the roster phase: the seat plays the classic roster (every tile on its front).
    if (event.type === 'timeout' && this.inRosterPhase && this.rosters![event.seat] === undefined) {
      this.chooseRoster(event.seat, {});
      return ok(undefined);
    }
    const ended = twoSeatEventOutcome(event);
    if (!ended.ok) return ended;
    this.ended = ended.value;
    return ok(undefined);
  }

  outcome(): Outcome | undefined {
    if (this.ended) return this.ended;
    const decided = this.position.outcome();
    if (decided) return decided;
    if (this.options.repetition) {
      if (this.keys.current() >= 3) return { reason: 'threefold-repetition', results: ['draw', 'draw'] };
    }
    return undefined;
  }

  /** UHP GameStateString. */
  state(): string {
    const o = this.outcome();
    if (!o) return this.position.ply === 0 && !this.setup ? 'NotStarted' : 'InProgress';
    if (o.results[0] === 'draw') return 'Draw';
    return o.results[0] === 'win' ? 'WhiteWins' : 'BlackWins';
  }

  /** UHP TurnString. */
  turnString(): string {
    return `${this.position.side === 0 ? 'White' : 'Black'}[${(this.position.ply >> 1) + 1}]`;
  }

  moveStrings(): readonly string[] {
    return this.records;
  }

  /** `roster <flips>` (`roster -` for the classic roster) in the roster phase, else a UHP MoveString. */
  moveToString(move: Move): string {
    if (isRosterMove(move)) return `roster ${flipsToString(rosterOfMove(move)) || '-'}`;
    return moveToUhp(this.position, move);
  }

  parseMove(text: string, _seat?: Seat): Result<Move> {
    const roster = /^roster(?:\s+(\S*))?$/.exec(text.trim());
    if (roster) {
      const flips = roster[1] === undefined || roster[1] === '-' ? ok({}) : parseFlips(roster[1], this.options);
      if (!flips.ok) return flips;
      return ok(rosterMove(flips.value));
    }
    if (this.inRosterPhase)
      return fail(
        'roster-phase',
        'choose a roster first: roster <reverse sides>, e.g. roster T1F2W, or roster - for none',
      );
    return parseUhpMove(this.position, text);
  }

  /** The UHP GameString (with the extended GameTypeString when reverse sides are in play). */
  positionToString(): string {
    if (this.setup) return [this.setup.notation, ...this.records].join(';');
    return [this.gameType, this.state(), this.turnString(), ...this.records].join(';');
  }

  snapshot(): JsonObject {
    const { tournamentOpening, repetition, pillbugDutchRule } = this.options;
    return {
      game: 'hive',
      options: {
        variant: gameTypeString(this.options),
        mosquito: this.options.mosquito,
        ladybug: this.options.ladybug,
        pillbug: this.options.pillbug,
        tournamentOpening,
        repetition,
        pillbugDutchRule,
      },
      rosters: this.rosterOrder.map((seat) => ({ seat, flips: flipsToString(this.rosters![seat]!) })),
      ...(this.setup ? { setup: this.setup.notation } : {}),
      moves: [...this.records],
      ended: (this.ended ?? null) as unknown as JsonObject,
    };
  }

  /** Whether `viewer` may see `seat`'s roster choice: its own, or everyone's once both have chosen (blind choice). */
  private rosterVisible(viewer: Viewer, seat: number): boolean {
    return viewer === seat || !this.inRosterPhase;
  }

  /** The same for every viewer unless the game has a roster choice, whose view names the viewer's own roster. */
  viewIsShared(): boolean {
    return this.rosters === undefined;
  }

  viewFor(viewer: Viewer): HiveView & JsonObject {
    const p = this.position;
    const phase = this.inRosterPhase;
    const tiles: HiveTile[] = [];
    const hand: string[][] = [[], []];
    if (!phase) {
      for (let id = 0; id < p.roster.pieces.length; id++) {
        if (!p.inPlay[id]) continue;
        const at = p.pos[id]!;
        const info = p.roster.pieces[id]!;
        if (at < 0) {
          hand[info.color]!.push(info.name);
          continue;
        }
        let level = 1;
        for (let under = p.below[id]!; under >= 0; under = p.below[under]!) level++;
        tiles.push({ piece: info.name, q: cellQ(at), r: cellR(at), level });
      }
    }
    const moves = phase ? [] : this.legalMoves();
    const roster: HiveRosterView | null = this.rosters
      ? {
          chosen: this.rosters.map((r) => r !== undefined),
          own:
            typeof viewer === 'number' && this.rosters[viewer] !== undefined
              ? flipsToString(this.rosters[viewer]!) || '-'
              : null,
        }
      : null;
    return {
      gameType: this.gameType,
      state: this.state(),
      turn: this.turnString(),
      tiles,
      hand,
      side: p.side,
      ply: p.ply,
      lastMove: this.records.at(-1) ?? null,
      mustPass: moves.length === 1 && moves[0] === PASS,
      roster,
      legal: moves.map((m) => {
        if (m === PASS) return { uhp: 'pass', piece: '', from: null, to: { q: 0, r: 0 } };
        const piece = movePiece(m);
        const from = p.pos[piece]!;
        const kind = moveKind(m);
        const other = p.otherOf(m);
        const to = moveTo(m);
        return {
          uhp: moveToUhp(p, m),
          piece: p.nameOf(piece),
          from: from < 0 ? null : { q: cellQ(from), r: cellR(from) },
          // For a grab or a swap `to` is the tile taken (the Mantis stays; the Centipede goes there).
          to: { q: cellQ(to), r: cellR(to) },
          ...(other >= 0 ? { other: p.nameOf(other), kind: kind === 1 ? 'grab' : kind === 2 ? 'swap' : 'carry' } : {}),
        };
      }),
    } as unknown as HiveView & JsonObject;
  }

  recordFor(viewer: Viewer, ply: number): PlayRecord {
    const choices = this.rosterOrder.length;
    if (ply < choices) {
      const seat = this.rosterOrder[ply]!;
      const notation = this.rosterVisible(viewer, seat)
        ? `roster ${flipsToString(this.rosters![seat]!) || '-'}`
        : 'roster ?';
      return { ply, seat, notation };
    }
    return { ply, seat: (ply - choices) % 2, notation: this.records[ply - choices] ?? '' };
  }

  /**
   * A move on the board is every ply after the roster choices: a placement, a movement, or a pass the position forces
   * (UHP records it as the turn's move). A resignation or a timeout is no ply at all.
   */
  isBoardMove(ply: number): boolean {
    return ply >= this.rosterOrder.length && ply < this.ply;
  }

  /** Every record but a roster choice (shown or chosen blind) is a move on the board. */
  isBoardRecord(record: PlayRecord): boolean {
    return !record.notation.startsWith('roster ');
  }

  clone(): HiveGame {
    const g = new HiveGame(this.options, this.setup);
    for (const seat of this.rosterOrder) g.chooseRoster(seat, this.rosters![seat]!);
    for (const r of this.records) {
      const m = g.parseMove(r);
      if (m.ok) g.play(m.value);
    }
    g.ended = this.ended;
    return g;
  }
}

export { DEFAULT_HIVE_OPTIONS } from './options.js';

/** Builds a game from a UHP GameTypeString or a whole GameString. */
export const parseGameString = (text: string, base: Partial<HiveOptions> = {}): Result<HiveGame> => {
  const parts = text.trim().split(';');
  const type = parseGameType(parts[0] ?? '');
  if (!type.ok) return type;
  const game = new HiveGame({ ...DEFAULT_HIVE_OPTIONS, ...base, ...type.value });
  if (parts.length === 1) return ok(game);
  if (parts.length < 3) return fail('bad-game-string', 'a GameString is GameType;GameState;Turn;moves…');
  if (type.value.rosterPhase && parts.length > 3)
    return fail('bad-game-string', 'a game whose rosters are still to be chosen (:?) has no moves yet');
  const states = ['NotStarted', 'InProgress', 'Draw', 'WhiteWins', 'BlackWins'];
  if (!states.includes(parts[1]!)) return fail('bad-game-string', `"${parts[1]}" is not a GameStateString`);
  if (!/^(White|Black)\[\d+\]$/.test(parts[2]!)) return fail('bad-game-string', `"${parts[2]}" is not a TurnString`);
  // a move that cannot be played and moves that lead elsewhere have codes of their own: a page words each one
  for (const [i, text] of parts.slice(3).entries()) {
    const m = game.parseMove(text);
    if (!m.ok) return fail('game-string-move', `move ${i + 1}: ${m.error.reason}`);
    const played = game.play(m.value);
    if (!played.ok) return fail('game-string-move', `move ${i + 1} (${text}): ${played.error.reason}`);
  }
  if (game.turnString() !== parts[2])
    return fail('game-string-mismatch', `the moves lead to ${game.turnString()}, not ${parts[2]}`);
  if (game.state() !== parts[1])
    return fail('game-string-mismatch', `the moves lead to ${game.state()}, not ${parts[1]}`);
  return ok(game);
};
