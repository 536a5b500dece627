import { fail, ok, type Result } from '@qiyuan/core';
import {
  encodeMove,
  MOVE_CARRY,
  MOVE_GRAB,
  MOVE_PLAIN,
  MOVE_SWAP,
  type Move,
  moveKind,
  movePiece,
  moveTo,
  NEIGHBOR,
  PASS,
  type Position,
} from './position.js';

/**
 * UHP MoveStrings. A destination is named against a reference tile beside it
 * (`wS1-` east of wS1, `wS1/` north-east, `wS1\` south-east, `-wS1` west,
 * `/wS1` south-west, `\wS1` north-west) or, for a climb, by the tile it lands
 * on (`wB1 bQ`). We print one canonical form and accept every equivalent one.
 *
 * The two-tile moves of the further pieces keep the form `piece destination`
 * with a mark that plain UHP never uses, so that no standard MoveString
 * changes meaning: `wT1 +bQ` (the Mantis takes bQ under itself), `wC =bQ` (the
 * Centipede trades places with bQ). A Dragonfly's carry is written as its own
 * move (`wD bA1-`): from on top to an empty space it always carries the tile
 * it stood on when it may.
 */
const AFTER = ['-', '/', '', '', '', '\\'] as const;
const BEFORE = ['', '', '\\', '-', '/', ''] as const;

/** The MoveString of `m` in `p` (before it is played). */
export const moveToUhp = (p: Position, m: Move): string => {
  if (m === PASS) return 'pass';
  const piece = movePiece(m);
  const to = moveTo(m);
  const name = p.nameOf(piece);
  const kind = moveKind(m);
  if (kind === MOVE_GRAB || kind === MOVE_SWAP) {
    const other = p.top[to]!;
    return `${name} ${kind === MOVE_GRAB ? '+' : '='}${other >= 0 ? p.nameOf(other) : '?'}`;
  }
  if (p.ply === 0) return name;
  const onTop = p.top[to]!;
  if (onTop >= 0 && onTop !== piece) return `${name} ${p.nameOf(onTop)}`;
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOR[to * 6 + d]!;
    let ref = p.top[n]!;
    // The moving tile cannot name its own new place; the tile under it can.
    if (ref === piece) ref = p.below[piece]!;
    if (ref < 0) continue;
    // `to` lies in direction d+3 from the reference tile.
    const dir = (d + 3) % 6;
    return `${name} ${BEFORE[dir]}${p.nameOf(ref)}${AFTER[dir]}`;
  }
  return name;
};

const PIECE = '([wb][QSBGAMLPRTFWDKC][1-3]?)';
const MOVE_RE = new RegExp(`^${PIECE}(?:\\s+([-/\\\\+=]?)${PIECE}([-/\\\\]?))?$`);

/** Parses a MoveString against position `p` into a move (legality is checked by the game). */
export const parseUhpMove = (p: Position, text: string): Result<Move> => {
  const t = text.trim();
  if (t.toLowerCase() === 'pass') return ok(PASS);
  const m = MOVE_RE.exec(t);
  if (!m) return fail('bad-move-string', `"${text}" is not a MoveString (e.g. wS1, bG1 -wS1, wB1 bQ, wT1 +bQ, pass)`);
  const piece = p.roster.idOf(m[1]!);
  if (piece < 0 || !p.inPlay[piece]) return fail('bad-move-string', `${m[1]} is not in this game`);
  if (!m[3]) {
    if (p.ply !== 0) return fail('bad-move-string', `"${text}" needs a reference tile after the first move`);
    return ok(encodeMove(piece, p.placementAnchor()));
  }
  const before = m[2] ?? '';
  const after = m[4] ?? '';
  if (before && after) return fail('bad-move-string', `"${text}" has a direction on both sides`);
  const ref = p.roster.idOf(m[3]);
  if (ref < 0 || !p.inPlay[ref]) return fail('bad-move-string', `${m[3]} is not in this game`);
  const at = p.pos[ref]!;
  if (at < 0) return fail('bad-move-string', `${m[3]} is not on the board`);
  if (before === '+' || before === '=') {
    if (p.top[at] !== ref) return fail('bad-move-string', `${m[3]} is under another tile`);
    return ok(encodeMove(piece, at, before === '+' ? MOVE_GRAB : MOVE_SWAP));
  }
  let to = at;
  if (before || after) {
    const dir = before
      ? BEFORE.indexOf(before as (typeof BEFORE)[number])
      : AFTER.indexOf(after as (typeof AFTER)[number]);
    to = NEIGHBOR[at * 6 + dir]!;
    // As Mzinga reads it, a direction names an empty space: a tile lands on a stack only by the stack's top's name.
    const occupant = p.top[to]!;
    if (occupant >= 0 && occupant !== piece)
      return fail(
        'bad-move-string',
        `"${text}" names an occupied space (${p.nameOf(occupant)}); a climb is written with the tile it lands on: ${p.nameOf(piece)} ${p.nameOf(occupant)}`,
      );
  }
  const plain = encodeMove(piece, to, MOVE_PLAIN);
  // A Dragonfly leaving the top of the hive for an empty space carries the tile under it whenever it may.
  if (p.pos[piece]! >= 0 && p.below[piece]! >= 0 && p.height[to] === 0) {
    const carry = encodeMove(piece, to, MOVE_CARRY);
    if (p.generateMoves().includes(carry)) return ok(carry);
  }
  return ok(plain);
};
