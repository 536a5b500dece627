/**
 * Where the Junqi board's points sit on screen and how the board itself is
 * drawn: posts (兵站) as small plates, camps (行营) as circles, headquarters
 * (大本营) as wide arched plates, railways (铁路) as the black-and-white
 * double line of railway maps, roads (公路) as thin lines, the frontier
 * between the two halves, and on the four-player board the central square
 * with its quarter arcs. Everything comes from the engine's board data; this
 * module only turns it so that one army sits at the bottom.
 */
import type { Board, Point } from '@qiyuan/junqi';

export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
  /** Tiles on this point stand across the viewer's rows (the side arms of the four-player board). */
  readonly vertical: boolean;
}

/** Sizes in board units: tiles, plates and the spacing between points. */
export interface Metrics {
  readonly tileW: number;
  readonly tileH: number;
  readonly stepX: number;
  readonly stepY: number;
  readonly rail: number;
  readonly road: number;
}

export const metricsOf = (board: Board): Metrics =>
  board.players === 2
    ? { tileW: 56, tileH: 32, stepX: 70, stepY: 50, rail: 7, road: 2 }
    : { tileW: 34, tileH: 23, stepX: 40, stepY: 40, rail: 5, road: 1.5 };

/** Quarter turns (of 90°) that bring `bottomArmy` to the bottom. */
const turnsFor = (board: Board, bottomArmy: number): number =>
  board.players === 2 ? (bottomArmy === 1 ? 2 : 0) : ((((bottomArmy % 4) + 4) % 4) as number);

const rotate = (x: number, y: number, turns: number): [number, number] => {
  let a = x;
  let b = y;
  // screen coordinates (y down): each quarter turn takes the army on the right to the bottom
  for (let i = 0; i < turns; i++) [a, b] = [-b, a];
  return [a + 0, b + 0];
};

/** Screen position of every point with `bottomArmy` at the bottom (centred on the board's middle). */
export const screenLayout = (board: Board, bottomArmy: number): ScreenPoint[] => {
  const turns = turnsFor(board, bottomArmy);
  const cx = board.width / 2;
  const cy = board.height / 2;
  return board.points.map((p) => {
    const [x, y] = rotate(p.x - cx, p.y - cy, turns);
    const vertical = board.players === 4 && p.army !== null && (p.army - bottomArmy + 4) % 2 === 1;
    return { x: x + cx, y: y + cy, vertical };
  });
};

/** The drawing's extent (the four-player board is square; the two-player one tall). */
export const viewBoxOf = (board: Board): { x: number; y: number; w: number; h: number } =>
  board.players === 2 ? { x: 4, y: 8, w: board.width - 8, h: board.height - 16 } : { x: 6, y: 6, w: 708, h: 708 };

const f = (n: number): string => (Math.round(n * 10) / 10).toString();

/** A rectangle centred on (x, y), `w` across the viewer's rows, turned for vertical points. */
export const plate = (x: number, y: number, w: number, h: number, vertical: boolean) =>
  vertical ? { x: x - h / 2, y: y - w / 2, w: h, h: w } : { x: x - w / 2, y: y - h / 2, w, h };

/** One army's area (its 5 × 6 block) as a rectangle on screen, with a margin. */
export const armyArea = (
  board: Board,
  layout: readonly ScreenPoint[],
  army: number,
): { x: number; y: number; w: number; h: number } => {
  const m = metricsOf(board);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of board.points) {
    if (p.army !== army) continue;
    const s = layout[p.id]!;
    x0 = Math.min(x0, s.x);
    y0 = Math.min(y0, s.y);
    x1 = Math.max(x1, s.x);
    y1 = Math.max(y1, s.y);
  }
  const padX = m.stepX * 0.45;
  const padY = m.stepY * 0.42;
  const vertical = layout[board.at(army, 1, 0)]!.vertical;
  const [px, py] = vertical ? [padY, padX] : [padX, padY];
  return { x: x0 - px, y: y0 - py, w: x1 - x0 + 2 * px, h: y1 - y0 + 2 * py };
};

const mountain = (x: number, y: number, s: number): string =>
  `<path class="jq-mountain" d="M${f(x - s)} ${f(y + s * 0.45)}L${f(x - s * 0.35)} ${f(y - s * 0.5)}L${f(x)} ${f(y)}L${f(x + s * 0.35)} ${f(y - s * 0.35)}L${f(x + s)} ${f(y + s * 0.45)}Z"/>`;

/**
 * The board drawing under the pieces: army areas (tinted in their colours),
 * the frontier, roads, railways (arcs on the four-player board), then the
 * plates of the points.
 */
export const boardDrawing = (board: Board, layout: readonly ScreenPoint[], colours: readonly string[]): string => {
  const m = metricsOf(board);
  let out = '';
  for (let army = 0; army < board.armies; army++) {
    const a = armyArea(board, layout, army);
    out += `<rect class="jq-area" data-army="${army}" x="${f(a.x)}" y="${f(a.y)}" width="${f(a.w)}" height="${f(a.h)}" rx="8" fill="${colours[army] ?? '#888'}"/>`;
  }
  if (board.players === 2) {
    // the frontier (山界) between the halves: mountains where no railway crosses
    const top = layout[board.at(1, 6, 2)]!.y;
    const bottom = layout[board.at(0, 6, 2)]!.y;
    const mid = (top + bottom) / 2;
    out += `<rect class="jq-frontier" x="${f(board.width * 0.06)}" y="${f(mid - 12)}" width="${f(board.width * 0.88)}" height="24" rx="12"/>`;
    for (const col of [1, 3]) out += mountain(layout[board.at(0, 6, col)]!.x, mid, 16);
  } else {
    const centre = board.points.filter((p) => p.army === null).map((p) => layout[p.id]!);
    const xs = centre.map((p) => p.x);
    const ys = centre.map((p) => p.y);
    const pad = m.stepX * 0.45;
    out += `<rect class="jq-centre" x="${f(Math.min(...xs) - pad)}" y="${f(Math.min(...ys) - pad)}" width="${f(Math.max(...xs) - Math.min(...xs) + 2 * pad)}" height="${f(Math.max(...ys) - Math.min(...ys) + 2 * pad)}" rx="6"/>`;
  }
  const cx = board.width / 2;
  const cy = board.height / 2;
  let roads = '';
  let rails = '';
  for (const e of board.edges) {
    const a = layout[e.from]!;
    const b = layout[e.to]!;
    const pa = board.points[e.from]!;
    const pb = board.points[e.to]!;
    let d = `M${f(a.x)} ${f(a.y)}L${f(b.x)} ${f(b.y)}`;
    if (e.kind === 'rail' && pa.army !== null && pb.army !== null && pa.army !== pb.army && board.players === 4) {
      // a quarter arc round the corner between two armies: its centre is the corner farther from the middle
      const c1 = { x: a.x, y: b.y };
      const c2 = { x: b.x, y: a.y };
      const far = Math.hypot(c1.x - cx, c1.y - cy) > Math.hypot(c2.x - cx, c2.y - cy) ? c1 : c2;
      const k = { x: a.x + b.x - far.x, y: a.y + b.y - far.y };
      d = `M${f(a.x)} ${f(a.y)}Q${f(k.x)} ${f(k.y)} ${f(b.x)} ${f(b.y)}`;
    }
    if (e.kind === 'rail') rails += `<path d="${d}"/>`;
    else roads += `<path d="${d}"/>`;
  }
  out += `<g class="jq-roads" stroke-width="${m.road}">${roads}</g>`;
  out += `<g class="jq-rails-under" stroke-width="${m.rail}">${rails}</g>`;
  out += `<g class="jq-rails-over" stroke-width="${f(m.rail * 0.45)}" stroke-dasharray="${f(m.rail * 1.4)} ${f(m.rail * 1.1)}">${rails}</g>`;
  for (const p of board.points) out += pointPlate(p, layout[p.id]!, m);
  return out;
};

const pointPlate = (p: Point, s: ScreenPoint, m: Metrics): string => {
  if (p.kind === 'camp') return `<circle class="jq-camp" cx="${f(s.x)}" cy="${f(s.y)}" r="${f(m.tileH * 0.62)}"/>`;
  if (p.kind === 'hq') {
    const r = plate(s.x, s.y, m.tileW * 0.98, m.tileH * 1.08, s.vertical);
    return `<rect class="jq-hq" x="${f(r.x)}" y="${f(r.y)}" width="${f(r.w)}" height="${f(r.h)}" rx="${f(Math.min(r.w, r.h) / 2)}"/><rect class="jq-hq-in" x="${f(r.x + 3)}" y="${f(r.y + 3)}" width="${f(r.w - 6)}" height="${f(r.h - 6)}" rx="${f(Math.min(r.w, r.h) / 2 - 3)}"/>`;
  }
  const centre = p.army === null;
  const w = centre ? m.tileH * 0.8 : m.tileW * 0.82;
  const h = centre ? m.tileH * 0.8 : m.tileH * 0.78;
  const r = plate(s.x, s.y, w, h, s.vertical);
  return `<rect class="jq-post" x="${f(r.x)}" y="${f(r.y)}" width="${f(r.w)}" height="${f(r.h)}" rx="2"/>`;
};
