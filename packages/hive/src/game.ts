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
import { type Expansions, gameTypeString, parseGameType } from './gametype.js';
import { moveToUhp, parseUhpMove } from './notation.js';
import { PIECES, PIECES_PER_COLOR } from './pieces.js';
import { cellQ, cellR, type Move, movePiece, moveTo, PASS, Position } from './position.js';

export interface HiveOptions extends Expansions {
  /** No Queen on a player's first turn (default on, as UHP engines and the published perft tables have it). */
  readonly tournamentOpening: boolean;
  /** Threefold repetition of a position with the same player to move is a draw (default on, as hivegame.com plays). */
  readonly repetition: boolean;
  /** The Dutch Pillbug sheet's extra rule (default off). */
  readonly pillbugDutchRule: boolean;
  readonly seed?: number;
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
}

export class HiveGame implements Game<Move, HiveView & JsonObject> {
  readonly id = 'hive' as const;
  readonly seatCount = 2;
  readonly position: Position;
  private readonly records: string[] = [];
  private keys = new RepetitionCounter();
  private ended: Outcome | undefined;

  constructor(readonly options: HiveOptions) {
    this.position = new Position(options);
    this.keys.push(this.key());
  }

  get ply(): number {
    return this.position.ply;
  }

  get gameType(): string {
    return gameTypeString(this.options);
  }

  private key(): string {
    return `${this.position.hashHi()}:${this.position.hashLo()}`;
  }

  turn() {
    return this.outcome() ? ({ kind: 'over' } as const) : ({ kind: 'seat', seat: this.position.side } as const);
  }

  legalMoves(seat?: Seat): readonly Move[] {
    if (this.outcome() || (seat !== undefined && seat !== this.position.side)) return [];
    return this.position.generateMoves().slice();
  }

  play(move: Move, seat?: Seat): Result<void> {
    const outcome = this.outcome();
    if (outcome) return fail('game-over', `the game is over (${outcome.reason})`);
    if (seat !== undefined && seat !== this.position.side)
      return fail('not-your-turn', 'it is the other player’s turn');
    if (!this.position.generateMoves().includes(move)) return fail('illegal-move', this.whyIllegal(move));
    this.records.push(moveToUhp(this.position, move));
    this.position.makeMove(move);
    this.keys.push(this.key());
    return ok(undefined);
  }

  /** Names the rule a refused move breaks. */
  whyIllegal(move: Move): string {
    const p = this.position;
    const legal = p.generateMoves();
    if (move === PASS) return 'you may pass only when you have no legal move';
    if (legal.length === 1 && legal[0] === PASS) return 'you have no legal move: you must pass';
    const piece = movePiece(move);
    const info = PIECES[piece]!;
    const color = p.side;
    const turn = (p.ply >> 1) + 1;
    const queenPlaced = p.pos[color * PIECES_PER_COLOR]! >= 0;
    if (p.pos[piece]! < 0) {
      if (info.color !== color) return `${info.name} is not your tile`;
      if (info.bug === 'Q' && turn === 1 && this.options.tournamentOpening)
        return 'tournament opening: the Queen may not be placed on your first turn';
      if (turn === 4 && !queenPlaced && info.bug !== 'Q') return 'your Queen must be placed by your fourth turn';
      if (info.n > 1 && p.pos[piece - 1]! < 0) return `place ${PIECES[piece - 1]!.name} before ${info.name}`;
      if (p.height[moveTo(move)]! > 0) return 'a new tile is placed on an empty space';
      return 'a new tile must touch your own tiles and none of your opponent’s';
    }
    if (!queenPlaced) return 'no tile may move before its owner’s Queen is placed';
    if (info.color === color && p.pos[piece]! >= 0 && p.top[p.pos[piece]!] !== piece)
      return `${info.name} is pinned under another tile`;
    if (info.color !== color)
      return `${info.name} can be moved only by your Pillbug's ability, which does not allow this`;
    return `${info.name} cannot move there: it would split the hive, break freedom of movement, or is not how a ${info.bug === 'Q' ? 'Queen' : info.name.slice(1, 2)} moves`;
  }

  undo(): Result<void> {
    if (this.ended) {
      this.ended = undefined;
      return ok(undefined);
    }
    if (this.position.ply === 0) return fail('nothing-to-undo', 'no move has been played');
    this.position.unmakeMove();
    this.records.pop();
    this.keys.pop();
    return ok(undefined);
  }

  apply(event: PlatformEvent): Result<void> {
    if (this.outcome()) return fail('game-over', 'the game is over');
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
    if (!o) return this.position.ply === 0 ? 'NotStarted' : 'InProgress';
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

  moveToString(move: Move): string {
    return moveToUhp(this.position, move);
  }

  parseMove(text: string): Result<Move> {
    return parseUhpMove(this.position, text);
  }

  /** The UHP GameString. */
  positionToString(): string {
    return [this.gameType, this.state(), this.turnString(), ...this.records].join(';');
  }

  snapshot(): JsonObject {
    const { mosquito, ladybug, pillbug, tournamentOpening, repetition, pillbugDutchRule } = this.options;
    return {
      game: 'hive',
      options: { mosquito, ladybug, pillbug, tournamentOpening, repetition, pillbugDutchRule },
      moves: [...this.records],
      ended: (this.ended ?? null) as unknown as JsonObject,
    };
  }

  viewFor(_viewer: Viewer): HiveView & JsonObject {
    const p = this.position;
    const tiles: HiveTile[] = [];
    const hand: string[][] = [[], []];
    for (let id = 0; id < PIECES.length; id++) {
      if (!p.inPlay[id]) continue;
      const at = p.pos[id]!;
      if (at < 0) {
        hand[PIECES[id]!.color]!.push(PIECES[id]!.name);
        continue;
      }
      let level = 1;
      for (let under = p.below[id]!; under >= 0; under = p.below[under]!) level++;
      tiles.push({ piece: PIECES[id]!.name, q: cellQ(at), r: cellR(at), level });
    }
    const moves = this.legalMoves();
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
      legal: moves.map((m) => {
        if (m === PASS) return { uhp: 'pass', piece: '', from: null, to: { q: 0, r: 0 } };
        const piece = movePiece(m);
        const from = p.pos[piece]!;
        return {
          uhp: moveToUhp(p, m),
          piece: PIECES[piece]!.name,
          from: from < 0 ? null : { q: cellQ(from), r: cellR(from) },
          to: { q: cellQ(moveTo(m)), r: cellR(moveTo(m)) },
        };
      }),
    } as unknown as HiveView & JsonObject;
  }

  recordFor(_viewer: Viewer, ply: number): PlayRecord {
    return { ply, seat: ply % 2, notation: this.records[ply] ?? '' };
  }

  clone(): HiveGame {
    const g = new HiveGame(this.options);
    for (const r of this.records) {
      const m = g.parseMove(r);
      if (m.ok) g.play(m.value);
    }
    g.ended = this.ended;
    return g;
  }
}

export const DEFAULT_HIVE_OPTIONS: HiveOptions = {
  mosquito: false,
  ladybug: false,
  pillbug: false,
  tournamentOpening: true,
  repetition: true,
  pillbugDutchRule: false,
};

/** Builds a game from a UHP GameTypeString or a whole GameString. */
export const parseGameString = (text: string, base: Partial<HiveOptions> = {}): Result<HiveGame> => {
  const parts = text.trim().split(';');
  const type = parseGameType(parts[0] ?? '');
  if (!type.ok) return type;
  const game = new HiveGame({ ...DEFAULT_HIVE_OPTIONS, ...base, ...type.value });
  if (parts.length === 1) return ok(game);
  if (parts.length < 3) return fail('bad-game-string', 'a GameString is GameType;GameState;Turn;moves…');
  const states = ['NotStarted', 'InProgress', 'Draw', 'WhiteWins', 'BlackWins'];
  if (!states.includes(parts[1]!)) return fail('bad-game-string', `"${parts[1]}" is not a GameStateString`);
  if (!/^(White|Black)\[\d+\]$/.test(parts[2]!)) return fail('bad-game-string', `"${parts[2]}" is not a TurnString`);
  for (const [i, text] of parts.slice(3).entries()) {
    const m = game.parseMove(text);
    if (!m.ok) return fail('bad-game-string', `move ${i + 1}: ${m.error.reason}`);
    const played = game.play(m.value);
    if (!played.ok) return fail('bad-game-string', `move ${i + 1} (${text}): ${played.error.reason}`);
  }
  if (game.turnString() !== parts[2])
    return fail('bad-game-string', `the moves lead to ${game.turnString()}, not ${parts[2]}`);
  if (game.state() !== parts[1]) return fail('bad-game-string', `the moves lead to ${game.state()}, not ${parts[1]}`);
  return ok(game);
};
