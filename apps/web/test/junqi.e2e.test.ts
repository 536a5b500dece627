import { junqi, PRESETS, readSetup } from '@qiyuan/junqi';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectBoardCovered, moveCount, poll, screenshot, useSite } from './harness.js';

/**
 * End-to-end for the Junqi board: the built app in Debian's chromium. Setups
 * edited on the board by both seats behind the pass-the-device screen, a 暗棋
 * game played to a flag capture with every combat checked from each seat's
 * side (and the other seat's ranks never in the page), 翻棋 flips, 三打一
 * bidding and the landlord's reserve, a 2v2 game against the AI, a phone,
 * and the page in Chinese. Built into a directory of its own, so it never
 * races another test building `dist`.
 */
const site = useSite({ server: false });
const newPage = site.newPage;

const status = (page: Page) => page.getByTestId('status').textContent();
const pt = (page: Page, name: string) => page.locator(`svg.jq-board .jq-pt[data-point="${name}"]`);
const tile = (page: Page, name: string) => page.locator(`svg.jq-board .jq-tile[data-point="${name}"]`);
/** The rank letter the tile on a point shows (null: no tile, or a back). */
const rankAt = (page: Page, name: string) =>
  page.evaluate(
    (n) => document.querySelector(`svg.jq-board .jq-tile[data-point="${n}"]`)?.getAttribute('data-rank') ?? null,
    name,
  );

const startGame = async (page: Page, mode: 'hotseat' | 'ai', options: Record<string, string> = {}, language = 'en') => {
  await page.goto(site.url);
  await page.getByTestId('language').selectOption(language);
  await page.getByTestId('game-junqi').click();
  await page.locator(`input[name=mode][value=${mode}]`).check();
  for (const [k, v] of Object.entries(options)) await page.locator(`select[name=${k}]`).selectOption(v);
  await page.getByTestId('start').click();
  await page.waitForSelector('svg.jq-board .jq-pt');
};

/** The pass-the-device screen: it must cover the board, with nothing secret drawn beneath it. */
const reveal = async (page: Page) => {
  const button = page.getByTestId('reveal');
  await button.waitFor();
  // the board redraws for the screen right after it appears
  await poll(() => page.locator('.jq-root [data-rank]').count()).toBe(0);
  await poll(() => page.locator('[data-testid=jq-setup], [data-testid=jq-combat]').count()).toBe(0);
  // and no click reaches the board through it
  await expectBoardCovered(page);
  await button.click();
  await button.waitFor({ state: 'detached' });
};

const centre = async (page: Page, name: string) => {
  const b = (await pt(page, name).boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

const drag = async (page: Page, from: string, to: string) => {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 8, a.y + 4, { steps: 2 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
};

/** A move on the board, by two clicks or by a drag; waits for it to reach the move list. */
const boardMove = async (page: Page, from: string, to: string, how: 'click' | 'drag' = 'click') => {
  const before = await moveCount(page);
  if (how === 'drag') await drag(page, from, to);
  else {
    await pt(page, from).click();
    await page.locator(`svg.jq-board .jq-dest[data-point="${to}"]`).waitFor({ state: 'attached' });
    await pt(page, to).click();
  }
  await poll(() => moveCount(page)).toBeGreaterThan(before);
};

const RANK_WORDS = [
  'Flag',
  'Landmine',
  'Bomb',
  'Engineer',
  'Lieutenant',
  'Captain',
  'Major',
  'Colonel',
  'Brigadier',
  'General',
  'Field Marshal',
];

/** Everything of the board and its panel a person or a screen reader could read, plus the move list. */
const pageWords = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('.game-layout')!;
    const labels = [...root.querySelectorAll('[aria-label], [title]')].map(
      (e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`,
    );
    return `${(root as HTMLElement).innerText}\n${root.textContent}\n${labels.join('\n')}`;
  });

/** The page shows none of `army`'s ranks: no tile carries one, no words name one. */
const expectHidden = async (page: Page, army: number, armyWord: string) => {
  expect(await page.locator(`svg.jq-board .jq-tile[data-army="${army}"][data-rank]`).count()).toBe(0);
  const words = await pageWords(page);
  for (const w of RANK_WORDS) expect(words).not.toContain(`${armyWord} ${w}`);
  expect(words).toContain(`${armyWord} hidden piece`);
};

// Blue's deployment for the flag run: its column e (the board's column a) and d2 hold engineers and
// lieutenants, the flag stands on d1 behind them. A fixture saved on the device before the game.
const OPEN_ROAD = '78951/6+7+1/B5+61/4+4+2/B3322/M3MFM';
// Red: the forward preset with c6 and d6 swapped (on the board, by keyboard), 司令 on a6
const RED = `98711/${PRESETS.forward.split('/').slice(1).join('/')}`;
const RED_RUN = ['a6-a7', 'a7-a8', 'a8-a9', 'a9-a10', 'a10-a11', 'a11-b11', 'b11-b12'];
const BLUE_WAIT = ['c8-d8', 'd8-c8', 'c8-d8', 'd8-c8', 'c8-d8', 'd8-c8'];

describe('Junqi 暗棋 at one screen', () => {
  it('checks its own fixture with the engine', () => {
    expect(readSetup(OPEN_ROAD).ok).toBe(true);
    expect(readSetup(RED).ok).toBe(true);
    const o = junqi.parseOptions({ setups: `${RED},${OPEN_ROAD}` });
    if (!o.ok) throw new Error(o.error.reason);
    const g = junqi.create(o.value);
    if (!g.ok) throw new Error(g.error.reason);
    const game = g.value;
    RED_RUN.forEach((m, i) => {
      const a = game.parseMove(m);
      expect(a.ok && game.play(a.value, 0).ok).toBe(true);
      const b = BLUE_WAIT[i] ? game.parseMove(BLUE_WAIT[i]) : undefined;
      if (b) expect(b.ok && game.play(b.value, 1).ok).toBe(true);
    });
    expect(game.outcome()?.reason).toBe('flag-captured');
  });

  // both seats deploy in the editor behind the pass-the-device screen, then Red's 司令 runs down the
  // railway to Blue's flag; each combat is read from both sides
  it('deploys both armies in the editor and plays to a flag capture', { timeout: 180_000 }, async () => {
    const page = await newPage();
    await page.goto(site.url);
    await page.evaluate(
      (setup) => localStorage.setItem('qiyuan.junqi.setups', JSON.stringify([{ name: 'Open road', setup, saved: 1 }])),
      OPEN_ROAD,
    );
    await startGame(page, 'hotseat');
    await poll(() => status(page)).toContain('Red, Blue to move');

    // Red: the editor opens with the classic preset
    await reveal(page);
    await poll(() => page.getByTestId('jq-banner').textContent()).toBe('You command Red.');
    await poll(() => rankAt(page, 'b1')).toBe('F');
    expect(await page.getByTestId('jq-confirm').isEnabled()).toBe(true);
    // click-click: the flag to a1 breaks a rule, explained, and confirming is off
    await pt(page, 'b1').click();
    await pt(page, 'a1').click();
    await poll(() => rankAt(page, 'a1')).toBe('F');
    await poll(() => page.getByTestId('jq-problems').textContent()).toContain(
      'The flag on a1 must stand in a headquarters',
    );
    expect(await page.getByTestId('jq-confirm').isDisabled()).toBe(true);
    expect(await pt(page, 'a1').getAttribute('aria-label')).toContain('breaks a setup rule');
    // a drag puts it back
    await drag(page, 'a1', 'b1');
    await poll(() => rankAt(page, 'b1')).toBe('F');
    await poll(() => page.getByTestId('jq-ok').count()).toBe(1);
    // a piece dragged into a camp: nothing may start there
    await drag(page, 'c6', 'b5');
    await poll(() => page.getByTestId('jq-problems').textContent()).toContain('stands in a camp');
    await drag(page, 'b5', 'c6');
    await poll(() => page.getByTestId('jq-ok').count()).toBe(1);
    // the forward preset, then c6 and d6 swapped by keyboard alone
    await page.getByTestId('jq-preset-forward').click();
    await poll(() => rankAt(page, 'a6')).toBe('9');
    await pt(page, 'c6').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await poll(() => rankAt(page, 'c6')).toBe('7');
    expect(await rankAt(page, 'd6')).toBe('1');
    await poll(() => page.getByTestId('jq-message').textContent()).toBe('c6 and d6 swapped.');
    // saved under a name, replaced by another preset, loaded back
    await page.getByTestId('jq-save-name').fill('Spearhead');
    await page.getByTestId('jq-save').click();
    await poll(() => page.getByTestId('jq-message').textContent()).toBe('Saved as “Spearhead”.');
    await page.getByTestId('jq-preset-classic').click();
    await poll(() => rankAt(page, 'a6')).toBe('7');
    await page.getByTestId('jq-saved').selectOption('Spearhead');
    await page.getByTestId('jq-load').click();
    await poll(() => rankAt(page, 'c6')).toBe('7');
    expect(await rankAt(page, 'a6')).toBe('9');
    await page.getByTestId('jq-confirm').click();
    await poll(() => moveCount(page)).toBe(1);

    // Blue, behind the screen: random, then its saved setup
    await reveal(page);
    await poll(() => page.getByTestId('jq-banner').textContent()).toBe('You command Blue.');
    expect(await page.locator('svg.jq-board .jq-tile[data-army="0"]').count()).toBe(0);
    await page.getByTestId('jq-random').click();
    await page.getByTestId('jq-saved').selectOption('Open road');
    await page.getByTestId('jq-load').click();
    await poll(() => rankAt(page, 'b12')).toBe('F');
    expect(await rankAt(page, 'a7')).toBe('1');
    // own army at the bottom: Blue's back row is drawn below its front row
    expect((await centre(page, 'b12')).y).toBeGreaterThan((await centre(page, 'b7')).y);
    await page.getByTestId('jq-confirm').click();
    await poll(() => moveCount(page)).toBe(2);

    for (let i = 0; i < RED_RUN.length; i++) {
      const [from, to] = RED_RUN[i]!.split('-') as [string, string];
      await reveal(page);
      await poll(() => page.getByTestId('jq-banner').textContent()).toBe('You command Red.');
      await expectHidden(page, 1, 'Blue');
      if (i > 0) {
        // Red learns its own 司令 won, never what it took
        await poll(() => page.getByTestId('jq-combat-last').textContent()).toContain(
          `${RED_RUN[i - 1]!.replace('-', '→')} Red Field Marshal took Blue hidden piece.`,
        );
      }
      if (i === 3) await screenshot(page, 'junqi.png');
      await boardMove(page, from, to, i % 2 === 0 ? 'click' : 'drag');
      if (i === RED_RUN.length - 1) break;
      // Blue learns which of its pieces fell, never what took it
      await reveal(page);
      await poll(() => page.getByTestId('jq-banner').textContent()).toBe('You command Blue.');
      const lost = i < 3 ? 'Engineer' : 'Lieutenant';
      await poll(() => page.getByTestId('jq-combat-last').textContent()).toBe(
        `${RED_RUN[i]!.replace('-', '→')} Red hidden piece took Blue ${lost}.`,
      );
      await expectHidden(page, 0, 'Red');
      await poll(() => page.getByTestId('jq-tally').textContent()).toContain(`Blue (${i + 1}):`);
      const [f, t] = BLUE_WAIT[i]!.split('-') as [string, string];
      await boardMove(page, f, t);
    }
    await poll(() => status(page)).toBe('Game over: Red wins · flag captured');
    await poll(() => page.getByTestId('jq-combat-last').textContent()).toContain(
      'b11→b12 Red Field Marshal captured the flag of Blue.',
    );
    await poll(() => page.getByTestId('jq-combat-last').textContent()).toContain('Blue is out (flag captured).');
    expect(await page.getByTestId('move-list').textContent()).toContain('b11-b12 takes');
    // the confirmed setup is where Red's editor starts next time
    await startGame(page, 'hotseat');
    await reveal(page);
    await poll(() => rankAt(page, 'c6')).toBe('7');
    expect(await rankAt(page, 'a6')).toBe('9');
    await page.context().close();
  });
});

describe('Junqi 翻棋', () => {
  it('flips face-down pieces and gives the first flipper its colour', { timeout: 180_000 }, async () => {
    const page = await newPage();
    await startGame(page, 'hotseat', { mode: 'flip' });
    await reveal(page);
    await poll(() => page.getByTestId('jq-banner').textContent()).toBe('Colours are decided by the first flip.');
    expect(await page.locator('svg.jq-board .jq-tile[data-face-down]').count()).toBe(50);
    expect(await page.locator('svg.jq-board .jq-tile[data-rank]').count()).toBe(0);
    await poll(() => pt(page, 'c3').getAttribute('aria-label')).toContain('turn over');
    await pt(page, 'c3').click();
    await poll(() => moveCount(page)).toBe(1);
    await reveal(page);
    const army = await tile(page, 'c3').getAttribute('data-army');
    const colour = army === '0' ? 'Red' : 'Blue';
    const other = army === '0' ? 'Blue' : 'Red';
    expect(await rankAt(page, 'c3')).not.toBeNull();
    await poll(() => page.getByTestId('jq-banner').textContent()).toBe(`You command ${other}.`);
    await poll(() => page.getByTestId('jq-combat-last').textContent()).toContain(`First player commands ${colour}.`);
    await poll(() => status(page)).toBe(`${other} to move`);
    expect(await page.locator('svg.jq-board .jq-tile[data-face-down]').count()).toBe(49);
    expect(await page.getByTestId('move-list').textContent()).toContain('turns over c3');
    // the second seat flips by keyboard
    await pt(page, 'c10').focus();
    await page.keyboard.press('Enter');
    await poll(() => moveCount(page)).toBe(2);
    await reveal(page);
    await poll(() => page.getByTestId('jq-banner').textContent()).toBe(`You command ${colour}.`);
    expect(await page.locator('svg.jq-board .jq-tile[data-face-down]').count()).toBe(48);
    expect(await rankAt(page, 'c10')).not.toBeNull();
    await page.context().close();
  });
});

describe('Junqi 三打一', () => {
  it('bids for the landlord, then the landlord picks its army from the reserve', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await startGame(page, 'hotseat', { players: '4', variant: 'landlord' });
    await reveal(page);
    await poll(() => page.getByTestId('jq-bidding').textContent()).toContain('Your pieces');
    expect(await page.locator('[data-testid=jq-bidding] .jq-chip').count()).toBeGreaterThan(5);
    await page.getByTestId('jq-call-1').click();
    await reveal(page);
    await poll(() => page.getByTestId('jq-calls').textContent()).toBe('Red: 1 army');
    expect(await page.getByTestId('jq-call-1').count()).toBe(0);
    await page.getByTestId('jq-call-2').click();
    await reveal(page);
    await page.getByTestId('jq-call-pass').click();
    await reveal(page);
    await page.getByTestId('jq-call-pass').click();
    // Yellow called highest: landlord, two farmer armies to destroy; the farmers' editors open
    await reveal(page);
    await poll(() => page.getByTestId('jq-landlord').textContent()).toContain(
      'Yellow is the landlord and must destroy 2 armies.',
    );
    await poll(() => page.getByTestId('jq-banner').textContent()).toBe('You command Red (farmer).');
    expect(await page.getByTestId('move-list').textContent()).toContain('calls: 2 armies');
    // a farmer's pieces are not a standard army: the presets do not fit, a random setup does
    expect(await page.getByTestId('jq-preset-classic').isDisabled()).toBe(true);
    await page.getByTestId('jq-random').click();
    await poll(() => page.getByTestId('jq-ok').count()).toBe(1);
    await page.getByTestId('jq-confirm').click();
    // the landlord holds 39 pieces and deploys 25
    await reveal(page);
    await poll(() => page.getByTestId('jq-banner').textContent()).toBe('You command Yellow (landlord).');
    await poll(() => page.locator('[data-testid=jq-reserve] .jq-chip').count()).toBeGreaterThan(0);
    expect(await page.locator('svg.jq-board .jq-tile[data-army="1"]').count()).toBe(25);
    const spot = 'Ea6';
    // a board piece, then the reserve: it goes back, and one piece is missing
    await pt(page, spot).click();
    await page.locator('[data-testid=jq-reserve] .jq-chip').first().click();
    await poll(() => page.getByTestId('jq-problems').textContent()).toContain('Pieces still to deploy: 1 (25 in all).');
    expect(await page.getByTestId('jq-confirm').isDisabled()).toBe(true);
    // a piece of the reserve, then the empty point: it goes there
    const chip = page.locator('[data-testid=jq-reserve] .jq-chip').first();
    let placed = await chip.getAttribute('data-rank');
    await chip.click();
    await poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    await pt(page, spot).click();
    await poll(() => rankAt(page, spot)).toBe(placed);
    // back to the reserve by a drag, and from the reserve by a drag (a tall window shows both at once)
    await page.setViewportSize({ width: 1100, height: 1700 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const reserve = (await page.getByTestId('jq-reserve').boundingBox())!;
    let from = await centre(page, spot);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 8, from.y, { steps: 2 });
    await page.mouse.move(reserve.x + reserve.width / 2, reserve.y + reserve.height / 2, { steps: 10 });
    await page.mouse.up();
    await poll(() => rankAt(page, spot)).toBeNull();
    placed = await chip.getAttribute('data-rank');
    const c = (await chip.boundingBox())!;
    from = { x: c.x + c.width / 2, y: c.y + c.height / 2 };
    const to = await centre(page, spot);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y - 10, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    await poll(() => rankAt(page, spot)).toBe(placed);
    await poll(() => page.getByTestId('jq-message').textContent()).toContain('placed on Ea6');
    // Ea6 is in the front row: if the piece drawn was a mine, bomb or fortress, the editor says so
    const legalThere = !['M', 'B', 'R', 'F'].includes(placed ?? '');
    await poll(() => page.getByTestId('jq-ok').count()).toBe(legalThere ? 1 : 0);
    if (!legalThere) {
      await page.getByTestId('jq-random').click();
      await poll(() => page.getByTestId('jq-ok').count()).toBe(1);
    }
    await page.getByTestId('jq-confirm').click();
    await poll(() => moveCount(page)).toBe(6);
    await page.context().close();
  });
});

describe('Junqi four players against the AI', () => {
  // Red plays with Green against Yellow and Blue, all three the AI in its worker
  it('plays a 2v2 game for some moves', { timeout: 180_000 }, async () => {
    const page = await newPage();
    await startGame(page, 'ai', { players: '4' });
    await poll(() => page.getByTestId('jq-banner').textContent()).toBe('You command Red.');
    const seats = page.locator('[data-testid=jq-players] li');
    await poll(() => seats.count()).toBe(4);
    expect(await seats.nth(0).textContent()).toContain('team 1');
    expect(await seats.nth(2).textContent()).toContain('team 1');
    expect(await seats.nth(1).textContent()).toContain('team 2');
    await page.getByTestId('jq-confirm').click();
    for (let round = 0; round < 2; round++) {
      await page.locator('svg.jq-board .jq-pt.src').first().waitFor({ timeout: 60_000 });
      await poll(() => status(page)).toContain('Your move (Red)');
      const from = await page.locator('svg.jq-board .jq-pt.src').first().getAttribute('data-point');
      await pt(page, from!).click();
      const to = await page.locator('svg.jq-board .jq-dest').first().getAttribute('data-point');
      const before = await moveCount(page);
      await pt(page, to!).click();
      // Red's move and the three AI armies' answers
      await poll(() => moveCount(page), 60_000).toBe(before + 4);
    }
    await poll(() => status(page), 60_000).toContain('Your move (Red)');
    // the partner's pieces are hidden too (no partnersSee): Green shows backs only
    expect(await page.locator('svg.jq-board .jq-tile[data-army="2"][data-rank]').count()).toBe(0);
    expect(await page.locator('svg.jq-board .jq-tile[data-army="0"][data-rank]').count()).toBeGreaterThan(20);
    await page.setViewportSize({ width: 1100, height: 1000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'junqi-4p.png');
    await page.context().close();
  });
});

describe('a Junqi replay', () => {
  // the replay shows the recorded deployments; the setup editor (a chunk of its own) comes when a reader tries one
  it("offers a setup of one's own before the first move only when asked, and explores it as a line", async () => {
    const page = await newPage();
    await startGame(page, 'hotseat');
    await reveal(page);
    await page.getByTestId('jq-confirm').click();
    await reveal(page);
    await page.getByTestId('jq-confirm').click();
    await reveal(page);
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-yes').click();
    await page.getByTestId('replay-link').waitFor();
    const id = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
    // the replay opened afresh, as its link does in a new tab (the game's page fetched the editor for its setup)
    const replay = await page.context().newPage();
    await replay.goto(`${site.url}#/local/${id}/replay`);
    const kitFetched = () =>
      replay.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /junqi-setup-kit-[\w-]+\.js$/.test(e.name)),
      );
    // two deployments and the resignation
    await poll(() => replay.getByTestId('replay-ply').textContent()).toBe('0 / 3');
    await replay.getByTestId('try-setup').waitFor();
    expect(await replay.getByTestId('jq-confirm').count()).toBe(0);
    expect(await kitFetched()).toBe(false);
    await replay.getByTestId('try-setup').click();
    await replay.getByTestId('jq-confirm').waitFor();
    expect(await kitFetched()).toBe(true);
    expect(await replay.getByTestId('try-setup').count()).toBe(0);
    // a setup other than the recorded one is a line of the reader's own
    await pt(replay, 'a6').click();
    await pt(replay, 'e6').click();
    await poll(() => rankAt(replay, 'a6')).toBe('6');
    await replay.getByTestId('jq-confirm').click();
    await replay.getByTestId('line').waitFor();
    await page.context().close();
  });
});

describe('Junqi on a phone and in Chinese', () => {
  it('fits 375 px and takes taps', { timeout: 180_000 }, async () => {
    const page = await newPage(375, 740, true);
    await startGame(page, 'hotseat');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await reveal(page);
    expect((await page.locator('svg.jq-board').boundingBox())!.width).toBeGreaterThan(300);
    await pt(page, 'a6').tap();
    await pt(page, 'e6').tap();
    await poll(() => rankAt(page, 'a6')).toBe('6');
    await page.getByTestId('jq-confirm').tap();
    await reveal(page);
    await page.getByTestId('jq-confirm').tap();
    await reveal(page);
    await pt(page, 'e6').tap();
    await pt(page, 'e7').tap();
    await poll(() => moveCount(page)).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // the four-player board starts whole on a phone (the partner's army in sight), zooms in and back to the whole
    await startGame(page, 'hotseat', { players: '4', mode: 'open' });
    await poll(() => page.locator('svg.jq-board').getAttribute('data-zoom')).toBe('1.00');
    await page.locator('.jq-tools button[data-tool=zoom-in]').tap();
    await poll(() => page.locator('svg.jq-board').getAttribute('data-zoom')).toBe('1.40');
    await page.locator('.jq-tools button[data-tool=fit]').tap();
    await poll(() => page.locator('svg.jq-board').getAttribute('data-zoom')).toBe('1.00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  // only the brand's Latin letters, point names and move notation may stay
  it('leaves no English on the page in zh-CN', { timeout: 180_000 }, async () => {
    const page = await newPage();
    await startGame(page, 'hotseat');
    await reveal(page);
    const english = (words: string) => (words.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => w !== 'English');
    await pt(page, 'b1').click();
    await pt(page, 'c6').click();
    await poll(() => rankAt(page, 'c6')).toBe('F');
    // the page is rebuilt in the new language (behind the screen again); the arrangement survives
    await page.getByTestId('language').selectOption('zh-CN');
    await reveal(page);
    await poll(() => page.getByTestId('jq-confirm').textContent()).toBe('确认布阵');
    await poll(() => page.getByTestId('jq-problems').textContent()).toContain('c6的军旗必须放在大本营。');
    expect(await rankAt(page, 'c6')).toBe('F');
    // both armies deploy at once: their names are listed with the Chinese enumeration comma
    expect(await page.getByTestId('status').textContent()).toBe('轮到红方、蓝方');
    expect(english(await pageWords(page))).toEqual([]);
    await pt(page, 'b1').click();
    await pt(page, 'c6').click();
    await page.getByTestId('jq-confirm').click();
    await reveal(page);
    await page.getByTestId('jq-confirm').click();
    await reveal(page);
    await boardMove(page, 'a6', 'a7');
    await reveal(page);
    await poll(() => page.getByTestId('jq-combat-last').textContent()).toBe('a6→a7 红方暗子吃掉蓝方旅长。');
    expect(await pt(page, 'a7').getAttribute('aria-label')).toBe('a7，兵站：红方暗子（上一步）');
    expect(english(await pageWords(page))).toEqual([]);
    await page.context().close();
  });
});
