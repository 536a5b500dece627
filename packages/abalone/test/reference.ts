import { HEX_DIRECTIONS, type Hex, hexAdd, hexLength } from '@qiyuan/core';

/**
 * A second, deliberately naive move generator for cross-checks: it knows only
 * the rules text and hex coordinates (no neighbour tables, no move codes).
 * A board is a map from "q,r" to 'b' or 'w'; a move is any set of 1–3 own
 * marbles in a straight unbroken line plus one of the six directions.
 */
export type RefBoard = ReadonlyMap<string, 'b' | 'w'>;

const key = (h: Hex) => `${h.q},${h.r}`;
const onBoard = (h: Hex) => hexLength(h) <= 4;

/** Every board reachable in one legal move, with how many marbles the move ejected. */
export const referenceSuccessors = (
  board: RefBoard,
  side: 'b' | 'w',
): { board: Map<string, 'b' | 'w'>; ejected: number }[] => {
  const opp = side === 'b' ? 'w' : 'b';
  const lines = new Map<string, Hex[]>();
  for (const [k, v] of board) {
    if (v !== side) continue;
    const [q, r] = k.split(',').map(Number) as [number, number];
    for (const d of HEX_DIRECTIONS) {
      const line: Hex[] = [{ q, r }];
      for (let n = 1; n <= 3; n++) {
        lines.set(line.map(key).sort().join(' '), [...line]);
        const next = hexAdd(line.at(-1)!, d);
        if (board.get(key(next)) !== side) break;
        line.push(next);
      }
    }
  }
  const out: { board: Map<string, 'b' | 'w'>; ejected: number }[] = [];
  for (const line of lines.values()) {
    for (const d of HEX_DIRECTIONS) {
      const set = new Set(line.map(key));
      const next = new Map(board);
      const inLine = line.length === 1 || set.has(key(hexAdd(line[0]!, d))) || set.has(key(hexAdd(line[1]!, d)));
      if (inLine) {
        // The front marble is the one whose step leaves the line.
        const front = line.find((h) => !set.has(key(hexAdd(h, d))))!;
        let cell = hexAdd(front, d);
        if (!onBoard(cell) || board.get(key(cell)) === side) continue;
        const pushed: Hex[] = [];
        while (onBoard(cell) && board.get(key(cell)) === opp) {
          pushed.push(cell);
          cell = hexAdd(cell, d);
        }
        if (pushed.length >= line.length) continue; // equal or more opposing marbles
        if (onBoard(cell) && board.has(key(cell))) continue; // something stands behind them
        let ejected = 0;
        for (const p of pushed.reverse()) {
          const to = hexAdd(p, d);
          next.delete(key(p));
          if (onBoard(to)) next.set(key(to), opp);
          else ejected++;
        }
        for (const h of line) next.delete(key(h));
        for (const h of line) next.set(key(hexAdd(h, d)), side);
        out.push({ board: next, ejected });
      } else {
        const targets = line.map((h) => hexAdd(h, d));
        if (!targets.every((t) => onBoard(t) && !board.has(key(t)))) continue;
        for (const h of line) next.delete(key(h));
        for (const t of targets) next.set(key(t), side);
        out.push({ board: next, ejected: 0 });
      }
    }
  }
  return out;
};

/** Perft with the naive generator (no win check: fine for the shallow start-position depths it is used at). */
export const referencePerft = (board: RefBoard, side: 'b' | 'w', depth: number): number => {
  if (depth === 0) return 1;
  const next = referenceSuccessors(board, side);
  if (depth === 1) return next.length;
  let total = 0;
  for (const n of next) total += referencePerft(n.board, side === 'b' ? 'w' : 'b', depth - 1);
  return total;
};

/** A canonical text for a board, to compare sets of successors. */
export const boardText = (board: RefBoard): string =>
  [...board]
    .map(([k, v]) => `${k}${v}`)
    .sort()
    .join(' ');
