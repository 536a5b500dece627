/**
 * The reference move generator: every legal move of the side to move, each bug's rule written straight from the
 * rule text and docs/rules/hive.md. Slow and plain on purpose — it exists only to check the engine.
 */
import {
  bugOf,
  cellKey,
  colourOf,
  type Hex,
  neighbours,
  ORIGIN,
  PASS_MOVE,
  type RefMove,
  type RefPosition,
  same,
  step,
} from './position.js';

/**
 * The gate rule at any height: a step between neighbours a → b is blocked when both cells flanking it are higher
 * than both the cell it leaves (without the moving tile, which is lifted) and the cell it enters. A step along the
 * ground must also keep touching the hive: one flanking cell occupied.
 */
export const canStep = (p: RefPosition, a: Hex, b: Hex): boolean => {
  const dir = neighbours(a).findIndex((n) => same(n, b));
  const left = p.height(step(a, dir - 1));
  const right = p.height(step(a, dir + 1));
  const from = p.height(a);
  const to = p.height(b);
  if (Math.min(left, right) > Math.max(from, to)) return false;
  if (from === 0 && to === 0 && left === 0 && right === 0) return false;
  return true;
};

/** One sliding step along the ground from an empty (lifted) cell. */
export const slides = (p: RefPosition, from: Hex): Hex[] =>
  neighbours(from).filter((n) => !p.occupied(n) && canStep(p, from, n));

/** One step in any direction, onto the hive or down from it (Beetle, and the Mantis on top). */
const beetleSteps = (p: RefPosition, from: Hex): Hex[] => neighbours(from).filter((n) => canStep(p, from, n));

const spiderPaths = (p: RefPosition, from: Hex): Hex[] => {
  const ends: Hex[] = [];
  const walk = (path: Hex[]) => {
    const here = path[path.length - 1]!;
    if (path.length === 4) {
      ends.push(here);
      return;
    }
    for (const n of slides(p, here)) if (!path.some((v) => same(v, n))) walk([...path, n]);
  };
  walk([from]);
  return ends;
};

const antReach = (p: RefPosition, from: Hex): Hex[] => {
  const seen = new Map([[cellKey(from), from]]);
  const queue = [from];
  while (queue.length > 0) {
    const c = queue.shift()!;
    for (const n of slides(p, c)) {
      if (!seen.has(cellKey(n))) {
        seen.set(cellKey(n), n);
        queue.push(n);
      }
    }
  }
  seen.delete(cellKey(from));
  return [...seen.values()];
};

const jumps = (p: RefPosition, from: Hex): Hex[] => {
  const ends: Hex[] = [];
  for (let d = 0; d < 6; d++) {
    let c = step(from, d);
    if (!p.occupied(c)) continue;
    while (p.occupied(c)) c = step(c, d);
    ends.push(c);
  }
  return ends;
};

/** Two steps on top of the hive, then one down to the ground, never ending where it began. */
const ladybugPaths = (p: RefPosition, from: Hex): Hex[] => {
  const ends: Hex[] = [];
  for (const a of neighbours(from)) {
    if (!p.occupied(a) || !canStep(p, from, a)) continue;
    for (const b of neighbours(a)) {
      if (!p.occupied(b) || !canStep(p, a, b)) continue;
      for (const c of neighbours(b)) {
        if (p.occupied(c) || same(c, from) || !canStep(p, b, c)) continue;
        if (!ends.some((e) => same(e, c))) ends.push(c);
      }
    }
  }
  return ends;
};

/** The destinations of a tile that moves as `bug` from `from`, with the tile already lifted off the board. */
const destinationsAs = (p: RefPosition, bug: string, from: Hex): Hex[] => {
  switch (bug) {
    case 'Q':
    case 'P':
      return slides(p, from);
    case 'B':
      return beetleSteps(p, from);
    case 'G':
      return jumps(p, from);
    case 'S':
      return spiderPaths(p, from);
    case 'A':
      return antReach(p, from);
    case 'L':
      return ladybugPaths(p, from);
    default:
      return [];
  }
};

/** The bugs a tile moves as: its own, or for a Mosquito on the ground those of the tiles it touches. */
const movesAs = (p: RefPosition, piece: string): string[] => {
  const bug = bugOf(piece);
  const h = p.at.get(piece)!;
  if (bug !== 'M') return [bug];
  if (p.levelOf(piece) > 0) return ['B'];
  const bugs = new Set<string>();
  for (const n of neighbours(h)) {
    const t = p.top(n);
    if (t !== undefined && bugOf(t) !== 'M') bugs.add(bugOf(t));
  }
  return [...bugs];
};

const ownMoves = (p: RefPosition, piece: string): RefMove[] => {
  if (!p.canLift(piece)) return [];
  const from = p.at.get(piece)!;
  const bugs = movesAs(p, piece);
  return p.withLifted(piece, () => {
    const moves: RefMove[] = [];
    for (const bug of bugs) for (const to of destinationsAs(p, bug, from)) moves.push({ kind: 'move', piece, to });
    return moves;
  });
};

/** Whether a tile (on top, on the ground) has the Pillbug's ability: a Pillbug, or a Mosquito touching one. */
const throws = (p: RefPosition, piece: string): boolean => {
  if (p.levelOf(piece) !== 0 || !p.isTop(piece)) return false;
  const bug = bugOf(piece);
  if (bug === 'P') return true;
  if (bug !== 'M') return false;
  return neighbours(p.at.get(piece)!).some((n) => {
    const t = p.top(n);
    return t !== undefined && bugOf(t) === 'P';
  });
};

/** The Pillbug's ability: lift a lone neighbour onto itself and set it down on another empty neighbour. */
const throwMoves = (p: RefPosition, thrower: string): RefMove[] => {
  const here = p.at.get(thrower)!;
  const moves: RefMove[] = [];
  for (const n of neighbours(here)) {
    if (p.height(n) !== 1) continue;
    const target = p.top(n)!;
    if (p.lastMoved.has(target) || !p.canLift(target)) continue;
    p.withLifted(target, () => {
      if (!canStep(p, n, here)) return;
      for (const d of neighbours(here)) {
        if (p.occupied(d) || same(d, n)) continue;
        // Down from the top of the thrower: the cell it leaves still holds the thrower (height 1).
        if (canStep(p, here, d)) moves.push({ kind: 'throw', piece: target, to: d, by: thrower });
      }
    });
  }
  return moves;
};

const placements = (p: RefPosition): RefMove[] => {
  const colour = p.toMove;
  const hand = p.hand[colour];
  if (hand.length === 0) return [];
  const turn = p.turnOf(colour);
  const queenInHand = hand.includes(`${colour}Q`);
  // The first tile of each bug still in hand (tiles of one bug go in number order).
  const first = new Map<string, string>();
  for (const piece of hand) if (!first.has(bugOf(piece))) first.set(bugOf(piece), piece);
  let pieces = [...first.values()];
  if (turn === 4 && queenInHand) pieces = [`${colour}Q`];
  else if (turn === 1) pieces = pieces.filter((x) => bugOf(x) !== 'Q');
  let spaces: Hex[];
  if (p.ply === 0) spaces = [ORIGIN];
  else if (p.ply === 1) spaces = neighbours(ORIGIN);
  else {
    const seen = new Map<string, Hex>();
    for (const c of p.cells()) for (const n of neighbours(c)) if (!p.occupied(n)) seen.set(cellKey(n), n);
    spaces = [...seen.values()].filter((s) => {
      const tops = neighbours(s)
        .map((n) => p.top(n))
        .filter((t) => t !== undefined);
      return tops.some((t) => colourOf(t) === colour) && tops.every((t) => colourOf(t) === colour);
    });
  }
  return pieces.flatMap((piece) => spaces.map((to) => ({ kind: 'place' as const, piece, to })));
};

/**
 * Every legal move of the side to move, one per distinct result (`keyOf`); a tile's own move comes before an
 * ability that gives the same result (ruling 3). A side with nothing legal passes; a finished game has no moves.
 */
export const legalMoves = (p: RefPosition): RefMove[] => {
  if (p.isOver()) return [];
  const colour = p.toMove;
  const candidates: RefMove[] = [...placements(p)];
  if (p.at.has(`${colour}Q`)) {
    const mine = [...p.at.keys()].filter((x) => colourOf(x) === colour && p.isTop(x) && !p.frozen.has(x)).sort();
    for (const piece of mine) candidates.push(...ownMoves(p, piece));
    for (const piece of mine) if (throws(p, piece)) candidates.push(...throwMoves(p, piece));
  }
  const byKey = new Map<string, RefMove>();
  for (const m of candidates) {
    const k = p.keyOf(m);
    if (!byKey.has(k)) byKey.set(k, m);
  }
  return byKey.size === 0 ? [PASS_MOVE] : [...byKey.values()];
};

export const perft = (p: RefPosition, depth: number): number => {
  if (depth === 0) return 1;
  const moves = legalMoves(p);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(p.play(m), depth - 1);
  return n;
};
