/**
 * The Hive board: tiles on an unbounded hex grid, each player's reserve
 * beside it. It draws the engine's view and turns the engine's legal moves
 * (UHP strings with their piece, from and to cells) into targets; it knows no
 * rules. Click a reserve tile or a tile on the board, then a target (or drag
 * the tile there); when several moves of one piece reach the same cell (a
 * Pillbug's throw and the piece's own move), the player picks one.
 * Pan by dragging empty space, zoom with the wheel, a pinch or the buttons;
 * the view fits the hive whenever it grows (`data-zoom` on the board says how
 * far the view is from that fit). Tiles are drawn in the player's piece style:
 * bug drawings in their colours, the same drawings in the tile's one ink, or
 * the bug's letter as the move notation writes it.
 */
import type { PieceStyle } from '../settings.js';
import {
  type HiveArrow,
  type HiveBoardInput,
  type HiveBoardMove,
  type HiveBoardText,
  type HiveBoardTile,
  key,
  targetsOf,
} from './hive-board-input.js';
import { HIVE_STYLE } from './hive-board-style.js';
import { drawHands } from './hive-hands.js';
import { arrowMark, lastFromMark, queenThreats, startText, threatMark } from './hive-marks.js';
import { HEX, tileSvg, xy } from './hive-tile.js';
import { HiveView } from './hive-view.js';
import { motionAllowed } from './motion.js';
import { el } from './svg.js';

export type {
  HiveArrow,
  HiveBoardInput,
  HiveBoardMove,
  HiveBoardText,
  HiveBoardTile,
  HiveBoardView,
} from './hive-board-input.js';
export { QUEEN_THREAT, targetsOf } from './hive-board-input.js';

export class HiveBoard {
  readonly root: HTMLDivElement;
  readonly svg: SVGSVGElement;
  #text: HiveBoardText;
  #onPlay: (uhp: string) => void;
  #input: HiveBoardInput | undefined;
  #selected: string | undefined;
  #hands: HTMLDivElement[];
  #tools: HTMLDivElement;
  #chooser: HTMLDivElement;
  #peek: HTMLDivElement;
  #hold: ReturnType<typeof setTimeout> | undefined;
  #layer: SVGGElement;
  #view: HiveView;
  #pointers = new Map<number, { x: number; y: number }>();
  #pan: { x: number; y: number; view: { x: number; y: number }; moved: boolean; cell: string | undefined } | undefined;
  #pinch: number | undefined;
  #lastSeen: string | null | undefined;
  #prevAt = new Map<string, string>();
  /** The analysis board's suggestions: an arrow from each move's cell (none for a placement) to its target. */
  #arrows: readonly HiveArrow[] = [];

  constructor(host: HTMLElement, text: HiveBoardText, onPlay: (uhp: string) => void) {
    this.#text = text;
    this.#onPlay = onPlay;
    this.root = document.createElement('div');
    this.root.className = 'board-wrap hive';
    this.#hands = [0, 1].map(() => {
      const d = document.createElement('div');
      d.className = 'hv-hand';
      d.setAttribute('role', 'toolbar');
      // the eight bugs of Base+MLP in one row on a phone (375 px)
      d.style.cssText = 'display:flex;flex-wrap:wrap;gap:.15rem;min-height:2.6rem;align-items:center;margin:.25rem 0';
      return d;
    });
    this.#tools = document.createElement('div');
    this.#tools.className = 'hv-tools';
    this.#tools.style.cssText = 'display:flex;gap:.25rem;justify-content:flex-end;margin:.25rem 0';
    this.#chooser = document.createElement('div');
    this.#chooser.className = 'hv-chooser';
    this.#chooser.setAttribute('role', 'dialog');
    this.#chooser.style.cssText = 'display:flex;gap:.25rem;flex-wrap:wrap';
    this.#peek = document.createElement('div');
    this.#peek.className = 'hv-peek';
    this.#peek.setAttribute('aria-live', 'polite');
    this.#peek.style.cssText =
      'position:absolute;right:.5rem;top:3.5rem;display:none;gap:.2rem;padding:.25rem;background:#fffc;border-radius:.4rem;box-shadow:0 1px 4px #0004;pointer-events:none';
    this.svg = el('svg', { class: 'board hive-board', role: 'group' });
    const style = el('style');
    style.textContent = HIVE_STYLE;
    this.#layer = el('g');
    this.svg.append(style, this.#layer);
    this.#view = new HiveView(this.svg);
    this.root.append(this.#hands[0]!, this.#tools, this.svg, this.#peek, this.#chooser, this.#hands[1]!);
    host.append(this.root);
    this.svg.addEventListener('pointerdown', this.#onDown);
    this.svg.addEventListener('pointermove', this.#onMove);
    this.svg.addEventListener('pointerup', this.#onUp);
    this.svg.addEventListener('pointercancel', (e) => {
      this.#pointers.delete(e.pointerId);
      this.#pan = undefined;
    });
    this.svg.addEventListener('wheel', this.#onWheel, { passive: false });
    this.svg.addEventListener('keydown', this.#onKey);
  }

  update(input: HiveBoardInput): void {
    const before = this.#input?.legal.map((m) => m.uhp).join(' ');
    this.#input = input;
    if (before !== input.legal.map((m) => m.uhp).join(' ')) {
      this.#selected = undefined;
      this.#chooser.replaceChildren();
    }
    const animate = this.#lastSeen !== undefined && input.view.lastMove !== this.#lastSeen && motionAllowed();
    this.#lastSeen = input.view.lastMove;
    this.#render(animate);
  }

  setText(text: HiveBoardText): void {
    this.#text = text;
    if (this.#input) this.#render(false);
  }

  destroy(): void {
    this.root.remove();
  }

  /** Draws the analysis engine's best moves (the first is the strongest), or none. */
  arrows(list: readonly HiveArrow[]): void {
    this.#arrows = list;
    if (this.#input) this.#render(false);
  }

  select(piece: string | undefined): void {
    this.#selected = piece && this.#input?.legal.some((m) => m.piece === piece) ? piece : undefined;
    this.#chooser.replaceChildren();
    this.#render(false);
  }

  /** Plays the selected piece's move to `k`, or asks which one when several reach it. */
  #target(k: string): boolean {
    if (!this.#selected || !this.#input) return false;
    const moves = targetsOf(this.#input.legal, this.#selected).get(k);
    if (!moves) return false;
    if (moves.length === 1) {
      this.#play(moves[0]!.uhp);
      return true;
    }
    this.#chooser.replaceChildren();
    const label = document.createElement('span');
    label.textContent = this.#text.choose;
    this.#chooser.append(label);
    for (const m of moves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'hv-choice';
      b.textContent = m.kind && this.#text.kind ? `${this.#text.kind(m.kind)} · ${m.uhp}` : m.uhp;
      b.addEventListener('click', () => this.#play(m.uhp));
      this.#chooser.append(b);
    }
    (this.#chooser.querySelector('button') as HTMLButtonElement | null)?.focus();
    return true;
  }

  #play(uhp: string): void {
    this.#selected = undefined;
    this.#chooser.replaceChildren();
    this.#onPlay(uhp);
  }

  #flip(): boolean {
    return this.#input?.bottom === 1;
  }

  #render(animate: boolean): void {
    const input = this.#input;
    if (!input) return;
    const { view, legal } = input;
    const flip = this.#flip();
    this.svg.setAttribute('aria-label', this.#text.board);
    const stacks = new Map<string, HiveBoardTile[]>();
    for (const t of view.tiles) {
      const list = stacks.get(key(t.q, t.r)) ?? [];
      list.push(t);
      stacks.set(key(t.q, t.r), list);
    }
    for (const s of stacks.values()) s.sort((a, b) => a.level - b.level);
    const movable = new Set(legal.filter((m) => m.from).map((m) => m.piece));
    const targets = this.#selected ? targetsOf(legal, this.#selected) : new Map<string, HiveBoardMove[]>();
    // The last move: UHP names the piece; its old cell is remembered from the previous view.
    const lastPiece = view.lastMove?.split(' ')[0];
    // a Queen nearly surrounded is a threat a player must see at a glance, as a king in check is (sides counted only)
    const threats = queenThreats(stacks);
    const now = new Map<string, string>();
    for (const [k, s] of stacks) for (const t of s) now.set(t.piece, k);

    this.#layer.replaceChildren();
    const cells = new Set([...stacks.keys(), ...targets.keys()]);
    const anims: { g: SVGGElement; to: string }[] = [];
    for (const k of cells) {
      const [q, r] = k.split(',').map(Number) as [number, number];
      const p = xy(q, r, flip);
      const stack = stacks.get(k) ?? [];
      const top = stack.at(-1);
      const isTarget = targets.has(k);
      const threat = threats.get(k);
      const g = el('g', {
        class: `hv-cell${top && movable.has(top.piece) ? ' movable' : ''}${isTarget ? ' target' : ''}`,
        'data-cell': k,
        transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})`,
        role: 'button',
        tabindex: isTarget || (top && movable.has(top.piece)) ? 0 : -1,
        'aria-label': isTarget
          ? this.#text.target(q, r)
          : this.#text.cell(
              q,
              r,
              stack.map((t) => this.#text.piece(t.piece)),
            ) + (threat && this.#text.threat ? ` ${this.#text.threat(threat)}` : ''),
      });
      if (top) g.setAttribute('data-piece', top.piece);
      for (const [i, t] of stack.entries()) {
        const lift = i * 0.12;
        const tile = this.#tileSvg(t.piece);
        tile.setAttribute('transform', `translate(${lift} ${-lift})`);
        if (i < stack.length - 1) tile.setAttribute('opacity', '0.9');
        g.append(tile);
      }
      if (stack.length > 1) {
        // Peek under the stack: on hover, on keyboard focus, and on a long press (touch has no hover).
        const show = () => this.#showPeek(stack);
        const hide = () => this.#hidePeek();
        g.addEventListener('pointerenter', show);
        g.addEventListener('pointerleave', hide);
        g.addEventListener('focus', show);
        g.addEventListener('blur', hide);
        g.addEventListener('pointerdown', (e) => {
          if (e.pointerType === 'touch') this.#hold = setTimeout(show, 450);
        });
        const title = el('title');
        title.textContent = stack.map((t) => this.#text.piece(t.piece)).join(' ← ');
        g.append(
          title,
          el('circle', { class: 'hv-badge', cx: 0.62, cy: -0.55, r: 0.26 }),
          Object.assign(el('text', { class: 'hv-badge-t', x: 0.62, y: -0.55 }), {
            textContent: String(stack.length),
          }),
        );
      }
      if (top && top.piece === this.#selected) g.append(el('polygon', { class: 'hv-sel', points: HEX }));
      if (top && top.piece === lastPiece) {
        g.append(el('polygon', { class: 'hv-last', points: HEX, 'data-last': top.piece }));
        const was = this.#prevAt.get(top.piece);
        if (animate && was && was !== k) anims.push({ g, to: k });
      }
      if (isTarget) g.append(el('polygon', { class: 'hv-target', points: HEX }));
      g.append(el('polygon', { class: 'hv-focus', points: HEX, fill: 'none' }));
      this.#layer.append(g);
    }
    if (lastPiece) {
      const was = this.#prevAt.get(lastPiece);
      const k = now.get(lastPiece);
      if (was && k && was !== k && !stacks.has(was)) {
        this.#layer.prepend(lastFromMark(was, flip));
      }
    }
    // over every tile, so no neighbour hides the ring or its count
    for (const [k, n] of threats) this.#layer.append(threatMark(k, n, flip));
    // an empty board says where the first tile comes from, until one is picked up (its target is drawn there)
    if (view.tiles.length === 0 && !this.#selected && this.#text.start && legal.some((m) => !m.from)) {
      this.#layer.append(startText(this.#text.start));
    }
    for (const a of anims) {
      const [fq, fr] = this.#prevAt.get(lastPiece!)!.split(',').map(Number) as [number, number];
      const [tq, tr] = a.to.split(',').map(Number) as [number, number];
      const f = xy(fq, fr, flip);
      const t = xy(tq, tr, flip);
      const inner = el('g', { class: 'hv-anim' });
      inner.append(...a.g.childNodes);
      inner.style.transform = `translate(${f.x - t.x}px, ${f.y - t.y}px)`;
      a.g.append(inner);
      requestAnimationFrame(() => {
        requestAnimationFrame(() => {
          inner.style.transform = 'translate(0px, 0px)';
        });
      });
    }
    this.#prevAt = now;
    for (const [i, a] of this.#arrows.entries()) this.#layer.append(arrowMark(a, i, flip));
    this.#renderHands();
    this.#renderTools();
    this.#view.fit(new Set([...cells, ...this.#arrows.map((a) => key(a.to.q, a.to.r))]), flip);
  }

  #showPeek(stack: readonly HiveBoardTile[]): void {
    this.#peek.replaceChildren();
    // Top first, down to the ground tile.
    for (const t of [...stack].reverse()) {
      const svg = el('svg', { viewBox: '-1.1 -1.1 2.2 2.2', width: 36, height: 36, role: 'img' });
      svg.setAttribute('aria-label', this.#text.piece(t.piece));
      svg.append(this.#tileSvg(t.piece));
      this.#peek.append(svg);
    }
    this.#peek.style.display = 'flex';
  }

  #hidePeek(): void {
    clearTimeout(this.#hold);
    this.#peek.style.display = 'none';
  }

  #tileSvg(piece: string): SVGGElement {
    const style: PieceStyle = this.#input?.pieces ?? 'classic';
    return tileSvg(piece, style);
  }

  #renderHands(): void {
    // the hands are drawn anew: a reserve tile that had the keyboard's focus keeps it (Enter picked it up)
    const focused = document.activeElement;
    const bug =
      focused instanceof HTMLElement && this.#hands.some((h) => h.contains(focused)) ? focused.dataset.bug : undefined;
    drawHands(
      this.#hands,
      this.#input!,
      this.#text,
      this.#selected,
      (piece) => this.select(this.#selected === piece ? undefined : piece),
      () => {
        const target = this.#layer.querySelector<SVGGElement>('.hv-cell.target');
        target?.focus();
        return target !== null;
      },
    );
    if (bug !== undefined) {
      for (const h of this.#hands) h.querySelector<HTMLButtonElement>(`.hv-reserve[data-bug="${bug}"]`)?.focus();
    }
  }

  #renderTools(): void {
    const input = this.#input!;
    this.#tools.replaceChildren();
    const button = (label: string, text: string, id: string, on: () => void) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.dataset.hv = id;
      b.setAttribute('aria-label', label);
      b.addEventListener('click', on);
      this.#tools.append(b);
      return b;
    };
    if (input.view.mustPass && input.legal.some((m) => m.uhp === 'pass')) {
      const b = button(this.#text.pass, this.#text.pass, 'pass', () => this.#play('pass'));
      b.className = 'primary';
    }
    button(this.#text.zoomOut, '−', 'zoom-out', () => this.#view.zoom(1.25));
    button(this.#text.zoomIn, '+', 'zoom-in', () => this.#view.zoom(0.8));
    button(this.#text.fit, '⤢', 'fit', () => {
      this.#view.forgetFit();
      this.#render(false);
    });
  }

  #onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    const p = this.#view.toUser(e);
    this.#view.zoom(e.deltaY > 0 ? 1.1 : 1 / 1.1, p.x, p.y);
  };

  #cellAt(target: EventTarget | null): string | undefined {
    return (target as Element | null)?.closest?.('[data-cell]')?.getAttribute('data-cell') ?? undefined;
  }

  #onDown = (e: PointerEvent): void => {
    this.#pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.#pointers.size === 2) {
      const [a, b] = [...this.#pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      this.#pinch = Math.hypot(a.x - b.x, a.y - b.y);
      this.#pan = undefined;
      return;
    }
    this.#pan = { x: e.clientX, y: e.clientY, view: { ...this.#view.box }, moved: false, cell: this.#cellAt(e.target) };
    this.svg.setPointerCapture?.(e.pointerId);
  };

  #onMove = (e: PointerEvent): void => {
    if (!this.#pointers.has(e.pointerId)) return;
    this.#pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.#pinch !== undefined && this.#pointers.size === 2) {
      const [a, b] = [...this.#pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d > 0) this.#view.zoom(this.#pinch / d);
      this.#pinch = d;
      return;
    }
    const pan = this.#pan;
    if (!pan) return;
    const dx = e.clientX - pan.x;
    const dy = e.clientY - pan.y;
    if (!pan.moved && Math.hypot(dx, dy) < 6) return;
    // A drag that starts on a movable tile carries the tile (its targets show at once); elsewhere it pans the view.
    const top = pan.cell ? this.#layer.querySelector(`[data-cell="${pan.cell}"]`) : null;
    if (top?.classList.contains('movable')) {
      if (!pan.moved) this.select(top.getAttribute('data-piece') ?? undefined);
      pan.moved = true;
      return;
    }
    pan.moved = true;
    const r = this.svg.getBoundingClientRect();
    const v = this.#view.box;
    this.#view.show({ ...v, x: pan.view.x - (dx / r.width) * v.w, y: pan.view.y - (dy / r.height) * v.h });
  };

  #onUp = (e: PointerEvent): void => {
    clearTimeout(this.#hold);
    this.#pointers.delete(e.pointerId);
    if (this.#pointers.size < 2) this.#pinch = undefined;
    const pan = this.#pan;
    this.#pan = undefined;
    if (!pan) return;
    if (!pan.moved) {
      if (pan.cell) this.#activate(pan.cell);
      return;
    }
    const from = pan.cell ? this.#layer.querySelector(`[data-cell="${pan.cell}"]`) : null;
    if (!from?.classList.contains('movable')) return;
    const piece = from.getAttribute('data-piece')!;
    const drop = document.elementFromPoint(e.clientX, e.clientY);
    this.#selected = piece;
    const k = this.#cellAt(drop);
    if (!k || !this.#target(k)) this.#render(false);
  };

  #activate(k: string): void {
    if (this.#target(k)) return;
    const g = this.#layer.querySelector(`[data-cell="${k}"]`);
    const piece = g?.getAttribute('data-piece');
    this.select(piece && piece !== this.#selected ? piece : undefined);
    (this.#layer.querySelector(`[data-cell="${k}"]`) as SVGGElement | null)?.focus();
  }

  #onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') this.select(undefined);
    else if (e.key === '+' || e.key === '=') this.#view.zoom(0.8);
    else if (e.key === '-') this.#view.zoom(1.25);
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const k = this.#cellAt(e.target);
    if (k === undefined) return;
    e.preventDefault();
    this.#activate(k);
  };
}
