import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const nokamute = process.env.QIYUAN_NOKAMUTE ?? resolve(root, '../shared/anchors/nokamute/nokamute');
const present = existsSync(nokamute);
/** Terminal colour codes (ESC [ … m). */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
if (!present) console.warn(`skipping nokamute's UHP suite: nokamute not found at ${nokamute} (set QIYUAN_NOKAMUTE)`);

/**
 * nokamute's `uhp-debug` drives `qiyuan uhp` through its conformance suite, then plays random games comparing
 * the valid moves and results with its own generator at every ply (`--search=Base+MLP`). We read until `iterations` random games are
 * done (it would go on for ever), and require every suite case passed and no discrepancy.
 */
describe.skipIf(!present)("nokamute's UHP conformance suite", () => {
  it('passes every case and finds no discrepancy in random games', async () => {
    const iterations = 1000;
    const out = await new Promise<string>((done, failed) => {
      const child = spawn(
        nokamute,
        ['uhp-debug', '--search=Base+MLP', process.execPath, resolve(root, 'apps/cli/bin/qiyuan.js'), 'uhp'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        text += chunk;
      });
      let text = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        // Colour codes off, so that the checks read plain words.
        text += chunk.replace(COLOUR, '');
        if (text.includes(`iter ${iterations}\n`) || /discrepancy|disagreement/.test(text)) {
          child.kill();
          done(text);
        }
      });
      child.on('error', failed);
      child.on('exit', () => done(text));
    });
    const cases = out.split('\n').filter((l) => l.startsWith('Test '));
    expect(cases.length).toBeGreaterThan(15);
    expect(cases.filter((l) => !/passed$|skipped$/.test(l))).toEqual([]);
    expect(out).toContain('Exploring random games');
    expect(out).not.toMatch(/discrepancy|disagreement/);
    expect(out).toContain(`iter ${iterations}`);
  }, 600_000);
});
