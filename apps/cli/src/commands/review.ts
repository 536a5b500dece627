import { MOVE_CLASSES, reviewGame } from '@qiyuan/ai';
import { GAME_IDS } from '@qiyuan/core';
import type { Command } from 'commander';
import { analysisStart, scoreText } from './analyse.js';

/** `qiyuan review GAME --record FILE [--depth N | --time MS] [--json]`: every move judged, and a summary per player. */
export const registerReview = (program: Command): void => {
  program.addHelpText(
    'after',
    '\nanalyse and review: scores are for the side to move (review: for the mover); {"cp":n} is the game\'s own\n' +
      'evaluation units, {"win":n} / {"loss":n} a proven end in n plies, the move itself counted. Review classes and\n' +
      'their thresholds per game: docs/AI.md, "Analysis and review".',
  );
  program
    .command('review')
    .description(
      'judge every move of a game record (best, good, inaccuracy, mistake, blunder) and sum up each player; ' +
        'Junqi with hidden pieces is reviewed with every piece known',
    )
    .argument('<game>', `one of: ${GAME_IDS.join(', ')}`)
    .argument(
      '[options...]',
      '--record FILE (the game’s record notation; Hive: a UHP GameString) or --position TEXT, ' +
        '--depth N (default 2) or --time MS a move, --json',
    )
    .allowUnknownOption()
    .helpOption(false)
    .action((id: string, rest: string[]) => {
      const { flags, game, budget } = analysisStart(program, id, rest, {
        own: [],
        depth: 2,
        needsRecord: 'review needs --record FILE (or --position TEXT)',
      });
      const result = reviewGame(game, budget);
      if (!result.ok) return program.error(result.error.reason);
      const r = result.value;
      if (flags.json !== undefined) {
        process.stdout.write(`${JSON.stringify(r)}\n`);
        return;
      }
      const out: string[] = [];
      if (r.fullInformation)
        out.push('Reviewed after the game with every piece known (the players could not see them).');
      for (const p of r.plies) {
        const verdict = p.class === 'best' ? 'best' : `${p.class}, best ${p.best}`;
        out.push(
          `${String(p.ply + 1).padStart(4)}. seat ${p.seat}  ${p.move.padEnd(12)} ${scoreText(p.before)} → ${scoreText(p.after)}  ${verdict}`,
        );
      }
      out.push('');
      for (const s of r.players) {
        const counts = MOVE_CLASSES.map((c) => `${s.counts[c]} ${c}`).join(', ');
        out.push(`seat ${s.seat}: ${s.moves} moves, ${counts}; average loss ${s.averageLoss}`);
      }
      process.stdout.write(`${out.join('\n')}\n`);
    });
};
