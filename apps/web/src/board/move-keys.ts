import { useEffect, useRef } from 'preact/hooks';

/** A step through a game's moves that a key asks for; each page says what it means there. */
export type MoveStep = 'back' | 'forward' | 'up' | 'down' | 'first' | 'last';

const STEPS: Readonly<Record<string, MoveStep>> = {
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'first',
  End: 'last',
};

/** What `moveStepOf` reads of a key event (a plain object in tests). */
export interface MoveKeyEvent {
  readonly key: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly defaultPrevented: boolean;
  readonly target: EventTarget | { closest(selector: string): unknown } | null;
}

/** Where a key keeps its own meaning: text fields, and the boards, whose keyboard cursor moves with the arrows. */
const OWN_KEYS = 'input, textarea, select, [contenteditable], .board-host, .board-area';

/**
 * The step a key asks for — none with a modifier held, for a key already handled, or for one pressed in a text field
 * or on the board.
 */
export function moveStepOf(e: MoveKeyEvent): MoveStep | undefined {
  if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return undefined;
  const el = e.target as HTMLElement | null;
  if (el?.closest(OWN_KEYS)) return undefined;
  return STEPS[e.key];
}

/**
 * Arrows and Home/End step through the moves from anywhere on the page. The listener is added once and calls the
 * latest `onStep` through a ref: an effect re-added after each render runs only after the next paint, and a key
 * pressed before that would step from a stale move. A key whose step `onStep` answers `false` keeps its own meaning
 * (a single line has no variations: there ↑ ↓ scroll the page).
 */
export function useMoveKeys(onStep: (step: MoveStep) => unknown): void {
  const latest = useRef(onStep);
  latest.current = onStep;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = moveStepOf(e);
      if (step === undefined || latest.current(step) === false) return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
