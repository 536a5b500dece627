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
import { HEX_DIRECTIONS } from '@qiyuan/core';
import type { PieceStyle } from '../settings.js';
import { BUG_ART, bugOf } from './hive-bugs.js';
import { motionAllowed } from './motion.js';
import { el } from './svg.js';

const S3 = Math.sqrt(3);

export interface HiveBoardTile {
  readonly piece: string;
  readonly q: number;
  readonly r: number;
  readonly level: number;
}
export interface HiveBoardMove {
  readonly uhp: string;
  readonly piece: string;
  readonly from: { readonly q: number; readonly r: number } | null;
  readonly to: { readonly q: number; readonly r: number };
  /** A two-tile move of the further pieces (its `to` is the tile taken, or where the Dragonfly lands). */
  readonly kind?: 'grab' | 'swap' | 'carry';
}
export interface HiveBoardView {
  readonly tiles: readonly HiveBoardTile[];
  readonly hand: readonly (readonly string[])[];
  readonly lastMove: string | null;
  readonly mustPass: boolean;
}
export interface HiveBoardInput {
  readonly view: HiveBoardView;
  readonly bottom: number;
  /** The view's legal moves, or none when the viewer may not act. */
  readonly legal: readonly HiveBoardMove[];
  readonly pieces: PieceStyle;
}
export interface HiveBoardText {
  board: string;
  piece(name: string): string;
  cell(q: number, r: number, stack: readonly string[]): string;
  target(q: number, r: number): string;
  hand(seat: number): string;
  pass: string;
  zoomIn: string;
  zoomOut: string;
  fit: string;
  choose: string;
  /** The word for a grab, swap or carry in the chooser (when a Mosquito could climb onto a tile or grab it). */
  kind?(kind: 'grab' | 'swap' | 'carry'): string;
  /** A Queen with `n` of her six sides taken, said after her cell's name. */
  threat?(n: number): string;
  /** Said on the empty board before the first tile: where a tile comes from (the reserve under the board). */
  start?: string;
}

/** From how many taken sides a Queen is marked as in danger: two more tiles, or one, and she is surrounded. */
export const QUEEN_THREAT = 4;

const HEX = Array.from({ length: 6 }, (_, k) => {
  const a = (Math.PI / 3) * k + Math.PI / 6;
  return `${(0.95 * Math.cos(a)).toFixed(3)},${(0.95 * Math.sin(a)).toFixed(3)}`;
}).join(' ');

const BUG_COLOUR: Record<string, string> = {
  Q: '#c98a00',
  S: '#7a4b2a',
  B: '#6b4fa0',
  G: '#2e8b3e',
  A: '#1f6fb8',
  M: '#777',
  L: '#c0392b',
  P: '#2a9d8f',
  T: '#5c8a1f',
  F: '#555f99',
  R: '#9c5a1a',
  W: '#d4a017',
  K: '#8b5a3c',
  D: '#1b8aa0',
  C: '#a0522d',
};

const STYLE = `
.hv-tile polygon{stroke:#333;stroke-width:.06}
.hv-tile.w polygon{fill:#f7f3e8}
.hv-tile.b polygon{fill:#2b2b2b}
.hv-tile.w{--tile:#f7f3e8}
.hv-tile.b{--tile:#2b2b2b}
.hv-cell{outline:none;cursor:default}
.hv-cell.movable{cursor:pointer}
.hv-cell.target{cursor:pointer}
.hv-cell:focus-visible .hv-focus{stroke:var(--focus);stroke-width:.12;fill:none}
.hv-target{fill:color-mix(in srgb,var(--focus) 27%,transparent);stroke:var(--focus);stroke-width:.06;stroke-dasharray:.15 .1}
.hv-sel{fill:none;stroke:var(--focus);stroke-width:.14}
.hv-last{fill:none;stroke:var(--last-line);stroke-width:.12}
.hv-last-from{fill:none;stroke:var(--last-line);stroke-width:.06;stroke-dasharray:.2 .1}
.hv-badge{fill:#c62828}
.hv-threat-mark{pointer-events:none}
.hv-threat{fill:none;stroke:#c62828;stroke-width:.1;stroke-dasharray:.25 .12;pointer-events:none}
.hv-threat[data-threat="5"]{stroke-width:.17;stroke-dasharray:none}
.hv-threat-b{fill:#c62828;stroke:#fff;stroke-width:.05}
.hv-arrow{stroke:#1565c0;stroke-width:.2;stroke-linecap:round;opacity:.75;fill:none;pointer-events:none}
.hv-arrow-to{fill:none;stroke:#1565c0;stroke-width:.16;opacity:.75;pointer-events:none}
.hv-threat-t{fill:#fff;font:bold .36px sans-serif;text-anchor:middle;dominant-baseline:central;pointer-events:none}
.hv-badge-t{fill:#fff;font:bold .42px sans-serif;text-anchor:middle;dominant-baseline:central}
.hv-start{fill:var(--board-line);font:600 .42px system-ui,sans-serif;text-anchor:middle;dominant-baseline:central;pointer-events:none}
.hv-letter{font:700 .9px system-ui,sans-serif;text-anchor:middle;dominant-baseline:central}
.hv-letter-n{font:700 .34px system-ui,sans-serif;text-anchor:middle;dominant-baseline:central}
.hv-anim{transition:transform 220ms ease-out}
`;

const key = (q: number, r: number): string => `${q},${r}`;
const xy = (q: number, r: number, flip: boolean): { x: number; y: number } => {
  const x = S3 * (q + r / 2);
  const y = 1.5 * r;
  return flip ? { x: -x, y: -y } : { x, y };
};

/** Target cell key → the distinct moves of the selected piece that end there. */
export const targetsOf = (legal: readonly HiveBoardMove[], piece: string): Map<string, HiveBoardMove[]> => {
  const out = new Map<string, HiveBoardMove[]>();
  for (const m of legal) {
    if (m.piece !== piece) continue;
    const k = key(m.to.q, m.to.r);
    const list = out.get(k) ?? [];
    if (!list.some((x) => x.uhp === m.uhp)) list.push(m);
    out.set(k, list);
  }
  return out;
};

/** One of the analysis engine's moves as the board draws it. */
export interface HiveArrow {
  readonly uhp: string;
  readonly from: { readonly q: number; readonly r: number } | null;
  readonly to: { readonly q: number; readonly r: number };
}

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
  #view = { x: -6, y: -6, w: 12, h: 12 };
  /** The width of the view that fits the hive: `data-zoom` is this over the view's width. */
  #fitWidth = 12;
  #fitted = '';
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
    style.textContent = STYLE;
    this.#layer = el('g');
    this.svg.append(style, this.#layer);
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
    this.#applyView();
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
    const threats = new Map<string, number>();
    for (const [k, s] of stacks) {
      if (!s.some((t) => t.piece.charAt(1) === 'Q')) continue;
      const [q, r] = k.split(',').map(Number) as [number, number];
      const taken = HEX_DIRECTIONS.filter(({ q: dq, r: dr }) => stacks.has(key(q + dq, r + dr))).length;
      if (taken >= QUEEN_THREAT) threats.set(k, taken);
    }
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
        const [q, r] = was.split(',').map(Number) as [number, number];
        const p = xy(q, r, flip);
        this.#layer.prepend(
          el('polygon', {
            class: 'hv-last-from',
            points: HEX,
            transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})`,
          }),
        );
      }
    }
    // over every tile, so no neighbour hides the ring or its count
    for (const [k, n] of threats) {
      const [q, r] = k.split(',').map(Number) as [number, number];
      const p = xy(q, r, flip);
      const mark = el('g', { class: 'hv-threat-mark', transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})` });
      mark.append(
        el('polygon', { class: 'hv-threat', points: HEX, 'data-threat': n }),
        el('rect', { class: 'hv-threat-b', x: -0.98, y: 0.32, width: 0.72, height: 0.42, rx: 0.21 }),
        Object.assign(el('text', { class: 'hv-threat-t', x: -0.62, y: 0.54 }), { textContent: `${n}/6` }),
      );
      this.#layer.append(mark);
    }
    // an empty board says where the first tile comes from, until one is picked up (its target is drawn there)
    if (view.tiles.length === 0 && !this.#selected && this.#text.start && legal.some((m) => !m.from)) {
      this.#layer.append(
        Object.assign(el('text', { class: 'hv-start', x: 0, y: 0 }), { textContent: this.#text.start }),
      );
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
    for (const [i, a] of this.#arrows.entries()) {
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
      this.#layer.append(g);
    }
    this.#renderHands();
    this.#renderTools();
    this.#autoFit(new Set([...cells, ...this.#arrows.map((a) => key(a.to.q, a.to.r))]), flip);
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
    const bug = bugOf(piece);
    const style = this.#input?.pieces ?? 'classic';
    const g = el('g', { class: `hv-tile ${piece.charAt(0)}`, 'data-style': style });
    g.append(el('polygon', { points: HEX }));
    // flat: one ink per colour of tile, so the bug's shape alone tells it apart
    const ink = style === 'flat' ? (piece.charAt(0) === 'w' ? '#2b2b2b' : '#f7f3e8') : (BUG_COLOUR[bug] ?? '#888');
    if (style === 'letters') {
      // the bug's letter as UHP writes it (wA2 → A, with a small 2), in the bug's colour
      const n = piece.slice(2);
      const letter = el('text', { class: 'hv-letter', x: n ? -0.1 : 0, y: 0.02, fill: ink });
      letter.textContent = bug;
      g.append(letter);
      if (n) {
        const sub = el('text', { class: 'hv-letter-n', x: 0.38, y: 0.3, fill: ink });
        sub.textContent = n;
        g.append(sub);
      }
      return g;
    }
    const art = el('g', { color: ink, transform: 'scale(0.95)' });
    art.innerHTML = BUG_ART[bug] ?? '';
    g.append(art);
    return g;
  }

  #renderHands(): void {
    const input = this.#input!;
    const placeable = new Set(input.legal.filter((m) => !m.from).map((m) => m.piece));
    // The top reserve is the far player's (the one not at the bottom).
    const order = [1 - input.bottom, input.bottom];
    for (const [slot, seat] of order.entries()) {
      const div = this.#hands[slot]!;
      div.setAttribute('aria-label', this.#text.hand(seat));
      div.dataset.seat = String(seat);
      div.replaceChildren();
      // One button per bug: the lowest-numbered tile of it is the one placed.
      const byBug = new Map<string, string[]>();
      for (const p of input.view.hand[seat] ?? []) byBug.set(bugOf(p), [...(byBug.get(bugOf(p)) ?? []), p]);
      for (const [bug, pieces] of byBug) {
        const piece = pieces.find((p) => placeable.has(p)) ?? pieces[0]!;
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'hv-reserve';
        b.dataset.piece = piece;
        b.dataset.bug = bug;
        b.disabled = !placeable.has(piece);
        b.setAttribute('aria-pressed', String(this.#selected === piece));
        b.setAttribute('aria-label', `${this.#text.piece(piece)} ×${pieces.length}`);
        b.style.cssText = `position:relative;width:2.6rem;height:2.6rem;padding:0;border-radius:.4rem;border:2px solid ${this.#selected === piece ? 'var(--focus)' : 'transparent'};background:none`;
        const svg = el('svg', { viewBox: '-1.1 -1.1 2.2 2.2', width: '100%', height: '100%', 'aria-hidden': 'true' });
        svg.append(this.#tileSvg(piece));
        b.append(svg);
        if (pieces.length > 1) {
          const n = document.createElement('span');
          n.textContent = String(pieces.length);
          n.style.cssText =
            'position:absolute;right:-2px;bottom:-2px;font-size:.7rem;background:#333;color:#fff;border-radius:.6rem;padding:0 .3rem';
          b.append(n);
        }
        b.addEventListener('click', () => this.select(this.#selected === piece ? undefined : piece));
        div.append(b);
      }
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
    button(this.#text.zoomOut, '−', 'zoom-out', () => this.#zoom(1.25));
    button(this.#text.zoomIn, '+', 'zoom-in', () => this.#zoom(0.8));
    button(this.#text.fit, '⤢', 'fit', () => {
      this.#fitted = '';
      this.#render(false);
    });
  }

  /** Fits the view to the hive and its targets whenever that set of cells changes extent. */
  #autoFit(cells: ReadonlySet<string>, flip: boolean): void {
    let x0 = -1;
    let x1 = 1;
    let y0 = -1;
    let y1 = 1;
    for (const k of cells) {
      const [q, r] = k.split(',').map(Number) as [number, number];
      const p = xy(q, r, flip);
      x0 = Math.min(x0, p.x - 1);
      x1 = Math.max(x1, p.x + 1);
      y0 = Math.min(y0, p.y - 1);
      y1 = Math.max(y1, p.y + 1);
    }
    const sig = [x0, x1, y0, y1].map((v) => v.toFixed(1)).join();
    if (sig === this.#fitted) return;
    this.#fitted = sig;
    const size = Math.max(x1 - x0, y1 - y0, 8) + 1;
    this.#fitWidth = size;
    this.#view = { x: (x0 + x1) / 2 - size / 2, y: (y0 + y1) / 2 - size / 2, w: size, h: size };
    this.#applyView();
  }

  #applyView(): void {
    const v = this.#view;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.svg.dataset.zoom = (this.#fitWidth / v.w).toFixed(2);
  }

  #zoom(f: number, cx = this.#view.x + this.#view.w / 2, cy = this.#view.y + this.#view.h / 2): void {
    const v = this.#view;
    const w = Math.min(60, Math.max(4, v.w * f));
    const k = w / v.w;
    this.#view = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w, h: w };
    this.#applyView();
  }

  #toUser(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const r = this.svg.getBoundingClientRect();
    return {
      x: this.#view.x + ((e.clientX - r.left) / r.width) * this.#view.w,
      y: this.#view.y + ((e.clientY - r.top) / r.height) * this.#view.h,
    };
  }

  #onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    const p = this.#toUser(e);
    this.#zoom(e.deltaY > 0 ? 1.1 : 1 / 1.1, p.x, p.y);
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
    this.#pan = { x: e.clientX, y: e.clientY, view: { ...this.#view }, moved: false, cell: this.#cellAt(e.target) };
    this.svg.setPointerCapture?.(e.pointerId);
  };

  #onMove = (e: PointerEvent): void => {
    if (!this.#pointers.has(e.pointerId)) return;
    this.#pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.#pinch !== undefined && this.#pointers.size === 2) {
      const [a, b] = [...this.#pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d > 0) this.#zoom(this.#pinch / d);
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
    this.#view = {
      ...this.#view,
      x: pan.view.x - (dx / r.width) * this.#view.w,
      y: pan.view.y - (dy / r.height) * this.#view.h,
    };
    this.#applyView();
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
    else if (e.key === '+' || e.key === '=') this.#zoom(0.8);
    else if (e.key === '-') this.#zoom(1.25);
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const k = this.#cellAt(e.target);
    if (k === undefined) return;
    e.preventDefault();
    this.#activate(k);
  };
}
