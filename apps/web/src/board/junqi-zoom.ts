/**
 * The Junqi board's zoom and pan, for the four-player board on a phone: the part of the board in view (the SVG's
 * viewBox, kept inside the whole board and no closer than a quarter of it) and the zoom buttons above the board.
 */
import type { JqBoardText } from './junqi-board-scene.js';
import { r1 } from './junqi-tile.js';

export interface ViewBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export class BoardZoom {
  readonly tools: HTMLDivElement;
  #svg: SVGSVGElement;
  #view: ViewBox = { x: 0, y: 0, w: 1, h: 1 };
  #base: ViewBox = { x: 0, y: 0, w: 1, h: 1 };

  constructor(svg: SVGSVGElement) {
    this.#svg = svg;
    this.tools = document.createElement('div');
    this.tools.className = 'jq-tools';
    for (const [name, act] of [
      ['zoom-in', () => this.zoom(1.4)],
      ['zoom-out', () => this.zoom(1 / 1.4)],
      ['fit', () => this.reset()],
    ] as const) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.tool = name;
      b.textContent = name === 'zoom-in' ? '+' : name === 'zoom-out' ? '−' : '⤢';
      b.addEventListener('click', act);
      this.tools.append(b);
    }
  }

  /** The part of the board in view. */
  get view(): ViewBox {
    return this.#view;
  }

  /** The zoom buttons' names in the current language. */
  label(text: JqBoardText): void {
    for (const b of this.tools.querySelectorAll('button')) {
      const label =
        b.dataset.tool === 'zoom-in' ? text.zoomIn : b.dataset.tool === 'zoom-out' ? text.zoomOut : text.fit;
      b.setAttribute('aria-label', label);
      b.title = label;
    }
  }

  /** A new board: the whole of it is `base`; the view is not reset here (the board resets it once drawn). */
  setBase(base: ViewBox): void {
    this.#base = base;
  }

  zoomed(): boolean {
    return this.#view.w < this.#base.w - 0.5;
  }

  /** Shows `v`, kept inside the board and no closer than a quarter of its width. */
  show(v: ViewBox): void {
    const b = this.#base;
    const w = Math.min(b.w, Math.max(b.w / 4, v.w));
    const h = (w / b.w) * b.h;
    const x = Math.min(b.x + b.w - w, Math.max(b.x, v.x));
    const y = Math.min(b.y + b.h - h, Math.max(b.y, v.y));
    this.#view = { x, y, w, h };
    this.#svg.setAttribute('viewBox', `${r1(x)} ${r1(y)} ${r1(w)} ${r1(h)}`);
    this.#svg.classList.toggle('zoomed', this.zoomed());
    this.#svg.dataset.zoom = (b.w / w).toFixed(2);
  }

  /** Zooms by `factor` (> 1 closer) around the view's centre. */
  zoom(factor: number): void {
    const v = this.#view;
    const w = v.w / factor;
    const h = v.h / factor;
    this.show({ x: v.x + (v.w - w) / 2, y: v.y + (v.h - h) / 2, w, h });
  }

  /** The whole board, at the start and on the fit button. */
  reset(): void {
    // the whole board, on a phone too: a view zoomed on the player's own army left the partner's off-screen until
    // panned; the zoom buttons and a pinch come closer when wanted
    this.show(this.#base);
  }
}
