import { readFileSync, writeFileSync } from 'node:fs';
import {
  type AbaloneGame,
  abalone,
  BLACK,
  CELL_COUNT,
  exportAbaloneGame,
  type Move,
  type Position,
  parseAbaloneGame,
  START_POSITIONS,
  WHITE,
} from '@qiyuan/abalone';
import { unwrap } from '@qiyuan/core';
import { pushesOff, pushOutFirstMoves, pushOutLine, sumitoOf } from '../src/abalone-push-out.js';
import { answer, requestFor } from '../src/index.js';
import { seededRng } from '../src/levels.js';
import type { Puzzle } from '../src/puzzles.js';

/**
 * Builds the committed Abalone puzzle set (puzzles/abalone.json): plays seeded games between weak levels from every
 * start position, each after a few random opening moves (the arena's --openings, for variety), and optionally walks
 * stored games (a file of Abalone records, each beginning with its `[Game "Abalone"]` tag); at every position
 * asks the exhaustive prover (src/abalone-push-out.ts) whether the side to move can force an enemy marble off in 1, 2
 * or 3 of its moves with exactly ONE first move doing it, no shorter push-off existing. Each find is kept with its
 * solution line (the defender's reply is the one that holds out longest), themes (themesOf) and a starting rating.
 *
 *     nice -n 19 npx tsx packages/ai/bench/mine-abalone-puzzles.ts games firstSeed [records.txt] > abalone.jsonl
 *     npx tsx packages/ai/bench/mine-abalone-puzzles.ts --collect abalone.jsonl packages/ai/puzzles/abalone.json
 */

/** The longest push-out looked for. */
const MAX_N = 3;
/** Random opening moves before the levels play (as the arena's --openings). */
const OPENING_MOVES = 6;
const RATING: Readonly<Record<number, number>> = { 1: 1100, 2: 1400, 3: 1700 };

/** The position as a set-up record: what the game's record reader opens (the puzzle's position). */
export const setupRecord = (pos: Position): string => {
  let cells = '';
  for (let i = 0; i < CELL_COUNT; i++) cells += pos.cells[i] === BLACK ? 'b' : pos.cells[i] === WHITE ? 'w' : '.';
  const setup = `${cells} ${pos.side === 0 ? 'b' : 'w'}`;
  const game = unwrap(abalone.create(unwrap(abalone.parseOptions({ setup }))));
  return exportAbaloneGame(game);
};

/**
 * The themes of a push-out line from `pos` (left as it was): its length, the sumito of the push-off (`sumito3v2`:
 * three marbles push two), and `win` when the marble pushed off is the sixth.
 */
export const themesOf = (pos: Position, line: readonly Move[]): string[] => {
  for (const m of line.slice(0, -1)) pos.makeMove(m);
  const last = line.at(-1)!;
  const side = pos.side;
  const { pushers, pushed } = sumitoOf(pos, last);
  pos.makeMove(last);
  const wins = pos.winner() === side;
  for (let i = 0; i < line.length; i++) pos.unmakeMove();
  return [`pushOut${(line.length + 1) / 2}`, `sumito${pushers}v${pushed}`, ...(wins ? ['win'] : [])];
};

/**
 * Whether each of the solver's moves along the line but the last is the only one that keeps the push-off within the
 * moves left (the last may be any push-off: the judge takes any). Otherwise a player finding another way would be
 * told wrong.
 */
export const onlyMovesAlong = (pos: Position, line: readonly Move[]): boolean => {
  let only = true;
  let played = 0;
  for (let i = 0; i + 2 < line.length && only; i += 2) {
    const left = (line.length - i + 1) / 2;
    const answers = pushOutFirstMoves(pos, left);
    only = answers.length === 1 && answers[0] === line[i];
    pos.makeMove(line[i]!);
    pos.makeMove(line[i + 1]!);
    played += 2;
  }
  for (let i = 0; i < played; i++) pos.unmakeMove();
  return only;
};

/** The puzzle at the game's position, or undefined (no push-out within MAX_N, or more than one first move). */
const puzzleAt = (game: AbaloneGame, source: string): Puzzle | undefined => {
  const pos = game.position.clone();
  // a set-up needs 9 or more marbles a side
  if (pos.ejected[0]! > 5 || pos.ejected[1]! > 5) return undefined;
  for (let n = 1; n <= MAX_N; n++) {
    const winners = pushOutFirstMoves(pos, n);
    if (winners.length > 1) return undefined;
    if (winners.length === 0) continue;
    const line = pushOutLine(pos, n);
    if (!line || line.length !== 2 * n - 1 || !onlyMovesAlong(pos, line)) return undefined;
    // the line's last move is the push-off, and none before it
    for (const m of line.slice(0, -1)) pos.makeMove(m);
    const ok = pushesOff(pos, line.at(-1)!);
    for (let i = 0; i < line.length - 1; i++) pos.unmakeMove();
    if (!ok) return undefined;
    return {
      id: '',
      game: 'abalone',
      kind: 'line',
      goal: 'pushOut',
      position: setupRecord(pos),
      solution: line.map((m: Move) => game.moveToString(m)),
      moves: n,
      themes: themesOf(pos, line),
      rating: RATING[n]!,
      source,
    };
  }
  return undefined;
};

const emit = (p: Puzzle | undefined): void => {
  if (p) process.stdout.write(`${JSON.stringify(p)}\n`);
};

if (process.argv[2] === '--collect') {
  // Dedupe by position, keep at most `perN` of each length (the short ones are found far more often), number them.
  const perN = Number(process.argv[5] ?? 80);
  const seen = new Set<string>();
  const taken = new Map<number, number>();
  const puzzles: Puzzle[] = [];
  const finds = readFileSync(process.argv[3]!, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Puzzle);
  // the games taken in turns (each game's first find, then each one's second, …): the cap keeps finds of many games
  const bySource = new Map<string, Puzzle[]>();
  for (const p of finds) bySource.set(p.source, [...(bySource.get(p.source) ?? []), p]);
  const rounds = Math.max(0, ...[...bySource.values()].map((ps) => ps.length));
  const found = Array.from({ length: rounds }, (_, i) => [...bySource.values()].flatMap((ps) => ps[i] ?? []));
  for (const p of found.flat()) {
    // the same line found again a move later in the same game is the same puzzle to a player
    const line = `${p.source}:${p.solution.join(' ')}`;
    if (seen.has(p.position) || seen.has(line) || (taken.get(p.moves) ?? 0) >= perN) continue;
    // themes again from the position (a find of an older miner gets today's themes and checks)
    const game = unwrap(parseAbaloneGame(p.position));
    const moves = p.solution.map((m) => unwrap(game.parseMove(m)));
    if (!onlyMovesAlong(game.position, moves)) continue;
    seen.add(p.position);
    seen.add(line);
    taken.set(p.moves, (taken.get(p.moves) ?? 0) + 1);
    puzzles.push({ ...p, themes: themesOf(game.position, moves) });
  }
  puzzles.sort((a, b) => a.moves - b.moves);
  const numbered = puzzles.map((p, i) => ({ ...p, id: `abalone-${String(i + 1).padStart(3, '0')}` }));
  // one puzzle a line: the file reads and diffs well
  const lines = numbered.map((p) => JSON.stringify(p)).join(',\n');
  writeFileSync(process.argv[4]!, `{"game":"abalone","puzzles":[\n${lines}\n]}\n`);
} else {
  const games = Number(process.argv[2] ?? 10);
  const first = Number(process.argv[3] ?? 1);
  const stored = process.argv[4];
  if (stored) {
    const records = readFileSync(stored, 'utf8').split(/(?=\[Game "Abalone"\])/);
    for (const [i, text] of records.entries()) {
      const parsed = parseAbaloneGame(text);
      if (!parsed.ok) continue;
      // walk the stored game from its start, trying every position on the way
      const moves = parsed.value.moves();
      const game = unwrap(abalone.create(parsed.value.options));
      for (const m of moves) {
        emit(puzzleAt(game, `stored game ${i + 1}`));
        if (!game.play(unwrap(game.parseMove(m))).ok) break;
      }
    }
  }
  for (let g = first; g < first + games; g++) {
    const start = START_POSITIONS[g % START_POSITIONS.length]!;
    const game = unwrap(abalone.create(unwrap(abalone.parseOptions({ start }))));
    const rng = seededRng(g * 31 + 17);
    for (let i = 0; i < OPENING_MOVES; i++) unwrap(game.play(rng.pick(game.legalMoves())));
    for (let ply = 0; ply < 300 && !game.outcome(); ply++) {
      const seat = (game.turn() as { seat: number }).seat;
      emit(puzzleAt(game, `self-play ${g} (${start})`));
      const r = answer({
        ...requestFor(game, seat, ply % 2 ? 'casual' : 'beginner', { seed: g * 1000 + ply }),
        depth: ply % 2 ? 2 : 1,
      });
      if (!r.ok) break;
      unwrap(game.play(unwrap(game.parseMove(r.move)), seat));
    }
  }
}
