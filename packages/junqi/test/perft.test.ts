import { perftOverContract, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { boardFor } from '../src/board.js';
import { junqi } from '../src/definition.js';
import { JunqiGame } from '../src/game.js';
import { parseOptions } from '../src/options.js';
import { rankLetter } from '../src/piece.js';
import { type RefState, refPerft } from './reference.js';

/** Published perft fixtures from the documented open setups (docs/rules/junqi.md). */
const FIXTURES: { options: Record<string, string>; counts: number[]; why: string }[] = [
  {
    options: { players: '2', setup: 'classic' },
    counts: [35, 1234, 40313],
    why: 'two players, both armies in the classic preset',
  },
  {
    options: { players: '2', setup: 'forward' },
    counts: [35, 1233, 39815],
    why: 'two players, strong pieces on the front row meet at once',
  },
  {
    options: { players: '2', setup: 'defensive' },
    counts: [35, 1228, 39461],
    why: 'two players, small pieces in front',
  },
  {
    options: { players: '4', setup: 'classic' },
    counts: [43, 1846, 78769],
    why: 'four players 2v2, every army classic',
  },
  {
    options: { players: '4', teams: 'ffa', setup: 'forward' },
    counts: [73, 5357, 390455],
    why: 'four players free-for-all, forward preset',
  },
  {
    options: { players: '3', setup: 'forward' },
    counts: [103, 10632, 1065872],
    why: 'three players on the four-player board',
  },
];

const refStart = (game: JunqiGame): RefState => {
  const pos = game.position!;
  return {
    board: boardFor(game.options.players),
    pieces: new Map(pos.pieces().map((p) => [p.point, { army: p.army, rank: rankLetter(p.rank) }])),
    toMove: pos.toMove,
    seats: game.seatCount,
    team: [...pos.rules.teamOfSeat],
    out: new Set(),
    over: false,
  };
};

describe('perft fixtures', () => {
  for (const f of FIXTURES) {
    it(`${JSON.stringify(f.options)}: ${f.why}`, () => {
      const options = unwrap(parseOptions({ ...f.options, mode: 'open' }));
      const counts = f.counts.map((_, i) => unwrap(junqi.perft(options, i + 1)));
      expect(counts).toEqual(f.counts);
    });
  }
});

describe('perft is cross-checked by a second generator', () => {
  for (const f of FIXTURES) {
    it(`${JSON.stringify(f.options)}: the test-only generator agrees to depth 2 (3 on two players)`, () => {
      const options = unwrap(parseOptions({ ...f.options, mode: 'open' }));
      const game = unwrap(JunqiGame.create(options));
      const depth = options.players === 2 ? 3 : 2;
      expect(refPerft(refStart(game), depth)).toBe(unwrap(junqi.perft(options, depth)));
    });
  }

  it('the contract (play/undo with validation) agrees with the fast path', () => {
    // same count through legalMoves/play/undo as through generateMoves/makeMove/unmakeMove
    const options = unwrap(parseOptions({ setup: 'classic', mode: 'open' }));
    expect(perftOverContract(unwrap(JunqiGame.create(options)), 2)).toBe(1234);
  });
});
