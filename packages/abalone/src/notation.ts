import { type Failure, fail, lineDirection, ok, type Result } from '@qiyuan/core';
import { CELL_COUNT, CELLS, cellByName, cellName, NEIGHBOR } from './board.js';
import { encodeMove, isMoveCode, type Move, moveCount, moveDir, moveLineDir, moveRear } from './position.js';

/**
 * Move notation on the A–I / 1–9 coordinates.
 * - In-line (and every one-marble move): the rear marble, then the cell the
 *   front marble moves into: `A1A2` moves one marble; `A1A4` moves A1, A2 and
 *   A3 one step east, the front one onto A4 (pushing whatever sumito allows).
 * - Broadside: both ends of the line, then where the first-named end goes:
 *   `C3C5D3` moves C3, C4, C5 to D3, D4, D5.
 */
export const moveToString = (m: Move): string => {
  if (!isMoveCode(m)) return '?';
  const rear = moveRear(m);
  const count = moveCount(m);
  const line = moveLineDir(m);
  const dir = moveDir(m);
  let head = rear;
  for (let i = 1; i < count && head >= 0; i++) head = NEIGHBOR[head * 6 + line]!;
  // Codes that leave the board can only come from outside; they print as "?" rather than throw.
  const to = head < 0 ? -1 : NEIGHBOR[(line === dir ? head : rear) * 6 + dir]!;
  if (head < 0 || to < 0) return '?';
  if (line === dir) return `${cellName(rear)}${cellName(to)}`;
  return `${cellName(rear)}${cellName(head)}${cellName(to)}`;
};

const bad = (text: string, why: string): Result<never, Failure> =>
  fail('bad-notation', `"${text}" is not an Abalone move: ${why}`);

/** Parses the syntax above into a move code; whether the move is legal is the game's business. */
export const parseMoveText = (text: string): Result<Move> => {
  const t = text.trim().toUpperCase();
  const m = /^([A-I][1-9])([A-I][1-9])([A-I][1-9])?$/.exec(t);
  if (!m)
    return bad(
      text,
      'write the rear marble and the front marble’s destination (A1A2), or both ends and a destination (C3C5D3)',
    );
  const a = cellByName(m[1]!);
  const b = cellByName(m[2]!);
  if (a < 0) return bad(text, `${m[1]} is not on the board`);
  if (b < 0) return bad(text, `${m[2]} is not on the board`);
  const ha = CELLS[a]!.hex;
  const hb = CELLS[b]!.hex;
  if (!m[3]) {
    const d = lineDirection(ha, hb);
    const count = Math.max(Math.abs(hb.q - ha.q), Math.abs(hb.r - ha.r), Math.abs(hb.q + hb.r - ha.q - ha.r));
    if (d < 0 || count > 3) return bad(text, `${m[2]} is not 1 to 3 cells from ${m[1]} in a straight line`);
    return ok(encodeMove(a, count, d, d));
  }
  const c = cellByName(m[3]);
  if (c < 0) return bad(text, `${m[3]} is not on the board`);
  let line = lineDirection(ha, hb);
  const span = Math.max(Math.abs(hb.q - ha.q), Math.abs(hb.r - ha.r), Math.abs(hb.q + hb.r - ha.q - ha.r));
  if (line < 0 || span < 1 || span > 2) return bad(text, `${m[1]} and ${m[2]} are not the ends of a line of 2 or 3`);
  const dir = NEIGHBOR.subarray(a * 6, a * 6 + 6).indexOf(c);
  if (dir < 0) return bad(text, `${m[3]} is not next to ${m[1]}`);
  if (dir === line || dir === (line + 3) % 6) return bad(text, 'a move along the line is written as an in-line move');
  let rear = a;
  if (line >= 3) {
    // List the line from its E/NE/NW rear end, as the move code does.
    rear = b;
    line -= 3;
  }
  return ok(encodeMove(rear, span + 1, line, dir));
};

/** Position notation: rows I to A, `b`/`w`/digits for runs of empty cells, then the side to move and the ejection counts. */
export const positionToText = (cells: Uint8Array, side: number, ejected: readonly number[]): string => {
  const rows: string[] = [];
  for (let row = 8; row >= 0; row--) {
    let text = '';
    let empty = 0;
    for (let i = 0; i < CELL_COUNT; i++) {
      if (CELLS[i]!.name[0] !== 'ABCDEFGHI'[row]) continue;
      const v = cells[i]!;
      if (v === 0) empty++;
      else {
        if (empty) text += empty;
        empty = 0;
        text += v === 1 ? 'b' : 'w';
      }
    }
    if (empty) text += empty;
    rows.push(text);
  }
  return `${rows.join('/')} ${side === 0 ? 'b' : 'w'} ${ejected[0]} ${ejected[1]}`;
};
