import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { games } from '../src/games.js';

const bin = fileURLToPath(new URL('../bin/qiyuan.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('qiyuan command', () => {
  it('--help lists the commands', () => {
    const out = execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    for (const command of ['perft', 'bench']) expect(out).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
  });

  it('refuses an unknown game with a reason and a non-zero exit', () => {
    const r = run('perft', 'go', '--depth', '1');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('unknown game "go"');
  });

  it('refuses a missing or malformed depth', () => {
    const id = Object.keys(games)[0] ?? 'hive';
    const r = run('perft', id, '--depth', 'two');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/depth|unknown game/);
  });

  // Every registered engine answers perft with its defaults, and the last line is the bare count.
  for (const [id, definition] of Object.entries(games)) {
    it(`perft ${id} --depth 2 prints the engine's own count as a bare integer`, () => {
      const r = run('perft', id, '--depth', '2');
      expect(r.status, r.stderr).toBe(0);
      const last = r.stdout.trimEnd().split('\n').at(-1)!;
      expect(last).toMatch(/^\d+$/);
      const options = definition!.parseOptions({});
      expect(options.ok).toBe(true);
      if (options.ok) expect(definition!.perft(options.value, 2)).toEqual({ ok: true, value: Number(last) });
    });
  }
});
