import { type AbaloneGame, abalone, type Move, Position } from '@qiyuan/abalone';
import { Rng, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { pushesOff } from '../src/abalone-push-out.js';
import { abaloneSearchSpec, reviewGame } from '../src/index.js';

const MOVES = ['C2C4', 'B6C7', 'B1C2', 'G4G5F4', 'B2D2', 'H5G4', 'A1A3', 'C5A3'];

/** The Belgian-daisy line: Black's A1A3 lets White push a marble off with C5A3, which Black pushes straight back. */
const daisyGame = (moves: readonly string[]) => {
  const game = unwrap(abalone.create(unwrap(abalone.parseOptions({ start: 'belgian-daisy' }))));
  for (const m of moves) unwrap(game.play(unwrap(game.parseMove(m))));
  return game;
};

/** Whether Black's move `m` pushes a white marble off. */
const pushesBack = (game: AbaloneGame, m: Move): boolean => {
  const copy = game.clone() as AbaloneGame;
  const before = copy.viewFor('spectator').ejected[0]!;
  unwrap(copy.play(m));
  return copy.viewFor('spectator').ejected[0]! > before;
};

describe('Abalone search follows push-offs to quiescence', () => {
  it('the review at depth 2 does not call a recapturable trade (A1A3) a blunder', () => {
    const review = unwrap(reviewGame(daisyGame(MOVES), { depth: 2 }));
    const a1a3 = review.plies.find((p) => p.ply === 6)!;
    expect(a1a3.move).toBe('A1A3');
    expect(['blunder', 'mistake']).not.toContain(a1a3.class);
    // and the trade really is even: after C5A3 Black has a push-off of its own at once
    const after = daisyGame(MOVES);
    expect(after.legalMoves(0).some((m) => daisyGame(MOVES).play(m).ok && pushesBack(after, m))).toBe(true);
  });

  it('the noisy test names exactly the moves that push a marble off', () => {
    const noisy = abaloneSearchSpec.noisy!;
    const rng = Rng.fromSeed(41);
    let seen = 0;
    for (let game = 0; game < 20; game++) {
      const pos = Position.start(game % 2 === 0 ? 'standard' : 'belgian-daisy');
      for (let ply = 0; ply < 120; ply++) {
        const moves: Move[] = [...pos.generateMoves()];
        if (moves.length === 0) break;
        for (const m of moves) {
          const off = pushesOff(pos, m);
          if (off) seen++;
          expect(noisy(pos, m)).toBe(off);
        }
        // prefer pushes now and then so the games reach the rim
        const pushes = moves.filter((m) => pushesOff(pos, m));
        pos.makeMove(pushes.length > 0 && rng.float() < 0.5 ? pushes[0]! : moves[rng.int(0, moves.length - 1)]!);
        if (pos.outcome()) break;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
