import type { JsonObject, PlayRecord, Seat } from '@qiyuan/core';
import {
  BOMB,
  type Board,
  boardFor,
  COMBAT_TABLE,
  type CombatResult,
  FLAG,
  FORTRESS,
  GENERAL,
  isImmobile,
  MINE,
  PLATOON,
  parseMoveText,
  RANK_COUNT,
  type Rank,
  rankFromLetter,
  SPECIALS_POOL,
  STANDARD_ARMY,
} from '@qiyuan/junqi';

/**
 * Belief tracking for one seat, from its view and its records only: for every
 * enemy piece whose rank the seat does not see, the set of ranks it may still
 * be (a bit mask over ranks), narrowed by
 * - the setup rules: the flag stands in a headquarters, mines (and the
 *   fortress) in the back two rows, no bomb in the front row;
 * - what it did: a piece that moved is no flag, mine or fortress;
 * - every combat it was in where the other side's rank is known to the seat:
 *   only the ranks that give the announced result remain;
 * - what a combat did not announce: a captured flag is always shown, so a
 *   piece whose rank the record keeps hidden is no flag; a dying 司令 shows its
 *   army's flag (暗棋, not 三打一's landlord), so the piece that died when a
 *   flag came up was the 司令, and one that died without it was not;
 * - counting: once every piece of a rank an army holds is accounted for (seen,
 *   or known dead), no other piece of that army is of that rank (the flag that
 *   a dead 司令 showed is the army's only flag).
 * Pieces that died unseen are tracked too (as tokens without an id), so the
 * counts per rank stay right when worlds are sampled.
 */

export const ALL_RANKS = (1 << RANK_COUNT) - 1;
export const IMMOBILE_MASK = (1 << FLAG) | (1 << MINE) | (1 << FORTRESS);

/** One enemy piece as the seat knows it. */
export interface Token {
  /** The piece id (stable in the engine), or -1 for a piece first seen in the record that has since died. */
  readonly id: number;
  army: number;
  /** Ranks it may be (bit r set: rank r possible). A known rank is a single bit. */
  mask: number;
  known: boolean;
  alive: boolean;
  point: number;
  origin: number;
  moved: boolean;
  /** How many times it has moved (every move is seen by all): a piece that keeps coming is seldom a small one. */
  moves: number;
  /** It has been in a combat (its enemy learned something of its rank there). */
  fought: boolean;
}

export interface Beliefs {
  readonly board: Board;
  /** Every piece of every army (own pieces included, with their known ranks). */
  readonly tokens: Token[];
  /** The seat whose beliefs these are. */
  readonly seat: Seat;
}

interface View {
  players: 2 | 3 | 4;
  mode: string;
  variant: string;
  phase: string;
  armyOfSeat?: number[];
  landlord?: number;
  flagsRevealed?: number[];
  pieces?: { id: number; point: number; army: number | null; rank: string | null; moved: boolean; origin: number }[];
  dead?: { id: number; army: number; rank: string | null }[];
}

/** The army of 三打一's landlord, or -1. */
const landlordArmyOf = (v: View): number =>
  v.variant === 'landlord' && v.landlord !== undefined && v.landlord >= 0 && v.armyOfSeat
    ? (v.armyOfSeat[v.landlord] ?? -1)
    : -1;

/**
 * The pieces an army may hold, as counts per rank (三打一: at most everything it could have been dealt from the four
 * armies' pool, the specials for the landlord and five more 排长 for a farmer).
 */
export const composition = (view: JsonObject, army: number): number[] => {
  const v = view as unknown as View;
  if (v.variant !== 'landlord') return [...STANDARD_ARMY];
  const c = STANDARD_ARMY.map((n, r) => (r === FLAG ? 1 : n * 4));
  if (army === landlordArmyOf(v)) for (const r of SPECIALS_POOL) c[r]!++;
  else c[PLATOON]! += FARMER_PLATOONS;
  return c;
};

/** 三打一 ruling L4: each farmer adds five 排长 to its hand. */
const FARMER_PLATOONS = 5;

/** The ranks an army may hold at all (三打一's specials only in the landlord's army). */
const ranksOf = (view: JsonObject, army: number): number => {
  if (army < 0) return ALL_RANKS;
  let m = 0;
  composition(view, army).forEach((n, r) => {
    if (n > 0) m |= 1 << r;
  });
  return m;
};

/** The mask the setup rules allow on a starting point. */
export const placementMask = (board: Board, origin: number): number => {
  const p = board.points[origin];
  if (!p) return ALL_RANKS;
  let mask = ALL_RANKS;
  if (p.kind !== 'hq') mask &= ~(1 << FLAG);
  if (p.row > 2) mask &= ~((1 << MINE) | (1 << FORTRESS));
  if (p.row === 6) mask &= ~(1 << BOMB);
  return mask;
};

/** The defender ranks that give `result` against a known attacker (and the converse). */
const defendersGiving = (attacker: Rank, result: CombatResult): number => {
  let m = 0;
  for (let d = 0; d < RANK_COUNT; d++) if (COMBAT_TABLE[attacker * RANK_COUNT + d] === result) m |= 1 << d;
  return m;
};
const attackersGiving = (defender: Rank, result: CombatResult): number => {
  let m = 0;
  for (let a = 0; a < RANK_COUNT; a++) if (COMBAT_TABLE[a * RANK_COUNT + defender] === result) m |= 1 << a;
  return m;
};

export const popcount = (m: number): number => {
  let n = 0;
  for (let x = m; x; x &= x - 1) n++;
  return n;
};

/**
 * Replays the seat's records over its view. Never reads anything else: the
 * inputs are exactly what `viewFor(seat)` and `recordFor(seat, ply)` give.
 */
export const trackBeliefs = (view: JsonObject, records: readonly PlayRecord[], seat: Seat): Beliefs => {
  const v = view as unknown as View;
  const board = boardFor(v.players);
  const tokens: Token[] = [];
  const at = new Map<number, Token>();
  const startMask = (army: number, origin: number) => placementMask(board, origin) & ranksOf(view, army);
  for (const p of v.pieces ?? []) {
    const rank = p.rank !== null ? rankFromLetter(p.rank) : undefined;
    const army = p.army ?? -1;
    const token: Token = {
      id: p.id,
      army,
      mask: rank !== undefined ? 1 << rank : startMask(army, p.origin),
      known: rank !== undefined,
      alive: true,
      point: p.origin,
      origin: p.origin,
      moved: false,
      moves: 0,
      fought: false,
    };
    tokens.push(token);
    at.set(p.origin, token);
  }
  const armyOfSeat = v.armyOfSeat ?? [];
  const unseen = (army: number, point: number): Token => {
    const token: Token = {
      id: -1,
      army,
      mask: startMask(army, point),
      known: false,
      alive: true,
      point,
      origin: point,
      moved: false,
      moves: 0,
      fought: false,
    };
    tokens.push(token);
    return token;
  };
  const defenderArmy = (point: number, attacker: number): number => {
    // A piece never seen to move still stands in its own half (2 players: the other army).
    if (v.players === 2) return 1 - attacker;
    const owner = board.points[point]?.army;
    return owner !== null && owner !== undefined && owner !== attacker ? owner : -1;
  };
  // 暗棋: a dying 司令 shows its army's flag, once, unless that flag is already shown (三打一's farmers from the start)
  // or never shown (三打一's landlord).
  const landlordArmy = landlordArmyOf(v);
  let flagShown = 0;
  if (landlordArmy >= 0) for (const a of armyOfSeat) if (a !== landlordArmy) flagShown |= 1 << a;
  const learnFromGeneral = (dead: Token, shown: readonly number[]) => {
    if (dead.known || dead.army < 0 || dead.army === landlordArmy || (flagShown >> dead.army) & 1) return;
    dead.mask = shown.includes(dead.army) ? dead.mask & (1 << GENERAL) : dead.mask & ~(1 << GENERAL);
  };
  if (v.phase === 'play' && v.mode !== 'flip') {
    for (const record of records) {
      const detail = (record.detail ?? {}) as {
        combat?: CombatResult;
        attackerRank?: string;
        defenderRank?: string;
        knockedOut?: { seat: number }[];
        flagsRevealed?: { army: number; point: number }[];
      };
      const shown = (detail.flagsRevealed ?? []).map((f) => f.army);
      const parsed = parseMoveText(board, record.notation);
      if (parsed.ok && parsed.value.type === 'move') {
        const { from, to } = parsed.value;
        const mover = at.get(from) ?? unseen(armyOfSeat[record.seat] ?? -1, from);
        mover.moved = true;
        mover.moves++;
        if (!mover.known) mover.mask &= ~IMMOBILE_MASK;
        at.delete(from);
        if (detail.combat) {
          const target = at.get(to) ?? unseen(defenderArmy(to, mover.army), to);
          mover.fought = true;
          target.fought = true;
          const a = detail.attackerRank !== undefined ? rankFromLetter(detail.attackerRank) : undefined;
          const d = detail.defenderRank !== undefined ? rankFromLetter(detail.defenderRank) : undefined;
          if (a !== undefined) mover.mask = 1 << a;
          if (d !== undefined) target.mask = 1 << d;
          if (a !== undefined && d === undefined) target.mask &= defendersGiving(a, detail.combat);
          if (d !== undefined && a === undefined) mover.mask &= attackersGiving(d, detail.combat);
          // A captured flag is shown to everyone, so a rank the record keeps hidden is no flag.
          if (d === undefined && v.mode === 'hidden') target.mask &= ~(1 << FLAG);
          const dead =
            detail.combat === 'attacker' ? [target] : detail.combat === 'defender' ? [mover] : [mover, target];
          if (v.mode === 'hidden') for (const t of dead) learnFromGeneral(t, shown);
          if (detail.combat === 'attacker') {
            target.alive = false;
            mover.point = to;
            at.set(to, mover);
          } else if (detail.combat === 'defender') {
            mover.alive = false;
          } else {
            mover.alive = false;
            target.alive = false;
            at.delete(to);
          }
        } else {
          mover.point = to;
          at.set(to, mover);
        }
      }
      for (const a of shown) flagShown |= 1 << a;
      for (const k of detail.knockedOut ?? []) {
        const army = armyOfSeat[k.seat];
        for (const t of tokens) if (t.army === army && t.alive) t.alive = false;
        for (const [p, t] of at) if (t.army === army) at.delete(p);
      }
    }
  }
  // The view is the truth about where live pieces stand and whether they moved.
  for (const p of v.pieces ?? []) {
    const t = tokens.find((x) => x.id === p.id)!;
    t.alive = true;
    t.point = p.point;
    if (p.moved && !t.known) t.mask &= ~IMMOBILE_MASK;
    t.moved = t.moved || p.moved;
  }
  // Tokens without an id that the replay thinks alive are pieces it lost track of: trust the view.
  for (const t of tokens) if (t.id < 0 && t.alive) t.alive = false;
  // A combat can leave no rank possible only if the record was misread; fall back to what placement allows.
  for (const t of tokens)
    if (t.mask === 0) t.mask = startMask(t.army, t.origin) & (t.moved ? ~IMMOBILE_MASK : ALL_RANKS);
  for (const d of v.dead ?? []) {
    // Dead pieces whose rank the seat learned (flags, partners' pieces): mark them known if the replay has them.
    if (d.rank === null) continue;
    const t = tokens.find((x) => x.id === d.id);
    if (t) {
      t.mask = 1 << rankFromLetter(d.rank)!;
      t.known = true;
    }
  }
  countOut(view, tokens);
  return { board, tokens, seat };
};

/**
 * Counting: when an army's pieces known to be of rank r are as many as the army holds, no other piece of it is an r.
 * Known means a live piece with r as its only possible rank, or a dead one the view names as an r or the replay
 * pinned down to r. The view's dead and the replay's may be the same pieces, so of those two counts only the larger
 * is taken (counting a piece twice would wrongly exclude a rank). Repeated while it narrows something, since a piece
 * left with one rank counts in turn. Only live pieces are narrowed.
 */
const countOut = (view: JsonObject, tokens: Token[]): void => {
  const v = view as unknown as View;
  const armies = new Set(tokens.filter((t) => t.army >= 0 && !t.known).map((t) => t.army));
  for (const army of armies) {
    const limit = composition(view, army);
    const deadNamed = new Array<number>(RANK_COUNT).fill(0);
    for (const d of v.dead ?? []) if (d.army === army && d.rank !== null) deadNamed[rankFromLetter(d.rank)!]!++;
    const mine = tokens.filter((t) => t.army === army);
    const deadPinned = new Array<number>(RANK_COUNT).fill(0);
    for (const t of mine) if (!t.alive && popcount(t.mask) === 1) deadPinned[Math.log2(t.mask)]!++;
    for (let changed = true; changed; ) {
      changed = false;
      for (let r = 0; r < RANK_COUNT; r++) {
        const bit = 1 << r;
        const live = mine.filter((t) => t.alive && t.mask === bit).length;
        if (live + Math.max(deadNamed[r]!, deadPinned[r]!) < limit[r]!) continue;
        for (const t of mine) {
          if (!t.alive || t.mask === bit || !(t.mask & bit)) continue;
          t.mask &= ~bit;
          changed = true;
        }
      }
    }
  }
};

/** The ranks still possible for the live piece `id`, as a list (for tests and the UI's "what might it be"). */
export const possibleRanks = (beliefs: Beliefs, id: number): Rank[] => {
  const t = beliefs.tokens.find((x) => x.id === id);
  if (!t) return [];
  const out: Rank[] = [];
  for (let r = 0; r < RANK_COUNT; r++) if ((t.mask >> r) & 1) out.push(r);
  return out;
};

export { isImmobile };
