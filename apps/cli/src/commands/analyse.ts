import { readFileSync } from 'node:fs';
import { type AnalysisBudget, analysePosition, MAX_ANALYSIS_DEPTH, type Score } from '@qiyuan/ai';
import { GAME_IDS, type Game, type Result } from '@qiyuan/core';
import { engineFor } from '@qiyuan/games';
import type { Command } from 'commander';
import { readFlags, wholeFlag } from '../game-flags.js';

/** How a score reads in the table: the evaluation's units, or a proven result in plies. */
export const scoreText = (s: Score): string =>
  'cp' in s ? (s.cp > 0 ? `+${s.cp}` : String(s.cp)) : 'win' in s ? `win in ${s.win}` : `loss in ${s.loss}`;

/**
 * The game to analyse: `--position P` in the game's own record notation (Hive: a UHP GameString), `--record FILE`
 * for the same from a file, otherwise the start of the game the remaining options describe.
 */
export const gameFrom = (id: string, flags: Record<string, string | true>, own: readonly string[]): Result<Game> => {
  const definition = engineFor(id);
  if (!definition) {
    const known = GAME_IDS.join(', ');
    return { ok: false, error: { code: 'unknown-game', reason: `unknown game "${id}" (known: ${known})` } };
  }
  const bad = (reason: string): Result<Game> => ({ ok: false, error: { code: 'bad-argument', reason } });
  let text: string | undefined;
  if (flags.position !== undefined) {
    if (typeof flags.position !== 'string') return bad('--position needs the position in the game’s notation');
    text = flags.position;
  } else if (flags.record !== undefined) {
    if (typeof flags.record !== 'string') return bad('--record needs a file name');
    try {
      text = readFileSync(flags.record, 'utf8');
    } catch (e) {
      return bad(`cannot read ${flags.record}: ${(e as Error).message}`);
    }
  }
  if (text !== undefined) {
    const parsed = definition.parseGame(text);
    return parsed.ok ? parsed : bad(`not a ${id} position: ${parsed.error.reason}`);
  }
  const options = Object.fromEntries(Object.entries(flags).filter(([k]) => !own.includes(k)));
  const parsed = definition.parseOptions(options);
  if (!parsed.ok) return bad(`bad options: ${parsed.error.reason}`);
  return definition.create(parsed.value);
};

/** `--depth N` or `--time MS`, exactly one. */
export const budgetFrom = (flags: Record<string, string | true>): Result<AnalysisBudget> => {
  const bad = (reason: string): Result<AnalysisBudget> => ({ ok: false, error: { code: 'bad-argument', reason } });
  const depth = wholeFlag(flags, 'depth', 1, MAX_ANALYSIS_DEPTH);
  if (!depth.ok) return bad(depth.reason);
  const time = wholeFlag(flags, 'time', 1, 3_600_000);
  if (!time.ok) return bad(time.reason);
  if ((depth.value === undefined) === (time.value === undefined)) return bad('give either --depth N or --time MS');
  return { ok: true, value: depth.value !== undefined ? { depth: depth.value } : { timeMs: time.value! } };
};

/** What analyse and review read from their words before they search; any refusal ends the command with its reason. */
export interface AnalysisStart {
  readonly flags: Record<string, string | true>;
  readonly game: Game;
  readonly budget: AnalysisBudget;
}

/**
 * The opening analyse and review share: the words read as flags, the game they give (`own`: the command's flags, not
 * the game's options) and the budget (`depth` when neither --depth nor --time is given). `needsRecord`: the refusal
 * when the command takes no start from options, and neither --record nor --position is given.
 */
export const analysisStart = (
  program: Command,
  id: string,
  words: readonly string[],
  how: { readonly own: readonly string[]; readonly depth?: number; readonly needsRecord?: string },
): AnalysisStart => {
  const read = readFlags(words);
  if (!read.ok) return program.error(read.reason);
  const { flags } = read;
  if (how.needsRecord !== undefined && flags.record === undefined && flags.position === undefined)
    return program.error(how.needsRecord);
  const game = gameFrom(id, flags, how.own);
  if (!game.ok) return program.error(game.error.reason);
  const budget = budgetFrom(
    how.depth !== undefined && flags.depth === undefined && flags.time === undefined
      ? { ...flags, depth: String(how.depth) }
      : flags,
  );
  if (!budget.ok) return program.error(budget.error.reason);
  return { flags, game: game.value, budget: budget.value };
};

const OWN = ['position', 'record', 'depth', 'time', 'lines', 'json'];

/** `qiyuan analyse GAME [game options] --position P (--depth N | --time MS) [--lines K] [--json]`. */
export const registerAnalyse = (program: Command): void => {
  program
    .command('analyse')
    .alias('analyze')
    .description(
      'the best K lines of a position with their values (--json: {"lines":[{"moves":[…],"score":{"cp"|"win"|"loss":n}}]})',
    )
    .argument('<game>', `one of: ${GAME_IDS.join(', ')}`)
    .argument(
      '[options...]',
      '--position P (the game’s record notation; Hive: a UHP GameString) or --record FILE or the game’s options, ' +
        '--depth N or --time MS, --lines K (default 1), --json',
    )
    .allowUnknownOption()
    .helpOption(false)
    .action((id: string, rest: string[]) => {
      const { flags, game, budget } = analysisStart(program, id, rest, { own: OWN });
      const lines = wholeFlag(flags, 'lines', 1, 500);
      if (!lines.ok) return program.error(lines.reason);
      const result = analysePosition(game, budget, lines.value ?? 1);
      if (!result.ok) return program.error(result.error.reason);
      const a = result.value;
      if (flags.json !== undefined) {
        const head = a.fullInformation ? { fullInformation: true } : {};
        process.stdout.write(`${JSON.stringify({ ...head, depth: a.depth, lines: a.lines })}\n`);
        return;
      }
      const rows = a.lines.map((l, i) => [String(i + 1), scoreText(l.score), l.moves.join(' ')]);
      const width = [0, 1].map((c) => Math.max(...rows.map((r) => r[c]!.length), c === 0 ? 1 : 5));
      const out = [
        `seat ${a.seat} to move, depth ${a.depth}, ${a.nodes} nodes${a.fullInformation ? ', with every piece known' : ''}`,
        `${'#'.padStart(width[0]!)}  ${'score'.padEnd(width[1]!)}  line`,
        ...rows.map((r) => `${r[0]!.padStart(width[0]!)}  ${r[1]!.padEnd(width[1]!)}  ${r[2]}`),
      ];
      process.stdout.write(`${out.join('\n')}\n`);
    });
};
