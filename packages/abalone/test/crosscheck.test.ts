import { hexKey, Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { BLACK, CELLS, EMPTY, LAYOUTS, Position, START_POSITIONS } from '../src/index.js';
import fixtures from './perft.fixtures.json' with { type: 'json' };
import { boardText, type RefBoard, referencePerft, referenceSuccessors } from './reference.js';

const counts = fixtures.counts as Record<string, number[]>;

const toRef = (p: Position): Map<string, 'b' | 'w'> => {
  const m = new Map<string, 'b' | 'w'>();
  for (const c of CELLS) if (p.cells[c.index] !== EMPTY) m.set(hexKey(c.hex), p.cells[c.index] === BLACK ? 'b' : 'w');
  return m;
};

/** The engine's successors of `p` as board texts with ejection counts, sorted. */
const engineSuccessors = (p: Position): string[] => {
  const out: string[] = [];
  const before = p.ejected[p.side]!;
  for (const m of p.generateMoves().slice()) {
    p.makeMove(m);
    out.push(`${boardText(toRef(p))} +${p.ejected[1 - p.side]! - before}`);
    p.unmakeMove();
  }
  return out.sort();
};

const refSuccessors = (board: RefBoard, side: 'b' | 'w'): string[] =>
  referenceSuccessors(board, side)
    .map((s) => `${boardText(s.board)} +${s.ejected}`)
    .sort();

describe('a second, naive generator agrees with the engine', () => {
  // The naive generator (rules text + hex coordinates only) reproduces the published counts, so the layouts are right.
  it.each(START_POSITIONS)('%s: naive perft through depth 2 matches the published counts', (start) => {
    const board = toRef(Position.start(start));
    for (let d = 1; d <= 2; d++) expect(referencePerft(board, 'b', d), `depth ${d}`).toBe(counts[start]![d - 1]);
    expect(LAYOUTS[start].black).toHaveLength(14);
  });

  // Depth 3 from the standard start too: every reply to every reply, pushes included.
  it('standard: naive perft at depth 3 matches', () => {
    expect(referencePerft(toRef(Position.start('standard')), 'b', 3)).toBe(counts.standard![2]);
  });

  // In random games (full of sumito, blocks and ejections) both generators reach exactly the same positions,
  // each move listed once, and the bulk counter agrees with the move list.
  it('random games: same successor positions, same ejections, same counts', () => {
    let positions = 0;
    let pushes = 0;
    for (let seed = 0; seed < 12; seed++) {
      const p = Position.start(START_POSITIONS[seed % 5]!);
      const rng = Rng.fromSeed(1000 + seed);
      for (let ply = 0; ply < 160 && p.winner() === undefined; ply++) {
        const engine = engineSuccessors(p);
        expect(engine).toEqual(refSuccessors(toRef(p), p.side === 0 ? 'b' : 'w'));
        expect(p.countMoves()).toBe(engine.length);
        expect(new Set(engine).size).toBe(engine.length);
        positions++;
        const moves = p.generateMoves();
        // Prefer ejecting moves half of the time, so games reach ejections, crowded edges and wins.
        const ejecting = moves.filter((m) => {
          const before = p.ejected[p.side]!;
          p.makeMove(m);
          const ejects = p.ejected[1 - p.side]! > before;
          p.unmakeMove();
          return ejects;
        });
        const pick = ejecting.length > 0 && rng.int(0, 1) === 0 ? rng.pick(ejecting) : rng.pick(moves);
        const before = p.ejected[0]! + p.ejected[1]!;
        p.makeMove(pick);
        if (p.ejected[0]! + p.ejected[1]! > before) pushes++;
      }
    }
    expect(positions).toBeGreaterThan(1000);
    expect(pushes).toBeGreaterThan(20);
  });
});
