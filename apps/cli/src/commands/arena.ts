import {
  AIS,
  type ArenaGameResult,
  type ArenaGameSpec,
  formatPlaces,
  formatScore,
  matchScore,
  parsePlayer,
  placesScore,
} from '@qiyuan/ai';
import { runArena } from '@qiyuan/ai/arena-runner';
import { runUhpArena, UHP_GAME, UHP_PREFIX } from '@qiyuan/ai/arena-uhp';
import { GAME_IDS, type GameId } from '@qiyuan/core';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';

const OWN_FLAGS = new Set([
  'game',
  'a',
  'b',
  'games',
  'from',
  'seed',
  'time',
  'nodes',
  'iterations',
  'workers',
  'max-plies',
  'openings',
  'json',
  'uhp-depth',
  'uhp-grace',
  'uhp-seconds',
]);

/**
 * `qiyuan arena --game <g> [game options] --a <player> --b <player> --games N --seed S [--time ms]`:
 * a match in parallel worker threads, seats swapped every game, then wins,
 * draws and losses of A with the Elo difference and its 95% interval. For Hive
 * either player may be an external engine, `uhp:<command>` (`--uhp-depth N`
 * asks it for `bestmove depth N` instead of `bestmove time`; `--uhp-seconds`
 * for nokamute's `bestmove seconds S.sss`, a time under a second). `--from K` plays the match's games from
 * its K-th on (counting from 0): a game's seats and seeds follow from its number, so a stopped match is
 * finished, or a long one shared between machines, with the very games the whole command would play.
 */
export const registerArena = (program: Command): void => {
  program
    .command('arena')
    .description('play a match between two AI players and print W/D/L with the Elo difference (95% interval)')
    .argument(
      '[options...]',
      '--game g --a player --b player [--games N] [--from K] [--seed S] [--time ms | --nodes N | --iterations N] [--openings N] [--workers K] [game options]',
    )
    .allowUnknownOption()
    .helpOption(false)
    .action(async (rest: string[]) => {
      const values: Record<string, string | boolean> = {};
      for (let i = 0; i < rest.length; i++) {
        const m = /^--([^=]+)(?:=(.*))?$/.exec(rest[i]!);
        if (!m) return program.error(`unexpected argument "${rest[i]}" (options are --name value)`);
        const next = rest[i + 1];
        if (m[2] !== undefined) values[m[1]!] = m[2];
        else if (next !== undefined && !next.startsWith('--')) {
          values[m[1]!] = next;
          i++;
        } else values[m[1]!] = true;
      }
      const game = values.game;
      if (typeof game !== 'string' || !GAME_IDS.includes(game as GameId)) {
        return program.error(`arena needs --game, one of: ${GAME_IDS.join(', ')}`);
      }
      const players: string[] = [];
      for (const side of ['a', 'b'] as const) {
        const text = values[side];
        if (typeof text !== 'string') return program.error(`arena needs --${side} <player> (a level 1-5 or a name)`);
        if (text.startsWith(UHP_PREFIX)) {
          if (game !== UHP_GAME) return program.error('uhp:<command> engines play Hive only (--game hive)');
          if (!text.slice(UHP_PREFIX.length).trim()) return program.error(`--${side} uhp: needs the engine's command`);
          players.push(text);
          continue;
        }
        const p = parsePlayer(text);
        if (!p.ok) return program.error(p.error.reason);
        players.push(text);
      }
      const int = (name: string, fallback: number, min: number): number => {
        const v = values[name];
        if (v === undefined) return fallback;
        if (typeof v !== 'string' || !/^\d+$/.test(v) || Number(v) < min) {
          program.error(`--${name} must be a whole number ≥ ${min}`);
        }
        return Number(v);
      };
      const games = int('games', 20, 1);
      const from = int('from', 0, 0);
      const seed = int('seed', 1, 0);
      const workers = int('workers', 2, 1);
      // Unset, each game's cap is 1,000 plies, or 100 past its own move limit if longer (free-for-all Junqi: 2,100).
      const maxPlies = values['max-plies'] === undefined ? undefined : int('max-plies', 1, 1);
      const openings = int('openings', 0, 0);
      const time = values.time === undefined ? undefined : int('time', 0, 1);
      const nodes = values.nodes === undefined ? undefined : int('nodes', 0, 1);
      const iterations = values.iterations === undefined ? undefined : int('iterations', 0, 1);
      // Alpha-beta counts nodes; an AI that sees only its seat's view (hidden information) searches by ISMCTS and
      // counts iterations: a budget the game's search does not use is a mistake.
      const ismcts = AIS[game as GameId].input === 'view';
      if (nodes !== undefined && ismcts)
        return program.error(`--nodes is for alpha-beta games; ${game} takes --iterations`);
      if (iterations !== undefined && !ismcts)
        return program.error(`--iterations is for hidden-information games; ${game} takes --nodes`);
      const options: Record<string, string | boolean> = {};
      for (const [k, v] of Object.entries(values)) if (!OWN_FLAGS.has(k)) options[k] = v;
      const ai = AIS[game as GameId];
      if (!ai) return program.error(`no AI for ${game} yet (AIs: ${Object.keys(AIS).join(', ')})`);
      const checked = ai.definition.parseOptions({ ...options, seed: String(seed) });
      if (!checked.ok) return program.error(`bad options: ${checked.error.reason}`);
      const specs: ArenaGameSpec[] = Array.from({ length: games }, (_, i) => ({
        game: game as GameId,
        options,
        a: players[0]!,
        b: players[1]!,
        index: from + i,
        seed,
        ...(maxPlies !== undefined ? { maxPlies } : {}),
        ...(openings > 0 ? { openings } : {}),
        ...(time !== undefined ? { timeMs: time } : {}),
        ...(nodes !== undefined ? { nodes } : {}),
        ...(iterations !== undefined ? { iterations } : {}),
      }));
      const bar = process.stderr.isTTY
        ? new SingleBar({ format: 'arena [{bar}] {value}/{total} games | {score}', stream: process.stderr })
        : undefined;
      const done: ArenaGameResult[] = [];
      // More than two sides: A's places say more than its wins (a quarter of four-player games for an even player).
      const shares = (rs: readonly ArenaGameResult[]) => rs.flatMap((r) => (r.places === undefined ? [] : [r.places]));
      const summary = (rs: readonly ArenaGameResult[]) => {
        const placed = shares(rs);
        return placed.length > 0 ? formatPlaces(placesScore(placed)) : formatScore(matchScore(rs.map((r) => r.result)));
      };
      bar?.start(games, 0, { score: '' });
      const onResult = (r: ArenaGameResult) => {
        done.push(r);
        if (r.error) process.stderr.write(`${bar ? '\n' : ''}game ${r.index}: ${r.error}\n`);
        bar?.increment({ score: summary(done) });
        // Without a terminal (a long match written to a file) each game is a line, so a match cut short still says
        // how far it got.
        if (!bar) {
          process.stderr.write(
            `game ${r.index}: A ${r.result} (${r.reason}, ${r.plies} plies); ${done.length} games: ${summary(done)}\n`,
          );
        }
      };
      const external = players.some((p) => p.startsWith(UHP_PREFIX));
      if (external && players.every((p) => p.startsWith(UHP_PREFIX))) {
        return program.error('at most one player may be an external uhp: engine');
      }
      const uhpDepth = values['uhp-depth'] === undefined ? undefined : int('uhp-depth', 1, 1);
      const graceMs = int('uhp-grace', 10_000, 0);
      const uhpSeconds = values['uhp-seconds'] === true;
      const results = external
        ? await runUhpArena({
            specs,
            workers,
            onResult,
            graceMs,
            uhpSeconds,
            ...(uhpDepth !== undefined ? { uhpDepth } : {}),
          })
        : await runArena({ specs, workers, onResult });
      bar?.stop();
      const finished = results.filter((r) => r !== undefined);
      const score = matchScore(finished.map((r) => r.result));
      const placed = shares(finished);
      const places = placed.length > 0 ? placesScore(placed) : undefined;
      const perMove = (side: 'a' | 'b') => {
        const t = finished.reduce((s, r) => s + r.timeMs[side], 0);
        const n = finished.reduce((s, r) => s + r.moves[side], 0);
        return n === 0 ? 0 : t / n;
      };
      if (values.json) {
        process.stdout.write(
          `${JSON.stringify({ game, a: players[0], b: players[1], ...score, ...(places ? { places } : {}), results: finished })}\n`,
        );
        return;
      }
      const clockBound = (side: 'a' | 'b') =>
        `${finished.reduce((s, r) => s + r.clockBound[side], 0)} of ${finished.reduce((s, r) => s + r.moves[side], 0)}`;
      const reasons = new Map<string, number>();
      for (const r of finished) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
      const plies = finished.reduce((s, r) => s + r.plies, 0) / Math.max(1, finished.length);
      process.stdout.write(
        `${game} ${JSON.stringify(options)}: ${players[0]} vs ${players[1]}, ${finished.length} games${from > 0 ? ` from game ${from}` : ''}, seed ${seed}\n` +
          `endings: ${[...reasons].map(([k, v]) => `${k} ${v}`).join(', ')}; ${plies.toFixed(0)} plies on average\n` +
          `time per move: ${players[0]} ${perMove('a').toFixed(0)} ms, ${players[1]} ${perMove('b').toFixed(0)} ms\n` +
          // Moves whose search the clock ended may differ on a rerun; with none, the match replays exactly.
          `moves the clock cut short: ${players[0]} ${clockBound('a')}, ${players[1]} ${clockBound('b')}\n` +
          `${players[0]}: ${formatScore(score)}\n` +
          (places ? `${players[0]} by places: ${formatPlaces(places)}\n` : ''),
      );
    });
};
