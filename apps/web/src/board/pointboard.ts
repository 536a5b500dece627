/**
 * A board of points, in the manner of chessground: it draws a state and the
 * legal destinations its host hands it, and reports the player's intent
 * (`from` → `to`); it knows no rules. Framework-free: plain SVG and pointer
 * events. Chinese Checkers' star is drawn on it; the other games have boards
 * of their own (Abalone's selections and arrows, Junqi's upright tiles and
 * zoom, Hive's growing hive with pan and zoom).
 *
 * State lives in `BoardState` (no DOM); `render` draws it; the pointer and
 * keyboard handlers only change the state and call back.
 */

import { motionAllowed } from './motion.js';
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
  /** What a screen reader calls this kind of control ("board", in the page's language). */
  readonly roleDescription: string;
  /** The words a point's label gains when it is a destination or the selected piece, in the page's language. */
  readonly states: { readonly target: string; readonly selected: string };
  /** A point's label with its states, in the page's language and punctuation ("e5 (selected)", "e5（已选中）"). */
  readonly withStates: (label: string, states: readonly string[]) => string;
  readonly animationMs?: number;
}

/**
 * Where the keyboard cursor starts: on one of the player's movable pieces (the one nearest the board's middle), not
 * on whatever point happens to be in the middle — in Chinese Checkers an empty one; the middle only when nothing moves.
 */
export const cursorStart = (
  points: readonly BoardPoint[],
  dests: ReadonlyMap<string, readonly string[]>,
): BoardPoint | undefined => {
  if (points.length === 0) return undefined;
  const cx = points.reduce((a, p) => a + p.x, 0) / points.length;
  const cy = points.reduce((a, p) => a + p.y, 0) / points.length;
  const near = (a: BoardPoint, b: BoardPoint) => Math.hypot(a.x - cx, a.y - cy) - Math.hypot(b.x - cx, b.y - cy);
  const movable = points.filter((p) => (dests.get(p.id)?.length ?? 0) > 0);
  return [...(movable.length > 0 ? movable : points)].sort(near)[0];
};

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
  #over: SVGGElement;
  #hits: SVGGElement;
  #live: HTMLElement;
  #byId = new Map<string, BoardPoint>();
  #drag:
    | { from: string; pointer: number; ghost: SVGGElement; startX: number; startY: number; moved: boolean }
    | undefined;

  constructor(host: HTMLElement, config: BoardConfig, events: BoardEvents) {
    this.#config = config;
    this.#events = events;
    const wrap = document.createElement('div');
    wrap.className = 'board-wrap';
    this.svg = el('svg', { class: 'board', role: 'application', 'aria-label': config.label, tabindex: 0 });
    this.svg.setAttribute('aria-roledescription', config.roleDescription);
    const v = config.viewBox;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    // the board's box has the view's shape, so no band of empty board is drawn beside a taller or wider figure
    this.svg.style.aspectRatio = `${v.w} / ${v.h}`;
    this.#bg = el('g', { class: 'bg' });
    this.#marks = el('g', { class: 'marks' });
    this.#pieces = el('g', { class: 'pieces' });
    this.#over = el('g', { class: 'over' });
    this.#hits = el('g', { class: 'hits' });
    this.#draw(this.#bg, config.background);
    this.svg.append(this.#bg, this.#marks, this.#pieces, this.#over, this.#hits);
    this.#live = document.createElement('div');
    this.#live.className = 'sr-only';
    this.#live.setAttribute('aria-live', 'polite');
    wrap.append(this.svg, this.#live);
    host.append(wrap);
    this.svg.addEventListener('pointerdown', this.#onDown);
    this.svg.addEventListener('pointermove', this.#onMovePointer);
    this.svg.addEventListener('pointerup', this.#onUp);
    this.svg.addEventListener('pointercancel', this.#onCancel);
    this.svg.addEventListener('keydown', this.#onKey);
    this.svg.addEventListener('focus', this.#onFocus);
  }

  /** Reached by the keyboard, the board shows its cursor at once, on a piece the player can move. */
  #onFocus = (): void => {
    const s = this.state;
    if (s.cursor !== undefined || !this.svg.matches(':focus-visible')) return;
    const start = cursorStart(s.points, s.dests);
    if (!start) return;
    s.cursor = start.id;
    this.#say(start.label);
    this.render();
  };

  /**
   * Shows only `box` of the board (in board units), drawn as large as the board's width allows, or the whole board
   * again (`undefined`): a phone's puzzle zooms to the corner that matters so each point is big enough to tap.
   */
  setView(box: { x: number; y: number; w: number; h: number } | undefined): void {
    const v = box ?? this.#config.viewBox;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.svg.style.aspectRatio = `${v.w} / ${v.h}`;
  }

  /** Replaces the background drawing (the star, drawn for the number of players and the theme). */
  setBackground(markup: string): void {
    this.#draw(this.#bg, markup);
  }

  /** Replaces what is drawn over the pieces (point names), which never takes a click. */
  setOverlay(markup: string): void {
    this.#draw(this.#over, markup);
  }

  /** The markup each layer was last given: the host hands the same on every update, parsed again only when changed. */
  #drawn = new Map<SVGGElement, string>();
  #draw(layer: SVGGElement, markup: string): void {
    if (this.#drawn.get(layer) === markup) return;
    this.#drawn.set(layer, markup);
    layer.innerHTML = markup;
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
          : el('circle', { cx: p.x, cy: p.y, r: r * 0.36, class: 'dest' }),
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
    if (s.animate && this.#config.animationMs !== 0 && motionAllowed()) {
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
      if (destSet.has(p.id)) states.push(this.#config.states.target);
      if (s.selected === p.id) states.push(this.#config.states.selected);
      c.setAttribute('aria-label', states.length ? this.#config.withStates(p.label, states) : p.label);
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
    }
  };

  #onMovePointer = (e: PointerEvent): void => {
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
    }
  };

  #onUp = (e: PointerEvent): void => {
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
    if (id !== undefined) this.activate(id);
    else if (this.state.selected !== undefined) {
      this.state.selected = undefined;
      this.#events.onSelect?.(undefined);
      this.render();
    }
  };

  #onCancel = (): void => {
    if (this.#drag) this.#drag.ghost.remove();
    this.#drag = undefined;
    this.render();
  };

  /** Arrow keys move the cursor to the nearest point that way; Enter/Space activates; Escape clears. */
  #onKey = (e: KeyboardEvent): void => {
    const s = this.state;
    if (s.points.length === 0) return;
    const placed = s.cursor !== undefined ? this.#byId.get(s.cursor) : undefined;
    const cur = placed ?? cursorStart(s.points, s.dests)!;
    const dir: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    if (e.key in dir && !placed) {
      e.preventDefault();
      s.cursor = cur.id;
      this.#say(cur.label);
      this.render();
    } else if (e.key in dir) {
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
    }
  };
}
