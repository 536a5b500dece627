/**
 * The Junqi board, in the manner of chessground: it draws a scene (tiles,
 * the last move and its combat, the destinations its host hands it) and
 * reports the player's intent — a move from one point to another, or a
 * point activated (a flip, a piece placed from the reserve). It knows no
 * rules: sources and destinations come from the engine through the host.
 *
 * Input: click-click and drag (mouse, pen and touch) between points; keyboard
 * with a roving focus over the points (arrows move, Enter or Space acts,
 * Escape clears); every point is a labelled button for screen readers and a
 * live region reads selections. The view zooms (buttons, pinch, Ctrl+wheel)
 * and pans when zoomed, for the four-player board on a phone.
 */
import type { JqBoardEvents, JqBoardText, JqScene } from './junqi-board-scene.js';
import { addJunqiStyle } from './junqi-board-style.js';
import { boardDrawing, metricsOf, type ScreenPoint, screenLayout, viewBoxOf } from './junqi-geometry.js';
import { coordinatesOf, destinationsOf, marksOf, zonesOf } from './junqi-marks.js';
import { burst, fadeLeavers, type PlacedTile, type Slide, slideTiles } from './junqi-motion.js';
import { arrowOf, firstCursor, labelPoints, pointButtons, pointToward } from './junqi-points.js';
import { r1, tileElement } from './junqi-tile.js';
import { BoardZoom } from './junqi-zoom.js';
import { motionAllowed } from './motion.js';
import { el } from './svg.js';

export type { CombatResult, JqBoardEvents, JqBoardText, JqScene, JqTile } from './junqi-board-scene.js';
export { tileMarkup } from './junqi-tile.js';

interface Drag {
  from: number;
  pointer: number;
  x: number;
  y: number;
  moved: boolean;
  ghost?: SVGGElement;
}

export class JunqiBoard {
  readonly root: HTMLDivElement;
  readonly svg: SVGSVGElement;
  #text: JqBoardText;
  #events: JqBoardEvents;
  #scene: JqScene | undefined;
  #layout: ScreenPoint[] = [];
  #geometry = '';
  #bg: SVGGElement;
  #zones: SVGGElement;
  #marks: SVGGElement;
  #tiles: SVGGElement;
  #coords: SVGGElement;
  #dests: SVGGElement;
  #hits: SVGGElement;
  #top: SVGGElement;
  #hitEls: SVGGElement[] = [];
  #live: HTMLDivElement;
  #zoom: BoardZoom;
  #selected: number | undefined;
  #cursor: number | undefined;
  #prev = new Map<string, PlacedTile>();
  #drag: Drag | undefined;
  #pan: { pointer: number; x: number; y: number; moved: boolean } | undefined;
  /** Pointers pressed on the board (a release elsewhere that ends here is not a click). */
  #pressed = new Set<number>();
  #pinch = new Map<number, { x: number; y: number }>();

  constructor(host: HTMLElement, text: JqBoardText, events: JqBoardEvents) {
    addJunqiStyle();
    this.#text = text;
    this.#events = events;
    this.root = document.createElement('div');
    this.root.className = 'board-wrap jq-wrap';
    this.root.style.position = 'relative';
    this.svg = el('svg', { class: 'board jq-board', role: 'group' });
    this.#bg = el('g', { class: 'jq-bg' });
    this.#zones = el('g');
    this.#marks = el('g');
    this.#tiles = el('g');
    this.#coords = el('g', { class: 'jq-coords' });
    this.#dests = el('g');
    this.#top = el('g');
    this.#hits = el('g');
    this.svg.append(this.#bg, this.#zones, this.#marks, this.#tiles, this.#coords, this.#dests, this.#top, this.#hits);
    this.#live = document.createElement('div');
    this.#live.className = 'sr-only';
    this.#live.setAttribute('aria-live', 'polite');
    this.#zoom = new BoardZoom(this.svg);
    // the tools sit above the board, in the flow: over it they covered the pieces of its top corner
    this.root.append(this.#zoom.tools, this.svg, this.#live);
    host.append(this.root);
    this.#zoom.label(this.#text);
    this.svg.addEventListener('pointerdown', this.#onDown);
    this.svg.addEventListener('pointermove', this.#onPointerMove);
    this.svg.addEventListener('pointerup', this.#onUp);
    this.svg.addEventListener('pointercancel', this.#onCancel);
    this.svg.addEventListener('keydown', this.#onKey);
    this.svg.addEventListener('focusin', this.#onFocus);
    this.svg.addEventListener('wheel', this.#onWheel, { passive: false });
  }

  get selected(): number | undefined {
    return this.#selected;
  }

  setText(text: JqBoardText): void {
    this.#text = text;
    this.#zoom.label(text);
    if (this.#scene) this.#render(false);
  }

  update(scene: JqScene): void {
    const before = this.#scene;
    this.#scene = scene;
    // what was announced belongs to the moment before (at one screen, perhaps to another seat)
    this.#live.textContent = '';
    const geometry = `${scene.board.players}:${scene.bottomArmy}:${scene.areas}:${scene.colours.join(',')}`;
    let animate = scene.animate;
    if (geometry !== this.#geometry) {
      this.#geometry = geometry;
      this.#layout = screenLayout(scene.board, scene.bottomArmy);
      this.#bg.innerHTML = `<rect class="jq-sheet" x="${viewBoxOf(scene.board).x}" y="${viewBoxOf(scene.board).y}" width="${viewBoxOf(scene.board).w}" height="${viewBoxOf(scene.board).h}" rx="12"/>${boardDrawing(scene.board, this.#layout, scene.areas ? scene.colours : scene.colours.map(() => 'none'))}`;
      this.#hitEls = pointButtons(scene.board, this.#layout);
      this.#hits.replaceChildren(...this.#hitEls);
      this.#cursor = undefined;
      const base = viewBoxOf(scene.board);
      this.#zoom.setBase(base);
      this.svg.style.aspectRatio = `${base.w} / ${base.h}`;
      this.svg.dataset.players = String(scene.board.players);
      this.svg.dataset.bottom = String(scene.bottomArmy);
      // the two-player board reads well at any width; zoom is for the four-player board on a phone
      this.#zoom.tools.style.display = scene.board.players === 2 ? 'none' : '';
      this.resetView();
      animate = false;
      this.#selected = undefined;
    }
    if (this.#selected !== undefined && !scene.sources.has(this.#selected)) this.#selected = undefined;
    if (before && before.sources !== scene.sources && this.#selected !== undefined) {
      // a new position: keep the selection only if the piece may still move the same way
      const a = before.sources.get(this.#selected)?.join(',');
      if (a !== scene.sources.get(this.#selected)?.join(',')) this.#selected = undefined;
    }
    this.#render(animate);
  }

  destroy(): void {
    this.root.remove();
  }

  /** The point under a screen position, if any. */
  pointAtClient(clientX: number, clientY: number): number | undefined {
    const hit = document.elementFromPoint(clientX, clientY)?.closest?.('.jq-pt');
    if (!hit || !this.#hits.contains(hit)) return undefined;
    return Number(hit.getAttribute('data-id'));
  }

  /** Clears the selection (the host's editor does after a swap from its reserve). */
  clearSelection(): void {
    if (this.#selected === undefined) return;
    this.#selected = undefined;
    this.#render(false);
  }

  // ---- drawing ------------------------------------------------------------

  #render(animate: boolean): void {
    const scene = this.#scene;
    if (!scene) return;
    const m = metricsOf(scene.board);
    const layout = this.#layout;
    this.svg.setAttribute('aria-label', scene.label);
    this.svg.classList.toggle('interactive', scene.sources.size > 0 || scene.actionable.size > 0);
    this.#zones.replaceChildren(...zonesOf(scene, layout));
    this.#marks.replaceChildren(...marksOf(scene, layout, this.#selected));

    // tiles, sliding from where they were
    const motion = animate && motionAllowed();
    // a scene drawn without motion drops what is still fading from the last one (it may hold another seat's ranks)
    if (!motion) this.#top.replaceChildren();
    const next = new Map<string, PlacedTile>();
    const tiles: SVGGElement[] = [];
    const slides: Slide[] = [];
    for (const tile of scene.tiles) {
      const s = layout[tile.point];
      if (!s) continue;
      const lifted = this.#drag?.moved === true && this.#drag.from === tile.point;
      const { g, markup } = tileElement(scene, tile, s, m, lifted);
      tiles.push(g);
      next.set(tile.key, { point: tile.point, markup });
      const was = this.#prev.get(tile.key);
      if (motion && was && was.point !== tile.point) slides.push({ g, from: layout[was.point]!, to: s });
    }
    this.#tiles.replaceChildren(...tiles);
    if (motion) {
      slideTiles(slides);
      fadeLeavers(scene, layout, this.#prev, next, this.#top);
      if (scene.last?.combat) burst(scene, layout, scene.last.to, this.#top);
    }
    this.#prev = next;
    this.#coords.replaceChildren(...coordinatesOf(scene, layout));

    // destinations of the selected piece
    const dests = this.#selected !== undefined ? (scene.sources.get(this.#selected) ?? []) : [];
    const occupied = new Set(scene.tiles.map((t) => t.point));
    this.#dests.replaceChildren(...destinationsOf(scene, layout, dests, occupied));

    // hit areas: labels and states for screen readers, the roving tab stop
    if (this.#cursor === undefined || !this.#hitEls[this.#cursor]) this.#cursor = firstCursor(scene);
    labelPoints(scene, this.#hitEls, this.#text, {
      dests: new Set(dests),
      occupied,
      selected: this.#selected,
      cursor: this.#cursor,
    });
  }

  // ---- intent -------------------------------------------------------------

  /** What a click (or Enter) on a point does: move to a destination, let the host act, or (de)select. */
  activate(point: number): void {
    const scene = this.#scene;
    if (!scene) return;
    const sel = this.#selected;
    if (sel !== undefined && (scene.sources.get(sel) ?? []).includes(point)) {
      this.#selected = undefined;
      this.#render(false);
      this.#events.move(sel, point);
      return;
    }
    if (scene.actionable.has(point) && this.#events.activate?.(point)) return;
    if (scene.sources.has(point) && sel !== point) {
      this.#selected = point;
      const label = scene.labels[point] ?? '';
      this.#live.textContent = scene.arrange
        ? this.#text.arrangeSay(label)
        : this.#text.selectedSay(label, scene.sources.get(point)!.length);
    } else {
      if (sel !== undefined) this.#live.textContent = this.#text.cleared;
      this.#selected = undefined;
    }
    this.#render(false);
  }

  #pointOf(target: EventTarget | null): number | undefined {
    const g = (target as Element | null)?.closest?.('.jq-pt');
    if (!g || !this.#hits.contains(g)) return undefined;
    return Number(g.getAttribute('data-id'));
  }

  #svgPoint(clientX: number, clientY: number): { x: number; y: number } {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  #onDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    this.#pressed.add(e.pointerId);
    this.#pinch.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.#pinch.size === 2) {
      this.#cancelDrag();
      this.#pan = undefined;
      return;
    }
    const point = this.#pointOf(e.target);
    const scene = this.#scene;
    if (point !== undefined && scene?.sources.has(point)) {
      this.#drag = { from: point, pointer: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
      this.svg.setPointerCapture?.(e.pointerId);
      e.preventDefault();
      return;
    }
    if (this.#zoom.zoomed()) {
      this.#pan = { pointer: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
      this.svg.setPointerCapture?.(e.pointerId);
    }
  };

  #onPointerMove = (e: PointerEvent): void => {
    if (this.#pinch.has(e.pointerId) && this.#pinch.size === 2) {
      const [a, b] = [...this.#pinch.values()];
      const before = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      this.#pinch.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const [c, d] = [...this.#pinch.values()];
      const after = Math.hypot(c!.x - d!.x, c!.y - d!.y);
      if (before > 0 && after > 0) this.zoom(after / before);
      return;
    }
    if (this.#pinch.has(e.pointerId)) this.#pinch.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const d = this.#drag;
    if (d && d.pointer === e.pointerId) {
      if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) > 6) {
        d.moved = true;
        this.#selected = d.from;
        const tile = this.#tiles.querySelector(`[data-point="${this.#scene!.board.points[d.from]!.name}"]`);
        const ghost = el('g', { class: 'jq-tile ghost' });
        ghost.innerHTML = tile?.innerHTML ?? '';
        d.ghost = ghost;
        this.#render(false);
        this.#top.append(ghost);
      }
      if (d.moved && d.ghost) {
        const p = this.#svgPoint(e.clientX, e.clientY);
        d.ghost.setAttribute('transform', `translate(${r1(p.x)} ${r1(p.y)})`);
      }
      return;
    }
    const p = this.#pan;
    if (p && p.pointer === e.pointerId) {
      const rect = this.svg.getBoundingClientRect();
      const k = this.#zoom.view.w / Math.max(1, rect.width);
      const dx = (e.clientX - p.x) * k;
      const dy = (e.clientY - p.y) * k;
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) > 4) p.moved = true;
      p.x = e.clientX;
      p.y = e.clientY;
      this.#zoom.show({ ...this.#zoom.view, x: this.#zoom.view.x - dx, y: this.#zoom.view.y - dy });
    }
  };

  #onUp = (e: PointerEvent): void => {
    this.#pinch.delete(e.pointerId);
    if (!this.#pressed.delete(e.pointerId)) return;
    const d = this.#drag;
    if (d && d.pointer === e.pointerId) {
      this.#drag = undefined;
      d.ghost?.remove();
      if (!d.moved) {
        this.activate(d.from);
        return;
      }
      const to = this.pointAtClient(e.clientX, e.clientY);
      const dests = this.#scene?.sources.get(d.from) ?? [];
      if (to !== undefined && dests.includes(to)) {
        this.#selected = undefined;
        this.#render(false);
        this.#events.move(d.from, to);
        return;
      }
      if (to === undefined && this.#events.dropOutside?.(d.from, e.clientX, e.clientY)) {
        this.#selected = undefined;
        this.#render(false);
        return;
      }
      this.#render(false);
      return;
    }
    const p = this.#pan;
    if (p && p.pointer === e.pointerId) {
      this.#pan = undefined;
      if (p.moved) return;
    }
    const point = this.#pointOf(e.target) ?? this.pointAtClient(e.clientX, e.clientY);
    if (point !== undefined) this.activate(point);
  };

  #cancelDrag(): void {
    if (!this.#drag) return;
    this.#drag.ghost?.remove();
    this.#drag = undefined;
    this.#render(false);
  }

  #onCancel = (e: PointerEvent): void => {
    this.#pinch.delete(e.pointerId);
    this.#pressed.delete(e.pointerId);
    this.#pan = undefined;
    this.#cancelDrag();
  };

  #onFocus = (e: FocusEvent): void => {
    const point = this.#pointOf(e.target);
    if (point === undefined || point === this.#cursor) return;
    this.#hitEls[this.#cursor ?? -1]?.setAttribute('tabindex', '-1');
    this.#cursor = point;
    this.#hitEls[point]?.setAttribute('tabindex', '0');
  };

  #onKey = (e: KeyboardEvent): void => {
    const scene = this.#scene;
    if (!scene) return;
    const cur = this.#pointOf(e.target) ?? this.#cursor;
    if (cur === undefined) return;
    const dir = arrowOf(e.key);
    if (dir) {
      e.preventDefault();
      const best = pointToward(scene.board, this.#layout, cur, dir);
      if (best !== undefined) this.focusPoint(best);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.activate(cur);
      this.focusPoint(cur);
    } else if (e.key === 'Escape') {
      if (this.#selected !== undefined) {
        this.#selected = undefined;
        this.#live.textContent = this.#text.cleared;
        this.#render(false);
      }
    } else if (e.key === '+' || e.key === '=') {
      this.zoom(1.4);
    } else if (e.key === '-') {
      this.zoom(1 / 1.4);
    }
  };

  /** Moves the keyboard focus to a point, panning it into view when zoomed. */
  focusPoint(point: number): void {
    const g = this.#hitEls[point];
    if (!g) return;
    this.#hitEls[this.#cursor ?? -1]?.setAttribute('tabindex', '-1');
    this.#cursor = point;
    g.setAttribute('tabindex', '0');
    const s = this.#layout[point]!;
    const v = this.#zoom.view;
    const m = metricsOf(this.#scene!.board);
    if (
      s.x < v.x + m.stepX / 2 ||
      s.x > v.x + v.w - m.stepX / 2 ||
      s.y < v.y + m.stepY / 2 ||
      s.y > v.y + v.h - m.stepY / 2
    ) {
      this.#zoom.show({ ...v, x: s.x - v.w / 2, y: s.y - v.h / 2 });
    }
    g.focus();
  }

  // ---- zoom and pan -------------------------------------------------------

  /** Zooms by `factor` (> 1 closer) around the view's centre. */
  zoom(factor: number): void {
    this.#zoom.zoom(factor);
  }

  /** The whole board, at the start and on the fit button. */
  resetView(): void {
    this.#zoom.reset();
  }

  #onWheel = (e: WheelEvent): void => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    this.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15);
  };
}
