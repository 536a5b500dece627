import { fail, ok, type Result, type Seat } from '@qiyuan/core';
import type { Layout } from './layout.js';
import { COLOUR_LETTERS, POINT_COUNT, POINTS, type PointId, pointByName, pointName } from './star.js';

/**
 * Notation. Points are named by row (`a`..`q`, from the south tip) and place
 * in the row from the west (`1`..`13`): `a1` is the south tip, `i5` the
 * centre. A move is `from-to` (`d2-e3`; a jump chain may be written with its
 * landing points, `c2-e4-g4`, and is one move from c2 to g4); a 食棋 capture
 * is written `e3xe5`; `pass` when a walled-in player must let the turn go.
 */

/** A move at the edge: from → to (a step, a jump chain or a 食棋 capture), or a forced pass. */
export type Move = { readonly kind: 'move'; readonly from: PointId; readonly to: PointId } | { readonly kind: 'pass' };

export const parsePoint = (text: string): Result<PointId> => {
  const p = pointByName(text.trim().toLowerCase());
  if (p < 0) return fail('bad-notation', `"${text}" is not a point of the star (rows a-q from the south, e.g. e3)`);
  return ok(p);
};

/** The points a move text names, in order: `d2-e3` → [d2, e3]; `c2-e4-g4` → three; `pass` → []. */
export const parseMoveText = (text: string): Result<PointId[]> => {
  const t = text.trim().toLowerCase();
  if (t === 'pass') return ok([]);
  if (t.length === 0) return fail('bad-notation', 'empty move');
  const parts = t.split(/[-x:]/);
  if (parts.length < 2) return fail('bad-notation', `"${text}" is not a move: write from-to, e.g. d2-e3`);
  const points: PointId[] = [];
  for (const part of parts) {
    const p = parsePoint(part);
    if (!p.ok) return fail('bad-notation', `in "${text}": ${p.error.reason}`);
    points.push(p.value);
  }
  return ok(points);
};

export const formatMove = (move: Move, capture = false): string =>
  move.kind === 'pass' ? 'pass' : `${pointName(move.from)}${capture ? 'x' : '-'}${pointName(move.to)}`;

const ROW_SIZES = Array.from({ length: 17 }, (_, row) => POINTS.filter((p) => p.row === row).length);
const ROW_FIRST = Array.from({ length: 17 }, (_, row) => POINTS.findIndex((p) => p.row === row));

/**
 * The position as text: the 17 rows from the north tip (`q`) down to the south
 * tip (`a`), separated by `/`, each west to east with a colour letter
 * (r o y g b p) per piece and a number per run of empty points; then the
 * colour of the seat to move (`-` when the game is over); for 食棋, the
 * captures per seat after it (`3,5`).
 */
export const formatPosition = (cells: ArrayLike<number>, sideColour: number, captures?: readonly number[]): string => {
  const rows: string[] = [];
  for (let row = 16; row >= 0; row--) {
    let text = '';
    let empty = 0;
    for (let i = 0; i < ROW_SIZES[row]!; i++) {
      const c = cells[ROW_FIRST[row]! + i]!;
      if (c === 0) {
        empty++;
        continue;
      }
      if (empty > 0) text += String(empty);
      empty = 0;
      text += COLOUR_LETTERS[c - 1];
    }
    if (empty > 0) text += String(empty);
    rows.push(text);
  }
  const side = sideColour < 0 ? '-' : COLOUR_LETTERS[sideColour]!;
  return `${rows.join('/')} ${side}${captures ? ` ${captures.join(',')}` : ''}`;
};

/** Parses `formatPosition` text into a layout; `seatCorners` maps the side's colour to its seat. */
export const parsePosition = (text: string, seatCorners: readonly number[]): Result<Layout> => {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 3) {
    return fail('bad-position', 'a position is the rows, the colour to move and, for 食棋, the captures');
  }
  const rows = fields[0]!.split('/');
  if (rows.length !== 17) return fail('bad-position', `a position has 17 rows, not ${rows.length}`);
  const cells = new Map<PointId, number>();
  for (let k = 0; k < 17; k++) {
    const row = 16 - k;
    const text = rows[k]!;
    let i = 0;
    const re = /(\d+)|([a-z])/g;
    let consumed = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m.index !== consumed) return fail('bad-position', `row ${k + 1}: unexpected "${text[consumed]}"`);
      consumed = re.lastIndex;
      if (m[1]) {
        i += Number(m[1]);
        continue;
      }
      const colour = (COLOUR_LETTERS as readonly string[]).indexOf(m[2]!);
      if (colour < 0) return fail('bad-position', `row ${k + 1}: "${m[2]}" is not a colour (r o y g b p)`);
      if (i < ROW_SIZES[row]!) cells.set(ROW_FIRST[row]! + i, colour);
      i++;
    }
    if (consumed !== text.length) return fail('bad-position', `row ${k + 1}: unexpected "${text[consumed]}"`);
    if (i !== ROW_SIZES[row]) {
      return fail('bad-position', `row ${k + 1} (${'abcdefghijklmnopq'[row]}) has ${ROW_SIZES[row]} points, not ${i}`);
    }
  }
  const sideColour = (COLOUR_LETTERS as readonly string[]).indexOf(fields[1]!);
  const side: Seat = seatCorners.indexOf(sideColour);
  if (side < 0) return fail('bad-position', `"${fields[1]}" is not the colour of a seat in this game`);
  let captures: number[] | undefined;
  if (fields[2] !== undefined) {
    captures = fields[2].split(',').map(Number);
    if (captures.length !== seatCorners.length || captures.some((c) => !Number.isInteger(c) || c < 0)) {
      return fail('bad-position', `captures must be ${seatCorners.length} whole numbers separated by commas`);
    }
  }
  return ok(captures ? { cells, side, captures } : { cells, side });
};

export const POINT_NAMES: readonly string[] = Array.from({ length: POINT_COUNT }, (_, p) => pointName(p));
