/**
 * UHP MoveStrings read against a reference position, written from the protocol's description: `wS1` (first move),
 * `pass`, `wB1 bQ` (onto bQ's stack), `wS1 -bQ` / `/bQ` / `\bQ` (west, south-west, north-west of bQ),
 * `bQ-` / `bQ/` / `bQ\` (east, north-east, south-east). The answer is the move's identity (`RefPosition.keyOf`).
 */
import type { Parsed } from './gametype.js';
import { cellKey, type Hex, ORIGIN, type RefPosition, step } from './position.js';

const PIECE = /^[wb](?:Q|[SBGARTFW][1-3]|[MLPDKC])$/;
/** Direction indices of DIRS: E 0, NE 1, NW 2, W 3, SW 4, SE 5. */
const BEFORE: Readonly<Record<string, number>> = { '-': 3, '/': 4, '\\': 2 };
const AFTER: Readonly<Record<string, number>> = { '-': 0, '/': 1, '\\': 5 };

/** The cell a MoveString's second part names, and whether it names a stack to climb onto. */
const destination = (p: RefPosition, ref: string): Parsed<{ to: Hex; onto: boolean }> => {
  let dir = -1;
  let name = ref;
  if (ref[0]! in BEFORE) {
    dir = BEFORE[ref[0]!]!;
    name = ref.slice(1);
  } else if (ref[ref.length - 1]! in AFTER) {
    dir = AFTER[ref[ref.length - 1]!]!;
    name = ref.slice(0, -1);
  }
  const at = p.at.get(name);
  if (!PIECE.test(name) || at === undefined) return { ok: false, reason: `${ref}: no such tile on the board` };
  return dir < 0
    ? { ok: true, value: { to: at, onto: true } }
    : { ok: true, value: { to: step(at, dir), onto: false } };
};

/** Where a single tile ends for a plain placement or move: `piece@q,r^level`. */
const single = (p: RefPosition, piece: string, to: Hex): string => {
  const from = p.at.get(piece);
  const below = p.height(to) - (from !== undefined && cellKey(from) === cellKey(to) ? 1 : 0);
  return `${piece}@${cellKey(to)}^${below}`;
};

export const parseMoveString = (p: RefPosition, text: string): Parsed<string> => {
  if (text === 'pass') return { ok: true, value: 'pass' };
  const parts = text.split(' ');
  const piece = parts[0]!;
  if (!PIECE.test(piece) || parts.length > 2) return { ok: false, reason: `${text}: not a MoveString` };
  const inHand = p.hand[piece[0] as 'w' | 'b'].includes(piece);
  if (!inHand && !p.at.has(piece)) return { ok: false, reason: `${piece} is neither in hand nor on the board` };
  if (parts.length === 1) {
    if (p.ply !== 0 || !inHand) return { ok: false, reason: `${text}: a lone tile is only the first move` };
    return { ok: true, value: single(p, piece, ORIGIN) };
  }
  const dest = destination(p, parts[1]!);
  if (!dest.ok) return dest;
  if (inHand && dest.value.onto) return { ok: false, reason: `${text}: a tile is never placed on top` };
  return { ok: true, value: single(p, piece, dest.value.to) };
};
