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
import type { Board } from '@qiyuan/junqi';
import {
  armyArea,
  boardDrawing,
  metricsOf,
  plate,
  type ScreenPoint,
  screenLayout,
  viewBoxOf,
} from './junqi-geometry.js';
import { motionAllowed } from './motion.js';
import { el } from './svg.js';

export interface JqTile {
  /** Stable identity (the engine's piece id, or the editor's), so a moving tile slides. */
  readonly key: string;
  readonly point: number;
  /** Army colour; null for a face-down 翻棋 piece. */
  readonly army: number | null;
  /** What the face says (rank in the current language); null draws the back. */
  readonly text: string | null;
  /** Rank letter when the viewer may know it (kept as data-rank), else null. */
  readonly rank: string | null;
}

export type CombatResult = 'attacker' | 'defender' | 'both';

export interface JqScene {
  readonly board: Board;
  readonly bottomArmy: number;
  readonly colours: readonly string[];
  /** Whether the armies' halves are tinted in their colours (not in 翻棋, where pieces start anywhere). */
  readonly areas: boolean;
  readonly tiles: readonly JqTile[];
  /** Per point id: what a screen reader says (name, kind, what stands there). */
  readonly labels: readonly string[];
  /** Legal destinations per source point (moves; in the setup editor, swaps). */
  readonly sources: ReadonlyMap<number, readonly number[]>;
  /** Points the viewer may activate without a selection (flips, reserve placement), and what doing so does. */
  readonly actionable: ReadonlySet<number>;
  readonly actionLabel?: string | undefined;
  /** The setup editor: destinations are swaps, drawn quietly. */
  readonly arrange: boolean;
  readonly last?: { readonly from: number; readonly to: number; readonly combat?: CombatResult } | undefined;
  /** A point that was just flipped (翻棋). */
  readonly flipped?: number | undefined;
  /** Points breaking a setup rule. */
  readonly problems: ReadonlySet<number>;
  /** Armies whose turn it is. */
  readonly active: readonly number[];
  /** Armies out of the game. */
  readonly out: readonly number[];
  /** A caption per army area (deploying, out …), drawn when set. */
  readonly captions: readonly (string | undefined)[];
  readonly label: string;
  /** Whether changes from the previous scene slide and fade. */
  readonly animate: boolean;
  /** Flat plates (no shadow, no rim, plain lettering) rather than raised tiles. */
  readonly flat: boolean;
  /** Whether each point shows its name as the notation writes it (`a7`, `Sb3`). */
  readonly coordinates: boolean;
}

export interface JqBoardText {
  readonly target: string;
  readonly attack: string;
  readonly swap: string;
  readonly selected: string;
  readonly actionable: string;
  readonly problem: string;
  readonly lastMove: string;
  selectedSay(label: string, n: number): string;
  /** The setup editor: a piece picked up, to go to another point. */
  arrangeSay(label: string): string;
  /** A point's label with its states ("selected", "attack" …) in the language's punctuation. */
  withStates(label: string, states: readonly string[]): string;
  readonly cleared: string;
  readonly zoomIn: string;
  readonly zoomOut: string;
  readonly fit: string;
}

export interface JqBoardEvents {
  /** A move (or, in the editor, a swap) from a source to one of its destinations. */
  move(from: number, to: number): void;
  /** A point activated outside a selection; true when the host acted on it. */
  activate?(point: number): boolean;
  /** A drag from `from` released outside the board (onto the editor's reserve). */
  dropOutside?(from: number, clientX: number, clientY: number): boolean;
}

const STYLE = `
svg.jq-board{display:block;width:100%;height:auto;touch-action:manipulation;user-select:none;-webkit-user-select:none;background:none;border-radius:10px}
svg.jq-board.interactive,svg.jq-board.zoomed{touch-action:none}
.jq-sheet{fill:var(--board);stroke:var(--board-line);stroke-width:2}
.jq-area{fill-opacity:.09}
.jq-frontier{fill:var(--board-line);fill-opacity:.12}
.jq-mountain{fill:var(--board-line);fill-opacity:.45}
.jq-centre{fill:var(--board-line);fill-opacity:.07}
.jq-roads path{stroke:var(--board-line);fill:none;stroke-opacity:.8}
.jq-rails-under path{stroke:#1d1d1d;fill:none;stroke-linecap:round}
.jq-rails-over path{stroke:#f4ecd8;fill:none}
.jq-post{fill:var(--post);stroke:var(--board-line);stroke-width:1.4}
.jq-camp{fill:var(--post);stroke:var(--board-line);stroke-width:1.6}
.jq-hq{fill:color-mix(in srgb,var(--board) 55%,var(--post));stroke:var(--board-line);stroke-width:1.6}
.jq-hq-in{fill:none;stroke:var(--board-line);stroke-width:.8;stroke-opacity:.6}
.jq-zone{fill:none;pointer-events:none}
.jq-zone.active{stroke-width:4;stroke-dasharray:10 6;animation:jq-march 1.2s linear infinite}
.jq-zone.out{fill:#555;fill-opacity:.35}
@keyframes jq-march{to{stroke-dashoffset:-16}}
.jq-caption rect{fill:#23412f;fill-opacity:.85}
.jq-caption text{fill:#fff;font-weight:600}
.jq-mark{fill:none;pointer-events:none}
.jq-mark.from{stroke:var(--last-line);stroke-width:2.5;stroke-dasharray:5 3}
.jq-mark.to{stroke:var(--last-line);stroke-width:3.5}
.jq-mark.sel{fill:color-mix(in srgb,var(--focus) 28%,transparent);stroke:var(--focus);stroke-width:3}
.jq-mark.problem{stroke:#c62828;stroke-width:3;stroke-dasharray:4 3}
.jq-mark.flipped{stroke:var(--last-line);stroke-width:3}
.jq-tile{pointer-events:none}
.jq-tile .sh{fill:rgba(0,0,0,.28)}
.jq-tile .face{fill:#fdf7e7;stroke-width:2}
.jq-tile .rim{fill:none;stroke:rgba(255,255,255,.55);stroke-width:1.2}
.jq-tile text{font-weight:700;font-family:"Kaiti SC","STKaiti","KaiTi","Noto Serif CJK SC","Songti SC",serif}
.jq-tile text.latin,.jq-tile.flat text{font-family:system-ui,sans-serif}
.jq-tile.movable .face{stroke-width:2.6}
.jq-tile.ghost{opacity:.9}
.jq-tile.lifted{opacity:.3}
.jq-dest{pointer-events:none;fill:var(--dest)}
.jq-dest.attack{fill:none;stroke:rgba(200,30,30,.85);stroke-width:3}
.jq-dest.swap{fill:color-mix(in srgb,var(--dest) 60%,transparent)}
.jq-coord{font-family:system-ui,sans-serif;font-weight:600;fill:var(--board-line);stroke:var(--post);stroke-width:2.5;paint-order:stroke;text-anchor:end;pointer-events:none}
.jq-burst{pointer-events:none}
.jq-pt{outline:none;cursor:default}
.jq-pt.src,.jq-pt.dst,.jq-pt.act{cursor:pointer}
.jq-hit{fill:transparent}
.jq-ring{fill:none;stroke:none}
.jq-pt:focus-visible .jq-ring{stroke:var(--focus);stroke-width:3}
.jq-tools{display:flex;justify-content:flex-end;gap:.25rem;margin-bottom:.25rem}
.jq-tools button{min-height:2.5rem;min-width:2.5rem;padding:0 .4rem;opacity:.85}
[data-animation="off"] .jq-zone.active{animation:none}
@media (prefers-reduced-motion:reduce){.jq-zone.active{animation:none}}
`;

let styled = false;
const addStyle = (): void => {
  if (styled || typeof document === 'undefined') return;
  styled = true;
  const s = document.createElement('style');
  s.dataset.board = 'junqi';
  s.textContent = STYLE;
  document.head.append(s);
};

const CJK = /[\u3400-\u9fff]/;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** A star, the emblem on a tile's back. */
const star = (r: number): string => {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 === 0 ? r : r * 0.42;
    pts.push(`${r1(Math.cos(a) * d)},${r1(Math.sin(a) * d)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="rgba(255,255,255,.7)"/>`;
};

const escapeXml = (s: string): string =>
  s.replace(/[<>&"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;'));

/**
 * The tile's drawing, centred on (0, 0): an upright plate with the rank, or its back. A flat tile has no shadow
 * and no rim (the flat piece style).
 */
export const tileMarkup = (
  text: string | null,
  colour: string,
  w: number,
  h: number,
  vertical: boolean,
  faceDown: boolean,
  flat = false,
): string => {
  const box = plate(0, 0, w, h, vertical);
  const shadow = flat
    ? ''
    : `<rect class="sh" x="${r1(box.x + 1.5)}" y="${r1(box.y + 2.5)}" width="${r1(box.w)}" height="${r1(box.h)}" rx="3"/>`;
  if (text === null) {
    const fill = faceDown ? '#5f7467' : colour;
    const rim = flat
      ? ''
      : `<rect class="rim" x="${r1(box.x + 2.5)}" y="${r1(box.y + 2.5)}" width="${r1(box.w - 5)}" height="${r1(box.h - 5)}" rx="2"/>`;
    return `${shadow}<rect class="back" x="${r1(box.x)}" y="${r1(box.y)}" width="${r1(box.w)}" height="${r1(box.h)}" rx="3" fill="${fill}" stroke="rgba(0,0,0,.45)" stroke-width="1.2"/>${rim}${star(Math.min(box.w, box.h) * 0.3)}`;
  }
  const face = `<rect class="face" x="${r1(box.x)}" y="${r1(box.y)}" width="${r1(box.w)}" height="${r1(box.h)}" rx="3" stroke="${colour}"/>`;
  const long = Math.max(box.w, box.h);
  const short = Math.min(box.w, box.h);
  const chars = [...text];
  let body: string;
  if (CJK.test(text)) {
    const size = r1(short * 0.56);
    if (vertical) {
      const step = Math.min(size * 1.02, (long * 0.86) / chars.length);
      body = chars
        .map(
          (c, i) =>
            `<text x="0" y="${r1((i - (chars.length - 1) / 2) * step)}" font-size="${size}" fill="${colour}" text-anchor="middle" dominant-baseline="central">${escapeXml(c)}</text>`,
        )
        .join('');
    } else {
      const fit = r1(Math.min(size, (long * 0.88) / chars.length));
      body = `<text x="0" y="0" font-size="${fit}" fill="${colour}" text-anchor="middle" dominant-baseline="central">${escapeXml(text)}</text>`;
    }
  } else {
    const size = r1(Math.min(short * 0.5, (long * 0.84) / (chars.length * 0.7)));
    body = `<text class="latin" x="0" y="0" font-size="${size}" fill="${colour}" text-anchor="middle" dominant-baseline="central"${vertical ? ' transform="rotate(-90)"' : ''}>${escapeXml(text)}</text>`;
  }
  return `${shadow}${face}${body}`;
};

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
  #tools: HTMLDivElement;
  #selected: number | undefined;
  #cursor: number | undefined;
  #prev = new Map<string, { point: number; markup: string }>();
  #drag: Drag | undefined;
  #pan: { pointer: number; x: number; y: number; moved: boolean } | undefined;
  /** Pointers pressed on the board (a release elsewhere that ends here is not a click). */
  #pressed = new Set<number>();
  #pinch = new Map<number, { x: number; y: number }>();
  #view = { x: 0, y: 0, w: 1, h: 1 };
  #base = { x: 0, y: 0, w: 1, h: 1 };

  constructor(host: HTMLElement, text: JqBoardText, events: JqBoardEvents) {
    addStyle();
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
    this.#tools = document.createElement('div');
    this.#tools.className = 'jq-tools';
    for (const [name, act] of [
      ['zoom-in', () => this.zoom(1.4)],
      ['zoom-out', () => this.zoom(1 / 1.4)],
      ['fit', () => this.resetView()],
    ] as const) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.tool = name;
      b.textContent = name === 'zoom-in' ? '+' : name === 'zoom-out' ? '−' : '⤢';
      b.addEventListener('click', act);
      this.#tools.append(b);
    }
    // the tools sit above the board, in the flow: over it they covered the pieces of its top corner
    this.root.append(this.#tools, this.svg, this.#live);
    host.append(this.root);
    this.#labelTools();
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
    this.#labelTools();
    if (this.#scene) this.#render(false);
  }

  #labelTools(): void {
    for (const b of this.#tools.querySelectorAll('button')) {
      const label =
        b.dataset.tool === 'zoom-in'
          ? this.#text.zoomIn
          : b.dataset.tool === 'zoom-out'
            ? this.#text.zoomOut
            : this.#text.fit;
      b.setAttribute('aria-label', label);
      b.title = label;
    }
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
      this.#buildHits();
      this.#base = viewBoxOf(scene.board);
      this.svg.style.aspectRatio = `${this.#base.w} / ${this.#base.h}`;
      this.svg.dataset.players = String(scene.board.players);
      this.svg.dataset.bottom = String(scene.bottomArmy);
      // the two-player board reads well at any width; zoom is for the four-player board on a phone
      this.#tools.style.display = scene.board.players === 2 ? 'none' : '';
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

  #buildHits(): void {
    const scene = this.#scene!;
    const m = metricsOf(scene.board);
    this.#hitEls = scene.board.points.map((p) => {
      const s = this.#layout[p.id]!;
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
    this.#hits.replaceChildren(...this.#hitEls);
    this.#cursor = undefined;
  }

  #outline(point: number, cls: string, grow = 4): SVGRectElement {
    const scene = this.#scene!;
    const m = metricsOf(scene.board);
    const s = this.#layout[point]!;
    const r = plate(s.x, s.y, m.tileW + grow, m.tileH + grow, s.vertical);
    return el('rect', { class: `jq-mark ${cls}`, x: r1(r.x), y: r1(r.y), width: r1(r.w), height: r1(r.h), rx: 4 });
  }

  #render(animate: boolean): void {
    const scene = this.#scene;
    if (!scene) return;
    const m = metricsOf(scene.board);
    const layout = this.#layout;
    this.svg.setAttribute('aria-label', scene.label);
    this.svg.classList.toggle('interactive', scene.sources.size > 0 || scene.actionable.size > 0);

    // zones: whose turn it is, who is out, captions
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
    this.#zones.replaceChildren(...zones);

    // marks: last move, problems, selection
    const marks: SVGElement[] = [];
    if (scene.last) {
      marks.push(this.#outline(scene.last.from, 'from'), this.#outline(scene.last.to, 'to', 8));
    }
    if (scene.flipped !== undefined) marks.push(this.#outline(scene.flipped, 'flipped', 8));
    for (const p of scene.problems) marks.push(this.#outline(p, 'problem', 10));
    if (this.#selected !== undefined) marks.push(this.#outline(this.#selected, 'sel', 8));
    this.#marks.replaceChildren(...marks);

    // tiles, sliding from where they were
    const motion = animate && motionAllowed();
    // a scene drawn without motion drops what is still fading from the last one (it may hold another seat's ranks)
    if (!motion) this.#top.replaceChildren();
    const next = new Map<string, { point: number; markup: string }>();
    const tiles: SVGGElement[] = [];
    const slides: { g: SVGGElement; from: ScreenPoint; to: ScreenPoint }[] = [];
    for (const tile of scene.tiles) {
      const s = layout[tile.point];
      if (!s) continue;
      const colour = tile.army === null ? '#5f7467' : (scene.colours[tile.army] ?? '#555');
      const markup = tileMarkup(tile.text, colour, m.tileW, m.tileH, s.vertical, tile.army === null, scene.flat);
      const g = el('g', {
        class: `jq-tile${scene.sources.has(tile.point) ? ' movable' : ''}${scene.flat ? ' flat' : ''}`,
        transform: `translate(${r1(s.x)} ${r1(s.y)})`,
        'data-key': tile.key,
        'data-point': scene.board.points[tile.point]!.name,
      });
      if (tile.army !== null) g.setAttribute('data-army', String(tile.army));
      else g.setAttribute('data-face-down', 'true');
      if (tile.rank !== null) g.setAttribute('data-rank', tile.rank);
      if (this.#drag?.moved && this.#drag.from === tile.point) g.classList.add('lifted');
      g.innerHTML = markup;
      tiles.push(g);
      next.set(tile.key, { point: tile.point, markup });
      const was = this.#prev.get(tile.key);
      if (motion && was && was.point !== tile.point) slides.push({ g, from: layout[was.point]!, to: s });
    }
    this.#tiles.replaceChildren(...tiles);
    if (motion) {
      for (const { g, from, to } of slides) {
        g.animate?.(
          [{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: `translate(${to.x}px, ${to.y}px)` }],
          {
            duration: 240,
            easing: 'ease-out',
          },
        );
      }
      // pieces that left the board fade where they fell; a losing attacker first runs into its target
      for (const [key, was] of this.#prev) {
        if (next.has(key)) continue;
        const from = layout[was.point];
        if (!from) continue;
        const g = el('g', { class: 'jq-tile', transform: `translate(${r1(from.x)} ${r1(from.y)})` });
        g.innerHTML = was.markup;
        this.#top.append(g);
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
      if (scene.last?.combat) this.#burst(scene.last.to);
    }
    this.#prev = next;
    this.#drawCoordinates();

    // destinations of the selected piece
    const dests = this.#selected !== undefined ? (scene.sources.get(this.#selected) ?? []) : [];
    const occupied = new Set(scene.tiles.map((t) => t.point));
    this.#dests.replaceChildren(
      ...dests.map((d) => {
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
      }),
    );

    // hit areas: labels and states for screen readers, the roving tab stop
    const destSet = new Set(dests);
    if (this.#cursor === undefined || !this.#hitEls[this.#cursor]) {
      const own = [...scene.sources.keys()][0] ?? [...scene.actionable][0];
      this.#cursor = own ?? scene.board.at(scene.bottomArmy, 6, 2);
    }
    for (const p of scene.board.points) {
      const g = this.#hitEls[p.id]!;
      const states: string[] = [];
      const dst = destSet.has(p.id);
      if (dst)
        states.push(scene.arrange ? this.#text.swap : occupied.has(p.id) ? this.#text.attack : this.#text.target);
      if (this.#selected === p.id) states.push(this.#text.selected);
      if (scene.actionable.has(p.id)) states.push(scene.actionLabel ?? this.#text.actionable);
      if (scene.problems.has(p.id)) states.push(this.#text.problem);
      if (scene.last && scene.last.to === p.id) states.push(this.#text.lastMove);
      const label = scene.labels[p.id] ?? p.name;
      g.setAttribute('aria-label', states.length > 0 ? this.#text.withStates(label, states) : label);
      g.classList.toggle('src', scene.sources.has(p.id));
      g.classList.toggle('dst', dst);
      g.classList.toggle('act', scene.actionable.has(p.id));
      g.setAttribute('tabindex', p.id === this.#cursor ? '0' : '-1');
      if (this.#selected === p.id) g.setAttribute('aria-pressed', 'true');
      else g.removeAttribute('aria-pressed');
    }
  }

  /** Each point's name in the corner of its tile, over the tiles (the coordinates setting). */
  #drawCoordinates(): void {
    const scene = this.#scene!;
    if (!scene.coordinates) {
      this.#coords.replaceChildren();
      return;
    }
    const m = metricsOf(scene.board);
    const size = r1(m.tileH * 0.32);
    this.#coords.replaceChildren(
      ...scene.board.points.map((p) => {
        const s = this.#layout[p.id]!;
        const box = plate(s.x, s.y, m.tileW, m.tileH, s.vertical);
        const t = el('text', {
          class: 'jq-coord',
          x: r1(box.x + box.w - 1.5),
          y: r1(box.y + box.h - 1.5),
          'font-size': size,
        });
        t.textContent = p.name;
        return t;
      }),
    );
  }

  /** A short flash where a combat happened. */
  #burst(point: number): void {
    const s = this.#layout[point];
    const scene = this.#scene;
    if (!s || !scene) return;
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
    this.#top.append(g);
    const anim = g.animate?.([{ opacity: 1 }, { opacity: 0 }], { duration: 700, delay: 200, easing: 'ease-in' });
    if (anim) anim.onfinish = () => g.remove();
    else g.remove();
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
    if (this.#zoomed()) {
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
      const k = this.#view.w / Math.max(1, rect.width);
      const dx = (e.clientX - p.x) * k;
      const dy = (e.clientY - p.y) * k;
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) > 4) p.moved = true;
      p.x = e.clientX;
      p.y = e.clientY;
      this.#setView({ ...this.#view, x: this.#view.x - dx, y: this.#view.y - dy });
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
    const dirs: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const dir = dirs[e.key];
    if (dir) {
      e.preventDefault();
      const here = this.#layout[cur]!;
      let best: number | undefined;
      let bestScore = Infinity;
      for (const p of scene.board.points) {
        const s = this.#layout[p.id]!;
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
    const v = this.#view;
    const m = metricsOf(this.#scene!.board);
    if (
      s.x < v.x + m.stepX / 2 ||
      s.x > v.x + v.w - m.stepX / 2 ||
      s.y < v.y + m.stepY / 2 ||
      s.y > v.y + v.h - m.stepY / 2
    ) {
      this.#setView({ ...v, x: s.x - v.w / 2, y: s.y - v.h / 2 });
    }
    g.focus();
  }

  // ---- zoom and pan -------------------------------------------------------

  #zoomed(): boolean {
    return this.#view.w < this.#base.w - 0.5;
  }

  #setView(v: { x: number; y: number; w: number; h: number }): void {
    const b = this.#base;
    const w = Math.min(b.w, Math.max(b.w / 4, v.w));
    const h = (w / b.w) * b.h;
    const x = Math.min(b.x + b.w - w, Math.max(b.x, v.x));
    const y = Math.min(b.y + b.h - h, Math.max(b.y, v.y));
    this.#view = { x, y, w, h };
    this.svg.setAttribute('viewBox', `${r1(x)} ${r1(y)} ${r1(w)} ${r1(h)}`);
    this.svg.classList.toggle('zoomed', this.#zoomed());
    this.svg.dataset.zoom = (b.w / w).toFixed(2);
  }

  /** Zooms by `factor` (> 1 closer) around the view's centre. */
  zoom(factor: number): void {
    const v = this.#view;
    const w = v.w / factor;
    const h = v.h / factor;
    this.#setView({ x: v.x + (v.w - w) / 2, y: v.y + (v.h - h) / 2, w, h });
  }

  /** The whole board, at the start and on the fit button. */
  resetView(): void {
    // the whole board, on a phone too: a view zoomed on the player's own army left the partner's off-screen until
    // panned; the zoom buttons and a pinch come closer when wanted
    this.#setView(this.#base);
  }

  #onWheel = (e: WheelEvent): void => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    this.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15);
  };
}
