import { Rng, unwrap } from '@qiyuan/core';
import {
  COMBAT_TABLE,
  FLAG,
  isFlip,
  type JunqiGame,
  junqi,
  MINE,
  moveFrom,
  moveTo,
  type Position,
  RANK_COUNT,
} from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { trackBeliefs } from '../src/games/junqi/beliefs.js';
import { attackOdds, habitPrior, infoScores, policyPlayout } from '../src/games/junqi/knowledge.js';
import { heuristicScores } from '../src/games/junqi/player.js';
import { sampleWorld } from '../src/games/junqi/sample.js';
import { answer, requestFor } from '../src/index.js';
import { seededRng } from '../src/levels.js';

const newGame = (seed: string, extra: Record<string, string> = {}) =>
  unwrap(junqi.create(unwrap(junqi.parseOptions({ setup: 'random', seed, ...extra })))) as JunqiGame;

/** What a capture gains for the mover in a full-information world (negative: the attacker dies alone). */
const captureGain = (pos: Position, m: number): number | undefined => {
  if (isFlip(m)) return undefined;
  const to = moveTo(m);
  if (pos.owner[to]! < 0 || pos.faceDown[to]) return undefined;
  const a = pos.rank[moveFrom(m)]!;
  const d = pos.rank[to]!;
  if (d === FLAG) return 100;
  const result = COMBAT_TABLE[a * RANK_COUNT + d];
  return result === 'attacker' ? 1 : result === 'defender' ? -1 : 0;
};

describe('Junqi knowledge: playouts that play like the heuristic player', () => {
  it('takes a capture it wins and almost never attacks a piece that beats it, over seeded random games', () => {
    let winning = 0;
    let tookWin = 0;
    let suicideChances = 0;
    let suicides = 0;
    const rng = Rng.fromSeed(11);
    for (let g = 0; g < 6; g++) {
      const game = newGame(String(g + 1));
      // the AI deploys both sides, then random play until the game ends or 150 plies
      for (const seat of [0, 1]) {
        const r = answer(requestFor(game, seat, 'heuristic', { seed: g }));
        if (!r.ok) throw new Error(r.error.reason);
        unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
      }
      for (let ply = 0; ply < 150 && !game.outcome(); ply++) {
        const pos = game.position!;
        const moves = [...pos.generateMoves()];
        if (moves.length === 0) break;
        const gains = moves.map((m) => captureGain(pos, m));
        const hasWin = gains.some((x) => x !== undefined && x > 0);
        const hasSafe = gains.some((x) => x === undefined || x >= 0);
        for (let k = 0; k < 10; k++) {
          const gain = captureGain(pos, policyPlayout(pos, moves, rng));
          if (hasWin) {
            winning++;
            if (gain !== undefined && gain > 0) tookWin++;
          }
          if (hasSafe && gains.some((x) => x === -1)) {
            suicideChances++;
            if (gain === -1) suicides++;
          }
        }
        const seat = pos.sideToMove();
        const legal = game.legalMoves(seat);
        unwrap(game.play(legal[rng.int(0, legal.length - 1)]!, seat));
      }
    }
    expect(winning).toBeGreaterThan(50);
    expect(suicideChances).toBeGreaterThan(50);
    expect(tookWin / winning).toBeGreaterThan(0.85);
    expect(suicides / suicideChances).toBeLessThan(0.05);
  });
});

describe('Junqi knowledge: attacks judged by what the attacker could know (@odds)', () => {
  it('a 司令 attacking an unknown piece that is in truth a bomb expects a gain; the truth would say a loss', () => {
    const game = newGame('9');
    for (const seat of [0, 1]) {
      const r = answer(requestFor(game, seat, 'master', { seed: seat }));
      if (!r.ok) throw new Error(r.error.reason);
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    const pos = game.position!;
    const judge = attackOdds(trackBeliefs(game.viewFor(0), [], 0));
    const bomb = [...Array(pos.n).keys()].find((p) => pos.owner[p] === 1 && pos.rank[p] === 2)!;
    expect(judge(pos, 11, bomb)).toBeGreaterThan(0);
    // Seat 1 does not know seat 0's pieces either: a 司令 expects the same of a mine and of an engineer.
    const at = (rank: number) =>
      [...Array(pos.n).keys()].find(
        (p) => pos.owner[p] === 0 && pos.rank[p] === rank && pos.board.points[p]!.kind !== 'hq',
      )!;
    expect(judge(pos, 11, at(1))).toBe(judge(pos, 11, at(3)));
    expect(judge(pos, 11, at(1))).toBeGreaterThan(0);
  });
});

describe('Junqi knowledge: worlds drawn with players’ habits', () => {
  it('puts mines beside the flag far more often than the plain draw, and never breaks a hard belief', () => {
    const game = newGame('7');
    // two opening moves of the plain search (master's own depend on its knowledge): the position the threshold was set on
    for (const seat of [0, 1]) {
      const r = answer(requestFor(game, seat, 'master@plain', { seed: seat }));
      if (!r.ok) throw new Error(r.error.reason);
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    const view = game.viewFor(0);
    const beliefs = trackBeliefs(view, [], 0);
    const prior = habitPrior(beliefs, 0);
    const minesByFlag = (withPrior: boolean) => {
      const rng = Rng.fromSeed(3);
      let total = 0;
      for (let i = 0; i < 300; i++) {
        const w = sampleWorld(view, beliefs, rng, withPrior ? prior : undefined);
        for (let p = 0; p < w.n; p++) {
          if (w.owner[p] !== 1 || w.rank[p] !== FLAG) continue;
          for (const q of w.board.adjacent[p]!) if (w.owner[q] === 1 && w.rank[q] === MINE) total++;
        }
        for (const t of beliefs.tokens) {
          if (t.alive && t.army === 1) expect((t.mask >> w.rank[t.point]!) & 1).toBe(1);
        }
      }
      return total / 300;
    };
    const plain = minesByFlag(false);
    const habitual = minesByFlag(true);
    expect(habitual).toBeGreaterThan(plain + 0.4);
  });
});

describe('Junqi knowledge: the evaluation', () => {
  it('the army whose biggest officer is unanswered gains, and the other army’s bombs (its answer) count more', () => {
    const game = newGame('5');
    for (const seat of [0, 1]) {
      const r = answer(requestFor(game, seat, 'master', { seed: seat }));
      if (!r.ok) throw new Error(r.error.reason);
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    const pos = game.position!;
    const even = infoScores(pos);
    // Remove army 1's 司令 (rank 11): army 0's 司令 is now unanswered.
    const general = [...Array(pos.n).keys()].find((p) => pos.owner[p] === 1 && pos.rank[p] === 11)!;
    const bare = pos.clone();
    bare.owner[general] = -1;
    const after = infoScores(bare);
    expect(after[0]! - even[0]!).toBe(4);
    const bombs = [...Array(pos.n).keys()].filter((p) => pos.owner[p] === 1 && pos.rank[p] === 2).length;
    expect(bombs).toBe(2);
    expect(after[1]! - even[1]!).toBe(2 * bombs);
  });
});

describe('Junqi knowledge variants in requests', () => {
  const game = newGame('2');
  for (const seat of [0, 1]) {
    const r = answer(requestFor(game, seat, 'master', { seed: seat }));
    if (r.ok) unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
  }
  it.each([
    'master@knowledge',
    'master@policy',
    'expert@prior',
    'club@info',
    'master@habits',
    'master@odds',
    'master@enemy',
    'expert@guess',
    'master@focus',
    'master@short',
    'club@worlds',
    'master@enemy2',
    'master@twice',
    'master@bluff',
    'master@plain',
    'master@flag',
    'expert@flagb',
    'master@guard',
    'club@guardb',
  ])('%s answers', (p) => {
    expect(answer(requestFor(game, 0, p, { seed: 1, iterations: 40 }))).toMatchObject({ ok: true });
  });
  it.each(['master@nothing', 'heuristic@policy'])('%s is refused with a reason', (p) => {
    expect(answer(requestFor(game, 0, p, { seed: 1, iterations: 40 }))).toMatchObject({
      ok: false,
      error: { code: 'bad-player' },
    });
  });
});

describe('Junqi knowledge: a root focused on the heuristic player’s choices (@focus)', () => {
  it('the heuristic player plays its best-scored move; @focus answers among its ten best (no attack is open yet)', () => {
    const game = newGame('6');
    for (const seat of [0, 1]) {
      const r = answer(requestFor(game, seat, 'master', { seed: seat }));
      if (!r.ok) throw new Error(r.error.reason);
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    const req = requestFor(game, 0, 'master@focus', { seed: 4, iterations: 300 });
    if (req.position.kind !== 'view') throw new Error('a view');
    const view = req.position.view;
    const beliefs = trackBeliefs(view, [], 0);
    const text = (m: number) => `${beliefs.board.points[moveFrom(m)]!.name}-${beliefs.board.points[moveTo(m)]!.name}`;
    // the same seed as the request's: the same scores the player computes
    const { moves, scores } = heuristicScores(view, beliefs, [0, 1], 0, seededRng(4), () => true);
    expect(moves.length).toBe(game.legalMoves(0).length);
    const ranked = moves.map((m, i) => ({ m, s: scores[i]! })).sort((a, b) => b.s - a.s);
    expect(answer(requestFor(game, 0, 'heuristic', { seed: 4 }))).toMatchObject({ ok: true, move: text(ranked[0]!.m) });
    const r = answer(req);
    if (!r.ok) throw new Error(r.error.reason);
    expect(ranked.slice(0, 10).map((x) => text(x.m))).toContain(r.move);
    // and the plain master, over the same budget, is free to play others
    expect(moves.length).toBeGreaterThan(10);
  });
});
