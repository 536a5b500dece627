import { readFileSync, writeFileSync } from 'node:fs';
import { type ChineseCheckersGame, createGame, type JumpRule, type Layout, parsePoint } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import {
  arrivalMoveText,
  arrivalRating,
  arrivalSearchFor,
  type ChineseCheckersPuzzle,
  puzzleOptions,
  puzzleRecord,
} from '../src/chinese-checkers-puzzles.js';
import { answer, requestFor } from '../src/index.js';

/**
 * Builds the committed Chinese Checkers puzzle set (puzzles/chinese-checkers.json): plays seeded two-player games
 * between two AI levels, and at every turn of the race's end (the side to move has at most `MAX_OUTSIDE` pieces
 * outside its goal and no other colour stands in its goal) asks the exact arrival search for the fewest moves N to
 * bring every piece home, the other colours standing still. Kept: N from 2 to `MAX_MOVES`, with at most
 * `MAX_FIRST` first moves that keep N within reach (two for N = 2, when the set is collected). Each find keeps one
 * shortest line, its themes and a rating.
 *
 *     npx tsx packages/ai/bench/mine-cc-puzzles.ts adjacent|long games firstSeed > found.jsonl
 *     npx tsx packages/ai/bench/mine-cc-puzzles.ts --collect found.jsonl… packages/ai/puzzles/chinese-checkers.json
 */
const MAX_OUTSIDE = 5;
const MAX_MOVES = 6;
const MAX_FIRST = 3;

/** The current board as a layout with `seat` to move. */
const layoutOf = (game: ChineseCheckersGame, seat: number): Layout => {
  const view = game.viewFor('spectator');
  const cells = new Map<number, number>();
  view.cells.forEach((c, p) => {
    if (c !== null) cells.set(p, ['red', 'orange', 'yellow', 'green', 'blue', 'purple'].indexOf(c));
  });
  return { cells, side: seat };
};

/** How many single jumps the engine's path for a move makes (1 for a step). */
const hops = (layout: Layout, jump: JumpRule, text: string): number => {
  const game = unwrap(createGame(puzzleOptions(jump), layout));
  const [from, to] = text.split('-').map((t) => unwrap(parsePoint(t)));
  const d = game.destinations(from!).find((x) => x.to === to);
  if (!d) throw new Error(`the engine refuses ${text}`);
  return d.path.length - 1;
};

/** Plays a line on layouts (the solver always to move), the engine checking every move; the layouts on the way. */
const layoutsAlong = (start: Layout, jump: JumpRule, line: readonly string[]): Layout[] => {
  const out = [start];
  let layout = start;
  for (const m of line) {
    const game = unwrap(createGame(puzzleOptions(jump), layout));
    unwrap(game.play(unwrap(game.parseMove(m))));
    layout = { ...layoutOf(game, layout.side), side: layout.side };
    out.push(layout);
  }
  return out;
};

const puzzleAt = (layout: Layout, jump: JumpRule, source: string): ChineseCheckersPuzzle | undefined => {
  const search = arrivalSearchFor(layout, jump);
  if (!search.ok) return undefined;
  const s = search.value;
  const outside = s.pieces.filter((p) => !s.goal.includes(p)).length;
  if (outside === 0 || outside > MAX_OUTSIDE || s.lowerBound() > MAX_MOVES) return undefined;
  const n = s.shortest(MAX_MOVES);
  if (n === undefined || n < 2) return undefined;
  const firsts = s.firstMoves(n);
  if (firsts.length > MAX_FIRST) return undefined;
  const line = s.line(n)!.map(arrivalMoveText);
  const layouts = layoutsAlong(layout, jump, line);
  const chain = line.some((m, i) => hops(layouts[i]!, jump, m) >= 3);
  return {
    id: '',
    game: 'chinese-checkers',
    kind: 'goal',
    goal: 'home',
    position: puzzleRecord(layout, jump),
    moves: n,
    solution: line,
    firstMoves: firsts.length,
    themes: [`arrivalIn${n}`, ...(chain ? ['chain'] : [])],
    rating: arrivalRating(n, firsts.length),
    source,
  };
};

if (process.argv[2] === '--collect') {
  // Dedupe by position, number the puzzles shortest first and write the set, one puzzle a line.
  const files = process.argv.slice(3, -1);
  const seen = new Set<string>();
  const found: ChineseCheckersPuzzle[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const p = JSON.parse(line) as ChineseCheckersPuzzle;
      const key = p.position;
      // two moves with three ways to start is hardly a puzzle: left out
      if (seen.has(key) || (p.moves === 2 && p.firstMoves > 2)) continue;
      seen.add(key);
      found.push(p);
    }
  }
  found.sort((a, b) => a.moves - b.moves || a.firstMoves - b.firstMoves);
  const puzzles = found.map((p, i) => ({ ...p, id: `cc-${String(i + 1).padStart(3, '0')}` }));
  const lines = puzzles.map((p) => JSON.stringify(p)).join(',\n');
  writeFileSync(process.argv.at(-1)!, `{"game":"chinese-checkers","puzzles":[\n${lines}\n]}\n`);
} else {
  const jump = (process.argv[2] ?? 'adjacent') as JumpRule;
  const games = Number(process.argv[3] ?? 10);
  const first = Number(process.argv[4] ?? 1);
  for (let g = first; g < first + games; g++) {
    const game = unwrap(createGame(puzzleOptions(jump)));
    // weaker and stronger sides in turn: the endgames differ
    const levels = g % 2 ? ['casual', 'casual'] : ['beginner', 'casual'];
    for (let ply = 0; ply < 400 && !game.outcome(); ply++) {
      const seat = (game.turn() as { seat: number }).seat;
      const p = puzzleAt(layoutOf(game, seat), jump, `self-play ${jump} ${g} ply ${ply}`);
      if (p) process.stdout.write(`${JSON.stringify(p)}\n`);
      const r = answer({ ...requestFor(game, seat, levels[seat]!, { seed: g * 1000 + ply }), depth: 2 });
      if (!r.ok) break;
      unwrap(game.play(unwrap(game.parseMove(r.move)), seat));
    }
  }
}
