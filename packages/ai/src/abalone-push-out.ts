import { type Move, moveCount, moveDir, moveRear, NEIGHBOR, type Position } from '@qiyuan/abalone';

/**
 * The Abalone push-out prover: whether the side to move can force one more enemy marble off the board within `n` of
 * its own moves, whatever the defender replies — an exhaustive AND/OR search (alpha-beta with a won/lost value). A
 * defender's reply that wins the game (its own sixth push-off) refutes; a defender with no move holds (the game
 * cannot go on). The position is searched in place and left as it was.
 */

/** Refutations that worked before, tried first (the same reply often refutes many of the solver's tries). */
class Killers {
  private readonly byDepth: Move[][] = [];
  at(depth: number): Move[] {
    let k = this.byDepth[depth];
    if (!k) {
      k = [];
      this.byDepth[depth] = k;
    }
    return k;
  }
  remember(depth: number, m: Move): void {
    const k = this.at(depth);
    if (k[0] === m) return;
    const i = k.indexOf(m);
    if (i >= 0) k.splice(i, 1);
    k.unshift(m);
    if (k.length > 2) k.length = 2;
  }
}

/** Whether `m` pushes an enemy marble off (played and taken back). */
export const pushesOff = (pos: Position, m: Move): boolean => {
  const side = pos.side;
  const before = pos.ejected[side]!;
  pos.makeMove(m);
  const off = pos.ejected[side]! > before;
  pos.unmakeMove();
  return off;
};

/** The sumito of an in-line move: how many marbles push how many (0 pushed when it pushes nothing). */
export const sumitoOf = (pos: Position, m: Move): { readonly pushers: number; readonly pushed: number } => {
  const pushers = moveCount(m);
  const dir = moveDir(m);
  let head = moveRear(m);
  for (let i = 1; i < pushers; i++) head = NEIGHBOR[head * 6 + dir]!;
  const enemy = pos.cells[head]! === 1 ? 2 : 1;
  let pushed = 0;
  for (let g = NEIGHBOR[head * 6 + dir]!; g >= 0 && pos.cells[g] === enemy; g = NEIGHBOR[g * 6 + dir]!) pushed++;
  return { pushers, pushed };
};

/** The moves of the side to move, copied (the position's own list is reused by the next call at this ply). */
const movesOf = (pos: Position): Move[] => [...pos.generateMoves()];

const forces = (pos: Position, n: number, killers: Killers): boolean => {
  const moves = movesOf(pos);
  for (const m of moves) if (pushesOff(pos, m)) return true;
  if (n <= 1) return false;
  for (const m of moves) {
    pos.makeMove(m);
    const held = everyReplyLoses(pos, n - 1, killers);
    pos.unmakeMove();
    if (held) return true;
  }
  return false;
};

/** The defender to move: whether every reply still lets the solver push a marble off within `n` moves. */
const everyReplyLoses = (pos: Position, n: number, killers: Killers): boolean => {
  const defender = pos.side;
  const replies = movesOf(pos);
  if (replies.length === 0) return false;
  const first = killers.at(n).filter((k) => replies.includes(k));
  for (const r of [...first, ...replies.filter((m) => !first.includes(m))]) {
    pos.makeMove(r);
    const refutes = pos.winner() === defender || !forces(pos, n, killers);
    pos.unmakeMove();
    if (refutes) {
      killers.remember(n, r);
      return false;
    }
  }
  return true;
};

/** Whether the side to move can force a push-off within `n` (≥ 1) of its moves. */
export const forcesPushOut = (pos: Position, n: number): boolean => forces(pos, n, new Killers());

/** Whether, after the solver's move `m`, the push-off is forced within `n` moves counting `m` (or `m` pushes off). */
export const moveForcesPushOut = (pos: Position, m: Move, n: number, killers = new Killers()): boolean => {
  if (pushesOff(pos, m)) return true;
  if (n <= 1) return false;
  pos.makeMove(m);
  const held = everyReplyLoses(pos, n - 1, killers);
  pos.unmakeMove();
  return held;
};

/** Every first move that forces a push-off within `n` of the solver's moves (a puzzle has exactly one). */
export const pushOutFirstMoves = (pos: Position, n: number): Move[] => {
  const killers = new Killers();
  return movesOf(pos).filter((m) => moveForcesPushOut(pos, m, n, killers));
};

/**
 * The fewest moves (1..`max`) in which the side to move forces a push-off, or undefined when it cannot within `max`.
 */
export const pushOutDistance = (pos: Position, max: number): number | undefined => {
  for (let n = 1; n <= max; n++) if (forcesPushOut(pos, n)) return n;
  return undefined;
};

/**
 * The solution line of a push-out in exactly `n`: the solver's move, then the defender's reply that holds out longest
 * (leaving the fewest answers), then the solver's next move, …, up to the push-off. Undefined when there is none.
 */
export const pushOutLine = (pos: Position, n: number): Move[] | undefined => {
  const first = pushOutFirstMoves(pos, n)[0];
  if (first === undefined) return undefined;
  if (n === 1 || pushesOff(pos, first)) return [first];
  pos.makeMove(first);
  let best: { reply: Move; rest: Move[]; answers: number; distance: number } | undefined;
  for (const reply of movesOf(pos)) {
    pos.makeMove(reply);
    const distance = pushOutDistance(pos, n - 1) ?? n;
    const answers = pushOutFirstMoves(pos, distance).length;
    const rest = pushOutLine(pos, distance);
    pos.unmakeMove();
    // the longer the defence, the better; then the fewer the answers (the line's move is then the only right one)
    if (rest && (!best || distance > best.distance || (distance === best.distance && answers < best.answers)))
      best = { reply, rest, answers, distance };
  }
  pos.unmakeMove();
  return best ? [first, best.reply, ...best.rest] : undefined;
};
