import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AbaloneGame, CELLS, DIRECTION_NAMES } from '@qiyuan/abalone';
import { POINTS } from '@qiyuan/chinese-checkers';
import { type HiveGame, hive } from '@qiyuan/hive';
import { type ServerHandle, type ServerOptions, startServer } from '@qiyuan/server';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { connectChromium, serveStatic } from './browser.js';
import './global-setup.js';

/** The end-to-end tests' common ground: the app built once per run, served, and Debian's chromium driving it. */

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** The repository's screenshots folder (docs/screenshots). */
export const SHOTS = join(root, '..', '..', 'docs', 'screenshots');

/**
 * Saves the page as `docs/screenshots/<name>` when the run was asked for screenshots (`QIYUAN_SCREENSHOTS=1`), and
 * does nothing otherwise: the pictures are tracked files, and an ordinary test run leaves the tree as it found it.
 */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  if (process.env.QIYUAN_SCREENSHOTS !== '1') return;
  // the picture shows the page at rest: every transition and animation still running (a piece sliding in, a
  // highlight fading) has finished, waited for on the page rather than for a guessed time
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name) });
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The built app: built by the first caller of this run into the run's directory, under a lock (a directory made
 * atomically), while the test files of other processes wait; a marker file says the build finished.
 */
export const builtApp = async (): Promise<string> => {
  const dir = inject('webBuildDir');
  const outDir = join(dir, 'dist');
  const done = join(dir, 'built');
  const lock = join(dir, 'lock');
  for (;;) {
    if (existsSync(done)) return outDir;
    try {
      mkdirSync(lock);
    } catch {
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(done)) {
        await build({
          root,
          configFile: join(root, 'vite.config.ts'),
          logLevel: 'error',
          build: { outDir, emptyOutDir: true },
        });
        writeFileSync(done, '');
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
};

/**
 * A connection of this file's own to the run's one Chromium (launched by the first file that asks, global-setup.ts):
 * the file's pages live in browser contexts of their own, and closing the connection closes them.
 */
const sharedChromium = async (): Promise<Browser> => {
  const res = await fetch(inject('chromiumBroker'));
  const body = await res.text();
  if (!res.ok) throw new Error(`the run's Chromium did not start: ${body}`);
  return connectChromium(body);
};

export interface SiteOptions {
  /** Serve the app from the real game server (SQLite in a temporary directory) rather than as static files. */
  readonly server?: boolean;
  /** The server's allowance of logins and registrations per address and minute (its default is 20). */
  readonly authPerMinute?: number;
  /** How long a seek's creator may be away before the seek expires, in ms (the server's default is 3 minutes). */
  readonly seekExpiryMs?: number;
  /** The allowance for every seat's first move, in ms (the server's default is 30 s, 60 s in classical games). */
  readonly firstMoveMs?: number;
  /** How long a gone player is waited for at every speed that waits, in ms (the server's default is 15 s in bullet). */
  readonly absenceMs?: number;
  /** The server's mail settings (an SMTP server of the test's own); none: the server sends no mail. */
  readonly mail?: ServerOptions['mail'];
  /** The server's clock of game time (its default is the system's): a `SkippableClock` lets a test skip a wait. */
  readonly clock?: ServerOptions['clock'];
  /**
   * Pages that ask for reduced motion, as a player's system can: the boards then place each move at once instead of
   * sliding it. For the files that play whole games move by move, where the slides (redrawn by Chromium's software
   * renderer at every frame) are most of the browser's work; the slides themselves are checked by the other files.
   */
  readonly stillBoards?: boolean;
  /**
   * Lets the app's service worker install (the files that test it: the offline app, the security headers' check). Other
   * files' pages are a player's first visit without it: the worker would copy the app into a cache for every browser
   * context, and after 30 s idle fetch the offline pack too, work no other test looks at.
   */
  readonly serviceWorker?: boolean;
}

export interface Site {
  /** The page's address (`http://127.0.0.1:<port>/`). */
  readonly url: string;
  readonly browser: Browser;
  /** The game server behind the page, when the site was opened with one. */
  readonly server: ServerHandle | undefined;
  /**
   * Stops the game server (gracefully, as on SIGTERM), waits while `down` runs (what the test checks while no server
   * answers: the pages noticing, say), and starts it again on the same port and data: what a deployment does when it
   * restarts the server.
   */
  restartServer(down?: () => Promise<void>): Promise<void>;
  /**
   * A page in a browser context of its own (its own cookies: its own guest), in English, failing on any page error.
   * Junqi's marching outline stands still on it unless `march` is set (see `STILL_MARCH`).
   */
  newPage(width?: number, height?: number, touch?: boolean, march?: boolean): Promise<Page>;
  /** Closes the pages `newPage` opened that are still open (each test's, when it ends: see `useSite`). */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Holds still the one endless animation of the app, the dashes marching round the Junqi army whose turn it is (a CSS
 * animation of an SVG stroke: the renderer repaints the whole board at every frame while a Junqi game is on screen).
 * Measured with Debian's Chromium in software rendering: two pages left on a Junqi game took 9.5–10.1 s of CPU in 12 s
 * with the dashes marching, 1.3–1.4 s with them still (docs/BENCHMARKS.md, "Test suite"). The outline is drawn as
 * players see it, only not moving; a page made with `march` keeps the animation, for the test that checks it runs
 * (settings.e2e). It pauses the animation rather than removing it, so the app's own rule that removes it (animation
 * off, reduced motion) still does what it does.
 */
const STILL_MARCH = `(() => {
  const add = () => {
    const s = document.createElement('style');
    s.dataset.test = 'still-march';
    s.textContent = '.jq-zone.active{animation-play-state:paused!important}';
    document.head.prepend(s);
  };
  if (document.head) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
})()`;

/**
 * The built app in chromium: served statically (one-screen games and the AI need no server), or by the real game
 * server on SQLite in a temporary directory (`server: true`).
 */
export const openSite = async (opts: SiteOptions = {}): Promise<Site> => {
  const webDir = await builtApp();
  const limits = {
    // test accounts are new: organising a public tournament needs no standing here
    organiserStanding: { minAgeMs: 0, minRatedGames: 0 },
    ...(opts.authPerMinute === undefined ? {} : { authPerMinute: opts.authPerMinute }),
    ...(opts.seekExpiryMs === undefined ? {} : { seekExpiryMs: opts.seekExpiryMs }),
    ...(opts.firstMoveMs === undefined ? {} : { firstMoveMs: opts.firstMoveMs }),
    ...(opts.absenceMs === undefined ? {} : { absenceMs: opts.absenceMs }),
    ...(opts.mail === undefined ? {} : { mail: opts.mail }),
    ...(opts.clock === undefined ? {} : { clock: opts.clock }),
  };
  let server: ServerHandle | undefined;
  let dataDir: string | undefined;
  let url: string;
  let closeServer: () => Promise<void>;
  if (opts.server) {
    dataDir = mkdtempSync(join(tmpdir(), 'qiyuan-web-db-'));
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, webDir, logLevel: 'silent', ...limits });
    url = server.url;
    closeServer = () => server!.close();
  } else {
    const site = await serveStatic(webDir);
    url = site.url;
    closeServer = () => site.close();
  }
  const browser = await sharedChromium();
  const contexts = new Set<BrowserContext>();
  return {
    url,
    browser,
    get server() {
      return server;
    },
    restartServer: async (down = async () => {}) => {
      if (!server || !dataDir) throw new Error('this site has no game server');
      const port = Number(new URL(url).port);
      await server.close();
      await down();
      server = await startServer({ port, host: '127.0.0.1', dataDir, webDir, logLevel: 'silent', ...limits });
    },
    newPage: async (width = 1100, height = 900, touch = false, march = false) => {
      const context = await browser.newContext({
        viewport: { width, height },
        locale: 'en-US',
        hasTouch: touch,
        ...(opts.stillBoards ? { reducedMotion: 'reduce' as const } : {}),
        ...(opts.serviceWorker ? {} : { serviceWorkers: 'block' as const }),
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      if (!march) await context.addInitScript(STILL_MARCH);
      const page = await context.newPage();
      page.on('pageerror', (e) => {
        throw e;
      });
      return page;
    },
    closePages: async () => {
      await Promise.all([...contexts].map((c) => c.close()));
    },
    close: async () => {
      await browser.close();
      await closeServer();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Waits for a page value; a loaded 2-core machine can take seconds between a click and the re-render. */
export const poll = <T>(read: () => Promise<T> | T, timeout = 20_000): ReturnType<typeof expect.poll<T>> =>
  expect.poll(read, { timeout, interval: 50 });

/** How many entries the game page's move list shows. */
export const moveCount = (page: Page): Promise<number> => page.locator('[data-testid=move-list] li').count();

/**
 * Opens a site for a test file (before its tests, closed after them).
 * The returned handle reads the site lazily, since the site exists only once `beforeAll` has run.
 */
export const useSite = (opts: SiteOptions = {}) => {
  let site: Site | undefined;
  beforeAll(async () => {
    site = await openSite(opts);
  }, 300_000);
  // A page left open keeps its renderer busy (a clock ticking, an AI thinking, Junqi's outline) through the file's
  // later tests; each test's pages are closed when it ends, as a test that closes them itself does.
  afterEach(() => site?.closePages());
  afterAll(() => site?.close());
  const open = (): Site => {
    if (!site) throw new Error('the site is opened in beforeAll');
    return site;
  };
  return {
    get url(): string {
      return open().url;
    },
    get server(): ServerHandle | undefined {
      return open().server;
    },
    get browser(): Browser {
      return open().browser;
    },
    newPage: (width?: number, height?: number, touch?: boolean, march?: boolean): Promise<Page> =>
      open().newPage(width, height, touch, march),
    restartServer: (down?: () => Promise<void>): Promise<void> => open().restartServer(down),
  };
};

/** The time a click may wait for its target to take it: a covered or missing board fails here, with the reason. */
const CLICK_MS = 10_000;

/**
 * Plays one move on a point board (Chinese Checkers): clicks the piece on `from`, then the target `to`. The piece
 * must be movable first (after the other side's move the board takes a moment to hear that this player may act).
 * The clicks are real ones: a click that something covers (the pass-the-device screen, a dialog) is refused and
 * fails the test. A click that lands while the board is redrawing selects nothing, and is tried again.
 */
export const pointMove = async (page: Page, from: string, to: string): Promise<void> => {
  await page.locator(`svg.board .piece.movable[data-at="${from}"]`).waitFor({ timeout: 30_000 });
  await selectThenMove(page, async () => from, page.locator(`svg.board .hit.target[data-id="${to}"]`));
};

/**
 * Plays one legal move on a point board by clicking a movable piece and then its first target. The piece is read
 * afresh on each try: a click that lands while the board is still redrawing (after a take-back, say) selects
 * nothing, and the next try picks the new position's piece.
 */
export const clickMove = async (page: Page): Promise<void> => {
  const piece = page.locator('svg.board .piece.movable').first();
  await selectThenMove(
    page,
    async () => (await piece.getAttribute('data-at', { timeout: 30_000 })) ?? '',
    page.locator('svg.board .hit.target').first(),
  );
};

/** Clicks the piece on `from()` until `target` appears (five tries), clicks it and waits for the move to land. */
const selectThenMove = async (page: Page, from: () => Promise<string>, target: Locator): Promise<void> => {
  const before = await moveCount(page);
  for (let attempt = 0; ; attempt++) {
    await page.locator(`svg.board .hit[data-id="${await from()}"]`).click({ timeout: CLICK_MS });
    try {
      await target.waitFor({ state: 'attached', timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
  await target.click({ timeout: CLICK_MS });
  // wait for the move to land, so the next click never reads the previous position's pieces
  await poll(() => moveCount(page)).toBeGreaterThan(before);
};

/** A Chinese Checkers move in notation played by two clicks on the star: the piece, then where it stops. */
export const ccMove = (page: Page, notation: string): Promise<void> => {
  // `a1-c1-e7` names every landing of a chain, `g7xi5` a 食棋 capture: the piece's point, then where it stops
  const points = notation.split(/[-x]/);
  const [from, to] = [points[0]!, points.at(-1)!].map((name) => {
    const p = POINTS.find((x) => x.name === name);
    if (!p) throw new Error(`${name} is not a point of the star`);
    return String(p.id);
  }) as [string, string];
  return pointMove(page, from, to);
};

/** The moves the page's move list shows, as their notation (without the seat's name before each). */
export const shownMoves = (page: Page): Promise<string[]> =>
  page.locator('[data-testid=move-list] li button').evaluateAll((buttons) =>
    buttons.map((b) => {
      const who = b.querySelector('.who')?.textContent ?? '';
      return (b.textContent ?? '').slice(who.length).trim();
    }),
  );

/**
 * The pass-the-device screen covers the whole board: wherever on the board a player clicks, the browser finds the
 * screen there (as a click does; it is also what a test's click checks before it clicks), so nothing beneath it can
 * be selected or moved.
 */
export const expectBoardCovered = async (page: Page): Promise<void> => {
  const covered = await page.evaluate(() => {
    const box = document.querySelector('.board-host')!.getBoundingClientRect();
    // in the page's coordinates: a board taller than the window is checked to its bottom, scrolled into sight
    const left = box.left + window.scrollX;
    const top = box.top + window.scrollY;
    const found: boolean[] = [];
    for (const fx of [0.5, 0.05, 0.95])
      for (const fy of [0.5, 0.05, 0.95]) {
        const x = left + box.width * fx;
        const y = top + box.height * fy;
        window.scrollTo(Math.max(0, x - window.innerWidth / 2), Math.max(0, y - window.innerHeight / 2));
        found.push(document.elementFromPoint(x - window.scrollX, y - window.scrollY)?.closest('.curtain') != null);
      }
    window.scrollTo(left - box.left, top - box.top);
    return found;
  });
  expect(covered).toEqual(covered.map(() => true));
};

/**
 * Abalone: the marbles and direction a player picks for a move in notation (`A1A3`, `C5C6B5`), read from the
 * engine's own grouping of the legal moves; the marbles in ascending order, as clicks build a selection.
 */
export const abaloneClicks = (game: AbaloneGame, notation: string): { marbles: string[]; dir: string } => {
  for (const sel of game.selections())
    for (const c of sel.choices)
      if (game.moveToString(c.move) === notation)
        return { marbles: sel.marbles.map((m) => CELLS[m]!.name), dir: DIRECTION_NAMES[c.direction]! };
  throw new Error(`${notation} is not legal here`);
};

/**
 * Selects Abalone marbles by clicking them, then clicks the arrow of direction `dir` (or the first one offered);
 * waits for the move to land. The marbles must be this player's to move: after the other side's move the board
 * takes a moment to offer them.
 */
export const abaloneMove = async (page: Page, marbles: readonly string[], dir?: string): Promise<void> => {
  const before = await moveCount(page);
  const selected = page.locator('svg.board');
  await page.locator(`svg.board .ab-cell.own[data-cell="${marbles[0]}"]`).waitFor({ timeout: 30_000 });
  for (let attempt = 0; ; attempt++) {
    for (const m of marbles) await page.locator(`svg.board .ab-cell[data-cell="${m}"]`).click({ timeout: CLICK_MS });
    try {
      await poll(() => selected.getAttribute('data-selected'), 5_000).toBe(marbles.join(' '));
      break;
    } catch (e) {
      if (attempt === 4) throw e;
      // a click before the board offered this side's moves selected nothing, or only some: start again
      await page.keyboard.press('Escape');
    }
  }
  const arrow = page.locator(`svg.board .ab-arrow${dir ? `[data-dir="${dir}"]` : ''}`).first();
  await arrow.hover({ timeout: CLICK_MS });
  await arrow.click({ timeout: CLICK_MS });
  await poll(() => moveCount(page)).toBeGreaterThan(before);
};

/** An Abalone move in notation played through the board, then on the test's engine. */
export const abaloneLineMove = async (page: Page, game: AbaloneGame, notation: string): Promise<void> => {
  const { marbles, dir } = abaloneClicks(game, notation);
  await abaloneMove(page, marbles, dir);
  const m = game.parseMove(notation);
  expect(m.ok && game.play(m.value).ok).toBe(true);
};

/** A nine-ply Hive line (found with the engine) in which Black surrounds the white Queen. */
export const QUEEN_SURROUND = [
  'wS1',
  'bS1 wS1-',
  'wS2 -wS1',
  'bQ bS1/',
  'wQ wS2/',
  'bQ wQ-',
  'wB1 \\wQ',
  'bS1 wB1-',
  'wB2 -wQ',
] as const;

/** A fresh game of base Hive, kept by a test beside the page to name each move's cells. */
export const newHive = (variant = 'Base'): HiveGame => {
  const options = hive.parseOptions({ variant });
  if (!options.ok) throw new Error(options.error.reason);
  const created = hive.create(options.value);
  if (!created.ok) throw new Error(created.error.reason);
  return created.value;
};

/**
 * Plays a UHP move through the Hive board: the test's engine names the cells. A tile on the board is dragged to its
 * target (`drag`) or clicked and then the target clicked; a tile from the reserve is clicked, then its target.
 * Waits for the move to reach the move list, then plays it on the test's engine too.
 */
export const hiveMove = async (
  page: Page,
  game: HiveGame,
  uhp: string,
  opts: { drag?: boolean; shot?: string } = {},
): Promise<void> => {
  const m = game.viewFor(game.position.side).legal.find((x) => x.uhp === uhp);
  if (!m) throw new Error(`${uhp} is not legal here`);
  const before = await moveCount(page);
  if (uhp === 'pass') {
    // the page offers a pass only when it is the only move
    await page.getByTestId('pass').click({ timeout: CLICK_MS });
    await poll(() => moveCount(page)).toBeGreaterThan(before);
    expect(game.play(game.legalMoves().find((x) => game.moveToString(x) === 'pass')!).ok).toBe(true);
    return;
  }
  const target = page.locator(`svg.board .hv-cell.target[data-cell="${m.to.q},${m.to.r}"]`);
  if (m.from) {
    // After a curtain or an opponent's move the board takes a moment to hear that this player may act.
    const source = page.locator(`svg.board .hv-cell.movable[data-cell="${m.from.q},${m.from.r}"]`);
    await source.waitFor({ state: 'visible' });
    if (opts.drag) {
      const from = (await source.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 2 });
      await target.waitFor({ state: 'attached' });
      const to = (await target.boundingBox())!;
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
      await page.mouse.up();
    } else {
      await source.click();
      await target.waitFor({ state: 'attached' });
      await target.click();
      // two moves of one tile to one cell (a Pillbug's throw and the tile's own move, say): the page asks which
      const choice = page.locator('.hv-chooser .hv-choice').filter({ hasText: uhp });
      if ((await moveCount(page)) === before && (await choice.count()) > 0) await choice.first().click();
    }
  } else {
    await page.locator(`.hv-reserve[data-piece="${m.piece}"]:not([disabled])`).click();
    await target.waitFor({ state: 'attached' });
    if (opts.shot) await screenshot(page, opts.shot);
    await target.click();
  }
  await poll(() => moveCount(page)).toBeGreaterThan(before);
  const played = game.play(game.legalMoves().find((x) => game.moveToString(x) === uhp)!);
  expect(played.ok).toBe(true);
};
