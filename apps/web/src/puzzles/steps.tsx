import { type MoveStep, useMoveKeys } from '../board/move-keys.js';
import { t } from '../i18n/index.js';

/**
 * Stepping through a finished attempt's line (the solution, or the player's own solving moves): the board shows
 * the position after `ply` of its moves, from the puzzle's position (0) to the end of the line.
 */

/** The ply a step leads to in a line of `length` moves; up and down have no meaning in a single line. */
export const stepFrom = (ply: number, step: MoveStep, length: number): number => {
  const to =
    step === 'first' ? 0 : step === 'last' ? length : step === 'back' ? ply - 1 : step === 'forward' ? ply + 1 : ply;
  return Math.max(0, Math.min(length, to));
};

/** The line's moves, each a button to see the board after it, the one shown marked. */
export const LineList = ({
  line,
  ply,
  go,
}: {
  line: readonly string[];
  /** The moves shown on the board; undefined while the attempt goes on (the list is then a plain record). */
  ply: number | undefined;
  go: (ply: number) => void;
}) => (
  <ol data-testid="move-list" class="puzzle-moves">
    {line.map((m, i) => {
      const here = ply === i + 1;
      return (
        <li key={`${i}${m}`}>
          {ply === undefined ? (
            <code>{m}</code>
          ) : (
            <button
              type="button"
              class={here ? 'current' : ''}
              aria-current={here ? 'step' : undefined}
              onClick={() => go(i + 1)}
            >
              <code>{m}</code>
            </button>
          )}
        </li>
      );
    })}
  </ol>
);

/**
 * First, back, forward, last, and the same steps by the arrow keys and Home/End — heard only while these buttons are
 * shown (after the attempt), so that during it the keys scroll the page as usual.
 */
export const StepButtons = ({ ply, length, go }: { ply: number; length: number; go: (ply: number) => void }) => {
  useMoveKeys((step) => {
    if (step === 'up' || step === 'down') return false;
    go(stepFrom(ply, step, length));
  });
  const button = (step: MoveStep, label: string, glyph: string, disabled: boolean) => (
    <button
      type="button"
      aria-label={t(label)}
      title={t(label)}
      data-testid={`puzzle-step-${step}`}
      disabled={disabled}
      onClick={() => go(stepFrom(ply, step, length))}
    >
      {glyph}
    </button>
  );
  return (
    <div class="nav-buttons" data-testid="puzzle-steps">
      {button('first', 'game.first', '«', ply === 0)}
      {button('back', 'game.prev', '‹', ply === 0)}
      {button('forward', 'game.next', '›', ply === length)}
      {button('last', 'game.last', '»', ply === length)}
    </div>
  );
};
