/**
 * The Hive players' reserves, one above the board (the far player's) and one under it: a button per bug (its
 * lowest-numbered tile is the one placed), with how many are left, pressed when picked up.
 */
import type { PieceStyle } from '../settings.js';
import type { HiveBoardInput, HiveBoardText } from './hive-board-input.js';
import { bugOf } from './hive-bugs.js';
import { tileSvg } from './hive-tile.js';
import { el } from './svg.js';

export const drawHands = (
  hands: readonly HTMLDivElement[],
  input: HiveBoardInput,
  text: HiveBoardText,
  selected: string | undefined,
  /** A reserve button pressed: picks its piece up, or puts it back if it is the one held. */
  onPick: (piece: string) => void,
  /** Tab from the tile picked up: to where it may be placed (the board's target cells), before the other tiles. */
  toTargets?: () => boolean,
): void => {
  const style: PieceStyle = input.pieces ?? 'classic';
  const placeable = new Set(input.legal.filter((m) => !m.from).map((m) => m.piece));
  // The top reserve is the far player's (the one not at the bottom).
  const order = [1 - input.bottom, input.bottom];
  for (const [slot, seat] of order.entries()) {
    const div = hands[slot]!;
    div.setAttribute('aria-label', text.hand(seat));
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
      b.setAttribute('aria-pressed', String(selected === piece));
      b.setAttribute('aria-label', `${text.piece(piece)} ×${pieces.length}`);
      b.style.cssText = `position:relative;width:2.6rem;height:2.6rem;padding:0;border-radius:.4rem;border:2px solid ${selected === piece ? 'var(--focus)' : 'transparent'};background:none`;
      const svg = el('svg', { viewBox: '-1.1 -1.1 2.2 2.2', width: '100%', height: '100%', 'aria-hidden': 'true' });
      svg.append(tileSvg(piece, style));
      b.append(svg);
      if (pieces.length > 1) {
        const n = document.createElement('span');
        n.textContent = String(pieces.length);
        n.style.cssText =
          'position:absolute;right:-2px;bottom:-2px;font-size:.7rem;background:#333;color:#fff;border-radius:.6rem;padding:0 .3rem';
        b.append(n);
      }
      b.addEventListener('click', () => onPick(piece));
      if (selected !== undefined && selected !== piece) {
        // while a tile is held the other tiles leave the Tab order (a click still picks one instead)
        b.tabIndex = -1;
      }
      if (selected === piece && toTargets) {
        b.addEventListener('keydown', (e) => {
          if (e.key === 'Tab' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && toTargets())
            e.preventDefault();
        });
      }
      div.append(b);
    }
  }
};
