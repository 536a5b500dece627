/**
 * UHP MoveStrings read against a reference position, written from the protocol's description: `wS1` (first move),
 * `pass`, `wB1 bQ` (onto bQ's stack), `wS1 -bQ` / `/bQ` / `\bQ` (west, south-west, north-west of bQ),
 * `bQ-` / `bQ/` / `bQ\` (east, north-east, south-east); and the extension of docs/rules/hive.md: `wT1 +bQ` (a Mantis
 * takes bQ under itself), `wC =bQ` (a Centipede trades places with bQ), and a Dragonfly leaving the top of the hive
 * for an empty space with the tile it stood on. The answer is the move's identity (`RefPosition.keyOf`).
 */
import type { Parsed } from './gametype.js';
import { bugOf, cellKey, type Hex, ORIGIN, type RefPosition, step } from './position.js';

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
  const mark = parts[1]![0];
  if (mark === '+' || mark === '=') {
    const other = parts[1]!.slice(1);
    const here = p.at.get(piece);
    const there = p.at.get(other);
    if (inHand || !here || !there || !PIECE.test(other))
      return { ok: false, reason: `${text}: both tiles must be in play` };
    const ends =
      mark === '+'
        ? [`${piece}@${cellKey(here)}^1`, `${other}@${cellKey(here)}^0`]
        : [`${piece}@${cellKey(there)}^0`, `${other}@${cellKey(here)}^0`];
    return { ok: true, value: ends.sort((a, b) => (a.split('@')[0]! < b.split('@')[0]! ? -1 : 1)).join('|') };
  }
  const dest = destination(p, parts[1]!);
  if (!dest.ok) return dest;
  if (inHand && dest.value.onto) return { ok: false, reason: `${text}: a tile is never placed on top` };
  // A Dragonfly from on top to an empty space takes along the tile under it, if that is no Dragonfly and may be lifted.
  const level = p.levelOf(piece);
  if (!inHand && bugOf(piece) === 'D' && level > 0 && !p.occupied(dest.value.to)) {
    const from = p.at.get(piece)!;
    const beneath = p.stacks.get(cellKey(from))![level - 1]!;
    if (bugOf(beneath) !== 'D' && p.withLifted(piece, () => p.canLift(beneath))) {
      const ends = [`${piece}@${cellKey(dest.value.to)}^1`, `${beneath}@${cellKey(dest.value.to)}^0`];
      return { ok: true, value: ends.sort((a, b) => (a.split('@')[0]! < b.split('@')[0]! ? -1 : 1)).join('|') };
    }
  }
  return { ok: true, value: single(p, piece, dest.value.to) };
};
