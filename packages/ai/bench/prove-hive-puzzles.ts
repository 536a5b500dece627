import { readFileSync } from 'node:fs';
import { unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import { winningFirstMoves, winsWithin } from '../test/hive-ply-prover.js';

/**
 * The full proof of the published puzzles in test/hive-published-puzzles.tsv, too slow for the unit test (one row takes
 * about a minute): for each win, the published move is the only first move that forces the win within the row's
 * plies, and no shorter win exists. Prints one line per row and exits non-zero if any row fails.
 *
 *     npx tsx packages/ai/bench/prove-hive-puzzles.ts
 */
const rows = readFileSync(new URL('../test/hive-published-puzzles.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'));
let failed = 0;
for (const [kind, plies, source, gameString, published] of rows) {
  if (kind !== 'win') continue;
  const started = performance.now();
  const game = unwrap(parseGameString(gameString!));
  const pos = game.position.clone();
  const expected = game.moveToString(unwrap(game.parseMove(published!)));
  const winners = winningFirstMoves(pos, Number(plies)).map((m) => game.moveToString(m));
  const shorter = Number(plies) > 1 && winsWithin(pos, Number(plies) - 1);
  const ok = winners.length === 1 && winners[0] === expected && !shorter;
  if (!ok) failed++;
  const head = gameString!.split(';').slice(0, 3).join(';');
  const ms = Math.round(performance.now() - started);
  process.stdout.write(
    `${ok ? 'ok  ' : 'FAIL'} ${head} (${source}): ${plies} plies, winners ${JSON.stringify(winners)}, published ${published}, shorter win ${shorter}, ${ms} ms\n`,
  );
}
process.exitCode = failed > 0 ? 1 : 0;
