import { describe, expect, it } from 'vitest';
import { type MoveKeyEvent, moveStepOf } from '../src/board/move-keys.js';

/** A key pressed on an element; `within` lists the selectors the element lies in (as `closest` would find them). */
function press(key: string, more: Partial<MoveKeyEvent> = {}, within: readonly string[] = []): MoveKeyEvent {
  const target = {
    closest: (selector: string) => selector.split(', ').find((s) => within.includes(s)) ?? null,
  };
  return { key, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, target, ...more };
}

/** The move list's keys (game page, replay, analysis board): which step each key asks for, and when none. */
describe('the move list’s keys', () => {
  it.each([
    ['ArrowLeft', 'back'],
    ['ArrowRight', 'forward'],
    ['ArrowUp', 'up'],
    ['ArrowDown', 'down'],
    ['Home', 'first'],
    ['End', 'last'],
  ] as const)('%s asks for %s', (key, step) => {
    expect(moveStepOf(press(key))).toBe(step);
  });

  it('asks for nothing on other keys', () => {
    for (const key of ['Enter', 'Escape', ' ', 'a', 'PageUp', 'Tab']) expect(moveStepOf(press(key))).toBeUndefined();
  });

  it('leaves keys with a modifier to the browser', () => {
    expect(moveStepOf(press('ArrowLeft', { altKey: true }))).toBeUndefined();
    expect(moveStepOf(press('Home', { ctrlKey: true }))).toBeUndefined();
    expect(moveStepOf(press('End', { metaKey: true }))).toBeUndefined();
  });

  it('leaves a key already handled', () => {
    expect(moveStepOf(press('ArrowRight', { defaultPrevented: true }))).toBeUndefined();
  });

  it('leaves the arrows to text fields and to the board’s own cursor', () => {
    for (const within of ['input', 'textarea', 'select', '[contenteditable]', '.board-host', '.board-area'])
      expect(moveStepOf(press('ArrowLeft', {}, [within]))).toBeUndefined();
  });

  it('steps from a key pressed on the page itself', () => {
    expect(moveStepOf(press('End', { target: null }))).toBe('last');
  });
});
