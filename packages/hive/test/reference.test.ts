/**
 * Cross-check of the engine against the slow reference generator in test/reference (written from the rule text and
 * docs/rules/hive.md without the engine's code): seeded random games through the engine's UHP session, comparing the
 * whole set of legal moves at every position, and perft from the start.
 */
import { describe, expect, it } from 'vitest';
import { UhpSession } from '../src/index.js';
import { enginePerft } from './engine-perft.js';
import fixtures from './perft.fixtures.json' with { type: 'json' };
import { crossCheck, start } from './reference/crosscheck.js';
import { parseGameType } from './reference/gametype.js';
import { legalMoves, perft } from './reference/movegen.js';
import { RefPosition } from './reference/position.js';

describe('reference generator', () => {
  // The reference must first reproduce the published counts on its own, or it checks nothing.
  it('matches the published Base and Base+MLP perft through depth 4', () => {
    for (const v of ['Base', 'Base+MLP'] as const)
      for (let d = 1; d <= 4; d++) expect(perft(start(v), d), `${v} depth ${d}`).toBe(fixtures.counts[v][d - 1]);
  });

  // Names per the notation: numbered when the player has more than one tile able to show the bug.
  it('reads extended GameTypeStrings into rosters', () => {
    const t = parseGameType('Base+MLP:T1F2W/R2DC');
    expect(t.ok && t.value.rosters.w).toEqual([
      'wQ',
      'wS1',
      'wS2',
      'wB1',
      'wT1',
      'wG1',
      'wF1',
      'wF2',
      'wA1',
      'wA2',
      'wW1',
      'wM',
      'wL',
      'wP',
    ]);
    expect(t.ok && t.value.rosters.b).toEqual([
      'bQ',
      'bR1',
      'bR2',
      'bB1',
      'bB2',
      'bG1',
      'bG2',
      'bG3',
      'bA1',
      'bA2',
      'bA3',
      'bD',
      'bL',
      'bC',
    ]);
    for (const bad of ['Base:D', 'Base+MLP:TR', 'Base:F4', 'Base+LM', 'Base:Q', 'Bass'])
      expect(parseGameType(bad).ok, bad).toBe(false);
  });
});

/** White to move, well past the opening, on a board laid out by hand. */
const board = (type: string, stacks: Record<string, string[]>, lastMoved: string[] = []): RefPosition => {
  const t = parseGameType(type);
  if (!t.ok) throw new Error(t.reason);
  return RefPosition.setup(t.value, stacks, 10, lastMoved);
};

/** The results (`piece@q,r^level`) of every legal move that `piece` makes or that displaces it. */
const movesOf = (p: RefPosition, piece: string): string[] =>
  legalMoves(p)
    .filter((m) => m.piece === piece || m.by === piece || m.other?.piece === piece)
    .map((m) => p.keyOf(m))
    .sort();

describe('reference rules for the seven further pieces', () => {
  // Nothing climbs onto, jumps over or throws a Scorpion; the same board with an Ant there allows all three.
  it.each([
    ['bR1', 'Base+P:R2', []],
    ['bA1', 'Base+P', ['bA1@-1,1^0', 'bA1@-1,2^0', 'bA1@0,2^0', 'bA1@1,1^0', 'wB1@1,0^1']],
  ] as const)('Scorpion immunity: %s', (middle, type, displacing) => {
    const p = board(type, {
      '-1,0': ['wG1'],
      '0,0': ['wQ'],
      '1,0': [middle],
      '2,-1': ['bQ'],
      '1,-1': ['wB1'],
      '0,1': ['wP'],
    });
    const jumpsOver = movesOf(p, 'wG1');
    expect(jumpsOver).toEqual(middle === 'bR1' ? [] : ['wG1@2,0^0']);
    const touching = legalMoves(p)
      .filter((m) => m.piece === middle || (m.piece === 'wB1' && p.keyOf(m).endsWith('1,0^1')))
      .map((m) => p.keyOf(m))
      .sort();
    expect(touching).toEqual(displacing);
  });

  // A Fly slides one step while it can; hemmed in by a gate, it flies to any empty space touching the hive.
  it('Fly: one step, or anywhere when it cannot slide', () => {
    const ring = { '1,0': ['wQ'], '1,-1': ['bQ'], '0,-1': ['wA1'], '-1,0': ['bA1'] };
    expect(movesOf(board('Base:F3', { ...ring, '0,0': ['wF1'] }), 'wF1')).toEqual(['wF1@-1,1^0', 'wF1@0,1^0']);
    const hemmed = movesOf(board('Base:F3', { ...ring, '-1,1': ['wA2'], '0,0': ['wF1'] }), 'wF1');
    expect(hemmed).toHaveLength(12);
    expect(hemmed).toContain('wF1@2,-2^0');
    expect(hemmed).not.toContain('wF1@0,2^0');
  });

  // A Wasp lands only where every neighbour is topped by the opponent.
  it('Wasp: spaces touching only the opponent', () => {
    const p = board('Base:W3/', { '0,0': ['wQ'], '1,0': ['bQ'], '2,0': ['bA1'], '-1,0': ['wW1'] });
    expect(movesOf(p, 'wW1')).toEqual(['wW1@1,1^0', 'wW1@2,-1^0', 'wW1@2,1^0', 'wW1@3,-1^0', 'wW1@3,0^0']);
  });

  // A Cockroach climbs, walks on its own colour as far as it likes, and climbs down; never over the opponent.
  it('Cockroach: up, along its own colour, down', () => {
    const p = board('Base+L:K', { '0,0': ['wQ'], '1,0': ['wA1'], '2,0': ['bQ'], '-1,0': ['wK'] });
    expect(movesOf(p, 'wK')).toEqual(
      ['wK@-1,1^0', 'wK@0,-1^0', 'wK@0,1^0', 'wK@1,-1^0', 'wK@1,1^0', 'wK@2,-1^0'].sort(),
    );
  });

  // A Dragonfly: a step, then a step turned by 60 degrees; onto the hive too; from on top it carries the tile below.
  it('Dragonfly: turned double step, and the carry', () => {
    const ground = board('Base+M:D', { '0,0': ['wQ'], '1,0': ['bQ'], '1,-1': ['bA1'], '-1,0': ['wD'] });
    expect(movesOf(ground, 'wD')).toEqual(['wD@0,1^0', 'wD@1,-1^1']);
    const onTop = board('Base+M:D', { '0,0': ['wQ'], '1,0': ['bQ'], '1,-1': ['bA1', 'wD'] });
    expect(movesOf(onTop, 'wD')).toEqual(['bA1@-1,0^0|wD@-1,0^1', 'bA1@0,1^0|wD@0,1^1', 'bA1@2,0^0|wD@2,0^1'].sort());
  });

  // A Centipede swaps with a lone neighbour through a shared empty space, never with a Pillbug.
  it('Centipede: swaps', () => {
    const p = board('Base+P:C/', { '0,0': ['wQ'], '1,0': ['wC'], '2,0': ['bQ'], '1,-1': ['bP'] });
    expect(movesOf(p, 'wC')).toEqual(['bQ@1,0^0|wC@2,0^0', 'wC@0,0^0|wQ@1,0^0']);
  });

  // A Mantis on the ground does not walk; it grabs a neighbour under itself, then moves as a Beetle from on top.
  it('Mantis: grabs from the ground, a Beetle on top', () => {
    const p = board('Base:T2', { '0,0': ['wQ'], '1,0': ['wT1'], '2,0': ['bQ'], '1,-1': ['bA1'] });
    expect(movesOf(p, 'wT1')).toEqual(['bA1@1,0^0|wT1@1,0^1', 'bQ@1,0^0|wT1@1,0^1', 'wQ@1,0^0|wT1@1,0^1']);
    const top = board('Base:T2', { '0,0': ['wQ'], '1,0': ['bA1', 'wT1'], '2,0': ['bQ'] });
    expect(movesOf(top, 'wT1')).toHaveLength(6);
  });
});

describe('engine against the reference', () => {
  it.each([['Base+MLP', 8, 150]] as const)(
    '%s: the same legal moves at every position of seeded games',
    (type, games, plies) => {
      const report = crossCheck(() => new UhpSession(), type, games, plies);
      expect(report.problems).toEqual([]);
      expect(report.positions).toBeGreaterThan(games * 20);
    },
  );

  it.each(['Base+MLP'])('%s: the same perft from the start through depth 4', (type) => {
    for (let d = 3; d <= 4; d++) expect(enginePerft(type, d), `depth ${d}`).toBe(perft(start(type), d));
  });
});
