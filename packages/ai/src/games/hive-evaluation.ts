import { HEX_DIRECTIONS, type Searchable, type Seat } from '@qiyuan/core';
import { BUG_INDEX, BUGS, cellOf, cellQ, cellR, type Move, moveTo, PASS, PIECES, type Position } from '@qiyuan/hive';
import type { SearchSpec } from '../alphabeta.js';

/**
 * Hive evaluation. The tables are module-local copies: under tsx and vitest an
 * imported binding read in a hot loop goes through a module-namespace getter.
 */
const GRID_CELLS = 32 * 32;
/** `NB[cell * 6 + d]`: the six neighbours, directions as in core's `HEX_DIRECTIONS` (d ± 1 are adjacent). */
export const NB = new Uint16Array(GRID_CELLS * 6);
for (let c = 0; c < GRID_CELLS; c++) {
  for (let d = 0; d < 6; d++) NB[c * 6 + d] = cellOf(cellQ(c) + HEX_DIRECTIONS[d]!.q, cellR(c) + HEX_DIRECTIONS[d]!.r);
}
export const PIECE_TOTAL = PIECES.length;
export const COLOR = Uint8Array.from(PIECES, (p) => p.color);
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
/** After `markArticulations`: 1 on the cut cells of the hive. */
export const cut = new Uint8Array(GRID_CELLS);
const stackCell = new Uint16Array(64);
const stackDir = new Uint8Array(64);
const stackParent = new Int16Array(64);

/**
 * Marks in `cut` (with the current stamp in `stamp`) the occupied cells whose
 * removal splits the hive: a lone tile there is pinned. Iterative Tarjan over
 * the occupied cells, rooted at `root`.
 */
export const markArticulations = (height: Uint8Array, root: number): void => {
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
export const canSlide = (height: Uint8Array, c: number): boolean => {
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

export const isNeighbour = (a: number, b: number): boolean => {
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
export const orderHint = (s: Searchable<Move>, m: Move): number => {
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
