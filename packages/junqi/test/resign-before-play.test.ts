import { Rng, SPECTATOR, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { JunqiGame } from '../src/game.js';
import { fromSnapshot } from '../src/game-record.js';
import { parseOptions } from '../src/options.js';
import { PRESETS } from '../src/setup.js';

/**
 * R13 before play: a player who resigns while the armies deploy (or, in 三打一, bid). Two players: the game ends.
 * More: the resigner's army is out and never reaches the board; the others deploy and play on, unless the seats
 * out decide the game at once (one side left; 三打一's landlord out or its bid reached). Each row is a script of
 * resignations and deployments and the facts that hold after it.
 */

const create = (o: Record<string, string>) => unwrap(JunqiGame.create(unwrap(parseOptions(o))));

/** `r2` seat 2 resigns, `d0` seat 0 deploys (a preset that fits, or the engine's own choice), `b2` seat bids 2. */
type Step = `r${number}` | `d${number}` | `b${'pass' | '1' | '2' | '3'}`;

const run = (g: JunqiGame, script: readonly Step[]) => {
  for (const step of script) {
    if (step.startsWith('r')) unwrap(g.apply({ type: 'resign', seat: Number(step.slice(1)) }));
    else if (step.startsWith('d')) {
      const seat = Number(step.slice(1));
      unwrap(g.play(g.legalMoves(seat)[0]!, seat));
    } else {
      const t = g.turn();
      if (t.kind !== 'seat') throw new Error('no bidder');
      unwrap(g.play({ type: 'bid', call: step.slice(1) as 'pass' | '1' | '2' | '3' }, t.seat));
    }
  }
};

interface Facts {
  /** The phase after the script. */
  phase: 'bidding' | 'setup' | 'play';
  /** Seats still to deploy (setup), or the seat to move (play), or 'over'. */
  turn: number[] | number | 'over';
  /** The results when the game is over. */
  results?: string[];
  ranking?: number[];
  /** Seats out, as every view shows them. */
  out?: boolean[];
  /** The armies with pieces on the board (play). */
  armies?: number[];
}

const LANDLORD_1 = ['bpass', 'b2', 'bpass', 'bpass'] as const satisfies readonly Step[];

const cases: [string, Record<string, string>, readonly Step[], Facts][] = [
  [
    'two players: the game ends, the resigner loses',
    { players: '2' },
    ['r1'],
    { phase: 'setup', turn: 'over', results: ['win', 'loss'] },
  ],
  [
    'free-for-all: the other three deploy and play, the resigner out',
    { players: '4', teams: 'ffa' },
    ['r1', 'd0', 'd2', 'd3'],
    { phase: 'play', turn: 0, out: [false, true, false, false], armies: [0, 2, 3] },
  ],
  [
    'free-for-all: the resigner is not waited for',
    { players: '4', teams: 'ffa' },
    ['d0', 'r1'],
    { phase: 'setup', turn: [2, 3], out: [false, true, false, false] },
  ],
  [
    'free-for-all: the first seat resigned, the next one moves first',
    { players: '4', teams: 'ffa' },
    ['r0', 'd1', 'd2', 'd3'],
    { phase: 'play', turn: 1, out: [true, false, false, false], armies: [1, 2, 3] },
  ],
  [
    'free-for-all: a deployment made before resigning never reaches the board',
    { players: '4', teams: 'ffa' },
    ['d2', 'r2', 'd0', 'd1', 'd3'],
    { phase: 'play', turn: 0, out: [false, false, true, false], armies: [0, 1, 3] },
  ],
  [
    'free-for-all: the last one in wins; the resigners rank by who stayed longer',
    { players: '4', teams: 'ffa' },
    ['d0', 'r3', 'r1', 'r2'],
    { phase: 'setup', turn: 'over', results: ['win', 'loss', 'loss', 'loss'], ranking: [1, 3, 2, 4] },
  ],
  [
    'three players: the other two deploy and play',
    { players: '3' },
    ['r2', 'd1', 'd0'],
    { phase: 'play', turn: 0, out: [false, false, true], armies: [0, 1] },
  ],
  [
    'three players: two resign, the third wins',
    { players: '3' },
    ['r0', 'r1'],
    { phase: 'setup', turn: 'over', results: ['loss', 'loss', 'win'], ranking: [3, 2, 1] },
  ],
  [
    '2v2: the partner deploys and plays on alone',
    { players: '4', teams: 'pairs' },
    ['r1', 'd0', 'd2', 'd3'],
    { phase: 'play', turn: 0, out: [false, true, false, false], armies: [0, 2, 3] },
  ],
  [
    '2v2: both partners resign, the other pair wins',
    { players: '4', teams: 'pairs' },
    ['r1', 'd0', 'r3'],
    { phase: 'setup', turn: 'over', results: ['win', 'loss', 'win', 'loss'] },
  ],
  [
    '三打一: a farmer resigns, the landlord and the two others play',
    { players: '4', variant: 'landlord' },
    [...LANDLORD_1, 'r0', 'd1', 'd2', 'd3'],
    { phase: 'play', turn: 1, out: [true, false, false, false], armies: [1, 2, 3] },
  ],
  [
    '三打一: the bid number of farmers out, the landlord wins',
    { players: '4', variant: 'landlord' },
    [...LANDLORD_1, 'r0', 'd1', 'r2'],
    { phase: 'setup', turn: 'over', results: ['loss', 'win', 'loss', 'loss'] },
  ],
  [
    '三打一: the landlord resigns, the farmers win',
    { players: '4', variant: 'landlord' },
    [...LANDLORD_1, 'd0', 'r1'],
    { phase: 'setup', turn: 'over', results: ['win', 'loss', 'win', 'win'] },
  ],
  [
    '三打一: a resignation while bidding ends the game, the resigner alone loses',
    { players: '4', variant: 'landlord' },
    ['bpass', 'r2'],
    { phase: 'bidding', turn: 'over', results: ['win', 'win', 'loss', 'win'] },
  ],
];

describe('R13: a resignation before play', () => {
  it.each(cases)('%s', (_, options, script, facts) => {
    const g = create(options);
    run(g, script);
    expect(g.phase).toBe(facts.phase);
    const t = g.turn();
    expect(t.kind === 'over' ? 'over' : t.kind === 'seat' ? t.seat : t.seats).toEqual(facts.turn);
    const outcome = g.outcome();
    if (facts.results) {
      expect(outcome?.results).toEqual(facts.results);
      expect(outcome?.reason).toBe('resigned');
      if (facts.ranking) expect(outcome?.ranking).toEqual(facts.ranking);
    } else expect(outcome).toBeUndefined();
    if (facts.out) {
      for (const viewer of [SPECTATOR, ...Array.from({ length: g.seatCount }, (_, s) => s)]) {
        expect(g.viewFor(viewer).out).toEqual(facts.out);
      }
    }
    if (facts.armies) {
      const armies = new Set(g.position!.pieces().map((p) => p.army));
      expect([...armies].sort()).toEqual(facts.armies);
      // nothing of the resigner's army is on the board or among the dead
      expect(g.position!.deadPieces()).toEqual([]);
    }
    // the game read back from its snapshot is the same game
    const again = unwrap(fromSnapshot(g.snapshot()));
    expect(again.turn()).toEqual(g.turn());
    expect(again.outcome()).toEqual(g.outcome());
  });

  it('refuses what a seat that resigned can no longer do', () => {
    const g = create({ players: '4', teams: 'ffa' });
    run(g, ['r1']);
    expect(g.apply({ type: 'resign', seat: 1 })).toMatchObject({ ok: false, error: { code: 'already-out' } });
    expect(g.play({ type: 'setup', setup: PRESETS.classic }, 1)).toMatchObject({
      ok: false,
      error: { code: 'already-out' },
    });
    expect(g.legalMoves(1)).toEqual([]);
    // the deployment's time limit passes over it: only the seats still deploying can run out of time
    expect(g.apply({ type: 'timeout', seat: 1 }).ok).toBe(false);
    for (const seat of [0, 2, 3]) unwrap(g.apply({ type: 'timeout', seat }));
    expect(g.phase).toBe('play');
    // taking the resignation back puts the seat back in the deployment
    const h = create({ players: '4', teams: 'ffa' });
    run(h, ['d0', 'r1']);
    unwrap(h.undo());
    expect(h.turn()).toEqual({ kind: 'simultaneous', seats: [1, 2, 3] });
  });

  it.each([
    ['free-for-all', { players: '4', teams: 'ffa', moveLimit: '600' }],
    ['three players', { players: '3', moveLimit: '600' }],
    ['2v2', { players: '4', teams: 'pairs', moveLimit: '600' }],
  ] as [string, Record<string, string>][])('%s: the others play the game to its end', (_, options) => {
    const g = create(options);
    run(g, ['r1']);
    for (const seat of [0, 2, 3].filter((s) => s < g.seatCount)) run(g, [`d${seat}`]);
    const rng = Rng.fromSeed(`resign-before-play:${JSON.stringify(options)}`);
    while (!g.outcome()) {
      const moves = g.legalMoves();
      expect(g.turn()).not.toEqual({ kind: 'seat', seat: 1 });
      unwrap(g.play(moves[rng.int(0, moves.length - 1)]!));
    }
    const { results, ranking } = g.outcome()!;
    if (options.teams === 'pairs') {
      // a pair wins or loses together, the partner's play counting for both
      if (results[3] === 'win') expect(results[1]).toBe('win');
      else expect(results[1]).toBe('loss');
    } else {
      expect(results[1]).toBe('loss');
      // the resigner went out first: it places last
      expect(ranking?.[1]).toBe(g.seatCount);
    }
  });
});
