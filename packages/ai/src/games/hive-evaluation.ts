import { HEX_DIRECTIONS, type Searchable, type Seat } from '@qiyuan/core';
import { BUG_INDEX, BUGS, cellOf, cellQ, cellR, type Move, moveTo, PASS, PIECES, type Position } from '@qiyuan/hive';
import type { SearchSpec } from '../alphabeta.js';

/**
 * Hive evaluation. The tables are module-local copies: under tsx and vitest an
 * imported binding read in a hot loop goes through a module-namespace getter.
 */
const GRID_CELLS = 32 * 32;
/** `NB[cell * 6 + d]`: the six neighbours, directions as in core's `HEX_DIRECTIONS` (d ± 1 are adjacent). */
const NB = new Uint16Array(GRID_CELLS * 6);
for (let c = 0; c < GRID_CELLS; c++) {
  for (let d = 0; d < 6; d++) NB[c * 6 + d] = cellOf(cellQ(c) + HEX_DIRECTIONS[d]!.q, cellR(c) + HEX_DIRECTIONS[d]!.r);
}
const PIECE_TOTAL = PIECES.length;
const COLOR = Uint8Array.from(PIECES, (p) => p.color);
const QUEEN = 0;
const ANT = 1;
const BEETLE = 2;
const SPIDER = 3;
const GRASSHOPPER = 4;
const CLIMBER = 5;
const OTHER = 6;
/** Fly, Wasp, Dragonfly: they leave any pocket that does not pin them (the Fly's flight, the others fly anyway). */
const FLIER = 7;
/** The Scorpion: a Spider that nothing can pin from above, jump over or throw. */
const SCORPION = 8;
/** The Wasp: a flier whose landings next to the enemy Queen are also counted as threats. */
const WASP = 9;
/**
 * Movement class per bug index (the position says which bug each tile shows): the Mosquito, Ladybug and
 * Cockroach count as climbers, the Mantis and Centipede (a step or an ability on the ground) as the Pillbug.
 */
const KIND_OF_BUG = Uint8Array.from(BUGS, (b) =>
  b === 'Q'
    ? QUEEN
    : b === 'A'
      ? ANT
      : b === 'B'
        ? BEETLE
        : b === 'S'
          ? SPIDER
          : b === 'G'
            ? GRASSHOPPER
            : b === 'M' || b === 'L' || b === 'K'
              ? CLIMBER
              : b === 'F' || b === 'D'
                ? FLIER
                : b === 'R'
                  ? SCORPION
                  : b === 'W'
                    ? WASP
                    : OTHER,
);
const MANTIS_BUG = BUG_INDEX.T;
/** What a piece free to move is worth, by movement class (an Ant's reach is the game's main resource). */
const MOBILE_VALUE = Int16Array.of(6, 12, 8, 4, 5, 9, 4, 8, 6, 10);
/** What a piece in hand is worth: it can still be placed where it is needed. */
const HAND_VALUE = Int16Array.of(0, 6, 5, 3, 4, 5, 3, 5, 4, 6);
/** A free Wasp that can land on an empty space next to the enemy Queen fills one of her liberties next move. */
const WASP_THREAT = 15;

// Scratch for the articulation-point pass, reused by every evaluation.
const stamp = new Uint32Array(GRID_CELLS);
let stampNow = 0;
const disc = new Int16Array(GRID_CELLS);
const low = new Int16Array(GRID_CELLS);
const cut = new Uint8Array(GRID_CELLS);
const stackCell = new Uint16Array(64);
const stackDir = new Uint8Array(64);
const stackParent = new Int16Array(64);

/**
 * Marks in `cut` (with the current stamp in `stamp`) the occupied cells whose
 * removal splits the hive: a lone tile there is pinned. Iterative Tarjan over
 * the occupied cells, rooted at `root`.
 */
const markArticulations = (height: Uint8Array, root: number): void => {
  if (++stampNow === 0xffffffff) {
    stamp.fill(0);
    stampNow = 1;
  }
  const mark = stampNow;
  let time = 0;
  stamp[root] = mark;
  cut[root] = 0;
  disc[root] = low[root] = time++;
  stackCell[0] = root;
  stackDir[0] = 0;
  stackParent[0] = -1;
  let sp = 1;
  let rootChildren = 0;
  while (sp > 0) {
    const top = sp - 1;
    const c = stackCell[top]!;
    const d = stackDir[top]!;
    if (d < 6) {
      stackDir[top] = d + 1;
      const n = NB[c * 6 + d]!;
      if (height[n] === 0) continue;
      if (stamp[n] !== mark) {
        stamp[n] = mark;
        cut[n] = 0;
        disc[n] = low[n] = time++;
        stackCell[sp] = n;
        stackDir[sp] = 0;
        stackParent[sp] = c;
        sp++;
        if (c === root) rootChildren++;
      } else if (n !== stackParent[top] && disc[n]! < low[c]!) low[c] = disc[n]!;
    } else {
      sp--;
      const p = stackParent[sp]!;
      if (p >= 0) {
        if (low[c]! < low[p]!) low[p] = low[c]!;
        if (p !== root && low[c]! >= disc[p]!) cut[p] = 1;
      }
    }
  }
  cut[root] = rootChildren > 1 ? 1 : 0;
};

/** The occupied cells whose lone tile is pinned: moving it would split the hive (analysis and tests). */
export const pinnedCells = (pos: Position): number[] => {
  let root = -1;
  for (let id = 0; id < PIECE_TOTAL && root < 0; id++) if (pos.pos[id]! >= 0) root = pos.pos[id]!;
  if (root < 0) return [];
  markArticulations(pos.height, root);
  const out: number[] = [];
  for (let id = 0; id < PIECE_TOTAL; id++) {
    const c = pos.pos[id]!;
    if (c >= 0 && pos.top[c] === id && pos.height[c] === 1 && cut[c] === 1) out.push(c);
  }
  return out.sort((a, b) => a - b);
};

/** Whether a ground-level tile at `c` has a gap to slide through (an empty neighbour with exactly one of the two cells beside the gap occupied). */
const canSlide = (height: Uint8Array, c: number): boolean => {
  const k = c * 6;
  for (let d = 0; d < 6; d++) {
    if (height[NB[k + d]!] !== 0) continue;
    const left = height[NB[k + ((d + 5) % 6)]!] !== 0;
    const right = height[NB[k + ((d + 1) % 6)]!] !== 0;
    if (left !== right) return true;
  }
  return false;
};

const occupiedAround = (height: Uint8Array, cell: number): number => {
  if (cell < 0) return 0;
  const k = cell * 6;
  let n = 0;
  for (let d = 0; d < 6; d++) if (height[NB[k + d]!] !== 0) n++;
  return n;
};

/** The first evaluation: queens' liberties, a beetle on a queen, development. Kept to measure the full one against. */
const basicEvaluate = (s: Searchable<Move>, seat: Seat): number => {
  const pos = s as Position;
  const height = pos.height;
  const other = 1 - seat;
  const mine = pos.queenCell(seat);
  const theirs = pos.queenCell(other);
  let score = 60 * (occupiedAround(height, theirs) - occupiedAround(height, mine));
  // A beetle (or mosquito) on top of a queen pins it and fills its cell from above.
  if (theirs >= 0 && height[theirs]! > 1 && COLOR[pos.top[theirs]!] === seat) score += 40;
  if (mine >= 0 && height[mine]! > 1 && COLOR[pos.top[mine]!] === other) score -= 40;
  const at = pos.pos;
  for (let id = 0; id < PIECE_TOTAL; id++) {
    if (at[id]! >= 0) score += COLOR[id] === seat ? 3 : -3;
  }
  if (mine < 0) score -= 10;
  return score;
};

/**
 * The full evaluation: the basic terms, plus pinned and mobile pieces. A tile
 * alone on an articulation point of the hive (or under another) cannot move;
 * a free tile that can get out of its place is worth its mobility by kind,
 * and a queen that can still step away is worth more than one that cannot.
 * Pieces in hand keep a value (they can be placed where they are needed).
 */
const evaluateWith =
  (reverseTerms: boolean) =>
  (s: Searchable<Move>, seat: Seat): number => {
    const pos = s as Position;
    const height = pos.height;
    const top = pos.top;
    const at = pos.pos;
    const other = 1 - seat;
    const mine = pos.queenCell(seat);
    const theirs = pos.queenCell(other);
    let score = 60 * (occupiedAround(height, theirs) - occupiedAround(height, mine));
    if (theirs >= 0 && height[theirs]! > 1 && COLOR[top[theirs]!] === seat) score += 40;
    if (mine >= 0 && height[mine]! > 1 && COLOR[top[mine]!] === other) score -= 40;
    if (mine < 0) score -= 10;
    let root = -1;
    for (let id = 0; id < PIECE_TOTAL && root < 0; id++) if (at[id]! >= 0) root = at[id]!;
    if (root >= 0) markArticulations(height, root);
    const inPlay = pos.inPlay;
    const bug = pos.bug;
    let freeWasp = 0;
    for (let id = 0; id < PIECE_TOTAL; id++) {
      const sign = COLOR[id] === seat ? 1 : -1;
      const c = at[id]!;
      const kind = KIND_OF_BUG[bug[id]!]!;
      if (c < 0) {
        if (inPlay[id]) score += sign * HAND_VALUE[kind]!;
        continue;
      }
      score += sign * 3;
      // Covered, or alone on a cut cell: pinned.
      if (top[c] !== id || (height[c] === 1 && cut[c] === 1)) continue;
      const free =
        height[c]! > 1 ||
        kind === BEETLE ||
        kind === GRASSHOPPER ||
        kind === CLIMBER ||
        kind >= FLIER ||
        canSlide(height, c);
      if (!free) continue;
      score += sign * MOBILE_VALUE[kind]!;
      if (reverseTerms) {
        if (kind === WASP) freeWasp |= COLOR[id] === seat ? 1 : 2;
        // A Mantis on the ground next to the enemy Queen can take her under itself.
        if (bug[id] === MANTIS_BUG && height[c] === 1 && isNeighbour(c, sign === 1 ? theirs : mine)) score += sign * 12;
      }
      // The queen's own freedom: ours can still step out of a closing ring, theirs cannot.
      if (kind === QUEEN) score += sign * 4 * (6 - occupiedAround(height, c));
    }
    if (freeWasp & 1) score += WASP_THREAT * Math.min(2, waspLandings(pos, theirs, seat));
    if (freeWasp & 2) score -= WASP_THREAT * Math.min(2, waspLandings(pos, mine, other));
    return score;
  };
const fullEvaluate = evaluateWith(true);
/** The full evaluation without the reverse sides' own terms (the Wasp's landings, the Mantis by the Queen), to measure them. */
const noReverseEvaluate = evaluateWith(false);

const isNeighbour = (a: number, b: number): boolean => {
  if (b < 0) return false;
  const k = a * 6;
  for (let d = 0; d < 6; d++) if (NB[k + d] === b) return true;
  return false;
};

/** Empty spaces beside `queen` that a Wasp of `seat` could fly to: every neighbouring stack topped by the opponent. */
const waspLandings = (pos: Position, queen: number, seat: number): number => {
  if (queen < 0) return 0;
  const height = pos.height;
  const top = pos.top;
  let n = 0;
  for (let d = 0; d < 6; d++) {
    const e = NB[queen * 6 + d]!;
    if (height[e] !== 0) continue;
    let ok = true;
    for (let k = 0; k < 6 && ok; k++) {
      const t = top[NB[e * 6 + k]!]!;
      if (t >= 0 && COLOR[t] === seat) ok = false;
    }
    if (ok) n++;
  }
  return n;
};

/** Ordering: moves next to the enemy queen first (the attacks and the fills). */
const orderHint = (s: Searchable<Move>, m: Move): number => {
  if (m === PASS) return 0;
  const pos = s as Position;
  const q = pos.queenCell(1 - pos.side);
  if (q < 0) return 0;
  const to = moveTo(m);
  const k = q * 6;
  for (let d = 0; d < 6; d++) if (NB[k + d] === to) return 2;
  return 0;
};

export const fullSpec: SearchSpec<Move> = { evaluate: fullEvaluate, moveKey: (m) => m, orderHint };
export const basicSpec: SearchSpec<Move> = { evaluate: basicEvaluate, moveKey: (m) => m, orderHint };
export const noReverseSpec: SearchSpec<Move> = { evaluate: noReverseEvaluate, moveKey: (m) => m, orderHint };

/*
 * The queen-ring evaluation, after the balance nokamute strikes (its ideas, our code): the queens' rings weigh about
 * twice an Ant's freedom rather than five times, and what fills a ring matters. A tile of ours that fills our own
 * Queen's ring costs us less when it can still step away; an enemy tile in her ring costs us more, and it counts
 * nothing for its own mobility (a tile kept next to a Queen is a tile that does not move). A free tile on top of a
 * stack is worth double (a Beetle up there goes where it likes and pins what is under it); a covered tile counts
 * nothing; a Mosquito is worth what its neighbours lend it. A Pillbug beside its own Queen with room to throw her out
 * is a defence, and so, at half, is a Pillbug in hand with a place to land beside her.
 */
const RING = 30;
const RING_ENEMY = 36;
const PILLBUG_DEFENCE = 120;
const PILLBUG_BUG = BUG_INDEX.P;
const MOSQUITO_BUG = BUG_INDEX.M;
/** Per bug index (`BUGS`: Q S B G A M L P R T F W D K C): what a free tile is worth; twice that on the board. */
const RING_VALUE = Int16Array.of(12, 2, 6, 2, 7, 8, 6, 5, 3, 5, 6, 7, 6, 6, 5);
/** Per bug index: moves only by sliding on the ground, so a tile with no gap beside it is stuck. */
const CRAWLER = Uint8Array.from(BUGS, (b) =>
  b === 'Q' || b === 'S' || b === 'A' || b === 'P' || b === 'R' || b === 'T' || b === 'C' ? 1 : 0,
);

/** Empty spaces around `cell` (a space counts as empty when it is `free`, the Queen's own place when she is thrown). */
const libertiesAround = (height: Uint8Array, cell: number, free: number): number => {
  const k = cell * 6;
  let n = 0;
  for (let d = 0; d < 6; d++) {
    const e = NB[k + d]!;
    if (e === free || height[e] === 0) n++;
  }
  return n;
};

/** Whether a tile of `color` may be placed at the empty `cell` (no enemy tile beside it). */
const placeableFor = (pos: Position, cell: number, color: number): boolean => {
  const k = cell * 6;
  let touches = false;
  for (let d = 0; d < 6; d++) {
    const t = pos.top[NB[k + d]!]!;
    if (t < 0) continue;
    if (COLOR[t] !== color) return false;
    touches = true;
  }
  return touches;
};

const ringScore = new Int32Array(2);
const pillbugGuard = new Uint8Array(2);
const pillbugInHand = new Uint8Array(2);
const queens = new Int16Array(2);

const ringEvaluate = (s: Searchable<Move>, seat: Seat): number => {
  const pos = s as Position;
  const height = pos.height;
  const top = pos.top;
  const at = pos.pos;
  const bug = pos.bug;
  const inPlay = pos.inPlay;
  queens[0] = pos.queenCell(0);
  queens[1] = pos.queenCell(1);
  ringScore[0] = ringScore[1] = 0;
  pillbugGuard[0] = pillbugGuard[1] = 0;
  pillbugInHand[0] = pillbugInHand[1] = 0;
  let root = -1;
  for (let id = 0; id < PIECE_TOTAL && root < 0; id++) if (at[id]! >= 0) root = at[id]!;
  if (root >= 0) markArticulations(height, root);
  let score = 0;
  for (let id = 0; id < PIECE_TOTAL; id++) {
    const color = COLOR[id]!;
    const sign = color === seat ? 1 : -1;
    const c = at[id]!;
    const b = bug[id]!;
    if (c < 0) {
      if (inPlay[id]) {
        score += sign * RING_VALUE[b]!;
        if (b === PILLBUG_BUG) pillbugInHand[color] = 1;
      }
      continue;
    }
    if (top[c] !== id) continue;
    const stacked = height[c]! > 1;
    let value = RING_VALUE[b]!;
    let crawler = CRAWLER[b] === 1;
    let pillbugPowers = b === PILLBUG_BUG;
    if (b === MOSQUITO_BUG) {
      // A Mosquito is what it touches: a Beetle up on the hive, else the best of its neighbours but the Queen.
      if (stacked) {
        value = RING_VALUE[BUG_INDEX.B]!;
        crawler = false;
      } else {
        value = 0;
        crawler = true;
        const k = c * 6;
        for (let d = 0; d < 6; d++) {
          const t = top[NB[k + d]!]!;
          if (t < 0) continue;
          const nb = bug[t]!;
          if (nb !== 0 && nb !== MOSQUITO_BUG && RING_VALUE[nb]! > value) value = RING_VALUE[nb]!;
          if (nb === PILLBUG_BUG) pillbugPowers = true;
          if (CRAWLER[nb] === 0 && nb !== MOSQUITO_BUG) crawler = false;
        }
      }
    }
    const stuck = !stacked && (cut[c] === 1 || (crawler && !canSlide(height, c)));
    if (stacked) value *= 2;
    const own = queens[color]!;
    if (own >= 0 && isNeighbour(c, own)) {
      ringScore[color] -= stuck ? RING : RING / 2;
      if (pillbugPowers && height[own] === 1) {
        // Room to throw her out: an empty space beside the Pillbug with three or more open sides once she leaves.
        const k = c * 6;
        for (let d = 0; d < 6; d++) {
          const e = NB[k + d]!;
          if (height[e] === 0 && libertiesAround(height, e, own) > 2) {
            pillbugGuard[color] = 1;
            break;
          }
        }
      }
    }
    const enemy = queens[1 - color]!;
    if (enemy >= 0 && isNeighbour(c, enemy)) {
      value = 0;
      ringScore[1 - color] -= RING_ENEMY;
    }
    if (stuck) continue;
    score += sign * 2 * value;
  }
  const other = 1 - seat;
  score += ringScore[seat]! - ringScore[other]!;
  score += PILLBUG_DEFENCE * (pillbugGuard[seat]! - pillbugGuard[other]!);
  // The backup: a Pillbug still in hand and a place for it beside a Queen that is not covered.
  for (let color = 0; color < 2; color++) {
    const q = queens[color]!;
    if (q < 0 || height[q] !== 1 || !pillbugInHand[color]) continue;
    let room = false;
    for (let d = 0; d < 6 && !room; d++) {
      const e = NB[q * 6 + d]!;
      room = height[e] === 0 && placeableFor(pos, e, color);
    }
    if (room) score += (color === seat ? 1 : -1) * (PILLBUG_DEFENCE / 2);
  }
  return score;
};

export const ringSpec: SearchSpec<Move> = { evaluate: ringEvaluate, moveKey: (m) => m, orderHint };
