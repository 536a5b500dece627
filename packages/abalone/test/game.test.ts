import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { AbaloneGame, abalone, moveToString, parseMoveText, START_POSITIONS } from '../src/index.js';

const opts = { start: 'belgian-daisy' as const, repetition: false, maxPlies: 0 };

const randomGame = (seed: number, plies: number) => {
  const g = new AbaloneGame({ ...opts, start: START_POSITIONS[seed % 5]! });
  const rng = Rng.fromSeed(seed);
  for (let i = 0; i < plies && !g.outcome(); i++) g.play(rng.pick(g.legalMoves()));
  return g;
};

describe('notation and records', () => {
  // Every legal move of random games prints and parses back to itself.
  it('round-trips every move of random games', () => {
    for (let seed = 0; seed < 10; seed++) {
      const g = new AbaloneGame({ ...opts, start: START_POSITIONS[seed % 5]! });
      const rng = Rng.fromSeed(seed);
      for (let i = 0; i < 120 && !g.outcome(); i++) {
        for (const m of g.legalMoves()) expect(parseMoveText(moveToString(m))).toEqual({ ok: true, value: m });
        g.play(rng.pick(g.legalMoves()));
      }
    }
  });

  // Broadside moves may name their ends in either order (the destination is the first-named end's), in any case.
  it('accepts broadside ends in either order', () => {
    expect(parseMoveText('c5c3d5')).toEqual(parseMoveText('C3C5D3'));
    expect(parseMoveText('C5C3D3').ok).toBe(false);
  });

  // Bad text is a failure with a reason, never an exception.
  it('refuses malformed moves with a reason', () => {
    for (const bad of ['', 'Z1A2', 'A1', 'A1A6', 'A1C4', 'E5E6E7', 'A1A2A3X', 'J5J6']) {
      const r = parseMoveText(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.reason.length).toBeGreaterThan(10);
    }
  });

  // A whole game exports and imports to the same position and moves.
  it('exports and imports whole games', () => {
    for (let seed = 1; seed < 6; seed++) {
      const g = randomGame(seed, 80);
      const text = abalone.exportGame(g);
      const back = abalone.parseGame(text);
      expect(back.ok).toBe(true);
      if (back.ok) {
        expect(back.value.positionToString()).toBe(g.positionToString());
        expect(back.value.moves()).toEqual(g.moves());
      }
    }
    expect(abalone.parseGame('[Game "Abalone"]\n\n1. A1A9').ok).toBe(false);
    expect(abalone.parseGame('[Game "Hive"]').ok).toBe(false);
  });

  // A snapshot restores the game exactly, JSON round trip included.
  it('snapshots restore exactly', () => {
    const g = randomGame(7, 50);
    g.apply({ type: 'resign', seat: 1 });
    const back = abalone.fromSnapshot(JSON.parse(JSON.stringify(g.snapshot())));
    expect(back.ok).toBe(true);
    if (back.ok) {
      expect(back.value.positionToString()).toBe(g.positionToString());
      expect(back.value.outcome()).toEqual(g.outcome());
    }
    expect(abalone.fromSnapshot({ game: 'hive' }).ok).toBe(false);
  });
});

describe('game contract', () => {
  // Black moves first; the turn alternates; undo takes back exactly.
  it('alternates turns and undoes exactly', () => {
    const g = new AbaloneGame(opts);
    expect(g.turn()).toEqual({ kind: 'seat', seat: 0 });
    const start = g.positionToString();
    g.play(g.legalMoves()[3]!);
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
    expect(g.legalMoves(0)).toEqual([]);
    expect(g.undo().ok).toBe(true);
    expect(g.positionToString()).toBe(start);
    expect(g.undo().ok).toBe(false);
  });

  // Threefold repetition draws only when the option is on.
  it('threefold repetition is an option', () => {
    const on = new AbaloneGame({ start: 'standard', repetition: true, maxPlies: 0 });
    const off = new AbaloneGame({ start: 'standard', repetition: false, maxPlies: 0 });
    const path = ['C3D3', 'G7F7', 'D3C3', 'F7G7'];
    for (const g of [on, off]) {
      for (let i = 0; i < 2; i++)
        for (const t of path) {
          const m = g.parseMove(t);
          expect(m.ok && g.play(m.value).ok, t).toBe(true);
        }
    }
    expect(on.outcome()?.reason).toBe('threefold-repetition');
    expect(off.outcome()).toBeUndefined();
  });

  // The move cap draws at the set ply count.
  it('the move cap draws', () => {
    const g = new AbaloneGame({ start: 'standard', repetition: false, maxPlies: 3 });
    for (let i = 0; i < 3; i++) g.play(g.legalMoves()[0]!);
    expect(g.outcome()).toEqual({ reason: 'move-cap', results: ['draw', 'draw'] });
    expect(g.turn()).toEqual({ kind: 'over' });
  });

  // Resignation, timeout and agreed draws end the game as the platform reports them.
  it('applies resignation, timeout and agreed draws', () => {
    const a = new AbaloneGame(opts);
    a.apply({ type: 'timeout', seat: 0 });
    expect(a.outcome()).toEqual({ reason: 'timeout', results: ['loss', 'win'] });
    expect(a.play(a.position.generateMoves()[0]!).ok).toBe(false);
    const b = new AbaloneGame(opts);
    b.apply({ type: 'draw-agreed' });
    expect(b.outcome()?.results).toEqual(['draw', 'draw']);
  });

  // Anything passed as a move (garbage codes, non-numbers, every 14-bit integer) is refused with a reason, never thrown.
  it('refuses every malformed or illegal move code without throwing', () => {
    const g = new AbaloneGame(opts);
    const legal = new Set(g.legalMoves());
    const before = g.positionToString();
    for (const m of [-1, 63, 1.5, Number.NaN, 1e9, undefined, 'A1A2', null] as unknown as number[]) {
      const r = g.play(m);
      expect(r.ok).toBe(false);
      expect(g.moveToString(m)).toBe('?');
    }
    for (let m = 0; m < 1 << 14; m++) {
      if (legal.has(m)) continue;
      const r = g.play(m);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.reason.length).toBeGreaterThan(10);
    }
    expect(g.positionToString()).toBe(before);
  });

  // Options are validated with reasons.
  it('validates options', () => {
    expect(abalone.parseOptions({ start: 'swiss-daisy' }).ok).toBe(true);
    expect(abalone.parseOptions({ start: 'martian' }).ok).toBe(false);
    expect(abalone.parseOptions({ players: '3' }).ok).toBe(false);
    expect(abalone.parseOptions({ colour: 'red' }).ok).toBe(false);
    expect(abalone.parseOptions({ maxPlies: '-4' }).ok).toBe(false);
  });
});
