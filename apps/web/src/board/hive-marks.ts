/**
 * What the Hive board draws over its cells: a Queen nearly surrounded (a ring and the count of her taken sides, over
 * every tile), the cell the last move left, the line on an empty board saying where the first tile comes from, and
 * the analysis engine's arrows.
 */
import { HEX_DIRECTIONS } from '@qiyuan/core';
import { type HiveArrow, type HiveBoardTile, key, QUEEN_THREAT } from './hive-board-input.js';
import { HEX, xy } from './hive-tile.js';
import { el } from './svg.js';

const translate = (p: { x: number; y: number }): string => `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})`;

/** The cells of Queens with at least `QUEEN_THREAT` of their six sides taken, and how many are (sides counted only). */
export const queenThreats = (stacks: ReadonlyMap<string, readonly HiveBoardTile[]>): Map<string, number> => {
  const threats = new Map<string, number>();
  for (const [k, s] of stacks) {
    if (!s.some((t) => t.piece.charAt(1) === 'Q')) continue;
    const [q, r] = k.split(',').map(Number) as [number, number];
    const taken = HEX_DIRECTIONS.filter(({ q: dq, r: dr }) => stacks.has(key(q + dq, r + dr))).length;
    if (taken >= QUEEN_THREAT) threats.set(k, taken);
  }
  return threats;
};

/** The outline of the cell a moved piece left, when nothing stands there now. */
export const lastFromMark = (cell: string, flip: boolean): SVGPolygonElement => {
  const [q, r] = cell.split(',').map(Number) as [number, number];
  return el('polygon', { class: 'hv-last-from', points: HEX, transform: translate(xy(q, r, flip)) });
};

/** A threatened Queen's ring and the count of her taken sides (`4/6`). */
export const threatMark = (cell: string, n: number, flip: boolean): SVGGElement => {
  const [q, r] = cell.split(',').map(Number) as [number, number];
  const mark = el('g', { class: 'hv-threat-mark', transform: translate(xy(q, r, flip)) });
  mark.append(
    el('polygon', { class: 'hv-threat', points: HEX, 'data-threat': n }),
    el('rect', { class: 'hv-threat-b', x: -0.98, y: 0.32, width: 0.72, height: 0.42, rx: 0.21 }),
    Object.assign(el('text', { class: 'hv-threat-t', x: -0.62, y: 0.54 }), { textContent: `${n}/6` }),
  );
  return mark;
};

/** The empty board's line on where the first tile comes from. */
export const startText = (text: string): SVGTextElement =>
  Object.assign(el('text', { class: 'hv-start', x: 0, y: 0 }), { textContent: text });

/** One of the analysis engine's moves (the first, the strongest, drawn solid; the others faint). */
export const arrowMark = (a: HiveArrow, i: number, flip: boolean): SVGGElement => {
  const t = xy(a.to.q, a.to.r, flip);
  const g = el('g', { class: 'hv-arrows', 'data-arrow': a.uhp, opacity: i === 0 ? 1 : 0.5 });
  // a placement comes from the hand: its target cell is ringed; a move draws its path, cell to cell
  g.append(el('circle', { class: 'hv-arrow-to', cx: t.x, cy: t.y, r: 0.55 }));
  if (a.from) {
    const f = xy(a.from.q, a.from.r, flip);
    const len = Math.hypot(t.x - f.x, t.y - f.y) || 1;
    const ex = t.x - ((t.x - f.x) / len) * 0.55;
    const ey = t.y - ((t.y - f.y) / len) * 0.55;
    g.append(el('line', { class: 'hv-arrow', x1: f.x, y1: f.y, x2: ex, y2: ey }));
  }
  return g;
};
