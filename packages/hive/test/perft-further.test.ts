/**
 * Perft for the reverse sides: the engine's counts (test/perft.further.fixtures.json) and the independent reference
 * generator's, from the start and from midgame positions where each new piece has moves of every kind it has, and the
 * legal-move sets of both on seeded random games in every fixture roster.
 */
import { describe, expect, it } from 'vitest';
import { hive, UhpSession } from '../src/index.js';
import { enginePerft } from './engine-perft.js';
import further from './perft.further.fixtures.json' with { type: 'json' };
import { crossCheck, describeMove, replay, start } from './reference/crosscheck.js';
import { legalMoves, perft } from './reference/movegen.js';
import type { RefPosition } from './reference/position.js';

const counts = further.counts as Record<string, number[]>;

/**
 * Depth 6 of the single-piece rosters is the first depth where Scorpion, Fly, Wasp, Dragonfly and Cockroach change
 * a count (through depth 5 they equal the classic tables); 12–34 M leaves, under a second each with bulk counting.
 * The three mixed rosters' depth 6 (192–715 M leaves, 3–10 s each) is left to the benchmark (packages/hive/bench).
 */
const DEPTH_6 = ['Base:R2', 'Base:T2', 'Base:F3', 'Base:W3', 'Base+M:D', 'Base+L:K', 'Base+P:C'];

describe('perft with the reverse sides', () => {
  it.each(Object.keys(counts))('%s: the engine matches the fixture through depth 5', (variant) => {
    for (let d = 1; d <= 5; d++) expect(enginePerft(variant, d), `depth ${d}`).toBe(counts[variant]![d - 1]);
  });

  it.each(DEPTH_6)('%s: the engine matches the fixture at depth 6', (variant) => {
    expect(enginePerft(variant, 6)).toBe(counts[variant]![5]);
  });

  // Depth 4 from the start of the three mixed rosters: placements of every new bug, and the first movements.
  it.each(['Base+MLP:R2T2F3W3DKC', 'Base+MLP:TF2W/R2DC', 'Base+MLP:RFK/TWDC'])(
    '%s: the reference agrees through depth 4',
    (variant) => {
      for (let d = 1; d <= 4; d++) expect(perft(start(variant), d), `depth ${d}`).toBe(counts[variant]![d - 1]);
    },
  );

  // The first depth where a new piece moves (the Mantis grabs at White's third turn).
  it('Base:T2: the reference agrees at depth 5', () => {
    expect(perft(start('Base:T2'), 5)).toBe(counts['Base:T2']![4]);
  });

  it('refuses a perft before the rosters are chosen', () => {
    const options = hive.parseOptions({ variant: 'Base+MLP:?' });
    expect(options.ok && hive.perft(options.value, 2).ok).toBe(false);
  });
});

interface Midgame {
  readonly name: string;
  /** The kinds of move (`describeMove`'s labels) the position is there for: each occurs at least twice in plies 1–2. */
  readonly exercises: readonly string[];
  readonly gameString: string;
  readonly counts: readonly number[];
}

const midgames = (further.positions as readonly Midgame[]).map((m) => [m.name, m] as const);

const position = (gameString: string): RefPosition => {
  const p = replay(gameString);
  if (!p.ok) throw new Error(p.reason);
  return p.value;
};

/** How often each kind of move occurs among the moves of plies 1 and 2 (the root's and every reply's). */
const kindsInTwoPlies = (p: RefPosition): Record<string, number> => {
  const tally: Record<string, number> = {};
  const add = (q: RefPosition) => {
    for (const m of legalMoves(q)) {
      const label = describeMove(q, m);
      if (label) tally[label] = (tally[label] ?? 0) + 1;
    }
  };
  add(p);
  for (const m of legalMoves(p)) add(p.play(m));
  return tally;
};

describe('perft from midgame positions of each new piece', () => {
  it.each(midgames)('%s: the engine matches the fixture', (_, { gameString, counts: expected }) => {
    const type = gameString.split(';')[0]!;
    for (const [i, n] of expected.entries()) expect(enginePerft(type, i + 1, gameString), `depth ${i + 1}`).toBe(n);
  });

  it.each(midgames)('%s: the reference agrees', (_, { gameString, counts: expected }) => {
    const p = position(gameString);
    for (const [i, n] of expected.entries()) expect(perft(p, i + 1), `depth ${i + 1}`).toBe(n);
  });

  it.each(midgames)('%s: the position has the moves it is there for', (_, { gameString, exercises }) => {
    const tally = kindsInTwoPlies(position(gameString));
    for (const kind of exercises) expect(tally[kind] ?? 0, kind).toBeGreaterThanOrEqual(2);
  });
});

/** The kinds of move each new piece has (`describeMove`'s labels), which the seeded games must each play. */
const KINDS: Readonly<Record<string, readonly string[]>> = {
  R: ['R:move'],
  T: ['T:grab', 'T:top'],
  F: ['F:move', 'F:flight'],
  W: ['W:move'],
  D: ['D:move', 'D:onto', 'D:carry'],
  K: ['K:move'],
  C: ['C:swap'],
};

describe('engine against the reference on seeded games', () => {
  it.each(Object.keys(counts))('%s: the same legal moves at every position', (type) => {
    const report = crossCheck(() => new UhpSession(), type, 4, 120);
    expect(report.problems).toEqual([]);
    expect(report.positions).toBeGreaterThan(4 * 20);
    if (/[TDC]/.test(type.split(':')[1] ?? '')) expect(report.twoTileMoves).toBeGreaterThan(0);
    // Every new piece in the rosters played each kind of move it has, so no comparison silently skips one.
    const letters = new Set((type.split(':')[1] ?? '').replace(/[^RTFWDKC]/g, ''));
    for (const letter of letters)
      for (const kind of KINDS[letter]!) expect(report.played[kind] ?? 0, kind).toBeGreaterThan(0);
  });
});
