import { type PlayRecord, Rng, unwrap } from '@qiyuan/core';
import {
  BOMB,
  boardFor,
  ENGINEER,
  FLAG,
  FORTRESS,
  GENERAL,
  type JunqiGame,
  junqi,
  MARSHAL,
  MINE,
  MISSILE,
  PRESETS,
  parseSetup,
  RANK_COUNT,
  validateSetup,
} from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { possibleRanks, trackBeliefs } from '../src/games/junqi/beliefs.js';
import { soundSetup } from '../src/games/junqi/setup.js';
import { answer, junqiAi, requestFor } from '../src/index.js';

const board = boardFor(2);
const P = (name: string) => board.byName(name)!;

/**
 * A two-seat 暗棋 view as seat 0 sees it: its own piece (id 1, a known rank)
 * and one enemy piece (id 2, rank hidden), and a record of one combat.
 */
const scene = (opts: {
  mineRank: string;
  enemyAt: string;
  enemyOrigin?: string;
  enemyMoved?: boolean;
  record?: Omit<PlayRecord, 'ply'>;
  /** Earlier quiet moves, played before `record`. */
  before?: Omit<PlayRecord, 'ply'>[];
  mineAt?: string;
}) => {
  const view = {
    players: 2,
    mode: 'hidden',
    variant: 'standard',
    teams: 'pairs',
    phase: 'play',
    viewer: 0,
    armyOfSeat: [0, 1],
    toMove: 0,
    pieces: [
      {
        id: 1,
        point: P(opts.mineAt ?? 'c5'),
        army: 0,
        rank: opts.mineRank,
        moved: true,
        origin: P(opts.mineAt ?? 'c5'),
      },
      {
        id: 2,
        point: P(opts.enemyAt),
        army: 1,
        rank: null,
        moved: opts.enemyMoved ?? false,
        origin: P(opts.enemyOrigin ?? opts.enemyAt),
      },
    ],
    dead: [],
    limits: { noCapture: 0, moves: 0, chase: 0 },
  };
  const records: PlayRecord[] = [...(opts.before ?? []), ...(opts.record ? [opts.record] : [])].map((r, ply) => ({
    ply,
    ...r,
  }));
  return trackBeliefs(view, records, 0);
};

const ALL = [...Array(RANK_COUNT).keys()];

describe('Junqi beliefs: what seat 0 may infer', () => {
  // The enemy's rows: on the two-player board seat 1's back row is row 12 (its HQ b12/d12), its front row 7.
  const cases: { why: string; beliefs: ReturnType<typeof scene>; expected: number[] }[] = [
    {
      why: 'an unmoved piece on the enemy front row: anything but flag, mine, fortress (back rows) or bomb (front row)',
      beliefs: scene({ mineRank: '5', enemyAt: 'c7' }),
      expected: ALL.filter((r) => ![FLAG, MINE, FORTRESS, BOMB].includes(r)),
    },
    {
      why: 'an unmoved piece in an enemy headquarters may be the flag or a mine',
      beliefs: scene({ mineRank: '5', enemyAt: 'b12' }),
      expected: ALL,
    },
    {
      why: 'a piece that has moved is no flag, mine or fortress',
      beliefs: scene({ mineRank: '5', enemyAt: 'b11', enemyOrigin: 'b12', enemyMoved: true }),
      expected: ALL.filter((r) => ![FLAG, MINE, FORTRESS].includes(r)),
    },
    {
      why: 'my 司令 attacked it and died alone: a mine (or a 元帅/堡垒 of 三打一)',
      beliefs: scene({
        mineRank: '9',
        mineAt: 'c11',
        enemyAt: 'c12',
        record: { seat: 0, notation: 'c11-c12', detail: { combat: 'defender', attackerRank: '9' } },
      }),
      expected: [MINE, MARSHAL, FORTRESS],
    },
    {
      why: 'my 师长 attacked it and both died: a bomb, a 师长, or a 导弹',
      beliefs: scene({
        mineRank: '7',
        mineAt: 'c8',
        enemyAt: 'b9',
        record: { seat: 0, notation: 'c8-b9', detail: { combat: 'both', attackerRank: '7' } },
      }),
      expected: [BOMB, 9, MISSILE],
    },
    {
      why: 'it attacked my 连长 and won: above 连长, or a 导弹; it moved, so no mine',
      beliefs: scene({
        mineRank: '3',
        enemyAt: 'c6',
        enemyOrigin: 'c8',
        enemyMoved: true,
        mineAt: 'c6',
        before: [{ seat: 1, notation: 'c8-c7' }],
        record: { seat: 1, notation: 'c7-c6', detail: { combat: 'attacker', defenderRank: '3' } },
      }),
      expected: [6, 7, 8, 9, 10, 11, 12, 14],
    },
    {
      why: 'it attacked my 工兵 and both died: an engineer or a bomb',
      beliefs: scene({
        mineRank: '1',
        enemyAt: 'c6',
        enemyOrigin: 'c8',
        enemyMoved: true,
        before: [{ seat: 1, notation: 'c8-c7' }],
        record: { seat: 1, notation: 'c7-c6', detail: { combat: 'both', defenderRank: '1' } },
      }),
      expected: [BOMB, ENGINEER],
    },
  ];
  it.each(cases)('$why', ({ beliefs, expected }) => {
    expect(possibleRanks(beliefs, 2)).toEqual(expected);
  });

  it('never rules out the truth: 20 seeded games, every hidden enemy piece after every ply', () => {
    for (let g = 0; g < 20; g++) {
      const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ setup: 'random', seed: String(g) }))));
      const rng = Rng.fromSeed(g);
      for (let ply = 0; ply < 120 && !game.outcome(); ply++) {
        const moves = game.legalMoves();
        unwrap(game.play(rng.pick([...moves])));
        if (ply % 10 !== 9) continue;
        for (const seat of [0, 1]) {
          const view = game.viewFor(seat);
          const records = Array.from({ length: game.ply }, (_, i) => game.recordFor(seat, i));
          const beliefs = trackBeliefs(view, records, seat);
          const truth = game.position!; // test-only: the referee's board
          for (const t of beliefs.tokens) {
            if (!t.alive || t.id < 0) continue;
            expect((t.mask >> truth.pieceRank[t.id]!) & 1).toBe(1);
          }
        }
      }
    }
  });
});

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
  it('the request carries the view and records, never the snapshot', () => {
    const game = twin(PRESETS.forward);
    const req = requestFor(game, 0, 'club');
    expect(req.position.kind).toBe('view');
    expect(JSON.stringify(req)).not.toContain('setups');
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
      const r = answer({ ...requestFor(game, seat, i % 2 ? 'heuristic' : 'beginner', { seed: i }), timeMs: 30 });
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
