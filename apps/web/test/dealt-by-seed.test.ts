import { unwrap } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { junqiDealtBySeed } from '../src/games/junqi-dealt.js';

/**
 * Which replays have a deal to check (the fair-deal section): those where the server's seed decided something a
 * player could not see. In 暗棋 the players deploy by hand, unless a player's time ran out while deploying.
 */
const game = (options: Record<string, string>) => unwrap(junqi.create(unwrap(junqi.parseOptions(options))));

describe('a deal dealt by the seed', () => {
  it('翻棋 and 三打一 always; 暗棋 only after a deployment drawn at random', () => {
    expect(junqiDealtBySeed({ mode: 'flip' }, game({ players: '2', mode: 'flip' }))).toBe(true);
    const byHand = game({ players: '2', mode: 'hidden' });
    for (const seat of [0, 1]) unwrap(byHand.play(byHand.legalMoves(seat)[0]!, seat));
    expect(junqiDealtBySeed({ mode: 'hidden' }, byHand)).toBe(false);
    const drawn = game({ players: '2', mode: 'hidden' });
    unwrap(drawn.play(drawn.legalMoves(0)[0]!, 0));
    // seat 1's time ran out while deploying: the server's seed deployed its army
    unwrap(drawn.apply({ type: 'timeout', seat: 1 }));
    expect(junqiDealtBySeed({ mode: 'hidden' }, drawn)).toBe(true);
    // a timeout during play draws nothing
    const late = byHand.clone();
    const turn = late.turn();
    unwrap(late.apply({ type: 'timeout', seat: turn.kind === 'seat' ? turn.seat : 0 }));
    expect(junqiDealtBySeed({ mode: 'hidden' }, late)).toBe(false);
  });
});
