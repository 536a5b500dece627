import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server reads time and sets timers through its one clock (src/server-clock.ts): game time through the clock a
 * module is given, network plumbing through `realTime`. No other module reads the system's time or sets Node's
 * timers itself, so a test that hands in a ManualClock controls every deadline.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.(ts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
const relative = (file: string): string => path.relative(src, file).split(path.sep).join('/');
const CLOCK = 'server-clock.ts';

/** Reading the time or setting a timer without the clock; comments are not code and are left out. */
const TIME_SIGNS: readonly [string, RegExp][] = [
  ['Date.now()', /\bDate\s*\.\s*now\s*\(/],
  ['new Date() without a time', /\bnew\s+Date\s*\(\s*\)/],
  ['performance.now()', /\bperformance\s*\.\s*now\s*\(/],
  ['process.hrtime', /\bprocess\s*\.\s*hrtime\b/],
  ["Node's timers", /\b(setTimeout|setInterval)\s*\(/],
  ["the timers' promises", /node:timers\/promises/],
];
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('the clock boundary', () => {
  const files = sources(src);

  it('finds the modules it checks, the clock among them', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.map(relative)).toContain(CLOCK);
    expect(files.map(relative)).toContain('pairing-boot.mjs');
  });

  it('no module but the clock reads the time or sets a timer', () => {
    const found = files
      .filter((file) => relative(file) !== CLOCK)
      .flatMap((file) => {
        const text = code(readFileSync(file, 'utf8'));
        return TIME_SIGNS.filter(([, sign]) => sign.test(text)).map(([what]) => `${relative(file)}: ${what}`);
      });
    expect(found).toEqual([]);
  });

  it('the signs are real: the clock itself shows them, and comments or dated values do not', () => {
    const clock = code(readFileSync(path.join(src, CLOCK), 'utf8'));
    for (const i of [0, 4]) expect(TIME_SIGNS[i]![1].test(clock)).toBe(true);
    const any = (text: string) => TIME_SIGNS.some(([, sign]) => sign.test(code(text)));
    for (const text of ['const t = Date.now();', 'new Date()', 'await setTimeout (10)', 'performance.now()'])
      expect(any(text), text).toBe(true);
    for (const text of ['// as Date.now() gives', '/* a setTimeout( */', 'new Date(row.at).toISOString()'])
      expect(any(text), text).toBe(false);
  });
});
