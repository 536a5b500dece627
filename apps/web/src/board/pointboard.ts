/**
 * A board of points, in the manner of chessground: it draws a state and the
 * legal destinations its host hands it, and reports the player's intent
 * (`from` → `to`); it knows no rules. Framework-free: plain SVG and pointer
 * events. Used by every game (Chinese Checkers' star, Abalone's hexagon,
 * Junqi's posts, Hive's cells), each giving its own geometry and drawings.
 *
 * State lives in `BoardState` (no DOM); `render` draws it; the pointer and
 * keyboard handlers only change the state and call back.
 */

import { el } from './svg.js';

export interface BoardPoint {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  /** Read by screen readers: the point's name and what stands on it. */
  readonly label: string;
}

export interface BoardPiece {
  /** The point the piece stands on. */
  readonly at: string;
  /** SVG markup of the piece, centred on (0, 0). */
  readonly svg: string;
  /** Extra class for styling (colour, hidden back …). */
  readonly className?: string;
}

export interface BoardMark {
  readonly at: string;
  readonly kind: 'last-from' | 'last-to' | 'check' | 'path' | 'capture' | 'preview' | 'selected' | 'danger';
}

export interface BoardState {
  points: readonly BoardPoint[];
  pieces: readonly BoardPiece[];
  /** Legal destinations from each source point, as handed by the host. */
  dests: ReadonlyMap<string, readonly string[]>;
  marks: readonly BoardMark[];
  selected: string | undefined;
  /** The keyboard cursor (a point id). */
  cursor: string | undefined;
  interactive: boolean;
  /** Points (on screen) of the last move, to animate the piece now on `to`. */
  animate?: { from: string; to: string } | undefined;
}

export interface BoardEvents {
  /** The player moved a piece from `from` to `to` (always one of `dests`). */
  onMove(from: string, to: string): void;
  /** The selection changed (for hosts that preview: Abalone, Chinese Checkers' path). */
  onSelect?(from: string | undefined): void;
  /** A point was activated that is neither a source nor a destination (Abalone builds selections this way). */
  onPoint?(at: string): boolean;
}

export interface BoardConfig {
  readonly viewBox: { x: number; y: number; w: number; h: number };
  /** SVG markup drawn under everything (lines, areas). */
  readonly background: string;
  /** Radius of a point's hit area and highlight. */
  readonly radius: number;
  /** Accessible name of the board. */
  readonly label: string;
  /** Whether the board pans and zooms (Hive). */
  readonly panZoom?: boolean;
  readonly animationMs?: number;
}

export class PointBoard {
  readonly svg: SVGSVGElement;
  readonly state: BoardState = {
    points: [],
    pieces: [],
    dests: new Map(),
    marks: [],
    selected: undefined,
    cursor: undefined,
    interactive: false,
  };
  #config: BoardConfig;
  #events: BoardEvents;
  #bg: SVGGElement;
  #marks: SVGGElement;
  #pieces: SVGGElement;
  #hits: SVGGElement;
  #live: HTMLElement;
  #byId = new Map<string, BoardPoint>();
  #drag:
    | { from: string; pointer: number; ghost: SVGGElement; startX: number; startY: number; moved: boolean }
    | undefined;
  #view: { x: number; y: number; w: number; h: number };
  #pinch = new Map<number, { x: number; y: number }>();
  #pan: { x: number; y: number; pointer: number } | undefined;

  constructor(host: HTMLElement, config: BoardConfig, events: BoardEvents) {
    this.#config = config;
    this.#events = events;
    this.#view = { ...config.viewBox };
    const wrap = document.createElement('div');
    wrap.className = 'board-wrap';
    this.svg = el('svg', { class: 'board', role: 'application', 'aria-label': config.label, tabindex: 0 });
    this.svg.setAttribute('aria-roledescription', 'board');
    this.#bg = el('g', { class: 'bg' });
    this.#marks = el('g', { class: 'marks' });
    this.#pieces = el('g', { class: 'pieces' });
    this.#hits = el('g', { class: 'hits' });
    this.#bg.innerHTML = config.background;
    this.svg.append(this.#bg, this.#marks, this.#pieces, this.#hits);
    this.#live = document.createElement('div');
    this.#live.className = 'sr-only';
    this.#live.setAttribute('aria-live', 'polite');
    wrap.append(this.svg, this.#live);
    host.append(wrap);
    this.#applyView();
    this.svg.addEventListener('pointerdown', this.#onDown);
    this.svg.addEventListener('pointermove', this.#onMovePointer);
    this.svg.addEventListener('pointerup', this.#onUp);
    this.svg.addEventListener('pointercancel', this.#onCancel);
    this.svg.addEventListener('keydown', this.#onKey);
    if (config.panZoom) this.svg.addEventListener('wheel', this.#onWheel, { passive: false });
  }

  /** Replaces the background drawing (Junqi switches boards, Hive grows). */
  setBackground(markup: string): void {
    this.#bg.innerHTML = markup;
  }

  setLabel(label: string): void {
    this.svg.setAttribute('aria-label', label);
  }

  set(patch: Partial<BoardState>): void {
    Object.assign(this.state, patch);
    if (this.state.selected !== undefined && !this.state.dests.has(this.state.selected) && !patch.selected) {
      this.state.selected = undefined;
    }
    this.render();
  }

  destroy(): void {
    this.svg.parentElement?.remove();
  }

  /** Pans/zooms so that every point fits (Hive after each move). */
  fit(margin = 1.5): void {
    const pts = this.state.points;
    if (pts.length === 0) return;
    const r = this.#config.radius * margin;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const p of pts) {
      x0 = Math.min(x0, p.x - r);
      y0 = Math.min(y0, p.y - r);
      x1 = Math.max(x1, p.x + r);
      y1 = Math.max(y1, p.y + r);
    }
    const min = this.#config.radius * 8;
    const w = Math.max(x1 - x0, min);
    const h = Math.max(y1 - y0, min);
    this.#view = { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w, h };
    this.#applyView();
  }

  zoom(factor: number, cx?: number, cy?: number): void {
    const v = this.#view;
    const x = cx ?? v.x + v.w / 2;
    const y = cy ?? v.y + v.h / 2;
    const w = Math.min(Math.max(v.w * factor, this.#config.radius * 4), this.#config.radius * 80);
    const k = w / v.w;
    this.#view = { x: x - (x - v.x) * k, y: y - (y - v.y) * k, w, h: v.h * k };
    this.#applyView();
  }

  #applyView(): void {
    const v = this.#view;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  render(): void {
    const s = this.state;
    this.#byId = new Map(s.points.map((p) => [p.id, p]));
    const r = this.#config.radius;
    // marks: last move, selection, destinations
    const marks: SVGElement[] = [];
    for (const m of s.marks) {
      const p = this.#byId.get(m.at);
      if (p) marks.push(el('circle', { cx: p.x, cy: p.y, r: r * 0.95, class: `mark ${m.kind}` }));
    }
    const dests = s.selected !== undefined ? (s.dests.get(s.selected) ?? []) : [];
    const occupied = new Set(s.pieces.map((p) => p.at));
    if (s.selected !== undefined) {
      const p = this.#byId.get(s.selected);
      if (p) marks.push(el('circle', { cx: p.x, cy: p.y, r: r * 0.95, class: 'mark selected' }));
    }
    for (const d of dests) {
      const p = this.#byId.get(d);
      if (!p) continue;
      marks.push(
        occupied.has(d)
          ? el('circle', { cx: p.x, cy: p.y, r: r * 0.9, class: 'dest occupied' })
          : el('circle', { cx: p.x, cy: p.y, r: r * 0.3, class: 'dest' }),
      );
    }
    if (s.cursor !== undefined) {
      const p = this.#byId.get(s.cursor);
      if (p && document.activeElement === this.svg) marks.push(el('circle', { cx: p.x, cy: p.y, r, class: 'cursor' }));
    }
    this.#marks.replaceChildren(...marks);
    // pieces
    const pieces: SVGElement[] = [];
    for (const piece of s.pieces) {
      const p = this.#byId.get(piece.at);
      if (!p) continue;
      const g = el('g', {
        class: `piece ${piece.className ?? ''}`,
        transform: `translate(${p.x} ${p.y})`,
        'data-at': piece.at,
      });
      if (s.dests.has(piece.at) && s.interactive) g.classList.add('movable');
      g.innerHTML = piece.svg;
      if (this.#drag?.from === piece.at && this.#drag.moved) g.classList.add('dragging-origin');
      pieces.push(g);
    }
    this.#pieces.replaceChildren(...pieces);
    if (s.animate && this.#config.animationMs !== 0 && document.documentElement.dataset.animation !== 'off') {
      const from = this.#byId.get(s.animate.from);
      const to = this.#byId.get(s.animate.to);
      const g = pieces.find((x) => x.getAttribute('data-at') === s.animate?.to);
      if (from && to && g && typeof g.animate === 'function') {
        g.animate(
          [{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: `translate(${to.x}px, ${to.y}px)` }],
          {
            duration: this.#config.animationMs ?? 220,
            easing: 'ease-out',
          },
        );
      }
      s.animate = undefined;
    }
    // hit areas: one focusable-looking target per point, labelled for screen readers
    const hits: SVGElement[] = [];
    const destSet = new Set(dests);
    for (const p of s.points) {
      const c = el('circle', { cx: p.x, cy: p.y, r, class: 'hit', 'data-id': p.id, role: 'button' });
      const states: string[] = [];
      if (destSet.has(p.id)) states.push('target');
      if (s.selected === p.id) states.push('selected');
      c.setAttribute('aria-label', p.label + (states.length ? ` (${states.join(', ')})` : ''));
      if (destSet.has(p.id)) c.classList.add('target');
      hits.push(c);
    }
    this.#hits.replaceChildren(...hits);
  }

  /** Activates a point as a click would: select a source, move to a destination, or ask the host. */
  activate(id: string): void {
    const s = this.state;
    if (!s.interactive) return;
    if (s.selected !== undefined && (s.dests.get(s.selected) ?? []).includes(id)) {
      const from = s.selected;
      s.selected = undefined;
      this.render();
      this.#events.onMove(from, id);
      return;
    }
    if (this.#events.onPoint?.(id)) return;
    if (s.dests.has(id) && s.selected !== id) {
      s.selected = id;
      this.#say(this.#byId.get(id)?.label ?? id);
    } else {
      s.selected = undefined;
    }
    this.#events.onSelect?.(s.selected);
    this.render();
  }

  #say(text: string): void {
    this.#live.textContent = text;
  }

  #svgPoint(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return { x: pt.x, y: pt.y };
  }

  /** The point under (x, y) in board units, within its radius. */
  pointAt(x: number, y: number): string | undefined {
    let best: string | undefined;
    let bestD = this.#config.radius ** 2;
    for (const p of this.state.points) {
      const d = (p.x - x) ** 2 + (p.y - y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = p.id;
      }
    }
    return best;
  }

  #onDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    const { x, y } = this.#svgPoint(e);
    if (this.#config.panZoom) {
      this.#pinch.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.#pinch.size === 2) {
        this.#drag = undefined;
        this.#pan = undefined;
        return;
      }
    }
    const id = this.pointAt(x, y);
    const s = this.state;
    if (
      id !== undefined &&
      s.interactive &&
      s.dests.has(id) &&
      !(s.selected && s.dests.get(s.selected)?.includes(id))
    ) {
      // start a possible drag from a movable piece
      const ghost = el('g', { class: 'ghost', transform: `translate(${x} ${y})` });
      ghost.innerHTML = s.pieces.find((p) => p.at === id)?.svg ?? '';
      this.#drag = { from: id, pointer: e.pointerId, ghost, startX: x, startY: y, moved: false };
      this.svg.setPointerCapture?.(e.pointerId);
      e.preventDefault();
      return;
    }
    if (this.#config.panZoom && (id === undefined || !s.dests.has(id))) {
      this.#pan = { x, y, pointer: e.pointerId };
    }
  };

  #onMovePointer = (e: PointerEvent): void => {
    if (this.#config.panZoom && this.#pinch.has(e.pointerId)) {
      const prev = this.#pinch.get(e.pointerId)!;
      if (this.#pinch.size === 2) {
        const [a, b] = [...this.#pinch.values()];
        const before = Math.hypot(a!.x - b!.x, a!.y - b!.y);
        this.#pinch.set(e.pointerId, { x: e.clientX, y: e.clientY });
        const [c, d] = [...this.#pinch.values()];
        const after = Math.hypot(c!.x - d!.x, c!.y - d!.y);
        if (before > 0 && after > 0) this.zoom(before / after);
        return;
      }
      this.#pinch.set(e.pointerId, { x: e.clientX, y: e.clientY });
      void prev;
    }
    const d = this.#drag;
    if (d && d.pointer === e.pointerId) {
      const { x, y } = this.#svgPoint(e);
      if (!d.moved && Math.hypot(x - d.startX, y - d.startY) > this.#config.radius * 0.4) {
        d.moved = true;
        this.state.selected = d.from;
        this.#events.onSelect?.(d.from);
        this.render();
        this.svg.append(d.ghost);
      }
      if (d.moved) d.ghost.setAttribute('transform', `translate(${x} ${y})`);
      return;
    }
    const p = this.#pan;
    if (p && p.pointer === e.pointerId) {
      const { x, y } = this.#svgPoint(e);
      this.#view = { ...this.#view, x: this.#view.x - (x - p.x), y: this.#view.y - (y - p.y) };
      this.#applyView();
    }
  };

  #onUp = (e: PointerEvent): void => {
    this.#pinch.delete(e.pointerId);
    const d = this.#drag;
    const { x, y } = this.#svgPoint(e);
    const id = this.pointAt(x, y);
    if (d && d.pointer === e.pointerId) {
      this.#drag = undefined;
      d.ghost.remove();
      if (d.moved) {
        const dests = this.state.dests.get(d.from) ?? [];
        if (id !== undefined && dests.includes(id)) {
          this.state.selected = undefined;
          this.render();
          this.#events.onMove(d.from, id);
        } else {
          this.render();
        }
        return;
      }
      this.activate(d.from);
      return;
    }
    if (this.#pan && this.#pan.pointer === e.pointerId) {
      const moved = Math.hypot(x - this.#pan.x, y - this.#pan.y) > this.#config.radius * 0.3;
      this.#pan = undefined;
      if (moved) return;
    }
    if (id !== undefined) this.activate(id);
    else if (this.state.selected !== undefined) {
      this.state.selected = undefined;
      this.#events.onSelect?.(undefined);
      this.render();
    }
  };

  #onCancel = (e: PointerEvent): void => {
    this.#pinch.delete(e.pointerId);
    if (this.#drag) this.#drag.ghost.remove();
    this.#drag = undefined;
    this.#pan = undefined;
    this.render();
  };

  #onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    const { x, y } = this.#svgPoint(e);
    this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
  };

  /** Arrow keys move the cursor to the nearest point that way; Enter/Space activates; Escape clears. */
  #onKey = (e: KeyboardEvent): void => {
    const s = this.state;
    if (s.points.length === 0) return;
    const cur = (s.cursor && this.#byId.get(s.cursor)) || s.points[Math.floor(s.points.length / 2)]!;
    const dir: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    if (e.key in dir) {
      e.preventDefault();
      const [dx, dy] = dir[e.key]!;
      let best: BoardPoint | undefined;
      let bestScore = Infinity;
      for (const p of s.points) {
        const vx = p.x - cur.x;
        const vy = p.y - cur.y;
        const along = vx * dx + vy * dy;
        if (along <= 1e-6) continue;
        const across = Math.abs(vx * dy - vy * dx);
        const score = along + across * 2;
        if (score < bestScore) {
          bestScore = score;
          best = p;
        }
      }
      if (best) {
        s.cursor = best.id;
        this.#say(best.label);
        this.render();
      }
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.activate(cur.id);
      s.cursor = cur.id;
    } else if (e.key === 'Escape') {
      s.selected = undefined;
      this.#events.onSelect?.(undefined);
      this.render();
    } else if (this.#config.panZoom && (e.key === '+' || e.key === '=')) {
      this.zoom(1 / 1.2);
    } else if (this.#config.panZoom && e.key === '-') {
      this.zoom(1.2);
    }
  };
}
