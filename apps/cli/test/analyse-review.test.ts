import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abalone } from '@qiyuan/abalone';
import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { qiyuan as run } from './run.js';

/** Black to move wins in one (bG3 -wQ surrounds the white queen); White's last move, wA1 bG2\, allowed it. */
const HIVE_WIN_IN_ONE =
  'Base;InProgress;Black[19];wS1;bS1 wS1-;wS2 \\wS1;bS2 bS1-;wB1 -wS1;bB1 bS1/;wQ wS2/;bQ bS2-;wB2 /wS1;bB1 wQ\\;wQ bB1/;bB2 /bS2;wG1 \\wS2;bG1 /bB2;wG2 -wS2;bG2 bB2\\;wG3 /wB2;bG2 -wQ;wQ bG2/;bB1 wQ\\;wQ bB1/;bG3 bB1\\;wB1 /wG2;bG2 wQ\\;wA1 wG3\\;bA1 bB2\\;wA1 bQ-;bA1 wQ/;wA2 -wS1;bA2 bB2\\;wA3 -wG2;bA2 -bA1;wA3 /bQ;bA3 /bG1;wS2 wG1/;bA3 bA1\\;wA1 bG2\\';

type Score = { cp: number } | { win: number } | { loss: number };

describe('qiyuan analyse', () => {
  it('--json: a win in one is {"win":1}, then the other lines, distinct, best first', { timeout: 60_000 }, async () => {
    const r = await run('analyse', 'hive', '--position', HIVE_WIN_IN_ONE, '--depth', '2', '--lines', '3', '--json');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { lines: { moves: string[]; score: Score }[] };
    expect(out.lines).toHaveLength(3);
    expect(out.lines[0]).toEqual({ moves: ['bG3 -wQ'], score: { win: 1 } });
    expect(new Set(out.lines.map((l) => l.moves[0])).size).toBe(3);
    const cps = out.lines.slice(1).map((l) => ('cp' in l.score ? l.score.cp : Number.NaN));
    expect(cps[0]).toBeGreaterThanOrEqual(cps[1]!);
  });

  it('without --json prints a table, from the start of a game its options describe', { timeout: 60_000 }, async () => {
    const r = await run('analyse', 'abalone', '--start', 'belgian-daisy', '--depth', '1', '--lines', '2');
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^seat 0 to move, depth 1/);
    expect(rows).toHaveLength(4);
    expect(rows[2]).toMatch(/^1 {2}\S+ +[A-I][1-9]/);
  });

  it('refuses bad input with a reason and a non-zero exit', async () => {
    const cases: [string[], RegExp][] = [
      [['analyse', 'go', '--depth', '1'], /unknown game "go"/],
      [['analyse', 'hive', '--position', 'Base;Nonsense', '--depth', '1'], /not a hive position/],
      [['analyse', 'hive', '--lines', '2'], /either --depth N or --time MS/],
      [['analyse', 'hive', '--depth', '1', '--time', '100'], /either --depth N or --time MS/],
      [['analyse', 'hive', '--depth', '0'], /--depth must be a whole number from 1/],
      [['analyse', 'hive', '--depth', '1', '--lines', 'x'], /--lines must be a whole number/],
      [['analyse', 'abalone', '--start', 'nowhere', '--depth', '1'], /bad options/],
    ];
    for (const [args, reason] of cases) {
      const r = await run(...args);
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stderr).toMatch(reason);
    }
  });
});

describe('qiyuan review', () => {
  it('--json judges every move from a record file: the move that allowed the win is a blunder', {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qiyuan-review-'));
    const file = join(dir, 'game.txt');
    writeFileSync(file, `${HIVE_WIN_IN_ONE.replace('InProgress;Black[19]', 'BlackWins;White[20]')};bG3 -wQ`);
    const r = await run('review', 'hive', '--record', file, '--depth', '2', '--json');
    expect(r.status, r.stderr).toBe(0);
    const review = JSON.parse(r.stdout) as {
      fullInformation: boolean;
      plies: { ply: number; seat: number; move: string; class: string; best: string; before: Score; after: Score }[];
      players: { seat: number; moves: number; counts: Record<string, number>; averageLoss: number }[];
    };
    expect(review.fullInformation).toBe(false);
    expect(review.plies).toHaveLength(38);
    const [blunder, win] = review.plies.slice(-2);
    expect(blunder).toMatchObject({ ply: 36, seat: 0, move: 'wA1 bG2\\', class: 'blunder', after: { loss: 2 } });
    expect(win).toMatchObject({ ply: 37, seat: 1, move: 'bG3 -wQ', class: 'best', before: { win: 1 } });
    expect(review.players.map((p) => p.moves)).toEqual([19, 19]);
    for (const p of review.players) {
      expect(Object.values(p.counts).reduce((a, b) => a + b, 0)).toBe(p.moves);
      expect(p.averageLoss).toBeGreaterThanOrEqual(0);
    }
  });

  it('prints a readable review of an Abalone record, and refuses a missing or broken record', {
    timeout: 60_000,
  }, async () => {
    const game = unwrap(abalone.create(unwrap(abalone.parseOptions({}))));
    const first = game.moveToString(game.legalMoves()[0]!);
    for (let i = 0; i < 2; i++) unwrap(game.play(game.legalMoves()[0]!));
    const dir = mkdtempSync(join(tmpdir(), 'qiyuan-review-'));
    const file = join(dir, 'game.txt');
    writeFileSync(file, abalone.exportGame(game));
    const r = await run('review', 'abalone', '--record', file, '--depth', '1');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(new RegExp(`^ {3}1\\. seat 0 {2}${first} `));
    expect(r.stdout).toMatch(/^seat 1: 1 moves, /m);
    expect((await run('review', 'abalone')).stderr).toMatch(/review needs --record FILE/);
    expect((await run('review', 'abalone', '--record', join(dir, 'missing.txt'))).stderr).toMatch(/cannot read/);
    writeFileSync(file, '1. A1A9');
    expect((await run('review', 'abalone', '--record', file)).stderr).toMatch(/not a abalone position/);
  });

  it('--help lists analyse and review', async () => {
    const out = (await run('--help')).stdout;
    for (const command of ['analyse', 'review']) expect(out).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
  });
});
