import { GAME_IDS } from '@qiyuan/core';
import { engineFor } from '@qiyuan/games';
import type { Command } from 'commander';

/**
 * `qiyuan perft <game> [--option value …] --depth N`: every flag but
 * `--depth` goes to the engine's own option parser, so each game documents
 * its flags and the command needs no change when a game gains one.
 */
export const registerPerft = (program: Command): void => {
  const perft = program
    .command('perft')
    .description('count the leaf positions at a depth (last line: a bare integer)')
    .argument('<game>', `one of: ${GAME_IDS.join(', ')}`)
    .argument('[options...]', 'game options as --name value, and --depth N')
    .allowUnknownOption()
    .helpOption(false)
    .action((game: string, rest: string[]) => {
      // the game's own flags are unknown options to commander, so its help flag is read here, wherever it stands
      if ([game, ...rest].some((a) => a === '--help' || a === '-h')) {
        perft.outputHelp();
        return;
      }
      const definition = engineFor(game);
      if (!definition) {
        const known = GAME_IDS.join(', ');
        program.error(`unknown game "${game}" (known: ${known})`);
        return;
      }
      // Every `--name value` pair (or `--name=value`) is an option; the engine decides what it accepts.
      const values: Record<string, string | boolean | undefined> = {};
      for (let i = 0; i < rest.length; i++) {
        const m = /^--([^=]+)(?:=(.*))?$/.exec(rest[i]!);
        if (!m) {
          program.error(`unexpected argument "${rest[i]}" (options are --name value)`);
          return;
        }
        const next = rest[i + 1];
        if (m[2] !== undefined) values[m[1]!] = m[2];
        else if (next !== undefined && !next.startsWith('--')) {
          values[m[1]!] = next;
          i++;
        } else values[m[1]!] = true;
      }
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
