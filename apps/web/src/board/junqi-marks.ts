/**
 * What the Junqi board draws over its points, redrawn on every scene: the armies' areas (whose turn it is, who is
 * out, a caption such as "deploying"), the marks (the last move, a flip, a broken setup rule, the selection), the
 * destinations of the selected piece and the points' names (the coordinates setting).
 */
import type { JqScene } from './junqi-board-scene.js';
import { armyArea, metricsOf, plate, type ScreenPoint } from './junqi-geometry.js';
import { CJK, r1 } from './junqi-tile.js';
import { el } from './svg.js';

/** Each army's area: a marching outline on the armies whose turn it is, grey on those out, and its caption. */
export const zonesOf = (scene: JqScene, layout: readonly ScreenPoint[]): SVGElement[] => {
  const m = metricsOf(scene.board);
  const zones: SVGElement[] = [];
  for (let army = 0; army < scene.board.armies; army++) {
    const a = armyArea(scene.board, layout, army);
    const colour = scene.colours[army] ?? '#888';
    if (scene.out.includes(army)) {
      zones.push(
        el('rect', { class: 'jq-zone out', 'data-army': army, x: a.x, y: a.y, width: a.w, height: a.h, rx: 8 }),
      );
    } else if (scene.active.includes(army)) {
      zones.push(
        el('rect', {
          class: 'jq-zone active',
          'data-army': army,
          x: a.x,
          y: a.y,
          width: a.w,
          height: a.h,
          rx: 8,
          stroke: colour,
        }),
      );
    }
    const caption = scene.captions[army];
    if (caption) {
      const g = el('g', { class: 'jq-caption', 'data-army': army });
      const size = m.tileH * 0.58;
      const w = Math.min(a.w - 8, [...caption].reduce((n, c) => n + (CJK.test(c) ? 1 : 0.58), 0) * size + size * 1.4);
      g.append(
        el('rect', {
          x: r1(a.x + a.w / 2 - w / 2),
          y: r1(a.y + a.h / 2 - size),
          width: r1(w),
          height: r1(size * 2),
          rx: size,
        }),
      );
      const t = el('text', {
        x: r1(a.x + a.w / 2),
        y: r1(a.y + a.h / 2),
        'font-size': r1(size),
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
      });
      t.textContent = caption;
      g.append(t);
      zones.push(g);
    }
  }
  return zones;
};

/** An outline around a point's tile, `grow` units larger than the tile. */
const outline = (
  scene: JqScene,
  layout: readonly ScreenPoint[],
  point: number,
  cls: string,
  grow = 4,
): SVGRectElement => {
  const m = metricsOf(scene.board);
  const s = layout[point]!;
  const r = plate(s.x, s.y, m.tileW + grow, m.tileH + grow, s.vertical);
  return el('rect', { class: `jq-mark ${cls}`, x: r1(r.x), y: r1(r.y), width: r1(r.w), height: r1(r.h), rx: 4 });
};

/** The last move, a flip, the points breaking a setup rule and the selected piece. */
export const marksOf = (scene: JqScene, layout: readonly ScreenPoint[], selected: number | undefined): SVGElement[] => {
  const marks: SVGElement[] = [];
  if (scene.last) {
    marks.push(outline(scene, layout, scene.last.from, 'from'), outline(scene, layout, scene.last.to, 'to', 8));
  }
  if (scene.flipped !== undefined) marks.push(outline(scene, layout, scene.flipped, 'flipped', 8));
  for (const p of scene.problems) marks.push(outline(scene, layout, p, 'problem', 10));
  if (selected !== undefined) marks.push(outline(scene, layout, selected, 'sel', 8));
  return marks;
};

/** The selected piece's destinations: a dot on an empty point, a frame on an attack, a quiet dot on a swap. */
export const destinationsOf = (
  scene: JqScene,
  layout: readonly ScreenPoint[],
  dests: readonly number[],
  occupied: ReadonlySet<number>,
): SVGElement[] => {
  const m = metricsOf(scene.board);
  return dests.map((d) => {
    const s = layout[d]!;
    if (scene.arrange) {
      return el('circle', {
        class: 'jq-dest swap',
        'data-point': scene.board.points[d]!.name,
        cx: r1(s.x),
        cy: r1(s.y),
        r: r1(m.tileH * 0.2),
      });
    }
    if (occupied.has(d)) {
      const r = plate(s.x, s.y, m.tileW + 8, m.tileH + 8, s.vertical);
      return el('rect', {
        class: 'jq-dest attack',
        'data-point': scene.board.points[d]!.name,
        x: r1(r.x),
        y: r1(r.y),
        width: r1(r.w),
        height: r1(r.h),
        rx: 5,
      });
    }
    return el('circle', {
      class: 'jq-dest',
      'data-point': scene.board.points[d]!.name,
      cx: r1(s.x),
      cy: r1(s.y),
      r: r1(m.tileH * 0.26),
    });
  });
};

/** Each point's name in the corner of its tile, over the tiles (the coordinates setting); none when it is off. */
export const coordinatesOf = (scene: JqScene, layout: readonly ScreenPoint[]): SVGElement[] => {
  if (!scene.coordinates) return [];
  const m = metricsOf(scene.board);
  const size = r1(m.tileH * 0.32);
  return scene.board.points.map((p) => {
    const s = layout[p.id]!;
    const box = plate(s.x, s.y, m.tileW, m.tileH, s.vertical);
    const t = el('text', {
      class: 'jq-coord',
      x: r1(box.x + box.w - 1.5),
      y: r1(box.y + box.h - 1.5),
      'font-size': size,
    });
    t.textContent = p.name;
    return t;
  });
};
