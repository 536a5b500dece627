import { parseArgs } from 'node:util';
import { GAME_IDS, type GameId } from '@qiyuan/core';
import type { Command } from 'commander';
import { games } from '../games.js';

/**
 * `qiyuan perft <game> [--option value …] --depth N`: every flag but
 * `--depth` goes to the engine's own option parser, so each game documents
 * its flags and the command needs no change when a game gains one.
 */
export const registerPerft = (program: Command): void => {
  program
    .command('perft')
    .description('count the leaf positions at a depth (last line: a bare integer)')
    .argument('<game>', `one of: ${GAME_IDS.join(', ')}`)
    .argument('[options...]', 'game options as --name value, and --depth N')
    .allowUnknownOption()
    .helpOption(false)
    .action((game: string, rest: string[]) => {
      const definition = games[game as GameId];
      if (!definition) {
        const known = Object.keys(games).join(', ') || 'none yet';
        program.error(`unknown game "${game}" (known: ${known})`);
        return;
      }
      const { values } = parseArgs({ args: rest, strict: false, allowPositionals: false });
      const depthText = values.depth;
      if (typeof depthText !== 'string' || !/^\d+$/.test(depthText)) {
        program.error('perft needs --depth N, a whole number');
        return;
      }
      const { depth: _depth, ...options } = values;
      const parsed = definition.parseOptions(options);
      if (!parsed.ok) {
        program.error(`bad options: ${parsed.error.reason}`);
        return;
      }
      const started = performance.now();
      const count = definition.perft(parsed.value, Number(depthText));
      if (!count.ok) {
        program.error(count.error.reason);
        return;
      }
      const seconds = (performance.now() - started) / 1000;
      if (process.stderr.isTTY) {
        process.stderr.write(`${seconds.toFixed(2)} s, ${(count.value / seconds / 1e6).toFixed(2)} M leaves/s\n`);
      }
      process.stdout.write(`${count.value}\n`);
    });
};
