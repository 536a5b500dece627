import { fail, ok, type Result } from '@qiyuan/core';
import { PIECES, pieceByName } from './pieces.js';
import { encodeMove, type Move, movePiece, moveTo, NEIGHBOR, PASS, type Position } from './position.js';

/**
 * UHP MoveStrings. A destination is named against a reference tile beside it
 * (`wS1-` east of wS1, `wS1/` north-east, `wS1\` south-east, `-wS1` west,
 * `/wS1` south-west, `\wS1` north-west) or, for a climb, by the tile it lands
 * on (`wB1 bQ`). We print one canonical form and accept every equivalent one.
 */
const AFTER = ['-', '/', '', '', '', '\\'] as const;
const BEFORE = ['', '', '\\', '-', '/', ''] as const;

/** The MoveString of `m` in `p` (before it is played). */
export const moveToUhp = (p: Position, m: Move): string => {
  if (m === PASS) return 'pass';
  const piece = movePiece(m);
  const to = moveTo(m);
  const name = PIECES[piece]!.name;
  if (p.ply === 0) return name;
  const onTop = p.top[to]!;
  if (onTop >= 0 && onTop !== piece) return `${name} ${PIECES[onTop]!.name}`;
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOR[to * 6 + d]!;
    let ref = p.top[n]!;
    // The moving tile cannot name its own new place; the tile under it can.
    if (ref === piece) ref = p.below[piece]!;
    if (ref < 0) continue;
    // `to` lies in direction d+3 from the reference tile.
    const dir = (d + 3) % 6;
    return `${name} ${BEFORE[dir]}${PIECES[ref]!.name}${AFTER[dir]}`;
  }
  return name;
};

const PIECE = '([wb](?:Q|M|L|P|[SB][12]|[GA][123]))';
const MOVE_RE = new RegExp(`^${PIECE}(?:\\s+([-/\\\\]?)${PIECE}([-/\\\\]?))?$`);

/** Parses a MoveString against position `p` into a move (legality is checked by the game). */
export const parseUhpMove = (p: Position, text: string): Result<Move> => {
  const t = text.trim();
  if (t.toLowerCase() === 'pass') return ok(PASS);
  const m = MOVE_RE.exec(t);
  if (!m) return fail('bad-move-string', `"${text}" is not a MoveString (e.g. wS1, bG1 -wS1, wB1 bQ, pass)`);
  const piece = pieceByName(m[1]!);
  if (!p.inPlay[piece]) return fail('bad-move-string', `${m[1]} is not in this game`);
  if (!m[3]) {
    if (p.ply !== 0) return fail('bad-move-string', `"${text}" needs a reference tile after the first move`);
    return ok(encodeMove(piece, p.placementAnchor()));
  }
  const before = m[2] ?? '';
  const after = m[4] ?? '';
  if (before && after) return fail('bad-move-string', `"${text}" has a direction on both sides`);
  const ref = pieceByName(m[3]);
  const at = p.pos[ref]!;
  if (at < 0) return fail('bad-move-string', `${m[3]} is not on the board`);
  if (!before && !after) return ok(encodeMove(piece, at));
  const dir = before
    ? BEFORE.indexOf(before as (typeof BEFORE)[number])
    : AFTER.indexOf(after as (typeof AFTER)[number]);
  return ok(encodeMove(piece, NEIGHBOR[at * 6 + dir]!));
};
