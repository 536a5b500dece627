import { type Outcome, Rng, type Searchable } from '@qiyuan/core';

/**
 * Test-only games with known answers. Tic-tac-toe: cells 0–8, seat 0 plays X
 * and moves first; a move is the cell index.
 */
const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

const zobrist = (() => {
  const rng = Rng.fromSeed(7);
  return { cells: Array.from({ length: 18 * 2 }, () => rng.uint32()), side: [rng.uint32(), rng.uint32()] };
})();

export class TicTacToe implements Searchable<number> {
  readonly cells = new Int8Array(9).fill(-1);
  private toMove = 0;
  private lo = 0;
  private hi = 0;
  private readonly history: number[] = [];
  private result: Outcome | undefined;

  static from(text: string): TicTacToe {
    const t = new TicTacToe();
    const xs = [...text].filter((c) => c === 'X').length;
    const os = [...text].filter((c) => c === 'O').length;
    [...text].forEach((c, i) => {
      if (c === 'X' || c === 'O') {
        t.cells[i] = c === 'X' ? 0 : 1;
        t.xor(i, t.cells[i]!);
      }
    });
    t.toMove = xs > os ? 1 : 0;
    t.result = t.judge();
    return t;
  }

  private xor(cell: number, seat: number): void {
    this.lo ^= zobrist.cells[cell * 2 + seat]!;
    this.hi ^= zobrist.cells[18 + cell * 2 + seat]!;
  }

  private judge(): Outcome | undefined {
    for (const [a, b, c] of LINES) {
      const s = this.cells[a!]!;
      if (s >= 0 && s === this.cells[b!] && s === this.cells[c!]) {
        return { reason: 'three-in-a-row', results: s === 0 ? ['win', 'loss'] : ['loss', 'win'] };
      }
    }
    return this.cells.every((c) => c >= 0) ? { reason: 'board-full', results: ['draw', 'draw'] } : undefined;
  }

  sideToMove(): number {
    return this.result ? -1 : this.toMove;
  }
  generateMoves(): readonly number[] {
    if (this.result) return [];
    const out: number[] = [];
    for (let i = 0; i < 9; i++) if (this.cells[i] === -1) out.push(i);
    return out;
  }
  makeMove(move: number): void {
    this.cells[move] = this.toMove;
    this.xor(move, this.toMove);
    this.history.push(move);
    this.toMove ^= 1;
    this.lo ^= zobrist.side[0]!;
    this.result = this.judge();
  }
  unmakeMove(): void {
    const move = this.history.pop()!;
    this.toMove ^= 1;
    this.lo ^= zobrist.side[0]!;
    this.xor(move, this.toMove);
    this.cells[move] = -1;
    this.result = undefined;
  }
  hashLo(): number {
    return this.lo >>> 0;
  }
  hashHi(): number {
    return this.hi >>> 0;
  }
  outcome(): Outcome | undefined {
    return this.result;
  }
}

/**
 * A three-seat take-away game: seats take 1, 2 or 3 counters in turn; whoever
 * takes the last counter wins, everyone else loses. Its paranoid value is
 * computed independently by plain minimax in the tests.
 */
export class TakeAway implements Searchable<number> {
  private toMove = 0;
  private readonly history: number[] = [];
  constructor(
    public pile: number,
    readonly seats = 3,
  ) {}
  private lastMover(): number {
    return (this.toMove + this.seats - 1) % this.seats;
  }
  sideToMove(): number {
    return this.pile === 0 ? -1 : this.toMove;
  }
  generateMoves(): readonly number[] {
    const out: number[] = [];
    for (let k = 1; k <= Math.min(3, this.pile); k++) out.push(k);
    return out;
  }
  makeMove(move: number): void {
    this.pile -= move;
    this.history.push(move);
    this.toMove = (this.toMove + 1) % this.seats;
  }
  unmakeMove(): void {
    this.pile += this.history.pop()!;
    this.toMove = (this.toMove + this.seats - 1) % this.seats;
  }
  hashLo(): number {
    return (this.pile * 8 + this.toMove) >>> 0;
  }
  hashHi(): number {
    return 0x5bd1e995;
  }
  outcome(): Outcome | undefined {
    if (this.pile > 0) return undefined;
    const w = this.lastMover();
    return {
      reason: 'last-counter',
      results: Array.from({ length: this.seats }, (_, s) => (s === w ? 'win' : 'loss')),
    };
  }
}
