import { Rng } from '@qiyuan/core';
import {
  type Entrant,
  type Pairing,
  randomUmpire,
  type Simulation,
  type System,
  simulate,
  type TournamentSpec,
  validateSpec,
} from '@qiyuan/tournament';
import type { Command } from 'commander';

const SYSTEMS: readonly System[] = ['swiss', 'round-robin', 'arena', 'knockout'];

interface SimulateFlags {
  system: string;
  players: string;
  rounds?: string;
  seed: string;
  tableSize?: string;
  matchGames?: string;
  double?: boolean;
  json?: boolean;
}

/** A whole number in [min, max] from a flag, or the reason it is not one. */
const count = (name: string, text: string, min: number, max: number): number | string => {
  const n = Number(text);
  return /^\d+$/.test(text) && n >= min && n <= max ? n : `--${name} must be a whole number from ${min} to ${max}`;
};

/** The field: p1 … pN with ratings drawn from the seed (so seeding differs from the ids' order). */
const fieldOf = (players: number, rng: Rng): Entrant[] =>
  Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, rating: 1500 + rng.int(-400, 400) }));

const pairingText = (p: Pairing): string =>
  'white' in p ? `${p.white} – ${p.black}` : 'bye' in p ? `${p.bye} bye` : `table ${p.table.join(', ')}`;

const text = (run: Simulation): string => {
  const out: string[] = [];
  run.rounds.forEach((pairings, i) => {
    out.push(`Round ${i + 1}: ${pairings.map(pairingText).join(' · ')}`);
  });
  out.push('', 'Rank  Player  Points  Tiebreaks');
  for (const s of run.standings) {
    const points = s.matchPoints === undefined ? `${s.points}` : `${s.matchPoints} (${s.points})`;
    const tiebreaks = s.tiebreaks.map((t) => `${t.name} ${t.value}`).join(', ');
    out.push(
      `${String(s.rank).padStart(4)}  ${s.id.padEnd(6)}  ${points.padEnd(6)}  ${tiebreaks}${s.withdrawn ? ' (withdrawn)' : ''}`,
    );
  }
  return `${out.join('\n')}\n`;
};

/**
 * `qiyuan tournament simulate --system S --players N [--rounds R] --seed K [--table-size S] [--json]`: runs the
 * tournament library's own pairing and scoring with random results drawn from the seed.
 */
export const registerTournament = (program: Command): void => {
  const tournament = program.command('tournament').description('tournaments: pairing, scoring and tiebreaks');
  tournament
    .command('simulate')
    .description(
      'play a whole tournament with random results from a seed, paired and scored as the server does; prints ' +
        'each round and the standings ({"rounds":[[{"white","black"} | {"bye"} | {"table":[…]}, …], …], "standings":[…]} with --json)',
    )
    .requiredOption('--system <system>', SYSTEMS.join(' | '))
    .requiredOption('--players <n>', 'entrants, p1 … pN (2 to 512)')
    .option('--rounds <r>', 'rounds (Swiss; arena: waves of pairing); round-robin and knockout work theirs out')
    .option('--seed <k>', 'seed of the ratings and the results', '1')
    .option('--table-size <s>', 'players a table (3, 4 or 6: Chinese Checkers, free-for-all Junqi); Swiss only')
    .option('--match-games <m>', 'games a match (round-robin, Swiss, knockout), scored by match points')
    .option('--double', 'round-robin: every pair meets twice')
    .option('--json', 'print one JSON object')
    .action((opts: SimulateFlags) => {
      if (!SYSTEMS.includes(opts.system as System))
        return program.error(`--system must be one of ${SYSTEMS.join(', ')}, not "${opts.system}"`);
      const system = opts.system as System;
      const players = count('players', opts.players, 2, 512);
      if (typeof players === 'string') return program.error(players);
      const seed = count('seed', opts.seed, 0, 2 ** 31 - 1);
      if (typeof seed === 'string') return program.error(seed);
      let rounds: number | undefined;
      if (opts.rounds !== undefined) {
        const r = count('rounds', opts.rounds, 1, 99);
        if (typeof r === 'string') return program.error(r);
        rounds = r;
      } else if (system === 'swiss') return program.error('a Swiss needs --rounds');
      const optional = (name: string, value: string | undefined, min: number, max: number) =>
        value === undefined ? undefined : count(name, value, min, max);
      const tableSize = optional('table-size', opts.tableSize, 2, 6);
      const matchGames = optional('match-games', opts.matchGames, 1, 9);
      for (const v of [tableSize, matchGames]) if (typeof v === 'string') return program.error(v);
      const spec: TournamentSpec = {
        system,
        ...(system === 'swiss' && rounds !== undefined ? { rounds } : {}),
        ...(system === 'arena' ? { durationMs: 3_600_000, startsAt: 0 } : {}),
        ...(typeof tableSize === 'number' ? { tableSize } : {}),
        ...(typeof matchGames === 'number' ? { matchGames } : {}),
        ...(opts.double ? { double: true } : {}),
      };
      const valid = validateSpec(spec);
      if (!valid.ok) return program.error(valid.error.reason);
      const rng = Rng.fromSeed(seed);
      const run = simulate(spec, fieldOf(players, rng), randomUmpire(rng), rounds ?? 5);
      if (!run.ok) return program.error(run.error.reason);
      process.stdout.write(
        opts.json
          ? `${JSON.stringify({ rounds: run.value.rounds, standings: run.value.standings })}\n`
          : text(run.value),
      );
    });
};
