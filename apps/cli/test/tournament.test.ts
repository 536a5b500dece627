import { describe, expect, it } from 'vitest';
import { qiyuan as run } from './run.js';

type Pairing = { white: string; black: string } | { bye: string } | { table: string[] };
interface Output {
  rounds: Pairing[][];
  standings: { rank: number; id: string; points: number; tiebreaks: { name: string; value: number }[] }[];
}

const simulate = async (...args: string[]): Promise<Output> => {
  const r = await run('tournament', 'simulate', ...args, '--json');
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Output;
};

/** Every pairing has exactly one of the three shapes the issue names. */
const shapeOf = (p: Pairing): string => Object.keys(p).sort().join(',');

describe('qiyuan tournament simulate', () => {
  it('is listed in qiyuan --help and tournament --help', async () => {
    expect((await run('--help')).stdout).toMatch(/^\s+tournament\b/m);
    expect((await run('tournament', '--help')).stdout).toMatch(/^\s+simulate\b/m);
  });

  it('a Swiss of 13 over 5 rounds: exactly {"rounds", "standings"}, the same for the same seed', async () => {
    const out = await simulate('--system', 'swiss', '--players', '13', '--rounds', '5', '--seed', '4');
    expect(Object.keys(out)).toEqual(['rounds', 'standings']);
    expect(out.rounds).toHaveLength(5);
    const met = new Set<string>();
    for (const round of out.rounds) {
      expect(round.map(shapeOf).sort()).toEqual([...Array(6).fill('black,white'), 'bye']);
      for (const p of round)
        if ('white' in p) {
          const key = [p.white, p.black].sort().join();
          expect(met.has(key)).toBe(false);
          met.add(key);
        }
    }
    expect(out.standings).toHaveLength(13);
    expect(out.standings.map((s) => s.rank)).toEqual([...out.standings.map((s) => s.rank)].sort((a, b) => a - b));
    expect(await simulate('--system', 'swiss', '--players', '13', '--rounds', '5', '--seed', '4')).toEqual(out);
    expect(await simulate('--system', 'swiss', '--players', '13', '--rounds', '5', '--seed', '5')).not.toEqual(out);
  });

  it('round-robin, knockout and arena', async () => {
    expect((await simulate('--system', 'round-robin', '--players', '6', '--double')).rounds).toHaveLength(10);
    const knockout = await simulate('--system', 'knockout', '--players', '5', '--seed', '2', '--match-games', '2');
    expect(knockout.rounds.map((r) => r.length)).toEqual([4, 2, 1]);
    expect(knockout.rounds[0]!.filter((p) => 'bye' in p)).toHaveLength(3);
    const arena = await simulate('--system', 'arena', '--players', '9', '--rounds', '4');
    expect(arena.rounds.map((r) => r.length)).toEqual([4, 4, 4, 4]);
  });

  it('6-player tables print {"table":[…]}', async () => {
    const out = await simulate('--system', 'swiss', '--players', '13', '--rounds', '3', '--table-size', '6');
    for (const round of out.rounds) {
      expect(round.map(shapeOf)).toEqual(['table', 'table', 'bye']);
      for (const p of round) if ('table' in p) expect(p.table).toHaveLength(6);
    }
  });

  it('without --json prints each round and a table of standings', async () => {
    const r = await run('tournament', 'simulate', '--system', 'knockout', '--players', '4');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Round 1: p\d+ – p\d+ · p\d+ – p\d+$/m);
    expect(r.stdout).toMatch(/^\s+1\s+p\d+\s/m);
  });

  it.each([
    [['--system', 'go', '--players', '4'], '--system must be one of'],
    [['--system', 'swiss', '--players', '4'], 'a Swiss needs --rounds'],
    [['--system', 'swiss', '--players', 'four', '--rounds', '2'], '--players must be a whole number'],
    [['--system', 'knockout', '--players', '6', '--table-size', '6'], 'seated Swiss-style only'],
    [['--system', 'swiss', '--players', '2', '--rounds', '2'], 'no pairing of round 2'],
  ])('refuses %j with the reason', async (args, reason) => {
    const r = await run('tournament', 'simulate', ...args);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(reason);
  });
});
