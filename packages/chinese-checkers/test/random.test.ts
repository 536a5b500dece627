import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { type ChineseCheckersOptions, exportGame, fromSnapshot, parseGame } from '../src/index.js';
import { playRandomGame } from './random-games.js';

// [label, options]: every player count and variant
const VARIANTS: [string, Partial<ChineseCheckersOptions>][] = [
  ['2p 10 adjacent', { players: 2 }],
  ['2p 10 long', { players: 2, jump: 'long' }],
  ['2p 15 adjacent', { players: 2, pieces: 15 }],
  ['3p 10 adjacent, closed corners', { players: 3, corners: 'closed' }],
  ['3p 15 long', { players: 3, pieces: 15, jump: 'long' }],
  ['4p 10 adjacent, pass-through corners', { players: 4, corners: 'pass' }],
  ['4p 10 long, strict win', { players: 4, jump: 'long', win: 'own' }],
  ['6p 10 adjacent', { players: 6 }],
  ['6p 10 long', { players: 6, jump: 'long' }],
];
const CAPTURE: [string, Partial<ChineseCheckersOptions>][] = [
  ['食棋 2p', { variant: 'capture', players: 2 }],
  ['食棋 3p long', { variant: 'capture', players: 3, jump: 'long' }],
  ['食棋 4p hexagon only', { variant: 'capture', players: 4, corners: 'closed' }],
  ['食棋 6p', { variant: 'capture', players: 6 }],
];

describe('seeded random games end within the move cap', () => {
  // uniform random play: a race rarely finishes, so the cap (or a repetition) ends it; every move was legal
  it.each([...VARIANTS, ...CAPTURE])('%s, uniform moves', (_label, o) => {
    const g = playRandomGame({ ...o, maxPlies: 400 }, 7, false);
    const out = g.outcome()!;
    expect(g.ply).toBeLessThanOrEqual(400);
    expect(['move-cap', 'threefold-repetition', 'goal-filled', 'one-piece-left']).toContain(out.reason);
    expect(out.results).toHaveLength(o.players ?? 2);
  });

  // mostly-greedy play finishes the race: every seat gets a distinct place, 1..n
  it.each(VARIANTS)('%s, greedy moves finish with a full ranking', (_label, o) => {
    const g = playRandomGame({ ...o, maxPlies: 3000 }, 11, true);
    const out = g.outcome()!;
    expect(out.reason).toBe('goal-filled');
    expect([...out.ranking!].sort()).toEqual(Array.from({ length: o.players ?? 2 }, (_, i) => i + 1));
    expect(out.results.filter((r) => r === 'win')).toHaveLength(1);
  });
});

describe('whole-game records round-trip', () => {
  it.each([...VARIANTS.slice(0, 4), ...CAPTURE.slice(0, 2)])('%s: export → import replays to the same end', (_l, o) => {
    const g = playRandomGame({ ...o, maxPlies: 300 }, 3, true);
    const text = exportGame(g);
    const back = unwrap(parseGame(text));
    expect(back.positionToString()).toBe(g.positionToString());
    expect(back.outcome()).toEqual(g.outcome());
    const snap = unwrap(fromSnapshot(JSON.parse(JSON.stringify(g.snapshot()))));
    expect(snap.positionToString()).toBe(g.positionToString());
    expect(snap.ply).toBe(g.ply);
  });
});
