import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../../apps/cli/bin/qiyuan.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('qiyuan junqi board / perft', () => {
  it.each([
    // the counts the issue asks for
    ['2', 60, 98, 35],
    ['4', 129, 196, 92],
  ])('board --players %s --json: %i points, %i road and %i rail edges', (players, points, road, rail) => {
    const r = run('junqi', 'board', '--players', players, '--json');
    expect(r.status, r.stderr).toBe(0);
    const board = JSON.parse(r.stdout) as { points: { kind: string }[]; edges: { kind: string }[] };
    expect(board.points.length).toBe(points);
    expect(board.edges.filter((e) => e.kind === 'road').length).toBe(road);
    expect(board.edges.filter((e) => e.kind === 'rail').length).toBe(rail);
    expect(new Set(board.points.map((p) => p.kind))).toEqual(new Set(['station', 'camp', 'hq']));
  });

  it('perft prints the fixture count as its last line', () => {
    // two players, classic preset, depth 2
    const r = run('perft', 'junqi', '--players', '2', '--setup', 'classic', '--depth', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('1234');
  });

  it('bad input is refused with a reason', () => {
    // an unknown player count and an unknown preset
    expect(run('junqi', 'board', '--players', '5').status).not.toBe(0);
    const r = run('perft', 'junqi', '--setup', 'nope', '--depth', '1');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/setup/);
  });
});
