/**
 * The part of the Hive board in view: fitted to the hive and its targets whenever that set of cells changes extent,
 * zoomed (between 4 and 60 cells across) and panned by the player; `data-zoom` on the board says how far the view is
 * from the fit.
 */
import { xy } from './hive-tile.js';

export interface HiveViewBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export class HiveView {
  #svg: SVGSVGElement;
  #view: HiveViewBox = { x: -6, y: -6, w: 12, h: 12 };
  /** The width of the view that fits the hive: `data-zoom` is this over the view's width. */
  #fitWidth = 12;
  #fitted = '';

  constructor(svg: SVGSVGElement) {
    this.#svg = svg;
    this.#apply();
  }

  get box(): HiveViewBox {
    return this.#view;
  }

  /** Shows `v` as it is (a pan). */
  show(v: HiveViewBox): void {
    this.#view = v;
    this.#apply();
  }

  /** Fits the view to the hive and its targets whenever that set of cells changes extent. */
  fit(cells: ReadonlySet<string>, flip: boolean): void {
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
    this.#apply();
  }

  /** The next fit happens even if the hive has not changed extent (the fit button). */
  forgetFit(): void {
    this.#fitted = '';
  }

  /** Zooms by `f` (< 1 closer) around (cx, cy), by default the view's centre. */
  zoom(f: number, cx = this.#view.x + this.#view.w / 2, cy = this.#view.y + this.#view.h / 2): void {
    const v = this.#view;
    const w = Math.min(60, Math.max(4, v.w * f));
    const k = w / v.w;
    this.#view = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w, h: w };
    this.#apply();
  }

  /** A screen position in the board's units. */
  toUser(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const r = this.#svg.getBoundingClientRect();
    return {
      x: this.#view.x + ((e.clientX - r.left) / r.width) * this.#view.w,
      y: this.#view.y + ((e.clientY - r.top) / r.height) * this.#view.h,
    };
  }

  #apply(): void {
    const v = this.#view;
    this.#svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.#svg.dataset.zoom = (this.#fitWidth / v.w).toFixed(2);
  }
}
