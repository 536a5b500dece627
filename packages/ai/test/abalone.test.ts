import { abalone } from '@qiyuan/abalone';
import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { answer, requestFor } from '../src/index.js';

describe('Abalone AI', () => {
  it('an exact depth of 4 from the standard start answers a legal move with its principal variation', () => {
    const game = unwrap(abalone.create(unwrap(abalone.parseOptions({}))));
    const r = answer({ ...requestFor(game, 0, 'master'), depth: 4 });
    expect(r).toMatchObject({ ok: true, info: { depth: 4 } });
    if (r.ok) {
      expect(game.parseMove(r.move).ok).toBe(true);
      expect(r.info.pv).toHaveLength(4);
    }
  });
  it('plays ten plies of every level without an illegal move', () => {
    const game = unwrap(abalone.create(unwrap(abalone.parseOptions({}))));
    const players = ['beginner', 'casual', 'club', 'greedy', 'random'];
    for (let i = 0; i < 10; i++) {
      const seat = (game.turn() as { seat: number }).seat;
      const r = answer({ ...requestFor(game, seat, players[i % players.length]!, { seed: i }), nodes: 3000 });
      expect(r.ok).toBe(true);
      if (r.ok) unwrap(game.play(unwrap(game.parseMove(r.move)), seat));
    }
  });
});
