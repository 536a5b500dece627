import { unwrap } from '@qiyuan/core';
import {
  BATTALION,
  BOMB,
  ENGINEER,
  FLAG,
  GENERAL,
  type JunqiGame,
  junqi,
  MINE,
  moveFrom,
  moveTo,
  type Position,
  STANDARD_ARMY,
  slotIndex,
} from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { doorAnswers, keepingMoves, keptDoors } from '../src/games/junqi/keeper.js';
import { soundSetup } from '../src/games/junqi/setup.js';
import { answer, requestFor } from '../src/index.js';
import { seededRng } from '../src/levels.js';

/**
 * What stands around the flag in the generator's deployments: per door of the flag's headquarters (the front door on
 * the railway, the side door by the board's edge, the side door towards the middle), how often a mine holds it, and
 * what stands on the two railway stations beside the front door, the doors' keepers.
 */
const doorFacts = (walled: boolean, n: number) => {
  const share = { front: 0, frontBomb: 0, edge: 0, middle: 0, keepersMovable: 0, keeperBig: 0 };
  for (let s = 0; s < n; s++) {
    const setup = soundSetup(seededRng(s), [...STANDARD_ARMY], false, walled);
    const at = (row: number, col: number) => setup[slotIndex(row, col)]!;
    const flagCol = at(1, 1) === FLAG ? 1 : 3;
    const edge = flagCol === 1 ? 0 : 4;
    if (at(2, flagCol) === MINE) share.front++;
    if (at(2, flagCol) === BOMB) share.frontBomb++;
    if (at(1, edge) === MINE) share.edge++;
    if (at(1, 2) === MINE) share.middle++;
    const keepers = [at(2, edge), at(2, 2)];
    if (keepers.every((r) => r !== MINE && r !== FLAG)) share.keepersMovable++;
    if (keepers.some((r) => r > ENGINEER)) share.keeperBig++;
  }
  for (const k of Object.keys(share) as (keyof typeof share)[]) share[k] /= n;
  return share;
};

describe('Junqi flag defence: the deployment round the flag', () => {
  const N = 400;
  it('the plain generator mines both side doors always and the front door about 70% of the time', () => {
    const f = doorFacts(false, N);
    expect(f.edge).toBe(1);
    expect(f.middle).toBe(1);
    expect(f.front).toBeGreaterThan(0.6);
    expect(f.front).toBeLessThan(0.85);
    // the front door left open holds a bomb now and then, otherwise a piece that walks away
    expect(f.frontBomb).toBeGreaterThan(0);
    expect(f.front + f.frontBomb).toBeLessThan(0.95);
  });

  it('walled, every door of the flag is mined, and the keepers beside the front door can move', () => {
    const f = doorFacts(true, N);
    expect(f).toMatchObject({ front: 1, edge: 1, middle: 1, keepersMovable: 1 });
    expect(f.keeperBig).toBeGreaterThan(0.9);
  });

  it('master@wall deploys walled; plain master does not always', () => {
    const frontMined = (player: string, seed: number) => {
      const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ seed: String(seed) })))) as JunqiGame;
      const r = answer(requestFor(game, 0, player, { seed }));
      if (!r.ok) throw new Error(r.error.reason);
      unwrap(game.play(unwrap(game.parseMove(r.move, 0)), 0));
      const setup = game.internals.state.setups[0]!;
      const flagCol = setup[slotIndex(1, 1)] === FLAG ? 1 : 3;
      return setup[slotIndex(2, flagCol)] === MINE;
    };
    const seeds = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(seeds.every((s) => frontMined('master@wall', s))).toBe(true);
    expect(seeds.every((s) => frontMined('master', s))).toBe(false);
  });
});

/** A two-player game deployed by master for both seats, in play with seat 0 to move. */
const deployed = (seed: number): { game: JunqiGame; pos: Position } => {
  const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ seed: String(seed) })))) as JunqiGame;
  for (const seat of [0, 1]) {
    const r = answer(requestFor(game, seat, 'master', { seed: seat + seed }));
    if (!r.ok) throw new Error(r.error.reason);
    unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
  }
  return { game, pos: game.position!.clone() };
};

/** Army 0's flag column and the point id of (row, col) in army 0's half. */
const pointOf = (row: number, col: number) => (row - 1) * 5 + col;

describe('Junqi flag defence: door keepers at the root', () => {
  it('every door has a keeper after the deployment, and walking the side door’s only keeper away is not kept', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { pos } = deployed(seed);
      if (pos.sideToMove() !== 0) continue;
      expect(keptDoors(pos, 0)).toBe(3);
      const flagCol = pos.rank[pointOf(1, 1)] === FLAG && pos.owner[pointOf(1, 1)] === 0 ? 1 : 3;
      const keeper = pointOf(2, flagCol === 1 ? 0 : 4);
      const moves = pos.generateMoves();
      const kept = keepingMoves(pos, 0, moves);
      const away = moves.filter((m) => moveFrom(m) === keeper);
      for (const m of away) expect(kept.has(m)).toBe(false);
      // the other moves keep every door kept, and are kept
      for (const m of moves) {
        if (keptDoors(pos, 0, moveFrom(m), moveTo(m)) === 3) expect(kept.has(m)).toBe(true);
      }
      expect(kept.size).toBeGreaterThan(0);
      expect(kept.size).toBeLessThan(moves.length + 1);
    }
  });

  it('taking an intruder off a door is kept, though the keeper leaves its post', () => {
    const { pos } = deployed(3);
    expect(pos.sideToMove()).toBe(0);
    const flagCol = pos.rank[pointOf(1, 1)] === FLAG && pos.owner[pointOf(1, 1)] === 0 ? 1 : 3;
    const door = pointOf(1, flagCol === 1 ? 0 : 4);
    const keeper = pointOf(2, flagCol === 1 ? 0 : 4);
    // an enemy engineer that dug the side door's mine
    pos.owner[door] = 1;
    pos.rank[door] = ENGINEER;
    const moves = pos.generateMoves();
    const take = moves.find((m) => moveFrom(m) === keeper && moveTo(m) === door);
    expect(take).toBeDefined();
    expect(keptDoors(pos, 0, keeper, door)).toBeLessThan(keptDoors(pos, 0));
    // with an intruder on a door, the attacks on it are all the root keeps, under `keep` and `answer` alike
    expect([...keepingMoves(pos, 0, moves)]).toEqual([take]);
    expect([...doorAnswers(pos, 0, moves)]).toEqual([take]);
    // no intruder: nothing to answer
    expect(doorAnswers(deployed(3).pos, 0, deployed(3).pos.generateMoves()).size).toBe(0);
  });

  it('keeping only the small keepers lets a big one walk away from its door, never a small one', () => {
    const { pos } = deployed(1);
    expect(pos.sideToMove()).toBe(0);
    const flagCol = pos.rank[pointOf(1, 1)] === FLAG && pos.owner[pointOf(1, 1)] === 0 ? 1 : 3;
    const keeper = pointOf(2, flagCol === 1 ? 0 : 4);
    for (const [rank, free] of [
      [GENERAL, true],
      [BATTALION, false],
      [ENGINEER, false],
    ] as const) {
      const p = pos.clone();
      p.rank[keeper] = rank;
      const moves = p.generateMoves();
      const away = moves.filter((m) => moveFrom(m) === keeper);
      expect(away.length).toBeGreaterThan(0);
      const small = keepingMoves(p, 0, moves, BATTALION);
      const all = keepingMoves(p, 0, moves);
      for (const m of away) {
        expect(small.has(m)).toBe(free);
        expect(all.has(m)).toBe(false);
      }
    }
  });

  it('master@keep, master@keepsmall and master@wallkeep answer with a legal move that keeps the doors', () => {
    const { game } = deployed(2);
    for (const p of ['master@keep', 'master@keepsmall', 'master@wallkeep', 'master@wall', 'master@answer']) {
      const r = answer(requestFor(game, 0, p, { seed: 5, iterations: 60 }));
      if (!r.ok) throw new Error(r.error.reason);
      const move = unwrap(game.parseMove(r.move, 0));
      expect(game.legalMoves(0)).toContainEqual(move);
      if ((p === 'master@keep' || p === 'master@wallkeep') && move.type === 'move') {
        expect(keptDoors(game.position!, 0, move.from, move.to)).toBe(keptDoors(game.position!, 0));
      }
      if (p === 'master@keepsmall' && move.type === 'move') {
        const small = (from = -1, to = -1) => keptDoors(game.position!, 0, from, to, BATTALION);
        expect(small(move.from, move.to)).toBe(small());
      }
    }
  });

  it('when every allowed move walks a keeper away, master@keep still plays an allowed one', () => {
    const { game, pos } = deployed(1);
    const flagCol = pos.rank[pointOf(1, 1)] === FLAG && pos.owner[pointOf(1, 1)] === 0 ? 1 : 3;
    const keeper = pointOf(2, flagCol === 1 ? 0 : 4);
    const away = game.legalMoves(0).find((m) => m.type === 'move' && m.from === keeper);
    expect(away).toBeDefined();
    const req = requestFor(game, 0, 'master@keep', { seed: 5, iterations: 60 });
    if (req.position.kind !== 'view') throw new Error('a view');
    const only = game.moveToString(away!);
    const r = answer({ ...req, position: { ...req.position, legal: [only] } });
    expect(r).toMatchObject({ ok: true, move: only });
  });
});
