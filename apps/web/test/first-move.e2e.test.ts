import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, poll, useSite } from './harness.js';
import { allSee, createSeek, registerAs, status } from './online-ui.js';
import { SkippableClock } from './skippable-clock.js';

/**
 * The first move's clock, as players live it (issue #25; the rule is lichess's): before a seat's first move its main
 * clock stands still and a countdown for that move runs, shown to its player, the opponent and spectators; a seat
 * that lets it run out aborts the game, which then reads so on the game page, in the replay and in the player's
 * history, in English, 简体 and 繁體. The server gives each first move 25 s here (30 s in play): room for three pages
 * to open on a loaded machine before the first countdown is read. Its clock runs in real time while the pages count
 * down, and once Green's countdown has been seen, the test skips the rest of it instead of waiting it out.
 */
const FIRST_MOVE_MS = 25_000;
const clock = new SkippableClock();
const site = useSite({ server: true, firstMoveMs: FIRST_MOVE_MS, clock });

const ABORTED = 'Game aborted — Green did not make a first move';

/** A page that opens the game `id` in English: as a spectator, or sitting in `seat`. */
const openGame = async (id: string, seat?: number): Promise<Page> => {
  const p = await site.newPage();
  await p.goto(`${site.url}#/online/${id}`);
  await p.getByTestId('language').selectOption('en');
  if (seat !== undefined) await p.getByTestId(`sit-${seat}`).click();
  await p.waitForSelector('svg.board .piece');
  return p;
};

describe('the first move’s clock', () => {
  it('counts down each first move for everyone, then aborts the game when Green lets it lapse', async () => {
    const red = await site.newPage();
    const name = `first${Date.now().toString(36)}`;
    await registerAs(red, site.url, name, 'seven purple hexagons');
    const id = await createSeek(red, site.url, 'chinese-checkers', { clock: '3+2' });
    const green = await openGame(id, 1);
    const watcher = await openGame(id);
    await red.waitForSelector('svg.board .piece');
    // Red's first move is due: Red is asked for it, the others see whom they wait for; no main clock runs
    await poll(() => red.getByTestId('first-move-0').textContent()).toMatch(/^Make your first move: 0:[0-2]\d$/);
    expect(await red.getByTestId('first-move').textContent()).toContain('Your clock starts after your first move.');
    for (const p of [green, watcher])
      await poll(() => p.getByTestId('first-move-0').textContent()).toMatch(/^Red to make a first move: 0:[0-2]\d$/);
    expect(await watcher.getByTestId('first-move').textContent()).not.toContain('Your clock starts');
    expect(await red.getByTestId('clock-0').textContent()).toBe('3:00');
    // it counts down
    const before = await red.getByTestId('first-move-0').textContent();
    await poll(() => red.getByTestId('first-move-0').textContent()).not.toBe(before);
    expect(await red.getByTestId('clock-0').textContent()).toBe('3:00');
    await clickMove(red);
    await allSee([red, green, watcher], 1);
    // the first move cost Red nothing and earned no increment; now Green's first move is due
    expect(await red.getByTestId('clock-0').textContent()).toBe('3:00');
    await poll(() => green.getByTestId('first-move-1').textContent()).toMatch(/^Make your first move: 0:[0-2]\d$/);
    for (const p of [red, watcher])
      await poll(() => p.getByTestId('first-move-1').textContent()).toMatch(/^Green to make a first move: 0:[0-2]\d$/);
    expect(await red.getByTestId('first-move-0').count()).toBe(0);
    // Green never moves: the game is aborted, for everyone, with no result and nothing left to play
    clock.skip(FIRST_MOVE_MS);
    for (const p of [red, green, watcher]) await poll(() => status(p)).toBe(ABORTED);
    for (const p of [red, green, watcher]) {
      expect(await p.getByTestId('first-move').count()).toBe(0);
      expect(await p.getByTestId('ended').count()).toBe(1);
      expect(await p.getByTestId('rematch').count()).toBe(0);
    }
    expect(await green.getByTestId('resign').count()).toBe(0);
    // the replay says so, in each language
    await watcher.goto(`${site.url}#/replay/${id}`);
    await poll(() => watcher.getByTestId('replay-status').textContent()).toBe(ABORTED);
    await watcher.getByTestId('language').selectOption('zh-CN');
    await poll(() => watcher.getByTestId('replay-status').textContent()).toMatch(/^对局已取消——.+未走第一步$/);
    await watcher.getByTestId('language').selectOption('zh-TW');
    await poll(() => watcher.getByTestId('replay-status').textContent()).toMatch(/^對局已取消——.+未走第一步$/);
    // and so does Red's history, naming the player who did not move
    await red.goto(`${site.url}#/profile/${name}`);
    const row = red.getByTestId(`profile-game-${id}`);
    await poll(() => row.textContent()).toContain('Game aborted — Guest-');
    expect(await row.textContent()).toContain('did not make a first move');
    await red.getByTestId('language').selectOption('zh-CN');
    await poll(() => row.textContent()).toMatch(/对局已取消——游客-.+未走第一步/);
    for (const p of [red, green, watcher]) await p.context().close();
  }, 180_000);
});
