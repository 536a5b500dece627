import { actingSeats, Rng, unwrap } from '@qiyuan/core';
import { FLAG, type JunqiGame, junqi, MINE } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { type Beliefs, trackBeliefs } from '../src/games/junqi/beliefs.js';
import { DEPLOYMENT_COUNTS } from '../src/games/junqi/deployment-counts.js';
import {
  countDeployments,
  DEPLOYMENT_SEED,
  DEPLOYMENT_SETUPS,
  deploymentPrior,
} from '../src/games/junqi/deployment-prior.js';
import { sampleWorld } from '../src/games/junqi/sample.js';
import { answer, requestFor } from '../src/index.js';

const newGame = (seed: string, players = '2', more: Record<string, string> = {}) =>
  unwrap(junqi.create(unwrap(junqi.parseOptions({ setup: 'random', seed, players, ...more })))) as JunqiGame;

/** A two-player game after both armies deployed as the AI deploys. */
const deployed = (seed: string): JunqiGame => {
  const game = newGame(seed);
  for (const seat of [0, 1]) {
    const r = answer(requestFor(game, seat, 'master', { seed: seat + 10 }));
    if (!r.ok) throw new Error(r.error.reason);
    unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
  }
  return game;
};

// Ranks by index: 4 排长, 5 连长, 8 旅长 screen the front row; 11 司令 and 10 军长 stand on railway stations.
const SMALL = new Set([4, 5, 8]);
const BIG = new Set([10, 11]);
/** Army 1's slot (row, column) of a point: ids are army × 30 + (row − 1) × 5 + column. */
const slot = (p: number) => p % 30;
const FRONT = (p: number) => slot(p) >= 25;

const share = (
  game: JunqiGame,
  beliefs: Beliefs,
  withPrior: boolean,
  where: (p: number) => boolean,
  ranks: ReadonlySet<number>,
) => {
  const view = game.viewFor(0);
  const prior = withPrior ? deploymentPrior(beliefs) : undefined;
  const rng = Rng.fromSeed(5);
  let hits = 0;
  let all = 0;
  for (let i = 0; i < 200; i++) {
    const w = sampleWorld(view, beliefs, rng, prior);
    for (const t of beliefs.tokens) {
      if (!t.alive || t.army !== 1) continue;
      // the prior only weighs: every drawn rank is one the hard beliefs allow
      expect((t.mask >> w.rank[t.point]!) & 1).toBe(1);
      if (!where(t.point)) continue;
      all++;
      if (ranks.has(w.rank[t.point]!)) hits++;
    }
  }
  return hits / all;
};

describe('Junqi knowledge: the enemy read from how players deploy', () => {
  it('ships the counts the setup generator gives (regenerate with bench/junqi-deployment-counts.ts)', () => {
    expect(DEPLOYMENT_COUNTS.setups).toBe(DEPLOYMENT_SETUPS);
    expect(DEPLOYMENT_COUNTS.seed).toBe(DEPLOYMENT_SEED);
    expect(countDeployments(DEPLOYMENT_SETUPS, DEPLOYMENT_SEED)).toEqual(DEPLOYMENT_COUNTS.byFlag);
  });

  const game = deployed('3');
  const beliefs = trackBeliefs(game.viewFor(0), [], 0);

  it('draws the front row from small officers, and the big officers elsewhere', () => {
    const plainSmall = share(game, beliefs, false, FRONT, SMALL);
    const readSmall = share(game, beliefs, true, FRONT, SMALL);
    expect(readSmall).toBeGreaterThan(plainSmall + 0.2);
    const plainBig = share(game, beliefs, false, FRONT, BIG);
    const readBig = share(game, beliefs, true, FRONT, BIG);
    expect(readBig).toBeLessThan(plainBig / 2);
  });

  it('walls the drawn flag with mines: the back-row points beside it', () => {
    const view = game.viewFor(0);
    const count = (withPrior: boolean) => {
      const prior = withPrior ? deploymentPrior(beliefs) : undefined;
      const rng = Rng.fromSeed(9);
      let mines = 0;
      for (let i = 0; i < 200; i++) {
        const w = sampleWorld(view, beliefs, rng, prior);
        for (let p = 30; p < 60; p++) {
          if (w.owner[p] !== 1 || w.rank[p] !== FLAG) continue;
          for (const q of [p - 1, p + 1]) if (w.owner[q] === 1 && w.rank[q] === MINE) mines++;
        }
      }
      return mines / 200;
    };
    expect(count(true)).toBeGreaterThan(1.5);
    expect(count(true)).toBeGreaterThan(count(false) + 0.5);
  });

  it('reads the flag’s headquarters from the pieces round it: one beside it that moved is no mine', () => {
    const hq = (col: number) => beliefs.tokens.find((t) => t.army === 1 && t.alive && slot(t.origin) === col)!;
    const even = deploymentPrior(beliefs);
    expect(even.flagWeight(hq(1)) / even.flagWeight(hq(3))).toBeCloseTo(1, 0);
    for (const [moved, other, here] of [
      [0, 3, 1],
      [4, 1, 3],
    ] as const) {
      // the piece on the back row beside headquarters `here` is seen to move: not a mine, nor the flag
      const copy: Beliefs = {
        ...beliefs,
        tokens: beliefs.tokens.map((t) =>
          t.army === 1 && slot(t.origin) === moved ? { ...t, mask: t.mask & ~((1 << MINE) | (1 << FLAG)) } : t,
        ),
      };
      const read = deploymentPrior(copy);
      const at = (col: number) => copy.tokens.find((t) => t.army === 1 && t.alive && slot(t.origin) === col)!;
      expect(read.flagWeight(at(other))).toBeGreaterThan(2 * read.flagWeight(at(here)));
    }
  });
});

describe('Junqi knowledge: master reads the enemy where the arena measured it', () => {
  const answerOf = (game: JunqiGame, player: string) => {
    const seat = actingSeats(game.turn())[0]!;
    const r = answer(requestFor(game, seat, player, { seed: 5, iterations: 300, budgetOnly: true }));
    if (!r.ok) throw new Error(r.error.reason);
    return { move: r.move, score: r.info.score };
  };

  it('plays as master@motion (deployments and movement read) with two players', () => {
    const two = newGame('9');
    expect(answerOf(two, 'master')).toEqual(answerOf(two, 'master@motion'));
    expect(answerOf(two, 'master')).not.toEqual(answerOf(two, 'master@plain'));
  });

  it('plays as master@motion in 2v2', () => {
    const pairs = newGame('9', '4');
    expect(answerOf(pairs, 'master')).toEqual(answerOf(pairs, 'master@motion'));
    expect(answerOf(pairs, 'master')).not.toEqual(answerOf(pairs, 'master@plain'));
  });

  it('plays as master@motionownguard in a four-player free-for-all: both priors, its own places and the flag guard', () => {
    const ffa = newGame('9', '4', { teams: 'ffa' });
    expect(answerOf(ffa, 'master')).toEqual(answerOf(ffa, 'master@motionownguard'));
    expect(answerOf(ffa, 'master')).not.toEqual(answerOf(ffa, 'master@plain'));
  });

  it('plays as master@plain with three players, while master@motion still reads the enemy there', () => {
    const three = newGame('9', '3', { teams: 'ffa' });
    expect(answerOf(three, 'master')).toEqual(answerOf(three, 'master@plain'));
    expect(answerOf(three, 'master@motion')).not.toEqual(answerOf(three, 'master@plain'));
  });

  it('plays as master@plain in 三打一, whose armies are not the standard army the tables count', () => {
    const landlord = newGame('9', '4', { variant: 'landlord' });
    // Past the bidding (the first seat bids three and is the landlord), to a move the search chooses.
    const bids = landlord.legalMoves(0);
    unwrap(landlord.play(bids[bids.length - 1]!, 0));
    expect(landlord.legalMoves(actingSeats(landlord.turn())[0]!)[0]).toMatchObject({ type: 'move' });
    expect(answerOf(landlord, 'master')).toEqual(answerOf(landlord, 'master@plain'));
    expect(answerOf(landlord, 'master@motion')).toEqual(answerOf(landlord, 'master@plain'));
    expect(answerOf(landlord, 'master@knowledge')).not.toEqual(answerOf(landlord, 'master@plain'));
  });
});
