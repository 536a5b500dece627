import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, moveCount, poll, screenshot, useSite } from './harness.js';
import { allSee, createWithAi, gameIdOf, resign, seatAllOf, status } from './online-ui.js';
import { startLocal } from './ui.js';

/**
 * Online games of more than two seats, tried as players would: several browsers at once, each its own guest, through
 * the real server. A seat that resigns leaves the others a game that goes on.
 */
const site = useSite({ server: true });
const newPage = site.newPage;

describe('online games of three and more seats', () => {
  // the reported game: Red moves, Yellow resigns, and Blue (the next seat) could not move, even after a reload
  it('goes on in three-player Chinese Checkers after a seat resigns', async () => {
    const [red, yellow, blue] = (await seatAllOf(site, 'chinese-checkers', { players: '3' }, 3)) as [Page, Page, Page];
    const all = [red, yellow, blue];
    for (const p of all) await p.waitForSelector('svg.board .piece');
    await poll(() => status(red)).toBe('Your move (Red)');
    await clickMove(red);
    await allSee(all, 1);
    await poll(() => status(yellow)).toBe('Your move (Yellow)');
    await resign(yellow);
    await poll(() => status(blue)).toBe('Your move (Blue)');
    await poll(() => blue.locator('svg.board .piece.movable').count()).toBeGreaterThan(0);
    // Yellow is told it is out, not given a turn, and keeps watching without a player's buttons
    await poll(() => status(yellow)).toBe('You are out of this game and can keep watching · Blue to move');
    expect(await yellow.getByTestId('resign').count()).toBe(0);
    for (const p of all) await poll(() => p.getByTestId('player-1').textContent()).toContain('out of the game');
    await clickMove(blue);
    await allSee(all, 2);
    await poll(() => status(red)).toBe('Your move (Red)');
    await screenshot(red, 'chinese-checkers-3p-resigned.png');
    // Red and Blue play on; a reload changes nothing
    await poll(() => status(red)).toBe('Your move (Red)');
    await clickMove(red);
    await allSee(all, 3);
    await blue.reload();
    await blue.waitForSelector('svg.board .piece');
    await poll(() => status(blue)).toBe('Your move (Blue)');
    await clickMove(blue);
    await allSee(all, 4);
    for (const p of all) await p.context().close();
  }, 180_000);
});

describe('leaving a game of three at one screen and against the AI', () => {
  it('goes on at one screen after the seat to move resigns', async () => {
    const page = await newPage();
    await startLocal(page, site.url, 'chinese-checkers', 'hotseat', { players: '3' });
    await clickMove(page);
    await poll(() => moveCount(page)).toBe(1);
    await poll(() => status(page)).toBe('Yellow to move');
    await resign(page);
    await poll(() => status(page)).toBe('Blue to move');
    await clickMove(page);
    await poll(() => moveCount(page)).toBe(2);
    await poll(() => status(page)).toBe('Red to move');
    await page.context().close();
  });

  it('lets the AI seats play on after the player resigns, the player told it is out', async () => {
    const page = await newPage();
    await startLocal(page, site.url, 'chinese-checkers', 'ai', { players: '3' });
    await poll(() => status(page)).toBe('Your move (Red)');
    await clickMove(page);
    await poll(() => status(page), 60_000).toBe('Your move (Red)');
    const before = await moveCount(page);
    await resign(page);
    // the two AI seats play on (quickly: often to the end before a poll looks), the player watching, then the loser
    await poll(() => moveCount(page), 60_000).toBeGreaterThan(before + 1);
    const after = await status(page);
    expect(after).toMatch(/^(You are out of this game and can keep watching · |Game over: You lose)/);
    await page.context().close();
  }, 120_000);
});

describe('moves that cross another seat’s action', () => {
  // Both armies deploy at once: Red's deployment reached the server just after Blue's, its sequence number one
  // behind, and was refused as stale; Red had to deploy again (and, with the AI deploying at the start, often did)
  it('deploys a Junqi army sent at the same moment as the other army', async () => {
    let holding = false;
    const held: (() => void)[] = [];
    // Red's page hears of game changes only when the test lets it: it confirms not knowing Blue has deployed
    const hold = async (page: Page) => {
      await page.routeWebSocket(/\/ws$/, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => server.send(m));
        server.onMessage((m) => {
          if (holding && String(m).includes('"type":"game.update"')) held.push(() => ws.send(m));
          else ws.send(m);
        });
      });
    };
    const [red, blue] = (await seatAllOf(site, 'junqi', { players: '2', mode: 'open' }, 2, undefined, hold)) as [
      Page,
      Page,
    ];
    for (const p of [red, blue]) await p.getByTestId('jq-preset-classic').click();
    holding = true;
    await blue.getByTestId('jq-confirm').click();
    await poll(() => moveCount(blue)).toBe(1);
    await red.getByTestId('jq-confirm').click();
    await poll(() => status(blue)).toBe('Red to move');
    holding = false;
    for (const send of held.splice(0)) send();
    await poll(() => status(red)).toBe('Your move (Red)');
    for (const p of [red, blue]) await poll(() => moveCount(p)).toBe(2);
    for (const p of [red, blue]) await p.context().close();
  }, 120_000);
});

describe('the four-player Junqi page on a laptop', () => {
  it('shows the board and the armies side by side at 1280 × 900', async () => {
    const page = await createWithAi(site, 'junqi', { players: '4', mode: 'open' }, [0, 1, 2]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForSelector('svg.jq-board .jq-pt');
    await page.getByTestId('jq-preset-classic').click();
    await page.getByTestId('jq-confirm').click();
    await poll(() => status(page), 60_000).toBe('Your move (Red)');
    const boxes = async () => {
      const [board, side] = await Promise.all(
        ['.jq-root > .jq-wrap', '.jq-side'].map((s) => page.locator(s).boundingBox()),
      );
      return { board: board!, side: side! };
    };
    await poll(async () => {
      const { board, side } = await boxes();
      // the armies beside the board, at its top, not under it
      return side.x >= board.x + board.width - 1 && side.y < board.y + board.height / 2;
    }).toBe(true);
    const { board } = await boxes();
    // a board a player can use, the whole of it on the screen, and nothing scrolls sideways
    expect(board.width).toBeGreaterThan(560);
    expect(board.y + board.height).toBeLessThanOrEqual(900);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 120_000);
});

describe('Junqi 明棋 online against the AI', () => {
  // the AI deployed at once, and the human's army area stayed empty: no presets, no confirm, "waiting for Red"
  for (const [players, ai] of [
    ['2', [0]],
    ['4', [0, 2]],
  ] as const) {
    it(`lets the human deploy and play with ${ai.length} AI seat(s), ${players} players`, async () => {
      const page = await createWithAi(site, 'junqi', { players, mode: 'open' }, ai);
      const humans = [page];
      // four players: the AI holds the second and fourth seats, a second person sits in the third (Red's partner)
      if (players === '4') {
        await page.getByTestId('waiting').waitFor();
        const partner = await newPage();
        await partner.goto(`${site.url}#/online/${gameIdOf(page)}`);
        await partner.getByTestId('language').selectOption('en');
        await partner.getByTestId('sit-2').click();
        humans.push(partner);
      }
      for (const p of humans) await p.waitForSelector('svg.jq-board .jq-pt');
      // the AI deploys first, as it did in the game reported; a page opened after that must still offer the editor
      await poll(() => moveCount(page), 60_000).toBe(ai.length);
      for (const p of humans) {
        await p.reload();
        await p.waitForSelector('svg.jq-board .jq-pt');
        await p.getByTestId('jq-preset-classic').click();
        await p.getByTestId('jq-confirm').click();
      }
      // every army deployed: the human's first move, its army on the board
      await poll(() => status(page), 60_000).toBe('Your move (Red)');
      await poll(() => page.locator('svg.jq-board .jq-tile[data-army="0"]').count()).toBe(25);
      for (const p of humans) await p.context().close();
    }, 120_000);
  }
});

describe('the create form', () => {
  // 0.3 minutes once read "0.3+0 · Bullet" with Create enabled, while the field took only quarters: the click did
  // nothing but raise the browser's tooltip. Now the form and the browser follow one rule.
  it('offers Create only for a clock the browser sends, and says what a field takes', async () => {
    const page = await newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-abalone').click();
    await page.locator('input[name=mode][value=online]').check();
    const start = page.getByTestId('start');
    const valid = (id: string) => page.locator(id).evaluate((e) => (e as HTMLInputElement).checkValidity());
    const tries: [string, string, boolean][] = [
      ['#clock-minutes', '0.3', false],
      ['#clock-minutes', '0.1', false],
      ['#clock-minutes', '0.5', true],
      ['#clock-increment', '2.5', false],
      ['#clock-increment', '-1', false],
      ['#clock-increment', '0', true],
    ];
    for (const [id, text, good] of tries) {
      await page.locator(id).fill(text);
      await poll(() => start.isEnabled()).toBe(good);
      // the browser agrees with the form, whichever way
      expect(await valid(id)).toBe(good);
      if (!good) await poll(() => page.getByTestId('clock-problem').textContent()).toMatch(/in steps of/);
    }
    await poll(() => page.getByTestId('speed').textContent()).toBe('½+0 · Speed: Bullet');
    await page.locator('#my-seat').selectOption('0');
    await start.click();
    await page.getByTestId('waiting').waitFor();
    await page.context().close();
  });
});

describe('answers to offers', () => {
  it('offers no draw in Junqi while the armies deploy', async () => {
    const [red, blue] = (await seatAllOf(site, 'junqi', { players: '2', mode: 'open' }, 2)) as [Page, Page];
    for (const p of [red, blue]) await p.getByTestId('jq-preset-classic').click();
    for (const p of [red, blue]) expect(await p.getByTestId('draw').count()).toBe(0);
    for (const p of [red, blue]) await p.getByTestId('jq-confirm').click();
    await poll(() => status(red)).toBe('Your move (Red)');
    for (const p of [red, blue]) await poll(() => p.getByTestId('draw').count()).toBe(1);
    for (const p of [red, blue]) await p.context().close();
  }, 120_000);

  // a declined offer used to vanish without a word: the one who asked could not tell a "no" from a lost message
  it('tells the one who asked that a draw or a take-back was declined, and not when it withdrew its own', async () => {
    const [red, green] = (await seatAllOf(site, 'chinese-checkers', {}, 2)) as [Page, Page];
    for (const p of [red, green]) await p.waitForSelector('svg.board .piece');
    await clickMove(red);
    await allSee([red, green], 1);
    await clickMove(green);
    await allSee([red, green], 2);
    await red.getByTestId('draw').click();
    await green.getByTestId('decline-draw').click();
    await poll(() => red.getByTestId('declined-draw').textContent()).toBe('Your draw offer was declined.');
    expect(await green.getByTestId('declined-draw').count()).toBe(0);
    await red.getByTestId('takeback').click();
    await green.getByTestId('decline-takeback').click();
    await poll(() => red.getByTestId('declined-takeback').textContent()).toBe('Your take-back request was declined.');
    // a move moves the game on: the note goes
    await clickMove(red);
    await allSee([red, green], 3);
    await poll(() => red.getByTestId('declined-takeback').count()).toBe(0);
    // withdrawing one's own offer is no one's "no"
    await green.getByTestId('draw').click();
    await poll(() => red.getByTestId('offer-draw').count()).toBe(1);
    await green.getByTestId('sent-draw').getByRole('button').click();
    await poll(() => red.getByTestId('offer-draw').count()).toBe(0);
    expect(await green.getByTestId('declined-draw').count()).toBe(0);
    for (const p of [red, green]) await p.context().close();
  }, 120_000);
});
