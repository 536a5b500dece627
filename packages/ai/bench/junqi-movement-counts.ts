/**
 * Writes `src/games/junqi/movement-counts.ts`: in games of the search against itself (`master@plain` at a small
 * budget), how each rank of a piece its enemy has not yet pinned down has moved — by starting row, stage of the game
 * and state (`movement-prior.ts`), counted every third ply from the enemy's beliefs, so the features are exactly
 * those the prior reads. The games are the seed's, so the counts are the same on every run:
 * `npx tsx packages/ai/bench/junqi-movement-counts.ts --games 140 --iterations 800` (two processes, a few minutes a
 * core per ten games). `--part FILE --first K --games N` counts games K… into FILE (what the two processes do).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { actingSeats, type JsonObject } from '@qiyuan/core';
import { rankFromLetter } from '@qiyuan/junqi';
import { answer } from '../src/answer.js';
import { arenaGameSetup } from '../src/arena.js';
import { trackBeliefs } from '../src/games/junqi/beliefs.js';
import { MOVEMENT_CELLS, movementIndex, rowOf, stageOf, stateOf } from '../src/games/junqi/movement-prior.js';
import { AIS, requestFor } from '../src/registry.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const PLAYER = 'master@plain';
const SEED = 5000;
const games = Number(arg('games', '140'));
const iterations = Number(arg('iterations', '800'));

interface View {
  phase: string;
  armyOfSeat?: number[];
  pieces: { id: number; army: number | null; rank: string | null }[];
}

/** Plays game `g` and adds what every unpinned piece had done, and its true rank, to `counts`. */
const countGame = (g: number, counts: number[]): void => {
  const setup = arenaGameSetup({ game: 'junqi', options: {}, a: PLAYER, b: PLAYER, index: 0, seed: SEED + g });
  if (!setup.ok) throw new Error(setup.error.reason);
  const game = setup.value.game;
  AIS.junqi?.reset?.();
  for (let moveNo = 0; !game.outcome() && game.ply < 600; moveNo++) {
    const seat = actingSeats(game.turn()).find((s) => game.legalMoves(s).length > 0);
    if (seat === undefined) break;
    const view = game.viewFor(seat) as unknown as View;
    if (view.phase === 'play' && game.ply % 3 === 0) {
      const records = Array.from({ length: game.ply }, (_, i) => game.recordFor(seat, i));
      const beliefs = trackBeliefs(game.viewFor(seat) as JsonObject, records, seat);
      const enemy = game.viewFor(1 - seat) as unknown as View;
      const army = enemy.armyOfSeat?.[1 - seat];
      const truth = new Map<number, number>();
      for (const p of enemy.pieces) if (p.rank !== null && p.army === army) truth.set(p.id, rankFromLetter(p.rank)!);
      for (const t of beliefs.tokens) {
        const rank = t.alive && !t.known ? truth.get(t.id) : undefined;
        if (rank === undefined) continue;
        counts[movementIndex(rowOf(t.origin), stageOf(records.length), stateOf(t, beliefs), rank)]! += 1;
      }
    }
    const seed = (g * 7919 + moveNo * 104729) | 0;
    const reply = answer(requestFor(game, seat, PLAYER, { seed, budgetOnly: true, iterations }));
    const move = reply.ok ? game.parseMove(reply.move, seat) : undefined;
    if (!move?.ok || !game.play(move.value, seat).ok) throw new Error(`game ${g}: no move at ply ${game.ply}`);
  }
};

const part = process.argv.indexOf('--part') >= 0 ? arg('part', '') : undefined;
if (part) {
  const counts = new Array<number>(MOVEMENT_CELLS).fill(0);
  const first = Number(arg('first', '0'));
  for (let g = first; g < first + games; g++) {
    countGame(g, counts);
    console.log(`game ${g} counted`);
  }
  writeFileSync(part, JSON.stringify(counts));
} else {
  const self = fileURLToPath(import.meta.url);
  const half = Math.ceil(games / 2);
  const parts = [0, 1].map((i) => join(tmpdir(), `junqi-movement-counts.${process.pid}.${i}.json`));
  await Promise.all(
    parts.map(
      (file, i) =>
        new Promise<void>((resolve, reject) => {
          const args = [
            'tsx',
            self,
            '--part',
            file,
            '--first',
            String(i * half),
            '--games',
            String(i ? games - half : half),
          ];
          const child = spawn('npx', [...args, '--iterations', String(iterations)], { stdio: 'inherit' });
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`part ${i} failed`))));
        }),
    ),
  );
  const counts = new Array<number>(MOVEMENT_CELLS).fill(0);
  for (const file of parts) {
    const part = JSON.parse(readFileSync(file, 'utf8')) as number[];
    for (let i = 0; i < MOVEMENT_CELLS; i++) counts[i]! += part[i] ?? 0;
  }
  const lines: string[] = [];
  for (let i = 0; i < counts.length; i += 30) lines.push(`    ${counts.slice(i, i + 30).join(', ')},`);
  const text = `// Generated by packages/ai/bench/junqi-movement-counts.ts from the search's own games: do not edit by hand.

/** Per starting row, stage and state (\`movement-prior.ts\`), counts of each rank among enemy pieces not yet pinned down. */
export const MOVEMENT_COUNTS: { readonly games: number; readonly iterations: number; readonly counts: readonly number[] } = {
  games: ${games},
  iterations: ${iterations},
  counts: [
${lines.join('\n')}
  ],
};
`;
  const out = fileURLToPath(new URL('../src/games/junqi/movement-counts.ts', import.meta.url));
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}
