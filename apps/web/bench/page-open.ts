import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@qiyuan/server';
import { type BrowserContextOptions, chromium } from 'playwright-core';
import { launchChromiumServer } from '../test/browser.js';
import { DIST } from './first-visit.js';

/**
 * What one page costs the browser tests' Chromium, step by step: a fresh browser context with a blank page, the same
 * with the home page loaded, a new page in a context kept open, a navigation in one page, a reload. Each step runs
 * a dozen times from `qiyuan serve`'s code (SQLite) with the harness's launch flags and context options, and is
 * reported as the CPU time of Chromium's whole process tree per repetition (user + system from `/proc`, exited
 * children included) and its wall time. The browser files of `npm test` open a few hundred pages, so this is the
 * unit of their cost (docs/BENCHMARKS.md, "Test suite"). Needs a built app (`npm run build -w @qiyuan/web`).
 *
 *   node --import tsx apps/web/bench/page-open.ts [repetitions]
 */

const TICK = 100; // clock ticks a second (`getconf CLK_TCK` on Linux)

/** CPU seconds of a process and its descendants, living ones from their own stat, exited ones from their parents'. */
const treeCpu = (root: number): number => {
  const stats = new Map<number, { parent: number; own: number; children: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // the fields after the command's closing parenthesis: state, ppid, … utime (12th), stime, cutime, cstime
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), {
        parent: Number(f[1]),
        own: Number(f[11]) + Number(f[12]),
        children: Number(f[13]) + Number(f[14]),
      });
    } catch {
      // the process ended between the listing and the read
    }
  }
  const tree = new Set([root]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const [pid, s] of stats)
      if (tree.has(s.parent) && !tree.has(pid)) {
        tree.add(pid);
        grown = true;
      }
  }
  let ticks = 0;
  for (const pid of tree) {
    const s = stats.get(pid);
    if (s) ticks += s.own + s.children;
  }
  return ticks / TICK;
};

const repetitions = Number(process.argv[2] ?? 12);
const dataDir = mkdtempSync(join(tmpdir(), 'qiyuan-page-open-'));
const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, webDir: DIST, logLevel: 'silent' });
const browserServer = await launchChromiumServer();
const pid = browserServer.process().pid;
if (pid === undefined) throw new Error('Chromium has no process id');
const browser = await chromium.connect(browserServer.wsEndpoint());
/** The harness's context: its viewport, language and blocked service worker (apps/web/test/harness.ts). */
const options: BrowserContextOptions = {
  viewport: { width: 1100, height: 900 },
  locale: 'en-US',
  serviceWorkers: 'block',
};
const home = server.url;

const step = async (name: string, once: () => Promise<void>): Promise<void> => {
  const cpu = treeCpu(pid);
  const start = performance.now();
  for (let i = 0; i < repetitions; i++) await once();
  const each = (x: number) => ((x / repetitions) * 1000).toFixed(0);
  console.log(
    `${name.padEnd(48)} ${each(treeCpu(pid) - cpu).padStart(6)} ms CPU  ${each((performance.now() - start) / 1000).padStart(6)} ms wall`,
  );
};

try {
  // the first contexts warm Chromium's caches of fonts and code; not counted
  await step('(warm-up: a context with the home page)', async () => {
    const context = await browser.newContext(options);
    await (await context.newPage()).goto(home);
    await context.close();
  });
  await step('a context with a blank page, closed', async () => {
    const context = await browser.newContext(options);
    await context.newPage();
    await context.close();
  });
  await step('a context with the home page, closed', async () => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(home);
    await page.getByTestId('start').waitFor();
    await context.close();
  });
  const kept = await browser.newContext(options);
  await step('a page with the home page in a kept context, closed', async () => {
    const page = await kept.newPage();
    await page.goto(home);
    await page.getByTestId('start').waitFor();
    await page.close();
  });
  const page = await kept.newPage();
  await step('the home page loaded again in one page', async () => {
    await page.goto('about:blank');
    await page.goto(home);
    await page.getByTestId('start').waitFor();
  });
  await step('the home page reloaded', async () => {
    await page.reload();
    await page.getByTestId('start').waitFor();
  });
  await kept.close();
} finally {
  await browser.close();
  await browserServer.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
