/** The Abalone board's marbles in the piece style, and the names of its rows and diagonals around it. */
import { CELLS } from '@qiyuan/abalone';
import type { PieceStyle } from '../settings.js';
import { position } from './abalone-geometry.js';
import { el } from './svg.js';

/** A marble's drawing in the piece style: shining, flat, or flat with its colour's letter (`letter`). */
export const marbleFace = (owner: 'black' | 'white', style: PieceStyle, letter: string): SVGElement[] => {
  const out: SVGElement[] = [el('circle', { class: owner === 'black' ? 'ab-black' : 'ab-white', r: 0.4 })];
  if (style === 'classic') out.push(el('circle', { class: 'ab-shine', r: 0.13, cx: -0.12, cy: -0.14 }));
  if (style === 'letters') {
    const t = el('text', { class: 'marble-letter', 'data-letter': owner });
    if (owner === 'white') t.setAttribute('style', 'fill:#222;stroke:rgba(255,255,255,.7)');
    t.textContent = letter;
    out.push(t);
  }
  return out;
};

/**
 * Rows A–I at the left end of each row and diagonals 1–9 below each diagonal's first cell, one step beyond the
 * edge (on the frame), as the notation names cells.
 */
export const coordinateLabels = (bottom: number): SVGTextElement[] => {
  const out: SVGTextElement[] = [];
  const label = (text: string, first: number, next: number) => {
    const a = position(first, bottom);
    const b = position(next, bottom);
    const t = el('text', { class: 'ab-coord', x: (2 * a.x - b.x).toFixed(3), y: (2 * a.y - b.y).toFixed(3) });
    t.textContent = text;
    out.push(t);
  };
  const byName = new Map(CELLS.map((c) => [c.name, c.index]));
  for (const row of 'ABCDEFGHI') {
    const cells = CELLS.filter((c) => c.name[0] === row).sort((x, y) => x.name.localeCompare(y.name));
    label(row, cells[0]!.index, cells[1]!.index);
  }
  for (let n = 1; n <= 9; n++) {
    const cells = CELLS.filter((c) => c.name.slice(1) === String(n)).sort((x, y) => x.name.localeCompare(y.name));
    const first = cells[0]!;
    label(String(n), first.index, byName.get(`${String.fromCharCode(first.name.charCodeAt(0) + 1)}${n}`)!);
  }
  return out;
};
