import { boardFor, boardSvg, boardToJson } from '@qiyuan/junqi';
import type { Command } from 'commander';

/** `qiyuan junqi board --players 2|4 [--json|--svg]`: the board data the engine plays on. */
export const registerJunqi = (program: Command): void => {
  const junqi = program.command('junqi').description('Junqi (军棋) tools: boards');
  junqi
    .command('board')
    .description('print a Junqi board: points and road/rail edges (--json), or an SVG drawing (--svg)')
    .option('--players <n>', '2 (two-player board) or 4 (four-player board; also used by 3 players)', '2')
    .option('--json', 'print the board as JSON')
    .option('--svg', 'print the board as an SVG drawing')
    .action((opts: { players: string; json?: boolean; svg?: boolean }) => {
      if (!['2', '3', '4'].includes(opts.players)) {
        program.error(`--players must be 2, 3 or 4, not "${opts.players}"`);
        return;
      }
      const board = boardFor(Number(opts.players));
      if (opts.svg) {
        process.stdout.write(boardSvg(board));
        return;
      }
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(boardToJson(board))}\n`);
        return;
      }
      const road = board.edges.filter((e) => e.kind === 'road').length;
      process.stdout.write(
        `${board.players}-player board: ${board.points.length} points, ${road} road and ${board.edges.length - road} rail edges\n`,
      );
    });
};
