import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TONES } from '../src/sound-tones.js';
import { clickMove, hiveMove, moveCount, newHive, poll, useSite } from './harness.js';
import { createSeek } from './online-ui.js';
import { frames, openLocal, setPreferences, startLocal } from './ui.js';

/**
 * The settings do what they say on every board and in every kind of game: sounds (one screen, against the AI,
 * online), the board theme, the piece style, coordinates, and animations (off, or reduced motion asked by the
 * system). Served by the real server, so that the online low-time sound can be heard too.
 */
const site = useSite({ server: true });

/**
 * A page that records what it does with sound and motion: the pitch of every oscillator started (each cue starts on
 * its own pitch, see TONES), every CSS transition that starts and every scripted animation. Junqi's marching outline
 * moves on it, as it does for players (the harness holds it still on other pages).
 */
const observedPage = async (opts: { reducedMotion?: boolean } = {}): Promise<Page> => {
  const page = await site.newPage(undefined, undefined, undefined, true);
  await page.addInitScript(() => {
    const w = window as unknown as { tones: number[]; motion: number };
    w.tones = [];
    w.motion = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...a: Parameters<OscillatorNode['start']>) {
      w.tones.push(this.frequency.value);
      return start.apply(this, a);
    };
    document.addEventListener('transitionrun', () => w.motion++, true);
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...a: Parameters<Element['animate']>) {
      w.motion++;
      return animate.apply(this, a);
    };
  });
  if (opts.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
};

/** The cues heard so far, by their first pitch. */
const heard = (page: Page): Promise<string[]> =>
  page.evaluate(
    (firsts) =>
      (window as unknown as { tones: number[] }).tones.flatMap((hz) =>
        firsts.filter(([, f]) => f === hz).map(([c]) => c),
      ),
    Object.entries(TONES).map(([cue, notes]) => [cue, Math.fround(notes[0]!.hz)] as [string, number]),
  );
const motion = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { motion: number }).motion);
const resetMotion = (page: Page): Promise<void> =>
  page.evaluate(() => {
    (window as unknown as { motion: number }).motion = 0;
  });

const cell = (page: Page, name: string) => page.locator(`svg.board .ab-cell[data-cell="${name}"]`);

/** Selects Abalone marbles by clicking them, then clicks the arrow of `dir`; waits for the move to land. */
const abaloneMove = async (page: Page, marbles: readonly string[], dir: string) => {
  const before = await moveCount(page);
  for (const m of marbles) await cell(page, m).click();
  await poll(() => page.locator('svg.board').getAttribute('data-selected')).toBe(marbles.join(' '));
  await page.locator(`svg.board .ab-arrow[data-dir="${dir}"]`).click();
  await poll(() => moveCount(page)).toBeGreaterThan(before);
};

/** Four Hive placements, then a white tile moves on the board (the move that slides); the game is returned. */
const hiveToBoardMove = async (page: Page) => {
  const game = newHive();
  for (const m of ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-']) await hiveMove(page, game, m);
  const slide = game.viewFor(0).legal.find((m) => m.from !== null)!;
  return { game, slide: slide.uhp };
};

describe('sound', () => {
  // one screen: a move, a capture (a marble pushed off), the end; with sound off, nothing
  it('sounds moves, captures and the end at one screen, and nothing when off', async () => {
    const page = await observedPage();
    await startLocal(page, site.url, 'abalone', 'hotseat', { start: 'belgian-daisy' });
    await abaloneMove(page, ['A1', 'A2'], 'E');
    await poll(() => heard(page)).toEqual(['move']);
    await abaloneMove(page, ['C5', 'B4'], 'SW');
    await poll(() => heard(page)).toEqual(['move', 'capture']);
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-yes').click();
    await poll(() => heard(page)).toEqual(['move', 'capture', 'end']);
    await setPreferences(page, site.url, { sound: false });
    // a new document (the home page loads afresh): nothing heard yet
    await startLocal(page, site.url, 'chinese-checkers', 'hotseat');
    expect(await heard(page)).toEqual([]);
    await clickMove(page);
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-yes').click();
    await poll(() => page.getByTestId('status').textContent()).toContain('Game over');
    await frames(page);
    expect(await page.evaluate(() => (window as unknown as { tones: number[] }).tones)).toEqual([]);
    await page.context().close();
  });

  // against the AI: the AI's reply sounds too, with no click before it
  it('sounds the AI’s moves', async () => {
    const page = await observedPage();
    await startLocal(page, site.url, 'chinese-checkers', 'ai');
    await clickMove(page);
    await poll(() => moveCount(page), 30_000).toBe(2);
    await poll(() => heard(page)).toEqual(['move', 'move']);
    await page.context().close();
  });

  // online, 6 s a move against the server's AI: my clock falls into low time (under 5 s) and beeps once. It runs
  // from my second move: before my first move my clock stands (the first-move rule)
  it('warns of low time on my clock online', async () => {
    const page = await observedPage();
    await createSeek(page, site.url, 'chinese-checkers', { clock: { secondsPerMove: '6' }, ai: [0] });
    await page.waitForSelector('svg.board .piece');
    await clickMove(page);
    await poll(() => moveCount(page), 30_000).toBe(2);
    await poll(() => heard(page), 30_000).toContain('lowTime');
    expect((await heard(page)).filter((c) => c === 'lowTime')).toHaveLength(1);
    await page.context().close();
  });
});

describe('board look', () => {
  /** A local game of each board, started once; the looks are read from each after every change of setting. */
  const startAll = async (page: Page) => {
    const ids = {
      cc: await startLocal(page, site.url, 'chinese-checkers', 'hotseat'),
      abalone: await startLocal(page, site.url, 'abalone', 'hotseat'),
      junqi: await startLocal(page, site.url, 'junqi', 'hotseat', { mode: 'open' }),
      hive: await startLocal(page, site.url, 'hive', 'hotseat', { variant: 'Base' }),
    };
    // a Hive tile on the board (the last move is marked in the theme's colour)
    await hiveMove(page, newHive(), 'wS1');
    return ids;
  };

  /** Colours each board draws with, read from the page's computed styles. */
  const colours = async (page: Page, ids: Record<string, string>) => {
    const read = (selector: string, props: readonly string[]) =>
      page
        .locator(selector)
        .first()
        .evaluate((e, ps) => ps.map((p) => getComputedStyle(e).getPropertyValue(p)).join(' '), props);
    const out: Record<string, string> = {};
    await openLocal(page, site.url, ids.cc!);
    out.cc = `${await read('svg.board', ['background-color'])} ${await read('.cc-lines line', ['stroke'])}`;
    await openLocal(page, site.url, ids.abalone!);
    out.abalone = `${await read('.ab-hole', ['fill', 'stroke'])} ${await read('.ab-frame', ['fill'])}`;
    await openLocal(page, site.url, ids.hive!);
    out.hive = `${await read('svg.board', ['background-color'])} ${await read('svg.board .hv-last', ['stroke'])}`;
    await openLocal(page, site.url, ids.junqi!);
    out.junqi = `${await read('.jq-sheet', ['fill'])} ${await read('.jq-post', ['fill'])}`;
    return out;
  };

  // every theme gives every board its own colours: holes, frames, highlights and lines, not only the background
  it('recolours all four boards with each theme', async () => {
    const page = await observedPage();
    const ids = await startAll(page);
    const seen: Record<string, Set<string>> = { cc: new Set(), abalone: new Set(), hive: new Set(), junqi: new Set() };
    for (const theme of ['wood', 'jade', 'slate', 'contrast']) {
      await setPreferences(page, site.url, { theme });
      for (const [board, c] of Object.entries(await colours(page, ids))) seen[board]!.add(c);
    }
    for (const [board, set] of Object.entries(seen)) expect(set.size, board).toBe(4);
    await page.context().close();
  });

  // each piece style shows on each board: shine or none, the bug drawn in colour or in one ink, letters on pieces
  it('draws the pieces of all four boards in each style', async () => {
    const page = await observedPage();
    const ids = await startAll(page);
    const look = async () => {
      await openLocal(page, site.url, ids.cc);
      const cc = {
        shine: await page.locator('svg.board .piece .shine').count(),
        letters: await page.locator('svg.board .piece .marble-letter').allTextContents(),
      };
      await openLocal(page, site.url, ids.abalone);
      const abalone = {
        shine: await page.locator('svg.board .ab-shine').count(),
        letters: [...new Set(await page.locator('svg.board .marble-letter').allTextContents())].sort(),
      };
      await openLocal(page, site.url, ids.hive);
      const tile = page.locator('svg.board .hv-cell .hv-tile').first();
      const hive = {
        ink: await tile.locator('g[color]').evaluateAll((g) => g.map((x) => x.getAttribute('color'))),
        letter: await tile.locator('.hv-letter').allTextContents(),
      };
      await openLocal(page, site.url, ids.junqi);
      const junqi = {
        shadows: await page.locator('svg.jq-board .jq-tile .sh').count(),
        faces: [...new Set(await page.locator('svg.jq-board .jq-tile text').allTextContents())].sort().join(''),
      };
      return { cc, abalone, hive, junqi };
    };
    await setPreferences(page, site.url, { pieces: 'classic' });
    const classic = await look();
    expect(classic.cc.shine).toBe(20);
    expect(classic.cc.letters).toEqual([]);
    expect(classic.abalone.shine).toBe(28);
    expect(classic.hive.ink).toEqual(['#7a4b2a']);
    expect(classic.junqi.shadows).toBe(25);
    expect(classic.junqi.faces).toContain('FM');
    await setPreferences(page, site.url, { pieces: 'flat' });
    const flat = await look();
    expect(flat.cc.shine).toBe(0);
    expect(flat.abalone.shine).toBe(0);
    // the white Spider in the white tile's one ink
    expect(flat.hive.ink).toEqual(['#2b2b2b']);
    expect(flat.junqi.shadows).toBe(0);
    await setPreferences(page, site.url, { pieces: 'letters' });
    const letters = await look();
    expect(letters.cc.letters.sort()).toEqual([...Array(10).fill('G'), ...Array(10).fill('R')]);
    expect(letters.abalone.letters).toEqual(['B', 'W']);
    expect(letters.hive.letter).toEqual(['S']);
    // ranks as the setup notation writes them
    expect(letters.junqi.faces).toBe('123456789BFM');
    await page.context().close();
  });

  // coordinates: Abalone's rows and diagonals, every point named on the star and on the Junqi board
  it('names the points of the boards that have them', async () => {
    const page = await observedPage();
    const ids = await startAll(page);
    await setPreferences(page, site.url, { coordinates: true });
    await openLocal(page, site.url, ids.abalone);
    expect((await page.locator('svg.board .ab-coord').allTextContents()).sort().join('')).toBe('123456789ABCDEFGHI');
    await openLocal(page, site.url, ids.cc);
    const star = await page.locator('svg.board .over .coord').allTextContents();
    expect(star).toHaveLength(121);
    expect(star).toEqual(expect.arrayContaining(['a1', 'i5', 'q1', 'e13']));
    await openLocal(page, site.url, ids.junqi);
    const posts = await page.locator('svg.jq-board .jq-coord').allTextContents();
    expect(posts).toHaveLength(60);
    expect(posts).toEqual(expect.arrayContaining(['a1', 'e12', 'c6', 'c7']));
    // the settings page says why Hive has none
    await page.goto(`${site.url}#/settings`);
    expect(await page.locator('#set-coords-help').textContent()).toContain('Hive shows none');
    await setPreferences(page, site.url, { coordinates: false });
    await openLocal(page, site.url, ids.abalone);
    expect(await page.locator('svg.board .ab-coord').count()).toBe(0);
    await page.context().close();
  });
});

describe('animation', () => {
  /** Plays a Hive move of a tile on the board and an Abalone step; counts what moved on screen meanwhile. */
  const motionOfMoves = async (page: Page): Promise<{ hive: number; abalone: number }> => {
    await startLocal(page, site.url, 'hive', 'hotseat', { variant: 'Base' });
    const { game, slide } = await hiveToBoardMove(page);
    await resetMotion(page);
    await hiveMove(page, game, slide);
    await frames(page);
    const hive = await motion(page);
    await startLocal(page, site.url, 'abalone', 'hotseat');
    await resetMotion(page);
    await abaloneMove(page, ['C3'], 'NE');
    await frames(page);
    return { hive, abalone: await motion(page) };
  };

  /** How many of Junqi's marching outlines (round the army whose turn it is, for a few rounds) run on a fresh hotseat game's board. */
  const marching = async (page: Page): Promise<number> => {
    await startLocal(page, site.url, 'junqi', 'hotseat', { mode: 'open' });
    await page.locator('svg.jq-board .jq-zone.active').first().waitFor({ state: 'attached' });
    return page.evaluate(
      () =>
        document.getAnimations().filter(
          (a) =>
            a instanceof CSSAnimation &&
            a.animationName === 'jq-march' &&
            a.playState === 'running' &&
            // it marches a few rounds after the turn passes, then stands still: an endless march would keep the
            // player's device repainting the board for as long as the game is open
            Number.isFinite(a.effect?.getComputedTiming().iterations),
        ).length,
    );
  };

  // on: the moved tile and marble slide, and the outline of the Junqi army to move marches; off in the settings, or
  // reduced motion asked by the system: nothing moves
  it('slides Hive and Abalone pieces only when motion is welcome', async () => {
    const on = await observedPage();
    const moved = await motionOfMoves(on);
    expect(moved.hive).toBeGreaterThan(0);
    expect(moved.abalone).toBeGreaterThan(0);
    expect(await marching(on)).toBeGreaterThan(0);
    await setPreferences(on, site.url, { animation: false });
    expect(await motionOfMoves(on)).toEqual({ hive: 0, abalone: 0 });
    expect(await marching(on)).toBe(0);
    await on.context().close();
    const reduced = await observedPage({ reducedMotion: true });
    expect(await motionOfMoves(reduced)).toEqual({ hive: 0, abalone: 0 });
    expect(await marching(reduced)).toBe(0);
    await reduced.context().close();
    // three pages, each playing moves on two boards and opening a Junqi game: 58 s at a CI run's load
  }, 150_000);
});
