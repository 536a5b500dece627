/**
 * The Junqi board's points as buttons: a hit area per point (what a click, a tap or the keyboard reaches), its
 * label and states for screen readers, the roving tab stop, and the arrow keys' way from one point to the next.
 */
import type { Board } from '@qiyuan/junqi';
import type { JqBoardText, JqScene } from './junqi-board-scene.js';
import { metricsOf, plate, type ScreenPoint } from './junqi-geometry.js';
import { r1 } from './junqi-tile.js';
import { el } from './svg.js';

/** One button per point, in point id order: a hit area the size of its cell and a ring shown on keyboard focus. */
export const pointButtons = (board: Board, layout: readonly ScreenPoint[]): SVGGElement[] => {
  const m = metricsOf(board);
  return board.points.map((p) => {
    const s = layout[p.id]!;
    const g = el('g', {
      class: 'jq-pt',
      role: 'button',
      tabindex: -1,
      'data-id': p.id,
      'data-point': p.name,
      transform: `translate(${r1(s.x)} ${r1(s.y)})`,
    });
    const hit = plate(0, 0, m.stepX * 0.98, m.stepY * 0.98, false);
    g.append(el('rect', { class: 'jq-hit', x: r1(hit.x), y: r1(hit.y), width: r1(hit.w), height: r1(hit.h) }));
    const ring = plate(0, 0, m.tileW + 6, m.tileH + 6, s.vertical);
    g.append(
      el('rect', { class: 'jq-ring', x: r1(ring.x), y: r1(ring.y), width: r1(ring.w), height: r1(ring.h), rx: 4 }),
    );
    return g;
  });
};

/** The point that holds the tab stop when none does yet: the first piece that may move or act, else a home point. */
export const firstCursor = (scene: JqScene): number => {
  const own = [...scene.sources.keys()][0] ?? [...scene.actionable][0];
  return own ?? scene.board.at(scene.bottomArmy, 6, 2);
};

/**
 * Each point's button told what it is now: its label with its states (a destination, selected, actionable, a
 * broken rule, the last move), whether it is a source, a destination or actionable, and whether it holds the
 * tab stop.
 */
export const labelPoints = (
  scene: JqScene,
  buttons: readonly SVGGElement[],
  text: JqBoardText,
  at: {
    readonly dests: ReadonlySet<number>;
    readonly occupied: ReadonlySet<number>;
    readonly selected: number | undefined;
    readonly cursor: number | undefined;
  },
): void => {
  for (const p of scene.board.points) {
    const g = buttons[p.id]!;
    const states: string[] = [];
    const dst = at.dests.has(p.id);
    if (dst) states.push(scene.arrange ? text.swap : at.occupied.has(p.id) ? text.attack : text.target);
    if (at.selected === p.id) states.push(text.selected);
    if (scene.actionable.has(p.id)) states.push(scene.actionLabel ?? text.actionable);
    if (scene.problems.has(p.id)) states.push(text.problem);
    if (scene.last && scene.last.to === p.id) states.push(text.lastMove);
    const label = scene.labels[p.id] ?? p.name;
    g.setAttribute('aria-label', states.length > 0 ? text.withStates(label, states) : label);
    g.classList.toggle('src', scene.sources.has(p.id));
    g.classList.toggle('dst', dst);
    g.classList.toggle('act', scene.actionable.has(p.id));
    g.setAttribute('tabindex', p.id === at.cursor ? '0' : '-1');
    if (at.selected === p.id) g.setAttribute('aria-pressed', 'true');
    else g.removeAttribute('aria-pressed');
  }
};

const ARROWS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The arrow key's direction on screen, if the key is an arrow. */
export const arrowOf = (key: string): readonly [number, number] | undefined => ARROWS[key];

/**
 * The nearest point from `from` in a direction on screen (the board is turned, so the engine's rows do not say):
 * distance along the direction counts, straying across it counts more.
 */
export const pointToward = (
  board: Board,
  layout: readonly ScreenPoint[],
  from: number,
  dir: readonly [number, number],
): number | undefined => {
  const here = layout[from]!;
  let best: number | undefined;
  let bestScore = Infinity;
  for (const p of board.points) {
    const s = layout[p.id]!;
    const vx = s.x - here.x;
    const vy = s.y - here.y;
    const along = vx * dir[0] + vy * dir[1];
    if (along <= 1e-6) continue;
    const across = Math.abs(vx * dir[1] - vy * dir[0]);
    const score = along + across * 2.5;
    if (score < bestScore) {
      bestScore = score;
      best = p.id;
    }
  }
  return best;
};
