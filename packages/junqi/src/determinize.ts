import { fail, type JsonObject, ok, type Result, type Rng, type Seat } from '@qiyuan/core';
import { boardFor } from './board.js';
import { type JunqiOptions, parseOptions } from './options.js';
import {
  BOMB,
  backRowsOnly,
  FLAG,
  isImmobile,
  RANK_COUNT,
  type Rank,
  rankFromLetter,
  SPECIALS_POOL,
  STANDARD_ARMY,
} from './piece.js';
import { type PieceState, Position, type Rules } from './position.js';

/**
 * Information sets for the AI. A seat's view (`JunqiGame.viewFor(seat)`)
 * names every piece by id and point, and gives a rank only where the seat may
 * know it. `knownRanks` reads those; `hiddenPieces` lists the rest;
 * `sampleAssignment` draws ranks (and, in 翻棋, colours) for them that fit
 * everything public; `determinize` builds the full-information `Position` a
 * search can play on.
 */

interface ViewPiece {
  id: number;
  point: number;
  army: number | null;
  rank: string | null;
  moved: boolean;
  origin: number;
  faceDown?: boolean;
}

interface JunqiView {
  players: 2 | 3 | 4;
  mode: string;
  variant: string;
  teams: string;
  phase: string;
  viewer: Seat | 'spectator';
  pieces?: ViewPiece[];
  dead?: { id: number; army: number; rank: string | null }[];
  armyOfSeat?: number[];
  out?: boolean[];
  toMove?: number;
  noCapture?: number;
  plies?: number;
  flagsRevealed?: number[];
  landlord?: number;
  target?: number;
  limits: { noCapture: number; moves: number; chase: number };
}

/** A hidden piece's drawn identity. */
export interface Hidden {
  readonly army: number;
  readonly rank: Rank;
}

const asView = (view: JsonObject): JunqiView => view as unknown as JunqiView;

/** The ranks the view shows, by piece id (the seat's certain knowledge). */
export const knownRanks = (view: JsonObject): Map<number, Rank> => {
  const v = asView(view);
  const out = new Map<number, Rank>();
  for (const p of [...(v.pieces ?? []), ...(v.dead ?? [])]) {
    if (p.rank !== null) out.set(p.id, rankFromLetter(p.rank)!);
  }
  return out;
};

/** Ids of the pieces on the board whose rank (or, face down, colour) the view does not give. */
export const hiddenPieces = (view: JsonObject): number[] =>
  (asView(view).pieces ?? []).filter((p) => p.rank === null).map((p) => p.id);

/** The pieces an army may hold, as counts per rank (三打一: everything it could have been dealt). */
const composition = (v: JunqiView, army: number): number[] => {
  if (v.variant !== 'landlord') return [...STANDARD_ARMY];
  const c = STANDARD_ARMY.map((n, r) => (r === FLAG ? 1 : n * 4));
  if (army === v.landlord) for (const r of SPECIALS_POOL) c[r]!++;
  return c;
};

/**
 * Draws an identity for every hidden piece that fits what is public: counts
 * per army minus what is known, flags only on unmoved headquarters pieces,
 * mines and other immobile pieces never on a piece that moved, mines only from
 * the back two rows and bombs never from the front row (暗棋 setups). Tries a
 * few times to meet every constraint, then relaxes the placement rules.
 */
export const sampleAssignment = (view: JsonObject, rng: Rng): Map<number, Hidden> => {
  const v = asView(view);
  const board = boardFor(v.players);
  const out = new Map<number, Hidden>();
  const pieces = v.pieces ?? [];
  if (v.mode === 'flip') {
    // Face-down pieces: colour and rank both unknown; the bag is both armies less everything seen.
    const bag: Hidden[] = [];
    for (let army = 0; army < 2; army++) {
      const c = [...STANDARD_ARMY];
      for (const p of [...pieces, ...(v.dead ?? [])])
        if (p.army === army && p.rank !== null) c[rankFromLetter(p.rank)!]!--;
      c.forEach((n, rank) => {
        for (let i = 0; i < n; i++) bag.push({ army, rank });
      });
    }
    rng.shuffle(bag);
    pieces
      .filter((p) => p.rank === null)
      .forEach((p, i) => {
        out.set(p.id, bag[i] ?? { army: 0, rank: 3 });
      });
    return out;
  }
  const armies = new Set(pieces.filter((p) => p.rank === null).map((p) => p.army!));
  for (const army of armies) {
    const hidden = pieces.filter((p) => p.army === army && p.rank === null);
    const pool = composition(v, army);
    for (const p of [...pieces, ...(v.dead ?? [])]) {
      if (p.army === army && p.rank !== null)
        pool[rankFromLetter(p.rank)!] = Math.max(0, pool[rankFromLetter(p.rank)!]! - 1);
    }
    const flagShown = pieces.some((p) => p.army === army && p.rank === 'F');
    const fits = (p: ViewPiece, rank: Rank, strict: boolean): boolean => {
      if (isImmobile(rank) && p.moved) return false;
      if (rank === FLAG) return board.points[p.point]!.kind === 'hq';
      if (!strict) return true;
      const row = board.points[p.origin]?.row ?? 0;
      if (backRowsOnly(rank) && row > 2) return false;
      if (rank === BOMB && row === 6) return false;
      return true;
    };
    for (let attempt = 0; attempt < 40; attempt++) {
      const strict = attempt < 30;
      const left = [...pool];
      const order = rng.shuffle([...hidden]);
      const draw = new Map<number, Hidden>();
      let okAll = true;
      if (!flagShown && left[FLAG]! > 0) {
        const spots = order.filter((p) => fits(p, FLAG, strict));
        if (spots.length > 0) {
          const f = rng.pick(spots);
          draw.set(f.id, { army, rank: FLAG });
          left[FLAG]!--;
        }
      }
      left[FLAG] = 0;
      for (const p of order) {
        if (draw.has(p.id)) continue;
        const choices: Rank[] = [];
        left.forEach((n, rank) => {
          if (n > 0 && fits(p, rank, strict)) for (let i = 0; i < n; i++) choices.push(rank);
        });
        if (choices.length === 0) {
          okAll = false;
          break;
        }
        const rank = rng.pick(choices);
        left[rank]!--;
        draw.set(p.id, { army, rank });
      }
      if (okAll || attempt === 39) {
        for (const p of order) out.set(p.id, draw.get(p.id) ?? { army, rank: 4 });
        break;
      }
    }
  }
  return out;
};

/**
 * The full-information position a seat's view describes once `assignment`
 * names every hidden piece (`hiddenPieces`). The search can then play it with
 * `generateMoves`/`makeMove`/`unmakeMove`. Chase counts start afresh.
 */
export const determinize = (view: JsonObject, assignment: ReadonlyMap<number, Hidden>): Result<Position> => {
  const v = asView(view);
  if (v.phase !== 'play' || !v.pieces || !v.armyOfSeat)
    return fail('not-playing', 'a determinization needs the play phase');
  const parsed = parseOptions({
    players: String(v.players),
    mode: v.mode,
    variant: v.variant,
    ...(v.players === 4 ? { teams: v.teams } : {}),
  });
  if (!parsed.ok) return parsed;
  const o: JunqiOptions = parsed.value;
  const pieces: PieceState[] = [];
  for (const p of v.pieces) {
    const drawn = assignment.get(p.id);
    const rank = p.rank !== null ? rankFromLetter(p.rank) : drawn?.rank;
    const army = p.army ?? drawn?.army;
    if (rank === undefined || army === undefined || rank < 0 || rank >= RANK_COUNT) {
      return fail('incomplete-assignment', `piece ${p.id} on point ${p.point} has no rank`);
    }
    pieces.push({ point: p.point, army, rank, faceDown: p.faceDown === true, id: p.id });
  }
  const seats = v.players;
  const landlord = v.variant === 'landlord' ? (v.landlord ?? -1) : -1;
  const rules: Rules = {
    board: boardFor(seats),
    seats,
    mode: o.mode,
    armyOfSeat: v.armyOfSeat,
    teamOfSeat:
      seats === 2
        ? [0, 1]
        : landlord >= 0
          ? [0, 1, 2, 3].map((s) => (s === landlord ? 0 : 1))
          : seats === 3 || v.teams === 'ffa'
            ? Array.from({ length: seats }, (_, s) => s)
            : [0, 1, 0, 1],
    landlord,
    target: v.target ?? 0,
    firstSeat: v.toMove ?? 0,
    noCaptureLimit: v.limits.noCapture,
    moveLimit: v.limits.moves,
    chaseLimit: v.limits.chase,
  };
  const pos = new Position(rules, pieces);
  pos.restore({
    toMove: v.toMove ?? 0,
    out: v.out ?? [],
    noCapture: v.noCapture ?? 0,
    plies: v.plies ?? 0,
    flagRevealed: (v.flagsRevealed ?? []).reduce((m, a) => m | (1 << a), 0),
    moved: v.pieces.filter((p) => p.moved).map((p) => p.id),
  });
  return ok(pos);
};
