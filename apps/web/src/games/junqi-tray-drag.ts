/**
 * Dragging a piece from the setup editor's reserve (三打一's landlord) onto the board: a ghost tile follows the
 * pointer once it has moved a few pixels, and the drop point is handed back. A press without a move is a click,
 * left to the reserve button's own handler.
 */
// the tile's words straight from the catalogue, not junqi-view.ts: this module is in the setup editor's chunk, and
// a module it shared with the board's would be split off into a request of its own
import { t } from '../i18n/index.js';

interface Drag {
  rank: string;
  pointer: number;
  x: number;
  y: number;
  ghost?: HTMLElement;
}

export class TrayDrag {
  #drag: Drag | undefined;
  readonly #drop: (rank: string, x: number, y: number) => void;

  constructor(drop: (rank: string, x: number, y: number) => void) {
    this.#drop = drop;
  }

  start(e: PointerEvent, rank: string): void {
    this.#drag = { rank, pointer: e.pointerId, x: e.clientX, y: e.clientY };
    const move = (ev: PointerEvent) => {
      const d = this.#drag;
      if (!d || ev.pointerId !== d.pointer) return;
      if (!d.ghost && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) > 6) {
        d.ghost = document.createElement('div');
        d.ghost.className = 'jq-tray-ghost';
        d.ghost.textContent = String(t(`junqi.tile.${rank}`));
        document.body.append(d.ghost);
      }
      if (d.ghost) {
        d.ghost.style.left = `${ev.clientX - 20}px`;
        d.ghost.style.top = `${ev.clientY - 14}px`;
      }
    };
    const up = (ev: PointerEvent) => {
      const d = this.#drag;
      if (!d || ev.pointerId !== d.pointer) return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      this.#drag = undefined;
      if (!d.ghost) return; // a click: the button's own handler selects the piece
      d.ghost.remove();
      this.#drop(d.rank, ev.clientX, ev.clientY);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  }
}
