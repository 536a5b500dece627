import { Rng, unwrap } from '@qiyuan/core';
import {
  ENGINEER,
  FLAG,
  GENERAL,
  isImmobile,
  type JunqiGame,
  junqi,
  MINE,
  PRESETS,
  parseSetup,
  RANK_COUNT,
  validateSetup,
} from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { soundSetup } from '../src/games/junqi/setup.js';
import { answer, junqiAi, requestFor } from '../src/index.js';
import { advance } from './junqi-steps.js';

describe('Junqi AI sees only its view', () => {
  /** Two games whose hidden setups for seat 1 differ, while every view seat 0 gets is the same. */
  const twin = (setup1: string) =>
    unwrap(junqi.create(unwrap(junqi.parseOptions({ setups: `${PRESETS.classic},${setup1}` }))));
  it('answers the same whatever the enemy hides (same view, same seed, same move), at every level', () => {
    const a = twin(PRESETS.classic);
    const b = twin(PRESETS.defensive);
    expect(a.viewFor(0)).toEqual(b.viewFor(0));
    expect(a.position!.pieceRank).not.toEqual(b.position!.pieceRank);
    for (const player of ['beginner', 'master', 'heuristic', 'greedy', 'random']) {
      // a fixed iteration count makes the search independent of the clock
      const ra = answer(requestFor(a, 0, player, { seed: 9, iterations: 200 }));
      const rb = answer(requestFor(b, 0, player, { seed: 9, iterations: 200 }));
      expect(ra.ok && rb.ok).toBe(true);
      if (ra.ok && rb.ok) expect(ra.move).toBe(rb.move);
    }
  });
  it.each(TWIN_CASES)('$why: the truth differs, the request and every player’s answer do not', (c) => {
    const a = unwrap(junqi.create(unwrap(junqi.parseOptions({ ...c.options, seed: '5' })))) as JunqiGame;
    const rng = Rng.fromSeed(5);
    for (let step = 0; step < 400 && !(a.phase === c.phase && step >= c.steps); step++) advance(a, rng, step);
    expect(a.phase).toBe(c.phase);
    const seat = actor(a);
    const b = a.clone();
    if (c.phase === 'play') hideDifferently(b, seat);
    else swapInHands(b, seat, c.phase === 'bidding' ? 'hands' : 'holdings');
    expect(JSON.stringify(b.internals.state)).not.toBe(JSON.stringify(a.internals.state));
    expect(requestFor(b, seat, 'club')).toEqual(requestFor(a, seat, 'club'));
    for (const player of ['beginner', 'master', 'heuristic', 'greedy', 'random']) {
      const ra = answer(requestFor(a, seat, player, { seed: 9, iterations: 60 }));
      const rb = answer(requestFor(b, seat, player, { seed: 9, iterations: 60 }));
      expect(ra).toMatchObject({ ok: true });
      expect(rb).toEqual(ra.ok && rb.ok ? { ...ra, info: rb.info } : ra);
    }
  });
  it('the request carries the view and records, never the snapshot', () => {
    const game = twin(PRESETS.forward);
    const req = requestFor(game, 0, 'club');
    expect(req.position.kind).toBe('view');
    expect(JSON.stringify(req)).not.toContain('setups');
  });
  it('measured by its budget (budgetOnly), a level runs exactly its iterations, with no clock involved', () => {
    const game = twin(PRESETS.forward);
    const r = answer(requestFor(game, 0, 'casual', { seed: 2, budgetOnly: true }));
    expect(r).toMatchObject({ ok: true, info: { iterations: 150 } });
    if (r.ok) expect(r.info.clockBound).toBeUndefined();
  });
  it('refuses a snapshot', () => {
    const game = twin(PRESETS.forward);
    const r = junqiAi.choose({
      game: 'junqi',
      player: 'club',
      seat: 0,
      position: { kind: 'snapshot', snapshot: game.snapshot() },
    });
    expect(r.ok).toBe(false);
  });
  it('refuses another seat’s view', () => {
    const game = twin(PRESETS.forward);
    const r = answer({ ...requestFor(game, 1, 'club'), seat: 0 });
    expect(r.ok).toBe(false);
  });
});

describe('Junqi setups', () => {
  it('deploys legally and soundly: flag in a headquarters with mines beside it, 200 seeds', () => {
    const rng = Rng.fromSeed(1);
    for (let i = 0; i < 200; i++) {
      const s = soundSetup(rng, [1, 3, 2, 3, 3, 3, 2, 2, 2, 2, 1, 1, 0, 0, 0]);
      expect(validateSetup(s).ok).toBe(true);
      const flag = s.indexOf(FLAG);
      const col = flag % 5;
      // mines on both sides of the flag in the back row
      expect(s[col - 1]).toBe(MINE);
      expect(s[col + 1]).toBe(MINE);
      // the 司令 stands behind the front row
      expect(Math.floor(s.indexOf(GENERAL) / 5) + 1).toBeLessThan(6);
      expect(s.filter((r) => r === ENGINEER)).toHaveLength(3);
    }
  });
  it('the AI plays a whole game from the setup phase (setups, then moves) without an illegal action', () => {
    const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ seed: '4' })))) as JunqiGame;
    for (let i = 0; i < 60 && !game.outcome(); i++) {
      const turn = game.turn();
      const seat =
        turn.kind === 'seat'
          ? turn.seat
          : turn.kind === 'simultaneous'
            ? turn.seats.find((s) => game.legalMoves(s).length > 0)!
            : 0;
      const r = answer({ ...requestFor(game, seat, i % 2 ? 'heuristic' : 'beginner', { seed: i }), iterations: 40 });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    expect(game.phase).toBe('play');
    expect(parseSetup(PRESETS.classic).ok).toBe(true);
  });
});

describe('Junqi AI in every mode', () => {
  const modes: { options: Record<string, string>; why: string }[] = [
    { options: { mode: 'flip' }, why: '翻棋: flips and moves, colours unknown at first' },
    { options: { players: '4' }, why: 'four players, 2v2 with hidden setups' },
    { options: { players: '4', teams: 'ffa' }, why: 'four players, each for itself' },
    { options: { players: '3' }, why: 'three players' },
    { options: { players: '4', variant: 'landlord' }, why: '三打一: bidding, the landlord’s pick of 25, then play' },
    { options: { players: '4', variant: 'landlord', bidding: 'landlord' }, why: '三打一 with landlord calls' },
    { options: { mode: 'open' }, why: '明棋: everything visible' },
  ];
  it.each(modes)('$why', ({ options }) => {
    const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ ...options, seed: '3' })))) as JunqiGame;
    for (let i = 0; i < 40 && !game.outcome(); i++) {
      const turn = game.turn();
      const seat =
        turn.kind === 'seat'
          ? turn.seat
          : turn.kind === 'simultaneous'
            ? turn.seats.find((s) => game.legalMoves(s).length > 0)!
            : 0;
      // alternate the ISMCTS player and the heuristic so both meet every phase
      const r = answer(requestFor(game, seat, i % 2 ? 'heuristic' : 'club', { seed: i, iterations: 30 }));
      expect(r).toMatchObject({ ok: true });
      if (!r.ok) return;
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    expect(game.phase).toBe('play');
  });
});

/** Where each twin test stops: in that phase, after at least that many steps of the game (setups and bids included). */
const TWIN_CASES: readonly { why: string; options: Record<string, string>; phase: string; steps: number }[] = [
  { why: '2 players 暗棋, mid-game', options: { setup: 'random' }, phase: 'play', steps: 40 },
  { why: '4 players 2v2, mid-game', options: { players: '4' }, phase: 'play', steps: 40 },
  { why: '4 players free-for-all', options: { players: '4', teams: 'ffa' }, phase: 'play', steps: 30 },
  { why: '3 players', options: { players: '3' }, phase: 'play', steps: 30 },
  { why: '翻棋, face-down pieces', options: { mode: 'flip' }, phase: 'play', steps: 30 },
  { why: '三打一 bidding (points)', options: { players: '4', variant: 'landlord' }, phase: 'bidding', steps: 0 },
  {
    why: '三打一 bidding (landlord calls)',
    options: { players: '4', variant: 'landlord', bidding: 'landlord' },
    phase: 'bidding',
    steps: 0,
  },
  {
    why: '三打一 setup, the pieces to deploy',
    options: { players: '4', variant: 'landlord' },
    phase: 'setup',
    steps: 0,
  },
  { why: '三打一 play', options: { players: '4', variant: 'landlord' }, phase: 'play', steps: 30 },
];

/** The seat to act now (the first that may, during the simultaneous setup). */
const actor = (game: JunqiGame): number => {
  const turn = game.turn();
  if (turn.kind === 'seat') return turn.seat;
  if (turn.kind === 'simultaneous') return turn.seats.find((s) => game.legalMoves(s).length > 0)!;
  throw new Error('nobody to act');
};

/**
 * Test-only, on the referee's board: exchanges the ranks (and, face down, the colours) of two pieces `seat` cannot
 * see, unmoved and of different ranks (in 暗棋 two pieces of one army that can move), so the truth differs while
 * nothing the seat may know does.
 */
const hideDifferently = (game: JunqiGame, seat: number): void => {
  const pos = game.position!;
  const hidden = (game.viewFor(seat).pieces as { point: number; rank: string | null; moved: boolean }[]).filter(
    (p) => p.rank === null && !p.moved,
  );
  const flip = game.options.mode === 'flip';
  for (const p of hidden) {
    for (const q of hidden) {
      const [rp, rq] = [pos.rank[p.point]!, pos.rank[q.point]!];
      if (rp === rq || (!flip && (pos.owner[p.point] !== pos.owner[q.point] || isImmobile(rp) || isImmobile(rq))))
        continue;
      const [ip, iq, op] = [pos.pid[p.point]!, pos.pid[q.point]!, pos.owner[p.point]!];
      pos.owner[p.point] = pos.owner[q.point]!;
      pos.owner[q.point] = op;
      pos.rank[p.point] = rq;
      pos.rank[q.point] = rp;
      pos.pieceArmy[ip] = pos.owner[p.point]!;
      pos.pieceArmy[iq] = op;
      pos.pieceRank[ip] = rq;
      pos.pieceRank[iq] = rp;
      return;
    }
  }
  throw new Error('no two hidden pieces to exchange');
};

/** Test-only: moves one piece each way between two other seats' dealt hands (or pieces to deploy). */
const swapInHands = (game: JunqiGame, seat: number, which: 'hands' | 'holdings'): void => {
  const all = game.internals.state[which];
  const [s1, s2] = [0, 1, 2, 3].filter((s) => s !== seat);
  const h1 = all[s1!]!;
  const h2 = all[s2!]!;
  for (let r1 = 0; r1 < RANK_COUNT; r1++) {
    for (let r2 = 0; r2 < RANK_COUNT; r2++) {
      if (r1 === r2 || !h1[r1] || !h2[r2] || r1 === FLAG || r2 === FLAG) continue;
      h1[r1]--;
      h2[r1]!++;
      h2[r2]--;
      h1[r2]!++;
      return;
    }
  }
  throw new Error('no pieces to exchange');
};
