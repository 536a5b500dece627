/**
 * A Hive tile as the board draws it, centred on (0, 0) in a hex of radius 1: the bug in the player's piece style
 * (its drawing in its colours, the same drawing in the tile's one ink, or its letter as UHP writes it), and where
 * a cell sits on screen.
 */
import type { PieceStyle } from '../settings.js';
import { BUG_ART, bugOf } from './hive-bugs.js';
import { el } from './svg.js';

const S3 = Math.sqrt(3);

/** The hexagon's corners, pointy side up, a little inside the cell so tiles do not touch. */
export const HEX = Array.from({ length: 6 }, (_, k) => {
  const a = (Math.PI / 3) * k + Math.PI / 6;
  return `${(0.95 * Math.cos(a)).toFixed(3)},${(0.95 * Math.sin(a)).toFixed(3)}`;
}).join(' ');

const BUG_COLOUR: Record<string, string> = {
  Q: '#c98a00',
  S: '#7a4b2a',
  B: '#6b4fa0',
  G: '#2e8b3e',
  A: '#1f6fb8',
  M: '#777',
  L: '#c0392b',
  P: '#2a9d8f',
  T: '#5c8a1f',
  F: '#555f99',
  R: '#9c5a1a',
  W: '#d4a017',
  K: '#8b5a3c',
  D: '#1b8aa0',
  C: '#a0522d',
};

/** A cell's centre on screen; `flip` turns the board for the player whose reserve is at the bottom (Black). */
export const xy = (q: number, r: number, flip: boolean): { x: number; y: number } => {
  const x = S3 * (q + r / 2);
  const y = 1.5 * r;
  return flip ? { x: -x, y: -y } : { x, y };
};

/** The tile of `piece` (`wA2`) drawn in `style`. */
export const tileSvg = (piece: string, style: PieceStyle): SVGGElement => {
  const bug = bugOf(piece);
  const g = el('g', { class: `hv-tile ${piece.charAt(0)}`, 'data-style': style });
  g.append(el('polygon', { points: HEX }));
  // flat: one ink per colour of tile, so the bug's shape alone tells it apart
  const ink = style === 'flat' ? (piece.charAt(0) === 'w' ? '#2b2b2b' : '#f7f3e8') : (BUG_COLOUR[bug] ?? '#888');
  if (style === 'letters') {
    // the bug's letter as UHP writes it (wA2 → A, with a small 2), in the bug's colour
    const n = piece.slice(2);
    const letter = el('text', { class: 'hv-letter', x: n ? -0.1 : 0, y: 0.02, fill: ink });
    letter.textContent = bug;
    g.append(letter);
    if (n) {
      const sub = el('text', { class: 'hv-letter-n', x: 0.38, y: 0.3, fill: ink });
      sub.textContent = n;
      g.append(sub);
    }
    return g;
  }
  const art = el('g', { color: ink, transform: 'scale(0.95)' });
  art.innerHTML = BUG_ART[bug] ?? '';
  g.append(art);
  return g;
};
