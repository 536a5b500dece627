/**
 * The reference move generator: every legal move of the side to move, each bug's rule written straight from the
 * rule text and docs/rules/hive.md. Slow and plain on purpose — it exists only to check the engine.
 */
import type { Colour } from './gametype.js';
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

/** A Scorpion on top of a cell: nothing climbs onto it, jumps over it, passes over it or moves it. */
const scorpionAt = (p: RefPosition, h: Hex): boolean => {
  const t = p.top(h);
  return t !== undefined && bugOf(t) === 'R';
};

/** One step in any direction, onto the hive or down from it (Beetle, and the Mantis on top). */
const beetleSteps = (p: RefPosition, from: Hex): Hex[] =>
  neighbours(from).filter((n) => !scorpionAt(p, n) && canStep(p, from, n));

const spiderPaths = (p: RefPosition, from: Hex): Hex[] => {
  const ends: Hex[] = [];
  const walk = (path: Hex[]) => {
    const here = path[path.length - 1]!;
    if (path.length === 4) {
      if (!ends.some((e) => same(e, here))) ends.push(here);
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
    let overScorpion = false;
    while (p.occupied(c)) {
      overScorpion ||= scorpionAt(p, c);
      c = step(c, d);
    }
    if (!overScorpion) ends.push(c);
  }
  return ends;
};

/** Two steps on top of the hive, then one down to the ground, never ending where it began. */
const ladybugPaths = (p: RefPosition, from: Hex): Hex[] => {
  const ends: Hex[] = [];
  const walkable = (a: Hex, b: Hex) => p.occupied(b) && !scorpionAt(p, b) && canStep(p, a, b);
  for (const a of neighbours(from)) {
    if (!walkable(from, a)) continue;
    for (const b of neighbours(a)) {
      if (!walkable(a, b)) continue;
      for (const c of neighbours(b)) {
        if (p.occupied(c) || same(c, from) || !canStep(p, b, c)) continue;
        if (!ends.some((e) => same(e, c))) ends.push(c);
      }
    }
  }
  return ends;
};

/** Up onto the hive, any number of steps on stacks topped by its own colour, then down; never back where it began. */
const cockroachPaths = (p: RefPosition, from: Hex, colour: Colour): Hex[] => {
  const walkable = (a: Hex, b: Hex) => {
    const t = p.top(b);
    return t !== undefined && colourOf(t) === colour && bugOf(t) !== 'R' && canStep(p, a, b);
  };
  const onTop = new Map<string, Hex>();
  const queue = neighbours(from).filter((a) => walkable(from, a));
  for (const a of queue) onTop.set(cellKey(a), a);
  while (queue.length > 0) {
    const a = queue.shift()!;
    for (const b of neighbours(a)) {
      if (!onTop.has(cellKey(b)) && walkable(a, b)) {
        onTop.set(cellKey(b), b);
        queue.push(b);
      }
    }
  }
  const ends = new Map<string, Hex>();
  for (const a of onTop.values())
    for (const c of neighbours(a)) if (!p.occupied(c) && !same(c, from) && canStep(p, a, c)) ends.set(cellKey(c), c);
  return [...ends.values()];
};

/** Empty ground cells touching the hive (the moving tile already lifted). */
const emptyCellsTouching = (p: RefPosition): Hex[] => {
  const seen = new Map<string, Hex>();
  for (const c of p.cells()) for (const n of neighbours(c)) if (!p.occupied(n)) seen.set(cellKey(n), n);
  return [...seen.values()];
};

/** One sliding step; a Fly that cannot slide at all flies to any empty space touching the hive. */
const flyMoves = (p: RefPosition, from: Hex): Hex[] => {
  const slide = slides(p, from);
  if (slide.length > 0) return slide;
  return emptyCellsTouching(p).filter((c) => !same(c, from));
};

/** Any empty space whose neighbours are all topped by the opponent. */
const waspMoves = (p: RefPosition, from: Hex, colour: Colour): Hex[] =>
  emptyCellsTouching(p).filter(
    (c) =>
      !same(c, from) &&
      neighbours(c).every((n) => {
        const t = p.top(n);
        return t === undefined || colourOf(t) !== colour;
      }),
  );

/** The destinations of a tile that moves as `bug`, with the tile already lifted off the board. */
const destinationsAs = (p: RefPosition, bug: string, from: Hex, level: number, colour: Colour): Hex[] => {
  switch (bug) {
    case 'Q':
    case 'P':
    case 'C':
      return slides(p, from);
    case 'B':
      return beetleSteps(p, from);
    case 'T':
      // On the ground the Mantis does not move (it grabs instead); on top it is a Beetle.
      return level > 0 ? beetleSteps(p, from) : [];
    case 'G':
      return jumps(p, from);
    case 'S':
    case 'R':
      return spiderPaths(p, from);
    case 'A':
      return antReach(p, from);
    case 'L':
      return ladybugPaths(p, from);
    case 'K':
      return cockroachPaths(p, from, colour);
    case 'F':
      return flyMoves(p, from);
    case 'W':
      return waspMoves(p, from, colour);
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

/**
 * The Dragonfly: one step in a direction d, then one in d ± 1, landing on the ground or on top of the hive. From on
 * top down to an empty space it carries the tile under it, when that tile may be lifted and is not a Dragonfly.
 */
const dragonflyMoves = (p: RefPosition, piece: string, level: number): RefMove[] => {
  const from = p.at.get(piece)!;
  return p.withLifted(piece, () => {
    const beneath = level > 0 ? p.top(from) : undefined;
    const carry = beneath !== undefined && bugOf(beneath) !== 'D' && bugOf(beneath) !== 'R' && p.canLift(beneath);
    const moves: RefMove[] = [];
    const seen = new Set<string>();
    for (let d = 0; d < 6; d++) {
      for (const turn of [1, -1]) {
        const mid = step(from, d);
        const to = step(mid, d + turn);
        if (seen.has(cellKey(to)) || scorpionAt(p, to) || scorpionAt(p, mid)) continue;
        if (p.occupied(to)) {
          seen.add(cellKey(to));
          moves.push({ kind: 'move', piece, to });
          continue;
        }
        // Carrying a lone tile empties the cell left behind: the landing space must touch the rest of the hive.
        const touches = neighbours(to).some((n) => p.occupied(n) && !(carry && same(n, from) && p.height(from) === 1));
        if (!touches) continue;
        seen.add(cellKey(to));
        if (carry) moves.push({ kind: 'carry', piece, to, other: { piece: beneath!, to } });
        else moves.push({ kind: 'move', piece, to });
      }
    }
    return moves;
  });
};

const ownMoves = (p: RefPosition, piece: string): RefMove[] => {
  if (!p.canLift(piece)) return [];
  const from = p.at.get(piece)!;
  const level = p.levelOf(piece);
  const colour = colourOf(piece);
  const bugs = movesAs(p, piece);
  const moves: RefMove[] = p.withLifted(piece, () =>
    bugs.flatMap((bug) =>
      destinationsAs(p, bug, from, level, colour).map((to) => ({ kind: 'move' as const, piece, to })),
    ),
  );
  if (bugs.includes('D')) moves.push(...dragonflyMoves(p, piece, level));
  return moves;
};

/** A lone tile next to `here` that an ability may take: not a Scorpion, not the tile the opponent just moved. */
const takeable = (p: RefPosition, n: Hex): string | undefined => {
  if (p.height(n) !== 1) return undefined;
  const target = p.top(n)!;
  if (bugOf(target) === 'R' || p.lastMoved.has(target)) return undefined;
  return target;
};

/** The cells next to both a and b (a, b neighbours). */
const shared = (a: Hex, b: Hex): Hex[] => neighbours(a).filter((n) => neighbours(b).some((m) => same(m, n)));

/** The Mantis on the ground: a lone neighbour, reachable through a shared empty space, goes under it. */
const grabMoves = (p: RefPosition, mantis: string): RefMove[] => {
  const here = p.at.get(mantis)!;
  const moves: RefMove[] = [];
  for (const n of neighbours(here)) {
    const target = takeable(p, n);
    if (target === undefined || !shared(here, n).some((c) => !p.occupied(c)) || !p.canLift(target)) continue;
    moves.push({ kind: 'grab', piece: mantis, to: here, other: { piece: target, to: here } });
  }
  return moves;
};

/** The Centipede: trades places with a lone neighbour through a shared empty space (not a Centipede or Pillbug). */
const swapMoves = (p: RefPosition, centipede: string): RefMove[] => {
  const here = p.at.get(centipede)!;
  const moves: RefMove[] = [];
  for (const n of neighbours(here)) {
    const target = takeable(p, n);
    if (target === undefined || 'CP'.includes(bugOf(target))) continue;
    if (!shared(here, n).some((c) => !p.occupied(c))) continue;
    moves.push({ kind: 'swap', piece: centipede, to: n, other: { piece: target, to: here } });
  }
  return moves;
};

/** The Pillbug's ability: lift a lone neighbour onto itself and set it down on another empty neighbour. */
const throwMoves = (p: RefPosition, thrower: string): RefMove[] => {
  const here = p.at.get(thrower)!;
  const moves: RefMove[] = [];
  for (const n of neighbours(here)) {
    const target = takeable(p, n);
    if (target === undefined || !p.canLift(target)) continue;
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

/** The abilities a tile on the ground uses: its own, or for a Mosquito those of the tiles it touches. */
const abilityMoves = (p: RefPosition, piece: string): RefMove[] => {
  if (p.levelOf(piece) !== 0 || !p.isTop(piece)) return [];
  const bugs = movesAs(p, piece);
  const moves: RefMove[] = [];
  if (bugs.includes('T')) moves.push(...grabMoves(p, piece));
  if (bugs.includes('C')) moves.push(...swapMoves(p, piece));
  if (bugs.includes('P')) moves.push(...throwMoves(p, piece));
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
    for (const piece of mine) candidates.push(...abilityMoves(p, piece));
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
