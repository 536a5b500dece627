import type { ClockSpec } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { FIRST_MOVE_CLASSICAL_MS, FIRST_MOVE_MS, firstMoveAllowance } from '../src/first-move.js';

describe('first-move allowance', () => {
  const rows: [string, ClockSpec, number | undefined][] = [
    ['an untimed game has none', { kind: 'none' }, undefined],
    ['bullet 1+0 gets the short allowance', { kind: 'fischer', initialMs: 60_000, incrementMs: 0 }, FIRST_MOVE_MS],
    ['blitz 5+3 gets the short allowance', { kind: 'fischer', initialMs: 300_000, incrementMs: 3000 }, FIRST_MOVE_MS],
    [
      'classical 30+20 gets the long allowance',
      { kind: 'fischer', initialMs: 1_800_000, incrementMs: 20_000 },
      FIRST_MOVE_CLASSICAL_MS,
    ],
    ['a 30 s per-move clock is rapid', { kind: 'move', moveMs: 30_000 }, FIRST_MOVE_MS],
    ['a 1 min per-move clock is classical', { kind: 'move', moveMs: 60_000 }, FIRST_MOVE_CLASSICAL_MS],
    [
      'a long delay clock is classical',
      { kind: 'delay', initialMs: 1_800_000, delayMs: 5000 },
      FIRST_MOVE_CLASSICAL_MS,
    ],
  ];
  it.each(rows)('%s', (_, spec, allowance) => {
    expect(firstMoveAllowance(spec)).toBe(allowance);
  });
});
