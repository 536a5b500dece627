/**
 * The Junqi board's motion between two scenes: tiles slide to their new points, pieces that left the board fade
 * where they fell (a losing attacker first runs into its target), and a combat flashes. The board asks
 * `motionAllowed` before calling any of these.
 */
import type { JqScene } from './junqi-board-scene.js';
import { metricsOf, type ScreenPoint } from './junqi-geometry.js';
import { r1 } from './junqi-tile.js';
import { el } from './svg.js';

/** A tile on the board in one scene: where it stood and its drawing. */
export interface PlacedTile {
  readonly point: number;
  readonly markup: string;
}

/** A tile that moved: its element, drawn at its new point, and where it slides from and to. */
export interface Slide {
  readonly g: SVGGElement;
  readonly from: ScreenPoint;
  readonly to: ScreenPoint;
}

export const slideTiles = (slides: readonly Slide[]): void => {
  for (const { g, from, to } of slides) {
    g.animate?.(
      [{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: `translate(${to.x}px, ${to.y}px)` }],
      {
        duration: 240,
        easing: 'ease-out',
      },
    );
  }
};

/** Pieces of the previous scene missing from the next, faded out in `top` (the layer over the tiles). */
export const fadeLeavers = (
  scene: JqScene,
  layout: readonly ScreenPoint[],
  prev: ReadonlyMap<string, PlacedTile>,
  next: ReadonlyMap<string, PlacedTile>,
  top: SVGGElement,
): void => {
  for (const [key, was] of prev) {
    if (next.has(key)) continue;
    const from = layout[was.point];
    if (!from) continue;
    const g = el('g', { class: 'jq-tile', transform: `translate(${r1(from.x)} ${r1(from.y)})` });
    g.innerHTML = was.markup;
    top.append(g);
    const to = scene.last && was.point === scene.last.from ? layout[scene.last.to]! : from;
    const anim = g.animate?.(
      [
        { transform: `translate(${from.x}px, ${from.y}px)`, opacity: 1 },
        { transform: `translate(${to.x}px, ${to.y}px)`, opacity: 1, offset: 0.5 },
        { transform: `translate(${to.x}px, ${to.y}px)`, opacity: 0 },
      ],
      { duration: 520, easing: 'ease-out' },
    );
    if (anim) anim.onfinish = () => g.remove();
    else g.remove();
  }
};

/** A short flash where a combat happened. */
export const burst = (scene: JqScene, layout: readonly ScreenPoint[], point: number, top: SVGGElement): void => {
  const s = layout[point];
  if (!s) return;
  const m = metricsOf(scene.board);
  const g = el('g', { class: 'jq-burst', transform: `translate(${r1(s.x)} ${r1(s.y)})` });
  const rays: string[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    const r0 = m.tileH * 0.5;
    const r2 = m.tileH * 0.95;
    rays.push(`M${r1(Math.cos(a) * r0)} ${r1(Math.sin(a) * r0)}L${r1(Math.cos(a) * r2)} ${r1(Math.sin(a) * r2)}`);
  }
  g.innerHTML = `<path d="${rays.join('')}" style="stroke:var(--last-line)" stroke-width="3" stroke-linecap="round"/>`;
  top.append(g);
  const anim = g.animate?.([{ opacity: 1 }, { opacity: 0 }], { duration: 700, delay: 200, easing: 'ease-in' });
  if (anim) anim.onfinish = () => g.remove();
  else g.remove();
};
