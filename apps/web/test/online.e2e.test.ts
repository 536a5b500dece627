import { AbaloneGame, parseAbaloneOptions } from '@qiyuan/abalone';
import { junqi, PRESETS } from '@qiyuan/junqi';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  abaloneClicks,
  abaloneLineMove,
  abaloneMove,
  ccMove,
  clickMove,
  hiveMove,
  moveCount,
  newHive,
  poll,
  QUEEN_SURROUND,
  shownMoves,
  useSite,
} from './harness.js';
import { ABALONE_SIX, CC_RACE } from './lines.js';
import { allSee, createSeek, gameIdOf, registerAs, status } from './online-ui.js';

/**
 * End-to-end online: the built app served by the real server (SQLite in a
 * temporary directory), players in separate browser contexts (separate
 * cookies, so separate guests or accounts), everything through the UI.
 * Built into a directory of its own, so it never races another test's build.
 */
// a small login allowance, so that the test of the limit reaches it in a few tries (the other tests use four)
const site = useSite({ server: true, authPerMinute: 8 });
const newPage = site.newPage;

/** A fresh Abalone game from a start position, kept by a test beside the pages. */
const abaloneGame = (start: string): AbaloneGame => {
  const opts = parseAbaloneOptions({ start });
  if (!opts.ok) throw new Error(opts.error.reason);
  return new AbaloneGame(opts.value);
};

// Junqi deployments for a short 暗棋 game (the Junqi board's own end-to-end fixture): Red's 司令 on a6 runs
// down the railway through Blue's engineers and lieutenants to the flag on b12 while Blue shuffles a piece.
const OPEN_ROAD = '78951/6+7+1/B5+61/4+4+2/B3322/M3MFM';
const RED = `98711/${PRESETS.forward.split('/').slice(1).join('/')}`;
const RED_RUN = ['a6-a7', 'a7-a8', 'a8-a9', 'a9-a10', 'a10-a11', 'a11-b11', 'b11-b12'];
const BLUE_WAIT = ['c8-d8', 'd8-c8', 'c8-d8', 'd8-c8', 'c8-d8', 'd8-c8'];

const jqPoint = (page: Page, name: string) => page.locator(`svg.jq-board .jq-pt[data-point="${name}"]`);

/** A Junqi move by two clicks on the board; waits for it to reach the move list. */
const junqiMove = async (page: Page, move: string) => {
  const [from, to] = move.split('-') as [string, string];
  const before = await moveCount(page);
  await jqPoint(page, from).click();
  await page.locator(`svg.jq-board .jq-dest[data-point="${to}"]`).waitFor({ state: 'attached' });
  await jqPoint(page, to).click();
  await poll(() => moveCount(page)).toBe(before + 1);
};

/** Deploys a setup saved on this device under `name`, through the setup editor, and confirms it. */
const deploy = async (page: Page, name: string) => {
  await page.getByTestId('jq-confirm').waitFor();
  await page.getByTestId('jq-saved').selectOption(name);
  await page.getByTestId('jq-load').click();
  await page.getByTestId('jq-confirm').click();
};

/** Words of three Latin letters or more left on a page, once player names and move notation are taken out. */
const englishLeft = async (page: Page, names: readonly string[]): Promise<string[]> => {
  let text = await page.locator('body').innerText();
  for (const n of names) text = text.split(n).join(' ');
  // guests' ids, Hive's variant and move notation are not words
  text = text.replace(/(游客|訪客)-[A-Za-z0-9_-]+/g, ' ').replace(/\bBase(\+[MLP]+)?\b/g, ' ');
  return (text.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => w !== 'English');
};

describe('online through the real server', () => {
  // an invitation link, a spectator who sees every move, chat, a reload mid-game, the whole race to Green's corner
  it('races Chinese Checkers to the end between two browsers, watched by a third', async () => {
    const host = await newPage();
    const id = await createSeek(host, site.url, 'chinese-checkers', { clock: 'none', private: true });
    const link = await host.getByTestId('invite-link').inputValue();
    expect(link).toContain(`#/online/${id}`);
    // a private game is not listed in the lobby
    expect(await host.getByTestId(`seek-${id}`).count()).toBe(0);
    const guest = await newPage();
    await guest.goto(link);
    await guest.getByTestId('language').selectOption('en');
    await guest.getByTestId('join').click();
    for (const p of [host, guest]) await p.waitForSelector('svg.board .piece');
    await poll(() => status(host)).toBe('Your move (Red)');
    await poll(() => status(guest)).toBe('Red to move');
    // the spectator, at phone width: everything fits
    const watcher = await newPage(375, 740);
    await watcher.goto(link);
    await watcher.getByTestId('language').selectOption('en');
    await watcher.waitForSelector('svg.board .piece');
    await poll(() => watcher.locator('.online-game').innerText()).toContain('You are watching');
    expect(await watcher.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    await poll(() => host.getByTestId('spectators').textContent()).toContain('1 watching');
    expect(await watcher.getByTestId('resign').count()).toBe(0);
    const all = [host, guest, watcher];
    const play = async (i: number) => {
      await ccMove(i % 2 === 0 ? host : guest, CC_RACE[i]!);
      await allSee(all, i + 1);
    };
    await play(0);
    await play(1);
    // chat reaches the other player and the spectator
    await guest.getByTestId('chat-input').fill('good game so far');
    await guest.getByTestId('chat-send').click();
    for (const p of [host, watcher])
      await poll(() => p.getByTestId('chat-lines').textContent()).toContain('good game so far');
    // a reload in the middle of the game resumes it, chat included
    await host.reload();
    await host.waitForSelector('svg.board .piece');
    await poll(() => moveCount(host)).toBe(2);
    await poll(() => host.getByTestId('chat-lines').textContent()).toContain('good game so far');
    await play(2);
    // the move list steps back without stopping the game, and the arrow keys do too
    await watcher.getByRole('button', { name: 'First move' }).click();
    await poll(() => watcher.locator('[data-testid=move-list] [aria-current=step]').count()).toBe(0);
    await watcher.keyboard.press('ArrowRight');
    await poll(() => watcher.locator('[data-testid=move-list] li:nth-child(1) [aria-current=step]').count()).toBe(1);
    await watcher.keyboard.press('End');
    await poll(() => watcher.locator('[data-testid=move-list] li:nth-child(3) [aria-current=step]').count()).toBe(1);
    for (let i = 3; i < CC_RACE.length; i++) await play(i);
    await poll(() => status(host)).toBe('Game over: You win · goal filled');
    await poll(() => status(guest)).toBe('Game over: You lose · goal filled');
    await poll(() => status(watcher)).toBe('Game over: Red wins · goal filled');
    for (const p of all) expect(await shownMoves(p)).toEqual([...CC_RACE]);
    // after the end the chat still works ("gg")
    await host.getByTestId('chat-input').fill('gg');
    await host.getByTestId('chat-send').click();
    await poll(() => guest.getByTestId('chat-lines').textContent()).toContain('gg');
    for (const p of all) await p.context().close();
  }, 180_000);

  // a three-player game starts only when its last seat is taken; a seek is cancelled from the lobby
  it('fills the three seats of a Chinese Checkers game before it starts', async () => {
    const host = await newPage();
    const id = await createSeek(host, site.url, 'chinese-checkers', { options: { players: '3' }, clock: 'none' });
    await poll(() => host.getByTestId('waiting').textContent()).toContain('1 of 3 seats taken');
    // the seats are named by the corners they play (not Seat 1, 2, 3), so a player knows which to take
    await poll(() => host.locator('.seat-list li > span:first-child').allInnerTexts()).toEqual([
      'Red',
      'Yellow',
      'Blue',
    ]);
    const second = await newPage();
    await second.goto(`${site.url}#/online/${id}`);
    await second.getByTestId('language').selectOption('en');
    await second.getByTestId('sit-2').click();
    for (const p of [host, second])
      await poll(() => p.getByTestId('waiting').textContent()).toContain('2 of 3 seats taken');
    const third = await newPage();
    await third.goto(site.url);
    await third.getByTestId('language').selectOption('en');
    await poll(() => third.getByTestId(`seek-${id}`).textContent()).toContain('2 / 3');
    await third.getByTestId(`seek-${id}`).getByTestId('join-seek').click();
    for (const p of [host, second, third]) await p.waitForSelector('svg.board .piece');
    await poll(() => host.getByTestId('status').textContent()).toMatch(/^Your move/);
    expect(await third.locator('.player.mine').count()).toBe(1);
    await poll(() => second.locator('.player.mine').getAttribute('data-testid')).toBe('player-2');
    await clickMove(host);
    await allSee([host, second, third], 1);
    // a seek of one's own, cancelled from the lobby's list
    const other = await createSeek(host, site.url, 'abalone', { clock: 'none' });
    await host.goto(site.url);
    await host.getByTestId(`seek-${other}`).getByTestId('cancel-seek').click();
    await poll(() => host.getByTestId(`seek-${other}`).count()).toBe(0);
    for (const p of [host, second, third]) await p.context().close();
  });

  // the lobby's list, a clock that runs, a take-back, a pause, a draw offered and declined, six marbles pushed off,
  // then a rematch with colours changed
  it('plays timed Abalone joined from the lobby to six marbles off: take-back, pause, rematch', async () => {
    const host = await newPage();
    const id = await createSeek(host, site.url, 'abalone', { options: { start: 'belgian-daisy' }, clock: '3+2' });
    const guest = await newPage();
    await guest.goto(site.url);
    await guest.getByTestId('language').selectOption('en');
    const row = guest.getByTestId(`seek-${id}`);
    await poll(() => row.textContent()).toContain('3+2');
    expect(await row.textContent()).toContain('Casual');
    await row.getByTestId('join-seek').click();
    for (const p of [host, guest]) await p.waitForSelector('svg.board .ab-cell');
    await poll(() => status(host)).toBe('Your move (Black)');
    // before a seat's first move its clock stands at 3:00 and the first move's countdown runs, on both screens
    await poll(() => host.getByTestId('first-move-0').textContent()).toMatch(/^Make your first move: 0:[0-3]\d$/);
    await poll(() => guest.getByTestId('first-move-0').textContent()).toMatch(
      /^Black to make a first move: 0:[0-3]\d$/,
    );
    for (const p of [host, guest]) expect(await p.getByTestId('clock-0').textContent()).toBe('3:00');
    const line = abaloneGame('belgian-daisy');
    const { marbles, dir } = abaloneClicks(line, ABALONE_SIX[0]);
    await abaloneMove(host, marbles, dir);
    await allSee([host, guest], 1);
    // the first move cost Black nothing and earned no increment; now White's first move is due
    expect(await guest.getByTestId('clock-0').textContent()).toBe('3:00');
    await poll(() => guest.getByTestId('first-move-1').textContent()).toMatch(/^Make your first move: 0:[0-3]\d$/);
    expect(await guest.getByTestId('clock-1').textContent()).toBe('3:00');
    // Black asks to take the move back; White agrees
    await host.getByTestId('takeback').click();
    await poll(() => host.getByTestId('sent-takeback').count()).toBe(1);
    await guest.getByTestId('accept-takeback').click();
    await allSee([host, guest], 0);
    await poll(() => status(host)).toBe('Your move (Black)');
    await abaloneLineMove(host, line, ABALONE_SIX[0]);
    await allSee([host, guest], 1);
    // White asks to pause; once Black agrees no clock runs until a player resumes (either may, alone)
    await guest.getByTestId('pause').click();
    await host.getByTestId('accept-pause').click();
    for (const p of [host, guest]) await poll(() => p.locator('.players').textContent()).toContain('Clocks paused');
    const stopped = await guest.getByTestId('clock-1').textContent();
    // time runs on a page only in a clock marked running or in a first move's countdown (the page re-reads the time
    // for them ten times a second): neither is shown on either page, and White's face has not moved meanwhile
    for (const p of [host, guest]) {
      await poll(() => p.locator('.clock.running').count()).toBe(0);
      await poll(() => p.getByTestId('first-move-1').count()).toBe(0);
    }
    expect(await guest.getByTestId('clock-1').textContent()).toBe(stopped);
    await host.getByTestId('resume').click();
    for (const p of [host, guest]) await poll(() => p.locator('.players').textContent()).not.toContain('Clocks paused');
    await abaloneLineMove(guest, line, ABALONE_SIX[1]);
    await allSee([host, guest], 2);
    // White offers a draw; Black, a marble down, declines, and the game goes on
    await guest.getByTestId('draw').click();
    await host.getByTestId('decline-draw').click();
    await poll(() => host.getByTestId('offer-draw').count()).toBe(0);
    await poll(() => guest.getByTestId('sent-draw').count()).toBe(0);
    for (const [i, m] of ABALONE_SIX.entries()) {
      if (i < 2) continue;
      await abaloneLineMove(i % 2 === 0 ? host : guest, line, m);
      await allSee([host, guest], i + 1);
    }
    await poll(() => status(guest)).toBe('Game over: You win · six marbles pushed off');
    await poll(() => status(host)).toBe('Game over: You lose · six marbles pushed off');
    for (const p of [host, guest])
      await poll(() => p.locator('.ab-count[data-seat="1"]').getAttribute('data-n')).toBe('6');
    // a rematch: both ask; the new game starts with the colours changed
    await host.getByTestId('rematch').click();
    await poll(() => guest.getByTestId('rematch-asked').textContent()).toContain('Black wants a rematch');
    await guest.getByTestId('rematch').click();
    for (const p of [host, guest]) await poll(() => gameIdOf(p)).not.toBe(id);
    expect(gameIdOf(host)).toBe(gameIdOf(guest));
    await poll(() => status(guest)).toBe('Your move (Black)');
    await poll(() => status(host)).toBe('Black to move');
    for (const p of [host, guest]) await p.context().close();
  }, 120_000);

  // hidden information online: each seat deploys in the editor, sees only its own ranks, and Red captures the flag
  it('plays a Junqi 暗棋 game to a flag capture, each seat seeing only its own army', async () => {
    const o = junqi.parseOptions({ setups: `${RED},${OPEN_ROAD}` });
    const line = o.ok ? junqi.create(o.value) : undefined;
    if (!line?.ok) throw new Error('the fixture does not start');
    for (const [i, m] of RED_RUN.entries()) {
      for (const [seat, mv] of [
        [0, m],
        [1, BLUE_WAIT[i]],
      ] as const) {
        if (!mv) continue;
        const p = line.value.parseMove(mv, seat);
        expect(p.ok && line.value.play(p.value, seat).ok).toBe(true);
      }
    }
    expect(line.value.outcome()?.reason).toBe('flag-captured');

    const red = await newPage();
    const blue = await newPage();
    for (const [p, name, setup] of [
      [red, 'Railway run', RED],
      [blue, 'Open road', OPEN_ROAD],
    ] as const) {
      await p.goto(site.url);
      await p.evaluate(
        ([n, s]) => localStorage.setItem('qiyuan.junqi.setups', JSON.stringify([{ name: n, setup: s, saved: 1 }])),
        [name, setup],
      );
    }
    const id = await createSeek(red, site.url, 'junqi', { options: { players: '2', mode: 'hidden' }, clock: 'none' });
    await blue.goto(`${site.url}#/online/${id}`);
    await blue.getByTestId('language').selectOption('en');
    await blue.getByTestId('join').click();
    for (const p of [red, blue]) await p.waitForSelector('svg.jq-board .jq-pt');
    await poll(() => red.getByTestId('jq-banner').textContent()).toBe('You command Red.');
    await poll(() => blue.getByTestId('jq-banner').textContent()).toBe('You command Blue.');
    await deploy(red, 'Railway run');
    await deploy(blue, 'Open road');
    await allSee([red, blue], 2);
    await poll(() => status(red)).toBe('Your move (Red)');
    for (const [i, m] of RED_RUN.entries()) {
      // neither screen ever holds a rank of the other army
      expect(await red.locator('svg.jq-board .jq-tile[data-army="1"][data-rank]').count()).toBe(0);
      expect(await blue.locator('svg.jq-board .jq-tile[data-army="0"][data-rank]').count()).toBe(0);
      await junqiMove(red, m);
      await allSee([red, blue], 3 + 2 * i);
      const wait = BLUE_WAIT[i];
      if (!wait) break;
      await junqiMove(blue, wait);
      await allSee([red, blue], 4 + 2 * i);
    }
    await poll(() => status(red)).toBe('Game over: You win · flag captured');
    await poll(() => status(blue)).toBe('Game over: You lose · flag captured');
    // after the end the replay shows the whole game, every rank of both armies
    await red.getByTestId('to-replay').click();
    await red.getByTestId('replay').waitFor();
    await poll(() => red.getByTestId('replay-ply').textContent()).toBe('0 / 15');
    await red.keyboard.press('End');
    await poll(() => red.getByTestId('replay-ply').textContent()).toBe('15 / 15');
    for (const p of [red, blue]) await p.context().close();
  });

  // accounts, a rated game to a real win, the profile's new rating and game list, the replay with its export
  it('plays a rated Hive game between two accounts to a Queen surround; profile and replay', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const white = await newPage();
    const black = await newPage();
    const whiteName = `ann_${suffix}`;
    const blackName = `bob_${suffix}`;
    await registerAs(white, site.url, whiteName, 'white pieces first');
    await registerAs(black, site.url, blackName, 'black pieces second');
    // log out and back in: the header follows
    await black.goto(`${site.url}#/account`);
    await black.getByTestId('logout').click();
    await poll(() => black.getByTestId('who-name').textContent()).toMatch(/^Guest-/);
    const login = black.getByTestId('login-form');
    await login.locator('input[name=username]').fill(blackName);
    await login.locator('input[name=password]').fill('wrong password');
    await black.getByTestId('login-submit').click();
    await poll(() => black.getByTestId('login-error').textContent()).toBe('Wrong username or password.');
    await login.locator('input[name=password]').fill('black pieces second');
    await black.getByTestId('login-submit').click();
    await poll(() => black.getByTestId('who-name').textContent()).toBe(blackName);

    const id = await createSeek(white, site.url, 'hive', { options: { variant: 'Base' }, clock: '10+5', rated: true });
    await black.goto(site.url);
    const row = black.getByTestId(`seek-${id}`);
    await poll(() => row.textContent()).toContain('Rated');
    expect(await row.textContent()).toContain(whiteName);
    await row.getByTestId('join-seek').click();
    for (const p of [white, black]) await p.waitForSelector('.hv-reserve');
    await poll(() => status(white)).toBe('Your move (White)');
    // nothing is hidden in Hive, so there is no sealed deal to show
    expect(await white.getByTestId('sealed-deal').count()).toBe(0);
    const game = newHive();
    for (const [i, uhp] of QUEEN_SURROUND.entries()) {
      await hiveMove(i % 2 === 0 ? white : black, game, uhp);
      await allSee([white, black], i + 1);
    }
    await poll(() => status(black)).toBe('Game over: You win · Queen Bee surrounded');
    await poll(() => status(white)).toBe('Game over: You lose · Queen Bee surrounded');
    // both start at 1500: the winner gains what the loser loses
    await poll(() => black.getByTestId('rating-changes').textContent()).toMatch(
      new RegExp(`${blackName}: 1500 → 1[6-9]\\d\\d \\(\\+\\d+\\)`),
    );

    // the winner's profile: a rating above 1500 in Hive rapid, the rating chart, the game in the list
    await black.goto(`${site.url}#/profile`);
    await poll(() => black.getByTestId('profile-name').textContent()).toContain(blackName);
    const rating = black.getByTestId('rating-hive-rapid');
    await poll(() => rating.textContent()).toMatch(/Hive.*Rapid.*1[6-9]\d\d/);
    await poll(() => black.getByTestId('profile-counts').textContent()).toContain('1 won');
    await poll(() => black.locator('[data-testid=rating-chart] canvas').count()).toBe(1);
    // with no cursor on the chart its legend names the latest game and rating, not dashes
    const legend = black.locator('[data-testid=rating-chart] .u-legend');
    await poll(() => legend.textContent()).toMatch(/Hive · Rapid\s*1[6-9]\d\d/);
    expect(await legend.textContent()).not.toMatch(/—|--/);
    const listed = black.getByTestId(`profile-game-${id}`);
    await poll(() => listed.textContent()).toContain('won');
    expect(await listed.textContent()).toContain(whiteName);

    // the replay steps through the moves and exports the game as a UHP GameString
    await listed.getByRole('link', { name: 'Replay' }).click();
    await black.getByTestId('replay').waitFor();
    await poll(() => black.getByTestId('replay-ply').textContent()).toBe('0 / 9');
    await poll(() => black.locator('svg.board .hv-cell').count()).toBe(0);
    await black.getByTestId('nav-next').click();
    await black.getByTestId('nav-next').click();
    await poll(() => black.getByTestId('replay-ply').textContent()).toBe('2 / 9');
    await poll(() => black.locator('svg.board .hv-tile, svg.board .hv-cell:not(.target)').count()).toBeGreaterThan(0);
    await black.keyboard.press('End');
    await poll(() => black.getByTestId('replay-ply').textContent()).toBe('9 / 9');
    const exported = await black.getByTestId('export').inputValue();
    // the PGN record Mzinga reads: GameType first, the result as a GameStateString
    expect(exported).toMatch(/^\[GameType "Base"\]\n/);
    expect(exported).toContain('[Result "BlackWins"]');
    expect(exported).toContain('wB2 -wQ');
    // analysis: from move 2, another move starts a line of our own; the game is kept
    await black.keyboard.press('Home');
    await black.getByTestId('nav-next').click();
    await black.getByTestId('nav-next').click();
    await black.locator('.hv-reserve:not([disabled])').first().click();
    await black.locator('svg.board .hv-cell.target').first().click();
    await poll(() => black.getByTestId('line').count()).toBe(1);
    await poll(() => black.getByTestId('replay-ply').textContent()).toBe('3 / 3');
    await black.getByTestId('back-to-game').click();
    await poll(() => black.getByTestId('replay-ply').textContent()).toBe('2 / 9');
    // the AI, in its Web Worker, suggests a move for the position shown; playing it starts a line
    await black.getByTestId('ask-ai').click();
    await poll(() => black.getByTestId('suggestion').textContent(), 60_000).toMatch(/^The AI plays w[A-Z]/);
    await black.getByTestId('suggestion').getByRole('button').click();
    await poll(() => black.getByTestId('replay-ply').textContent()).toBe('3 / 3');

    // in Chinese: the lobby, the finished game and the profile show no English word
    await white.getByTestId('language').selectOption('zh-CN');
    await white.goto(site.url);
    await poll(() => white.locator('h1').first().textContent()).toBe('选择棋类');
    await white.locator('input[name=mode][value=online]').check();
    expect(await englishLeft(white, [whiteName, blackName])).toEqual([]);
    await white.goto(`${site.url}#/online/${id}`);
    await poll(() => white.getByTestId('status').textContent()).toContain('对局结束');
    expect(await englishLeft(white, [whiteName, blackName])).toEqual([]);
    await white.goto(`${site.url}#/profile/${blackName}`);
    await poll(() => white.getByTestId('profile-counts').textContent()).toContain('胜 1');
    expect(await englishLeft(white, [whiteName, blackName])).toEqual([]);
    await white.goto(`${site.url}#/account`);
    await white.getByTestId('language').selectOption('zh-TW');
    await poll(() => white.locator('h1').textContent()).toBe('帳號');
    expect(await englishLeft(white, [whiteName, blackName])).toEqual([]);
    for (const p of [white, black]) await p.context().close();
  });

  // Last in the file: it spends the address's login allowance for the minute. Guessing passwords is cut off with a
  // message the player understands, and the page stays usable.
  it('stops a run of wrong passwords with a clear message', async () => {
    const page = await newPage();
    await page.goto(`${site.url}#/account`);
    await page.getByTestId('language').selectOption('en');
    const login = page.getByTestId('login-form');
    await login.locator('input[name=username]').fill('nobody_here');
    await login.locator('input[name=password]').fill('a wrong guess');
    const error = page.getByTestId('login-error');
    let text = '';
    for (let attempt = 0; attempt < 10 && !text.startsWith('Too many'); attempt++) {
      await page.getByTestId('login-submit').click();
      await poll(() => page.getByTestId('login-submit').isEnabled()).toBe(true);
      await error.waitFor();
      text = (await error.textContent()) ?? '';
      expect(['Wrong username or password.', 'Too many attempts. Wait a minute and try again.']).toContain(text);
    }
    expect(text).toBe('Too many attempts. Wait a minute and try again.');
    // and in Chinese, at the next try — once the page speaks Chinese: the language's words load first, and a form
    // filled before they arrive is drawn anew, empty, and an empty form is not sent at all
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => login.locator('h2').textContent()).toBe('登录');
    await login.locator('input[name=username]').fill('nobody_here');
    await login.locator('input[name=password]').fill('a wrong guess');
    await page.getByTestId('login-submit').click();
    await poll(() => error.textContent()).toBe('尝试次数过多，请一分钟后再试。');
    await page.context().close();
  }, 120_000);
});
