import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { playArenaGame } from '@qiyuan/ai';
import { describe, expect, it } from 'vitest';
import { games } from '../src/games.js';
import { qiyuan as run } from './run.js';

const bin = fileURLToPath(new URL('../bin/qiyuan.js', import.meta.url));

describe('qiyuan command', () => {
  // The two tests that run the real bin (a Node of its own, tsx compiling the sources): the command works as installed.
  it('--help lists the commands', () => {
    const out = execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    for (const command of ['perft', 'bench']) expect(out).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
  });

  it('refuses an unknown game with a reason and a non-zero exit', () => {
    const r = spawnSync(process.execPath, [bin, 'perft', 'go', '--depth', '1'], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('unknown game "go"');
  });

  it('perft --help shows the command’s help, before or after the game', async () => {
    for (const args of [
      ['perft', '--help'],
      ['perft', 'hive', '-h'],
    ]) {
      const r = await run(...args);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Usage: qiyuan perft');
      expect(r.stderr).not.toContain('unknown game');
    }
  });

  it('refuses a missing or malformed depth', async () => {
    const id = Object.keys(games)[0] ?? 'hive';
    const r = await run('perft', id, '--depth', 'two');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/depth|unknown game/);
  });

  // Every registered engine answers perft with its defaults, and the last line is the bare count.
  for (const [id, definition] of Object.entries(games)) {
    it(`perft ${id} --depth 2 prints the engine's own count as a bare integer`, async () => {
      const r = await run('perft', id, '--depth', '2');
      expect(r.status, r.stderr).toBe(0);
      const last = r.stdout.trimEnd().split('\n').at(-1)!;
      expect(last).toMatch(/^\d+$/);
      const options = definition!.parseOptions({});
      expect(options.ok).toBe(true);
      if (options.ok) expect(definition!.perft(options.value, 2)).toEqual({ ok: true, value: Number(last) });
    });
  }
});

/** The Hive engine's perft fixtures for the reverse sides (counts from the start, and midgame GameStrings). */
const further = JSON.parse(
  readFileSync(new URL('../../../packages/hive/test/perft.further.fixtures.json', import.meta.url), 'utf8'),
) as {
  counts: Record<string, number[]>;
  positions: { name: string; gameString: string; counts: number[] }[];
};

/** The last line of a successful `qiyuan perft`: the bare count. */
const perftCount = async (...args: string[]): Promise<string> => {
  const r = await run('perft', 'hive', ...args);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trimEnd().split('\n').at(-1)!;
};

describe('qiyuan perft hive with the reverse sides', () => {
  // The extended GameTypeString goes through --variant: a mixed roster, and the Mantis at the first depth it moves.
  it.each([
    ['Base+MLP:TF2W/R2DC', 3],
    ['Base:T2', 5],
    ['Base+P:C', 5],
  ] as const)('--variant %s --depth %i prints the fixture count', async (variant, depth) => {
    expect(await perftCount('--variant', variant, '--depth', String(depth))).toBe(
      String(further.counts[variant]![depth - 1]),
    );
  });

  // A midgame GameString (its own game type) through --position.
  it('--position <GameString> prints the fixture count', async () => {
    const { gameString, counts } = further.positions.find((p) => p.name === 'Dragonfly')!;
    expect(await perftCount('--position', gameString, '--depth', '2')).toBe(String(counts[1]));
  });

  it('refuses a malformed extended game type with the reason', async () => {
    const r = await run('perft', 'hive', '--variant', 'Base:D', '--depth', '1');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('needs the +M expansion');
  });
});

describe('qiyuan arena --from', () => {
  // A game's seats and seeds follow from its number, so part of a match is the same games as in the whole of it.
  const arena = async (...args: string[]) => {
    const r = await run(
      'arena',
      ...['--game', 'junqi', '--a', 'heuristic', '--b', 'random', '--seed', '4'],
      ...['--workers', '1', '--json', ...args],
    );
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const results = JSON.parse(lines[0]!).results as {
      index: number;
      seatsOfA: number[];
      plies: number;
      reason: string;
    }[];
    // Not on a terminal, each game is also a line on stderr as it ends, with the score so far.
    const told = [...r.stderr.matchAll(/^game (\d+): A (?:win|draw|loss) \(.+\); (\d+) games: /gm)];
    expect(told.map((m) => Number(m[1])).sort((x, y) => x - y)).toEqual(results.map((g) => g.index));
    expect(told.map((m) => Number(m[2]))).toEqual(results.map((_, i) => i + 1));
    return results.map(({ index, seatsOfA, plies, reason }) => ({ index, seatsOfA, plies, reason }));
  };

  it('plays the match from its K-th game, the very games the whole match plays there', async () => {
    const whole = await arena('--games', '5');
    const part = await arena('--games', '2', '--from', '3');
    expect(part.map((r) => r.index)).toEqual([3, 4]);
    expect(part).toEqual(whole.slice(3));
    // The games differ from one another (seeds 4–6), so equal lengths are the same games, not a coincidence.
    expect(new Set(whole.map((r) => r.plies)).size).toBeGreaterThan(2);
  });

  it('refuses a --from that is not a whole number', async () => {
    const r = await run('arena', '--game', 'chinese-checkers', '--a', 'greedy', '--b', 'random', '--from', '-1');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('--from must be a whole number');
  });
});

describe('qiyuan arena with more than two sides', () => {
  it('scores free-for-all Junqi by places as well as wins', { timeout: 180_000 }, async () => {
    const args = ['--game', 'junqi', '--players', '4', '--teams', 'ffa', '--a', 'heuristic', '--b', 'random'];
    const r = await run('arena', ...args, '--games', '2', '--seed', '3', '--workers', '1', '--json');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      games: number;
      places: { games: number; share: number };
      results: { index: number; places?: number }[];
    };
    expect(out.games).toBe(2);
    expect(out.places.games).toBe(2);
    // The share is the mean of the games' own shares (multiples of 1/6: three opponents, a tie counting half), and
    // the first game, played again here on the library, placed A exactly as the command says.
    const shares = out.results.map((g) => g.places!);
    expect(shares).toHaveLength(2);
    for (const x of shares) expect(Number.isInteger(x * 6)).toBe(true);
    expect(out.places.share).toBeCloseTo((shares[0]! + shares[1]!) / 2, 12);
    const first = { game: 'junqi', options: { players: '4', teams: 'ffa' }, a: 'heuristic', b: 'random' } as const;
    expect(playArenaGame({ ...first, index: 0, seed: 3 }).places).toBe(shares[0]);
    const text = await run('arena', ...args, '--games', '1', '--seed', '3', '--workers', '1');
    expect(text.stdout).toContain(
      `heuristic by places: ${(shares[0]! * 100).toFixed(1)}% of opponents placed behind over 1 games, Elo `,
    );
  });
});
