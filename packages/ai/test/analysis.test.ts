import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, type GameDefinition, Rng, type Seat, unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import {
  AlphaBeta,
  analysePosition,
  classify,
  lossOf,
  positionOf,
  reviewGame,
  scoreOf,
  subjectOf,
  THRESHOLDS,
  WIN,
} from '../src/index.js';

/** The moves of the side to move, by the Game contract. */
const movesOf = (game: Game): readonly unknown[] => {
  const t = game.turn();
  return t.kind === 'seat' ? game.legalMoves(t.seat) : [];
};

/** Does `seat` win at once with one of its moves, by the Game contract alone (no search)? */
const winsAtOnce = (game: Game, seat: Seat): boolean =>
  movesOf(game).some((m) => {
    const copy = game.clone();
    copy.play(m);
    return copy.outcome()?.results[seat] === 'win';
  });

/** Plays `move` on a copy and says whether the opponent (`next`) may then win at once. */
const allowsWinInOne = (game: Game, move: unknown): boolean => {
  const copy = game.clone();
  if (!copy.play(move).ok || copy.outcome()) return false;
  const t = copy.turn();
  return t.kind === 'seat' && winsAtOnce(copy, t.seat);
};

/**
 * A game's position where the side to move has a move that allows the opponent a win in one and another that does
 * not: seeded self-play (the search's best move at depth 1 for the first seat, a random move for the others, a random
 * move now and then for both) until the fast position says so; the Game contract then checks it independently.
 */
const findBlunderSpot = (
  game: Game,
  seed: number,
  reason: string,
  maxPlies = 3000,
): { game: Game; blunder: unknown } | undefined => {
  const rng = Rng.fromSeed(seed);
  for (let ply = 0; ply < maxPlies && !game.outcome(); ply++) {
    const subject = subjectOf(game);
    if (!subject.ok) return undefined;
    const pos = subject.value.pos;
    const side = pos.sideToMove();
    const moves = [...pos.generateMoves()];
    // The fast screen: a move after which the opponent has a move that ends the game in its favour.
    const losing: unknown[] = [];
    let safe = 0;
    for (const m of moves) {
      pos.makeMove(m);
      let lost = false;
      if (!pos.outcome() && pos.sideToMove() >= 0 && pos.sideToMove() !== side) {
        const other = pos.sideToMove();
        for (const reply of [...pos.generateMoves()]) {
          pos.makeMove(reply);
          const o = pos.outcome();
          lost = o?.results[other] === 'win' && o.reason === reason;
          pos.unmakeMove();
          if (lost) break;
        }
      }
      pos.unmakeMove();
      if (lost) losing.push(m);
      else safe++;
    }
    if (losing.length > 0 && safe > 0) {
      const text = subject.value.notation(game, losing[0]);
      const move = unwrap(game.parseMove(text));
      if (allowsWinInOne(game, move)) return { game, blunder: move };
    }
    let move: unknown;
    if (side === 0 && rng.float() < 0.8) {
      move = new AlphaBeta(subject.value.spec, 12).search(pos, { depth: 1 }).move;
    } else move = moves[rng.int(0, moves.length - 1)];
    const text = subject.value.notation(game, move);
    game.play(unwrap(game.parseMove(text)));
  }
  return undefined;
};

/** The game's record after `game`, through the game's own notation (what the command reads). */
// biome-ignore lint/suspicious/noExplicitAny: each engine has its own option and game types
const viaRecord = (definition: GameDefinition<any, any>, game: Game): Game =>
  unwrap(definition.parseGame(definition.exportGame(game)));

// biome-ignore lint/suspicious/noExplicitAny: each engine has its own option and game types
const cases: [string, GameDefinition<any, any>, Record<string, unknown>, number, string][] = [
  ['Abalone: letting the sixth marble be pushed off', abalone, {}, 3, 'six-ejected'],
  ['Chinese Checkers: leaving the goal open to the last piece', chineseCheckers, { pieces: 10 }, 5, 'goal-filled'],
  ['Junqi 暗棋: opening the way to the flag', junqi, { mode: 'hidden', setup: 'random', seed: 8 }, 1, 'flag-captured'],
];

describe('review: a move that allows a win in one is a blunder, the winning move is best', () => {
  for (const [name, definition, options, seed, reason] of cases) {
    it(name, { timeout: 120_000 }, () => {
      const start = unwrap(definition.create(unwrap(definition.parseOptions(options))));
      const spot = findBlunderSpot(start, seed, reason);
      expect(spot, 'self-play reached a position with a blunder and a safe move').toBeDefined();
      const { game, blunder } = spot!;
      // Independently of the search: some move avoids the immediate loss.
      expect(movesOf(game).some((m) => !allowsWinInOne(game, m))).toBe(true);
      const seat = (game.turn() as { seat: Seat }).seat;
      unwrap(game.play(blunder));
      const reply = game.turn() as { seat: Seat };
      const winner = movesOf(game).find((m) => {
        const copy = game.clone();
        copy.play(m);
        const o = copy.outcome();
        return o?.results[reply.seat] === 'win' && o.reason === reason;
      })!;
      unwrap(game.play(winner));
      expect(game.outcome()?.reason).toBe(reason);
      const record = viaRecord(definition, game);
      const review = unwrap(reviewGame(record, { depth: 2 }));
      const last = review.plies.at(-1)!;
      const before = review.plies.at(-2)!;
      expect(before.ply).toBe(record.ply - 2);
      expect(before.seat).toBe(seat);
      expect(before.class).toBe('blunder');
      expect(before.after).toEqual({ loss: 2 });
      expect(last.class).toBe('best');
      expect(last.after).toEqual({ win: 1 });
      expect(review.fullInformation).toBe(definition === junqi);
      const summary = review.players[seat]!;
      expect(summary.counts.blunder).toBeGreaterThanOrEqual(1);
      expect(summary.moves).toBe(review.plies.filter((p) => p.seat === seat).length);
    });
  }
});

/** A constructed Hive position: Black to move wins in one (the prover's fixture, packages/ai/test/hive-puzzles.tsv). */
const HIVE_WIN_IN_ONE =
  'Base;InProgress;Black[19];wS1;bS1 wS1-;wS2 \\wS1;bS2 bS1-;wB1 -wS1;bB1 bS1/;wQ wS2/;bQ bS2-;wB2 /wS1;bB1 wQ\\;wQ bB1/;bB2 /bS2;wG1 \\wS2;bG1 /bB2;wG2 -wS2;bG2 bB2\\;wG3 /wB2;bG2 -wQ;wQ bG2/;bB1 wQ\\;wQ bB1/;bG3 bB1\\;wB1 /wG2;bG2 wQ\\;wA1 wG3\\;bA1 bB2\\;wA1 bQ-;bA1 wQ/;wA2 -wS1;bA2 bB2\\;wA3 -wG2;bA2 -bA1;wA3 /bQ;bA3 /bG1;wS2 wG1/;bA3 bA1\\;wA1 bG2\\';

describe('Hive', () => {
  it('review: the move that left the queen to be surrounded is a blunder, surrounding it is best', () => {
    const game = unwrap(parseGameString(HIVE_WIN_IN_ONE));
    const lastMove = game.clone();
    unwrap(lastMove.undo());
    // Independently: White had a move that did not allow a win in one, and Black now has one.
    expect(movesOf(lastMove).some((m) => !allowsWinInOne(lastMove, m))).toBe(true);
    expect(winsAtOnce(game, 1)).toBe(true);
    unwrap(game.play(unwrap(game.parseMove('bG3 -wQ'))));
    expect(game.outcome()?.results[1]).toBe('win');
    const review = unwrap(reviewGame(game, { depth: 2 }));
    const [blunder, win] = review.plies.slice(-2);
    expect(blunder).toMatchObject({
      ply: game.ply - 2,
      seat: 0,
      move: 'wA1 bG2\\',
      class: 'blunder',
      after: { loss: 2 },
    });
    expect(win).toMatchObject({ seat: 1, move: 'bG3 -wQ', class: 'best', best: 'bG3 -wQ', after: { win: 1 } });
    expect(review.fullInformation).toBe(false);
    expect(review.players.map((p) => p.moves)).toEqual(
      [0, 1].map((s) => review.plies.filter((p) => p.seat === s).length),
    );
  });

  it('analyse: a win in one scores {"win":1}, and the lines are distinct and ordered', () => {
    const game = unwrap(parseGameString(HIVE_WIN_IN_ONE));
    const a = unwrap(analysePosition(game, { depth: 3 }, 4));
    expect(a.lines).toHaveLength(4);
    expect(a.lines[0]!.score).toEqual({ win: 1 });
    expect(a.lines[0]!.moves).toEqual(['bG3 -wQ']);
    const firsts = a.lines.map((l) => l.moves[0]);
    expect(new Set(firsts).size).toBe(4);
    // Ordered: a win sooner before a win later, a win before any value.
    const rank = (s: (typeof a.lines)[number]['score']) =>
      'win' in s ? 1e9 - s.win : 'loss' in s ? -1e9 + s.loss : s.cp;
    const ranks = a.lines.map((l) => rank(l.score));
    expect([...ranks].sort((x, y) => y - x)).toEqual(ranks);
    // Each line is legal from the position, in the game's notation.
    for (const line of a.lines) {
      const copy = game.clone();
      for (const text of line.moves) unwrap(copy.play(unwrap(copy.parseMove(text))));
    }
  });

  it('refuses what it cannot analyse, with a reason', () => {
    const over = unwrap(parseGameString(HIVE_WIN_IN_ONE));
    unwrap(over.play(unwrap(over.parseMove('bG3 -wQ'))));
    const r = analysePosition(over, { depth: 2 });
    expect(r.ok).toBe(false);
    const game = unwrap(parseGameString(HIVE_WIN_IN_ONE));
    expect(analysePosition(game, { depth: 0 }).ok).toBe(false);
    expect(analysePosition(game, { depth: 2 }, 0).ok).toBe(false);
    expect(positionOf(game)).toBeDefined();
  });
});

describe('classify', () => {
  const t = THRESHOLDS.hive;
  const win = (plies: number) => WIN - plies;
  it('by the loss against the best move, past each threshold', () => {
    expect(classify(100, 100, t)).toBe('best');
    expect(classify(100, 100 - t.inaccuracy, t)).toBe('good');
    expect(classify(100, 99 - t.inaccuracy, t)).toBe('inaccuracy');
    expect(classify(100, 99 - t.mistake, t)).toBe('mistake');
    expect(classify(100, 99 - t.blunder, t)).toBe('blunder');
  });
  it('proven results first', () => {
    expect(classify(-500, -win(2), t)).toBe('blunder');
    expect(classify(win(1), win(3), t)).toBe('good');
    expect(classify(-win(6), -win(2), t)).toBe('good');
    expect(classify(win(1), 50, t)).toBe('mistake');
    expect(classify(win(1), -900, t)).toBe('blunder');
    expect(lossOf(0, -win(2), t)).toBe(t.cap);
    expect(lossOf(50, 10, t)).toBe(40);
  });
  it('scores read as cp, or win / loss in plies', () => {
    expect(scoreOf(-37)).toEqual({ cp: -37 });
    expect(scoreOf(win(1))).toEqual({ win: 1 });
    expect(scoreOf(-win(2))).toEqual({ loss: 2 });
  });
});
