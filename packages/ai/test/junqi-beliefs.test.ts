import { type JsonObject, type PlayRecord, Rng, unwrap } from '@qiyuan/core';
import {
  BATTALION,
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
  PLATOON,
  RANK_COUNT,
  REGIMENT,
} from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { possibleRanks, trackBeliefs } from '../src/games/junqi/beliefs.js';
import { advance } from './junqi-steps.js';

const board2 = boardFor(2);
const board4 = boardFor(4);

interface ScenePiece {
  readonly id: number;
  readonly army: number;
  /** Where it stands now (and started, unless `from` says otherwise). */
  readonly at: string;
  readonly from?: string;
  /** Rank letter when the viewer sees it, else hidden. */
  readonly rank?: string;
  readonly moved?: boolean;
}

/**
 * A view as seat `viewer` sees it, built by hand: the live pieces (ranks only where the viewer sees them), the dead,
 * the revealed flags, and the records of the moves so far (each record as the viewer receives it).
 */
const scene = (opts: {
  players?: 2 | 4;
  variant?: 'standard' | 'landlord';
  landlord?: number;
  viewer?: number;
  pieces: readonly ScenePiece[];
  dead?: readonly { id: number; army: number; rank?: string }[];
  flagsRevealed?: readonly number[];
  records?: readonly Omit<PlayRecord, 'ply'>[];
}) => {
  const players = opts.players ?? 2;
  const b = players === 2 ? board2 : board4;
  const P = (name: string) => {
    const id = b.byName(name);
    if (id === undefined) throw new Error(`no point ${name}`);
    return id;
  };
  const view = {
    players,
    mode: 'hidden',
    variant: opts.variant ?? 'standard',
    teams: 'pairs',
    phase: 'play',
    viewer: opts.viewer ?? 0,
    armyOfSeat: players === 2 ? [0, 1] : [0, 1, 2, 3],
    toMove: opts.viewer ?? 0,
    ...(opts.landlord !== undefined ? { landlord: opts.landlord } : {}),
    pieces: opts.pieces.map((p) => ({
      id: p.id,
      point: P(p.at),
      army: p.army,
      rank: p.rank ?? null,
      moved: p.moved ?? p.from !== undefined,
      origin: P(p.from ?? p.at),
    })),
    dead: (opts.dead ?? []).map((d) => ({ ...d, rank: d.rank ?? null })),
    flagsRevealed: [...(opts.flagsRevealed ?? [])],
    limits: { noCapture: 0, moves: 0, chase: 0 },
  };
  const records = (opts.records ?? []).map((r, ply) => ({ ply, ...r }));
  const beliefs = trackBeliefs(view, records, opts.viewer ?? 0);
  return {
    /** The ranks a live piece may be. */
    live: (id: number) => possibleRanks(beliefs, id),
    /** The ranks a piece that died at `point` may have been. */
    died: (point: string) => {
      const t = beliefs.tokens.find((x) => !x.alive && x.point === P(point) && x.army !== (opts.viewer ?? 0));
      return t ? ALL.filter((r) => (t.mask >> r) & 1) : undefined;
    },
  };
};

const ALL = [...Array(RANK_COUNT).keys()];
/** The ranks of a standard army (三打一's 元帅, 堡垒 and 导弹 exist only in the landlord's army). */
const STANDARD = ALL.filter((r) => r !== MARSHAL && r !== FORTRESS && r !== MISSILE);
const except = (ranks: readonly number[], ...out: number[]) => ranks.filter((r) => !out.includes(r));
const range = (lo: number, hi: number) => ALL.filter((r) => r >= lo && r <= hi);
const DIVISION = 9;
const me = (rank: string, at: string, from?: string): ScenePiece => ({
  id: 1,
  army: 0,
  at,
  rank,
  ...(from ? { from } : {}),
});
const combat = (seat: number, move: string, detail: JsonObject) => ({ seat, notation: move, detail });

describe('Junqi beliefs: what seat 0 may infer', () => {
  // Two players: seat 1's back row is row 12 (headquarters b12 and d12), its front row 7.
  const cases: { why: string; got: number[] | undefined; expected: number[] }[] = [
    {
      why: 'placement: an unmoved piece on the enemy front row is no flag, mine (back rows) or bomb (front row)',
      got: scene({ pieces: [me('5', 'c5'), { id: 2, army: 1, at: 'c7' }] }).live(2),
      expected: except(STANDARD, FLAG, MINE, BOMB),
    },
    {
      why: 'placement: an unmoved piece in an enemy headquarters may be anything of a standard army',
      got: scene({ pieces: [me('5', 'c5'), { id: 2, army: 1, at: 'b12' }] }).live(2),
      expected: STANDARD,
    },
    {
      why: 'movement: a piece that has moved is no flag or mine',
      got: scene({
        pieces: [me('5', 'c5'), { id: 2, army: 1, at: 'b11', from: 'b12' }],
        records: [{ seat: 1, notation: 'b12-b11' }],
      }).live(2),
      expected: except(STANDARD, FLAG, MINE),
    },
    {
      why: 'win: my 师长 took it (no flag came up): 工兵 to 旅长, no mine, no flag',
      got: scene({
        pieces: [me('7', 'd11', 'd10')],
        records: [combat(0, 'd10-d11', { combat: 'attacker', attackerRank: '7' })],
      }).died('d11'),
      expected: range(ENGINEER, DIVISION - 1),
    },
    {
      why: 'loss: my 司令 attacked it and died alone: a mine',
      got: scene({
        pieces: [{ id: 2, army: 1, at: 'c12' }],
        dead: [{ id: 1, army: 0, rank: '9' }],
        flagsRevealed: [0],
        records: [
          combat(0, 'c11-c12', { combat: 'defender', attackerRank: '9', flagsRevealed: [{ army: 0, point: 1 }] }),
        ],
      }).live(2),
      expected: [MINE],
    },
    {
      why: 'both removed: my 师长 attacked it and both died: a bomb or a 师长',
      got: scene({
        pieces: [],
        dead: [{ id: 1, army: 0, rank: '7' }],
        records: [combat(0, 'c8-b9', { combat: 'both', attackerRank: '7' })],
      }).died('b9'),
      expected: [BOMB, DIVISION],
    },
    {
      why: 'it attacked my 连长 and won: 营长 or above (it moved: no mine)',
      got: scene({
        pieces: [{ id: 2, army: 1, at: 'c6', from: 'c8' }],
        dead: [{ id: 1, army: 0, rank: '3' }],
        records: [{ seat: 1, notation: 'c8-c7' }, combat(1, 'c7-c6', { combat: 'attacker', defenderRank: '3' })],
      }).live(2),
      expected: range(BATTALION, GENERAL),
    },
    {
      why: 'it attacked my 工兵 and both died: an engineer or a bomb',
      got: scene({
        pieces: [],
        dead: [{ id: 1, army: 0, rank: '1' }],
        records: [{ seat: 1, notation: 'c8-c7' }, combat(1, 'c7-c6', { combat: 'both', defenderRank: '1' })],
      }).died('c7'),
      expected: [BOMB, ENGINEER],
    },
    {
      why: 'engineer against a mine: my 工兵 took it and no flag came up: a mine',
      got: scene({
        pieces: [me('1', 'c12', 'c11')],
        records: [combat(0, 'c11-c12', { combat: 'attacker', attackerRank: '1' })],
      }).died('c12'),
      expected: [MINE],
    },
    {
      why: 'engineer against a mine: it took my mine: an engineer',
      got: scene({
        pieces: [{ id: 2, army: 1, at: 'c1', from: 'c2' }],
        dead: [{ id: 1, army: 0, rank: 'M' }],
        records: [combat(1, 'c2-c1', { combat: 'attacker', defenderRank: 'M' })],
      }).live(2),
      expected: [ENGINEER],
    },
    {
      why: 'mine: it attacked my mine and died: 排长 to 军长 (an engineer wins, a bomb dies with it, a 司令 shows its flag)',
      got: scene({
        pieces: [me('M', 'c1')],
        records: [combat(1, 'c2-c1', { combat: 'defender', defenderRank: 'M' })],
      }).died('c2'),
      expected: range(PLATOON, GENERAL - 1),
    },
    {
      why: 'bomb: my bomb took it with it and no flag came up: anything but the flag or the 司令',
      got: scene({
        pieces: [],
        dead: [{ id: 1, army: 0, rank: 'B' }],
        records: [combat(0, 'd10-d11', { combat: 'both', attackerRank: 'B' })],
      }).died('d11'),
      expected: except(STANDARD, FLAG, GENERAL),
    },
    {
      why: 'bomb: it attacked my 司令 and both died, and only my flag came up: a bomb (not a 司令)',
      got: scene({
        pieces: [],
        dead: [{ id: 1, army: 0, rank: '9' }],
        flagsRevealed: [0],
        records: [
          // from behind its front row (no bomb starts there)
          { seat: 1, notation: 'c8-c7' },
          { seat: 1, notation: 'c7-c6' },
          combat(1, 'c6-c5', { combat: 'both', defenderRank: '9', flagsRevealed: [{ army: 0, point: 1 }] }),
        ],
      }).died('c6'),
      expected: [BOMB],
    },
    {
      why: 'it attacked my 司令, both died, and both flags came up: its 司令',
      got: scene({
        pieces: [],
        dead: [{ id: 1, army: 0, rank: '9' }],
        flagsRevealed: [0, 1],
        records: [
          combat(1, 'c6-c5', {
            combat: 'both',
            defenderRank: '9',
            flagsRevealed: [
              { army: 0, point: 1 },
              { army: 1, point: 55 },
            ],
          }),
        ],
      }).died('c6'),
      expected: [GENERAL],
    },
  ];
  // 司令 death revealing the flag: my bomb took a piece at c9 and its army's flag came up at b12.
  const flagShown = scene({
    pieces: [
      { id: 3, army: 1, at: 'b12', rank: 'F' },
      { id: 4, army: 1, at: 'd12' },
    ],
    dead: [{ id: 1, army: 0, rank: 'B' }],
    flagsRevealed: [1],
    records: [
      combat(0, 'c8-c9', {
        combat: 'both',
        attackerRank: 'B',
        flagsRevealed: [{ army: 1, point: board2.byName('b12')! }],
      }),
    ],
  });
  cases.push(
    {
      why: '司令 death revealing the flag: the piece my bomb took was the 司令',
      got: flagShown.died('c9'),
      expected: [GENERAL],
    },
    { why: '司令 death revealing the flag: the flag is where it came up', got: flagShown.live(3), expected: [FLAG] },
    {
      why: '司令 death revealing the flag: the other headquarters holds neither the flag nor the (dead) 司令',
      got: flagShown.live(4),
      expected: except(STANDARD, FLAG, GENERAL),
    },
  );
  // Four players (S 0, E 1, N 2, W 3; 0 and 2 partners): E's piece took my partner's flag.
  cases.push({
    why: 'flag capture: the piece that took my partner’s flag survived it, so it is no bomb',
    got: scene({
      players: 4,
      pieces: [{ id: 2, army: 1, at: 'Nb1', from: 'Ea6' }],
      records: [
        { seat: 1, notation: 'Ea6-Nb2' },
        combat(1, 'Nb2-Nb1', { combat: 'attacker', defenderRank: 'F', knockedOut: [{ seat: 2, reason: 'flag' }] }),
      ],
    }).live(2),
    expected: range(ENGINEER, GENERAL),
  });
  // 三打一: seat 1 (E) is the landlord, the only army with 元帅, 堡垒 and 导弹; its flag is never shown.
  const landlord = { players: 4 as const, variant: 'landlord' as const, landlord: 1, flagsRevealed: [0, 2, 3] };
  cases.push(
    {
      why: '三打一: my 司令 attacked the landlord’s piece and died alone: a mine, its 元帅 or its 堡垒',
      got: scene({
        ...landlord,
        pieces: [{ id: 2, army: 1, at: 'Eb1' }],
        dead: [{ id: 1, army: 0, rank: '9' }],
        records: [combat(0, 'Ec2-Eb1', { combat: 'defender', attackerRank: '9' })],
      }).live(2),
      expected: [MINE, MARSHAL, FORTRESS],
    },
    {
      why: '三打一: my 师长 attacked it and both died: a bomb, a 师长 or the 导弹',
      got: scene({
        ...landlord,
        pieces: [],
        dead: [{ id: 1, army: 0, rank: '7' }],
        records: [combat(0, 'Ec4-Ec3', { combat: 'both', attackerRank: '7' })],
      }).died('Ec3'),
      expected: [BOMB, DIVISION, MISSILE],
    },
    {
      why: '三打一: it attacked my 营长 and won: 团长 or above, the 元帅, or the 导弹',
      got: scene({
        ...landlord,
        pieces: [{ id: 2, army: 1, at: 'Sc5', from: 'Ea6' }],
        dead: [{ id: 1, army: 0, rank: '4' }],
        records: [combat(1, 'Ea6-Sc5', { combat: 'attacker', defenderRank: '4' })],
      }).live(2),
      expected: [...range(REGIMENT, MARSHAL), MISSILE],
    },
    {
      why: '三打一: my bomb took a landlord’s piece and no flag came up: it may still have been the 司令 (never shown)',
      got: scene({
        ...landlord,
        pieces: [],
        dead: [{ id: 1, army: 0, rank: 'B' }],
        records: [combat(0, 'Ec4-Ec3', { combat: 'both', attackerRank: 'B' })],
      }).died('Ec3'),
      expected: except(ALL, FLAG, MINE, FORTRESS),
    },
    {
      why: '三打一, seen by the landlord: my 司令 attacked a farmer’s piece and died alone: a mine (no 元帅 or 堡垒)',
      got: scene({
        ...landlord,
        viewer: 1,
        pieces: [{ id: 2, army: 0, at: 'Sb1' }],
        dead: [{ id: 1, army: 1, rank: '9' }],
        records: [combat(1, 'Sc2-Sb1', { combat: 'defender', attackerRank: '9' })],
      }).live(2),
      expected: [MINE],
    },
  );
  it.each(cases)('$why', ({ got, expected }) => {
    expect(got).toEqual(expected);
  });

  it('never rules out the truth: seeded games in every hidden mode, every hidden piece of every seat, every tenth ply', () => {
    let flagsShown = 0;
    let pinned = 0;
    for (const [options, games] of HIDDEN_MODES) {
      for (let g = 0; g < games; g++) {
        const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ ...options, seed: String(g + 1) })))) as JunqiGame;
        const rng = Rng.fromSeed(g);
        for (let step = 0; step < 300 && !game.outcome(); step++) {
          if (!advance(game, rng, step)) break;
          if (game.phase !== 'play' || step % 10 !== 9) continue;
          const truth = game.position!; // test-only: the referee's board
          const originOf = new Map(truth.deadPieces().map((id) => [truth.origin[id]!, id]));
          for (let seat = 0; seat < game.seatCount; seat++) {
            if (truth.isOut(seat)) continue;
            const records = Array.from({ length: game.ply }, (_, i) => game.recordFor(seat, i));
            flagsShown += records.filter(
              (r) => (r.detail as { flagsRevealed?: unknown } | undefined)?.flagsRevealed,
            ).length;
            const beliefs = trackBeliefs(game.viewFor(seat), records, seat);
            for (const t of beliefs.tokens) {
              if (t.known) continue;
              // A dead piece is tracked from where the records first show it, which is where it started.
              const id = t.id >= 0 ? t.id : originOf.get(t.origin);
              if (id === undefined) continue;
              expect((t.mask >> truth.pieceRank[id]!) & 1, `seat ${seat}, piece ${id}`).toBe(1);
              if ((t.mask & (t.mask - 1)) === 0) pinned++;
            }
          }
        }
      }
    }
    // The games must reach the inferences this test is about: flags shown by a dying 司令, hidden pieces pinned down.
    expect(flagsShown).toBeGreaterThan(0);
    expect(pinned).toBeGreaterThan(0);
  });
});

/** Hidden-information modes and how many seeded games of each the soundness test plays. */
const HIDDEN_MODES: readonly (readonly [Record<string, string>, number])[] = [
  [{ setup: 'random' }, 10],
  [{ players: '4' }, 2],
  [{ players: '4', teams: 'ffa' }, 2],
  [{ players: '3' }, 2],
  [{ players: '4', variant: 'landlord' }, 3],
];
