/**
 * The Abalone board, in the manner of chessground: it draws the cells the
 * engine's view hands it and the legal moves as notation, and reports the
 * player's intent as a move string; every rule (what may move, what a push
 * does) comes from the engine's selection helpers, never from here.
 *
 * Input: click (or Enter on a focused marble) toggles marbles into a
 * selection; once the selection is the marble set of some legal move, one
 * arrow per legal direction appears. Hovering or focusing an arrow previews
 * the move (where each marble goes, which marble is pushed off); clicking it,
 * clicking a cell a marble would enter, or dragging a marble towards a
 * neighbour plays it. A touch screen has no hover: there the first tap on an
 * arrow (or on a cell a marble would enter) shows the preview and a second tap
 * on it plays, so a phone player sees a push before making it.
 */
import {
  BLACK,
  CELLS,
  DIRECTION_NAMES,
  EMPTY,
  type MoveEffect,
  moveDir,
  moveEffect,
  moveMarbles,
  parseMoveText,
  selectionKey,
  WHITE,
} from '@qiyuan/abalone';
import {
  type AbaloneBoardInput,
  type AbaloneBoardText,
  type Choice,
  cellBytes,
  groupMoves,
} from './abalone-board-input.js';
import { ABALONE_STYLE } from './abalone-board-style.js';
import { neighbour, position, screenDirection } from './abalone-geometry.js';
import { coordinateLabels, marbleFace } from './abalone-marbles.js';
import { motionAllowed } from './motion.js';
import { el } from './svg.js';

export type { AbaloneBoardInput, AbaloneBoardText, AbaloneBoardView, Choice } from './abalone-board-input.js';
export { cellBytes, groupMoves } from './abalone-board-input.js';

export class AbaloneBoard {
  readonly root: HTMLDivElement;
  readonly svg: SVGSVGElement;
  #text: AbaloneBoardText;
  #onPlay: (notation: string) => void;
  #input: AbaloneBoardInput | undefined;
  #cells: Uint8Array = new Uint8Array(CELLS.length);
  #groups = new Map<string, Choice[]>();
  #selected: number[] = [];
  #preview: Choice | undefined;
  #counters: HTMLDivElement;
  #holes: SVGGElement;
  #marks: SVGGElement;
  #marbles: SVGGElement;
  #overlay: SVGGElement;
  #cellEls: SVGGElement[] = [];
  #lastSeen: string | null | undefined;
  #prevCells: Uint8Array | undefined;
  #drag: { cell: number; x: number; y: number; pointer: number } | undefined;
  #live: HTMLDivElement;
  #coords: SVGGElement;
  /** The line under the board that asks for the second tap of a touch preview. */
  #confirm: HTMLParagraphElement;
  /** The kind of pointer that last pressed on the board: a touch previews before it plays. */
  #pointerType = 'mouse';
  /** The arrow the last press landed on (its direction), if any. */
  #pressedArrow: string | undefined;

  constructor(host: HTMLElement, text: AbaloneBoardText, onPlay: (notation: string) => void) {
    this.#text = text;
    this.#onPlay = onPlay;
    this.root = document.createElement('div');
    this.root.className = 'board-wrap abalone';
    this.#counters = document.createElement('div');
    this.#counters.className = 'ab-counters';
    this.#counters.style.cssText =
      'display:flex;justify-content:space-between;gap:.5rem;margin:.25rem 0;font-weight:600';
    this.svg = el('svg', { class: 'board abalone-board', role: 'group', viewBox: '-5.2 -4.6 10.4 9.2' });
    this.svg.style.aspectRatio = '10.4 / 9.2';
    const style = el('style');
    style.textContent = ABALONE_STYLE;
    const frame = el('polygon', {
      points: [0, 1, 2, 3, 4, 5]
        .map((k) => {
          const a = (Math.PI / 3) * k;
          return `${(5.05 * Math.cos(a)).toFixed(3)},${(5.05 * Math.sin(a)).toFixed(3)}`;
        })
        .join(' '),
      class: 'ab-frame',
    });
    this.#coords = el('g', { class: 'ab-coords' });
    this.#holes = el('g');
    this.#marks = el('g');
    this.#marbles = el('g');
    this.#overlay = el('g');
    this.svg.append(style, frame, this.#coords, this.#holes, this.#marks, this.#marbles, this.#overlay);
    this.#live = document.createElement('div');
    this.#live.className = 'sr-only';
    this.#live.setAttribute('aria-live', 'polite');
    this.#confirm = document.createElement('p');
    this.#confirm.className = 'ab-confirm';
    this.#confirm.dataset.testid = 'ab-confirm';
    this.root.append(this.#counters, this.svg, this.#confirm, this.#live);
    host.append(this.root);
    this.svg.addEventListener('pointerdown', this.#onDown);
    this.svg.addEventListener('pointerup', this.#onUp);
    this.svg.addEventListener('pointercancel', () => {
      this.#drag = undefined;
    });
    this.svg.addEventListener('keydown', this.#onKey);
  }

  get selected(): readonly number[] {
    return this.#selected;
  }

  update(input: AbaloneBoardInput): void {
    const prevLegal = this.#input?.legal.join(' ');
    this.#input = input;
    this.#prevCells = this.#cells;
    this.#cells = cellBytes(input.view.cells);
    this.#groups = groupMoves(this.#cells, input.legal);
    if (prevLegal !== input.legal.join(' ')) {
      this.#selected = [];
      this.#preview = undefined;
    }
    this.svg.setAttribute('aria-label', this.#text.board);
    const animate = this.#lastSeen !== undefined && input.view.lastMove !== this.#lastSeen && motionAllowed();
    this.#lastSeen = input.view.lastMove;
    this.#render(animate);
  }

  setText(text: AbaloneBoardText): void {
    this.#text = text;
    if (this.#input) this.#render(false);
  }

  destroy(): void {
    this.root.remove();
  }

  /** Choices of the current selection when it is exactly the marbles of some legal move. */
  choices(): readonly Choice[] {
    return this.#groups.get(selectionKey(this.#selected)) ?? [];
  }

  #canExtend(sel: readonly number[]): boolean {
    for (const key of this.#groups.keys()) {
      const cells = key.split(',').map(Number);
      if (sel.every((c) => cells.includes(c))) return true;
    }
    return false;
  }

  /** A click on a cell: toggles own marbles, or plays the move whose marbles enter it. */
  activate(cell: number): void {
    const sel = this.#selected;
    if (sel.includes(cell)) {
      this.#selected = sel.filter((c) => c !== cell);
    } else {
      const target = this.choices().find((c) =>
        c.effect.moved.some((m) => m.to === cell && !sel.includes(cell) && !sel.includes(m.to)),
      );
      if (target) {
        this.#choose(target);
        return;
      }
      const grown = [...sel, cell];
      if (this.#canExtend(grown)) this.#selected = grown;
      else if (this.#canExtend([cell])) this.#selected = [cell];
      else return;
    }
    this.#preview = undefined;
    this.#render(false);
    this.#focusCell(cell);
  }

  clear(): void {
    this.#selected = [];
    this.#preview = undefined;
    this.#render(false);
  }

  /** A tap or click on a move: played at once, except that a touch first previews it and plays on a second tap. */
  #choose(choice: Choice): void {
    if (this.#pointerType === 'touch' && this.#preview?.notation !== choice.notation) {
      this.#preview = choice;
      this.#render(false);
      this.#confirm.textContent = this.#text.confirm;
      this.#live.textContent = this.#text.confirm;
      return;
    }
    this.#play(choice);
  }

  #play(choice: Choice): void {
    this.#selected = [];
    this.#preview = undefined;
    this.#onPlay(choice.notation);
  }

  #focusCell(cell: number): void {
    this.#cellEls[cell]?.focus();
  }

  #render(animate: boolean): void {
    const input = this.#input;
    if (!input) return;
    const { view, bottom } = input;
    const text = this.#text;
    // Counters: the bottom player's count last, nearest the board's bottom.
    this.#counters.replaceChildren(
      ...[1 - bottom, bottom].map((seat) => {
        const span = document.createElement('span');
        span.className = `ab-count seat-${seat}`;
        span.dataset.seat = String(seat);
        span.dataset.n = String(view.ejected[seat] ?? 0);
        span.textContent = text.ejected(seat, view.ejected[seat] ?? 0);
        return span;
      }),
    );
    const sel = new Set(this.#selected);
    const side = view.side === 0 ? BLACK : WHITE;
    if (!this.#preview) this.#confirm.textContent = '';
    this.#drawCoordinates(input.coordinates, bottom);
    const movable = new Set<number>();
    for (const key of this.#groups.keys()) for (const c of key.split(',')) movable.add(Number(c));
    const choices = this.choices();
    const targets = new Set<number>();
    for (const c of choices) for (const m of c.effect.moved) if (!sel.has(m.to)) targets.add(m.to);

    // Holes and focusable hit cells.
    this.#holes.replaceChildren();
    this.#cellEls = [];
    for (const cell of CELLS) {
      const p = position(cell.index, bottom);
      const owner =
        this.#cells[cell.index] === BLACK ? 'black' : this.#cells[cell.index] === WHITE ? 'white' : undefined;
      const g = el('g', {
        class: `ab-cell${movable.has(cell.index) ? ' own' : ''}${targets.has(cell.index) ? ' target' : ''}`,
        transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})`,
        'data-cell': cell.name,
        role: 'button',
        'aria-label': text.cell(cell.name, owner, sel.has(cell.index)),
        tabindex: movable.has(cell.index) || targets.has(cell.index) ? 0 : -1,
      });
      if (sel.has(cell.index)) g.setAttribute('aria-pressed', 'true');
      g.append(el('circle', { class: 'ab-hole', r: 0.44 }), el('circle', { class: 'ab-ring', r: 0.5 }));
      this.#holes.append(g);
      this.#cellEls[cell.index] = g;
    }

    // Last move: where the marbles came from and where they are now.
    this.#marks.replaceChildren();
    const last = view.lastMove ? parseMoveText(view.lastMove) : undefined;
    let lastEffect: MoveEffect | undefined;
    if (last?.ok) {
      const prev = animate && this.#prevCells ? this.#prevCells : undefined;
      const dir = moveDir(last.value);
      const from = moveMarbles(last.value);
      lastEffect = prev
        ? moveEffect(prev, last.value)
        : {
            moved: from.map((f) => ({ from: f, to: neighbour(f, dir) })),
            pushed: [],
            ejected: null,
          };
      for (const m of lastEffect.moved) {
        const a = position(m.from, bottom);
        const b = position(m.to, bottom);
        this.#marks.append(
          el('circle', { class: 'ab-last-from', cx: a.x, cy: a.y, r: 0.44 }),
          el('circle', { class: 'ab-last', cx: b.x, cy: b.y, r: 0.47, 'data-last': CELLS[m.to]!.name }),
        );
      }
    }
    for (const c of targets) {
      const p = position(c, bottom);
      this.#marks.append(el('circle', { class: 'ab-target', cx: p.x, cy: p.y, r: 0.46 }));
    }

    // Marbles; the ones the last move touched start where they were and slide.
    this.#marbles.replaceChildren();
    const origin = new Map<number, number>();
    if (animate && lastEffect) {
      for (const m of lastEffect.moved) origin.set(m.to, m.from);
      for (const m of lastEffect.pushed) if (m.to !== null) origin.set(m.to, m.from);
    }
    const sliding: { g: SVGGElement; to: { x: number; y: number } }[] = [];
    for (let i = 0; i < CELLS.length; i++) {
      const v = this.#cells[i]!;
      if (v === EMPTY) continue;
      const to = position(i, bottom);
      const from = origin.has(i) ? position(origin.get(i)!, bottom) : to;
      const g = el('g', {
        class: `ab-marble ${v === BLACK ? 'black' : 'white'}${v === side ? ' own' : ''}${from !== to ? ' slide' : ''}`,
        'data-cell': CELLS[i]!.name,
        'pointer-events': 'none',
      });
      g.style.transform = `translate(${from.x}px, ${from.y}px)`;
      const owner = v === BLACK ? 'black' : 'white';
      g.append(...marbleFace(owner, input.pieces, this.#text.marble(owner)));
      if (sel.has(i)) g.append(el('circle', { class: 'ab-sel', r: 0.43 }));
      this.#marbles.append(g);
      if (from !== to) sliding.push({ g, to });
    }
    if (animate && lastEffect?.ejected != null && this.#prevCells) {
      // The marble pushed off leaves through the edge and fades.
      const cell = lastEffect.ejected;
      const a = position(cell, bottom);
      const u = screenDirection(moveDir(last!.ok ? last!.value : 0), bottom);
      const gone = el('g', { class: 'ab-marble slide', 'pointer-events': 'none' });
      gone.style.transform = `translate(${a.x}px, ${a.y}px)`;
      gone.append(el('circle', { class: this.#prevCells[cell] === BLACK ? 'ab-black' : 'ab-white', r: 0.4 }));
      this.#marbles.append(gone);
      const out = { x: a.x + u.x * 0.9, y: a.y + u.y * 0.9 };
      sliding.push({ g: gone, to: out });
      requestAnimationFrame(() => {
        gone.style.opacity = '0';
      });
      setTimeout(() => gone.remove(), 400);
    }
    if (sliding.length > 0) {
      void this.svg.getBoundingClientRect();
      requestAnimationFrame(() => {
        for (const s of sliding) s.g.style.transform = `translate(${s.to.x}px, ${s.to.y}px)`;
      });
    }

    this.#drawOverlay(choices, bottom);
    this.svg.dataset.selected = this.#selected.map((c) => CELLS[c]!.name).join(' ');
  }

  #drawCoordinates(on: boolean, bottom: number): void {
    this.#coords.replaceChildren(...(on ? coordinateLabels(bottom) : []));
  }

  /** Direction arrows around the selection and the preview of the hovered one. */
  #drawOverlay(choices: readonly Choice[], bottom: number): void {
    this.#overlay.replaceChildren();
    if (choices.length === 0) return;
    const pts = this.#selected.map((c) => position(c, bottom));
    const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
    const preview = this.#preview;
    if (preview) {
      for (const m of [...preview.effect.moved, ...preview.effect.pushed]) {
        if (m.to === null) continue;
        const p = position(m.to, bottom);
        const colour = this.#cells[m.from] === BLACK ? 'ab-black' : 'ab-white';
        this.#overlay.append(el('circle', { class: `ab-ghost ${colour}`, cx: p.x, cy: p.y, r: 0.36 }));
      }
      if (preview.effect.ejected !== null) {
        const p = position(preview.effect.ejected, bottom);
        this.#overlay.append(
          el('path', {
            class: 'ab-out',
            'data-ejected': CELLS[preview.effect.ejected]!.name,
            d: `M${p.x - 0.3} ${p.y - 0.3}L${p.x + 0.3} ${p.y + 0.3}M${p.x + 0.3} ${p.y - 0.3}L${p.x - 0.3} ${p.y + 0.3}`,
          }),
        );
      }
    }
    for (const c of choices) {
      const { x: ux, y: uy } = screenDirection(c.direction, bottom);
      // Arrows sit beyond the selection's edge in their direction, so three marbles do not hide them.
      const reach = Math.max(...pts.map((p) => (p.x - cx) * ux + (p.y - cy) * uy)) + 0.62;
      const ax = cx + ux * reach;
      const ay = cy + uy * reach;
      const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
      const push = c.effect.pushed.length > 0;
      const name = DIRECTION_NAMES[c.direction]!;
      const g = el('g', {
        class: `ab-arrow${push ? ' push' : ''}${preview === c ? ' previewed' : ''}`,
        role: 'button',
        tabindex: 0,
        'data-dir': name,
        'aria-label': this.#text.direction(name, push, c.effect.ejected !== null),
        transform: `translate(${ax.toFixed(3)} ${ay.toFixed(3)}) rotate(${angle.toFixed(1)})`,
      });
      g.append(el('path', { d: 'M0.26 0L-0.14 0.22L-0.14 -0.22Z' }));
      g.append(el('circle', { r: 0.22, fill: 'transparent' }));
      const show = () => {
        if (this.#preview === c) return;
        this.#preview = c;
        this.#drawOverlay(choices, bottom);
        (this.#overlay.querySelector(`[data-dir="${name}"]`) as SVGGElement | null)?.focus();
      };
      // a touch has no hover: its preview comes with the first tap (see #choose), not as the finger lands
      g.addEventListener('pointerenter', (e) => {
        if (e.pointerType !== 'touch') show();
      });

      g.addEventListener('focus', () => {
        if (this.#pointerType !== 'touch') show();
      });
      g.addEventListener('click', (e) => {
        e.stopPropagation();
        // a tap's click goes to whatever lies under the finger once the tap is over: after a tap on a cell has
        // drawn its preview, that may be an arrow the finger never pressed
        if (this.#pointerType === 'touch' && this.#pressedArrow !== name) return;
        this.#choose(c);
      });
      this.#overlay.append(g);
    }
  }

  #cellOf(target: EventTarget | null): number {
    const g = (target as Element | null)?.closest?.('[data-cell]');
    if (!g || !this.#holes.contains(g)) return -1;
    return CELLS.findIndex((c) => c.name === g.getAttribute('data-cell'));
  }

  #onDown = (e: PointerEvent): void => {
    this.#pointerType = e.pointerType;
    const arrow = (e.target as Element).closest('.ab-arrow');
    this.#pressedArrow = arrow?.getAttribute('data-dir') ?? undefined;
    if (arrow) return;
    const cell = this.#cellOf(e.target);
    if (cell < 0) return;
    this.#drag = { cell, x: e.clientX, y: e.clientY, pointer: e.pointerId };
  };

  #onUp = (e: PointerEvent): void => {
    const drag = this.#drag;
    this.#drag = undefined;
    if (!drag || drag.pointer !== e.pointerId) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    const rect = this.svg.getBoundingClientRect();
    const cellPx = rect.width / 10.4;
    if (Math.hypot(dx, dy) < cellPx * 0.4) {
      this.activate(drag.cell);
      return;
    }
    // A drag: the selection (or the dragged marble alone) moves towards the nearest of the six directions.
    const sel = this.#selected.includes(drag.cell) ? this.#selected : [drag.cell];
    const list = this.#groups.get(selectionKey(sel)) ?? [];
    const bottom = this.#input?.bottom === 1 ? 1 : 0;
    let best: Choice | undefined;
    let bestDot = 0.8;
    for (const c of list) {
      const { x: ux, y: uy } = screenDirection(c.direction, bottom);
      const dot = (dx * ux + dy * uy) / Math.hypot(dx, dy);
      if (dot > bestDot) {
        bestDot = dot;
        best = c;
      }
    }
    if (best) this.#play(best);
  };

  #onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') {
      this.clear();
      this.#live.textContent = this.#text.clear;
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const arrow = (e.target as Element).closest('.ab-arrow');
    this.#pointerType = 'keyboard';
    if (arrow) {
      e.preventDefault();
      const c = this.choices().find((x) => DIRECTION_NAMES[x.direction] === arrow.getAttribute('data-dir'));
      if (c) this.#play(c);
      return;
    }
    const cell = this.#cellOf(e.target);
    if (cell >= 0) {
      e.preventDefault();
      this.activate(cell);
      this.#live.textContent = this.#selected.length > 0 ? this.svg.dataset.selected! : this.#text.hint;
    }
  };
}
