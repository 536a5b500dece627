import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { moveCount, poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';

/**
 * Berserk in an arena tournament's game (as on lichess): before her first move a player berserks — her clock is
 * halved, the button is gone and a mark stands beside her name; her opponent sees the mark too, and is offered the
 * button (with its explanation) in his own language.
 */
const site = useSite({ server: true, authPerMinute: 1000 });

/** The seat this page's player holds in the game shown. */
const mySeat = async (page: Page): Promise<number> => {
  for (const seat of [0, 1]) {
    const mine = await page.getByTestId(`player-${seat}`).getAttribute('class');
    if (mine?.split(' ').includes('mine')) return seat;
  }
  throw new Error('no seat of mine');
};

describe('berserk in an arena', () => {
  it('a player berserks: her clock is halved, and both see the mark', { timeout: 240_000 }, async () => {
    const alice = await site.newPage();
    const bob = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await registerAs(alice, site.url, `ann${stamp}`, 'a long and unusual passphrase 1');
    await registerAs(bob, site.url, `bo${stamp}`, 'another unusual passphrase 2');

    // an arena of Hive at 5+3 (the form's own choices), created from the tournaments page
    await alice.goto(`${site.url}#/tournaments`);
    const form = alice.getByTestId('tournament-form');
    await form.locator('input[name=name]').fill('Autumn Arena');
    await form.locator('select[name=clock]').selectOption('5+3');
    await form.locator('input[name=system][value=arena]').check();
    await alice.getByTestId('tournament-create').click();
    await alice.getByTestId('tournament-page').waitFor();
    await alice.getByTestId('tournament-join').click();
    await bob.goto(alice.url());
    await bob.getByTestId('tournament-join').click();
    await poll(() => alice.getByTestId('standings').locator('tbody tr').count()).toBe(2);
    await alice.getByTestId('tournament-start').click();

    // both are taken to their game
    for (const p of [alice, bob]) {
      // the tournament page takes each player to their game by itself
      await p.waitForFunction(() => location.hash.startsWith('#/online/'), undefined, { timeout: 60_000 });
      await p.getByTestId('online-game').waitFor();
    }
    const a = await mySeat(alice);
    const b = 1 - a;
    await poll(() => alice.getByTestId(`clock-${a}`).textContent()).toBe('5:00');
    const button = alice.getByTestId('berserk');
    expect(await button.textContent()).toBe('Berserk');
    expect(await button.getAttribute('title')).toContain('halve your clock');

    await button.click();
    // her clock is halved and the button is gone; the mark beside her name, on both pages
    await poll(() => alice.getByTestId(`clock-${a}`).textContent()).toBe('2:30');
    await poll(() => button.count()).toBe(0);
    await alice.getByTestId(`berserked-${a}`).waitFor();
    await bob.getByTestId(`berserked-${a}`).waitFor();
    await poll(() => bob.getByTestId(`clock-${a}`).textContent()).toBe('2:30');
    expect(await bob.getByTestId(`clock-${b}`).textContent()).toBe('5:00');
    expect(await bob.getByTestId(`berserked-${b}`).count()).toBe(0);

    // bob has not berserked: his button is there, in his language
    await bob.getByTestId('language').selectOption('zh-CN');
    await poll(() => bob.getByTestId('berserk').textContent()).toBe('狂暴');
    expect(await bob.getByTestId('berserk').getAttribute('title')).toContain('用时减半');
    expect(await bob.getByTestId(`berserked-${a}`).textContent()).toContain('狂暴');
    await alice.context().close();
    await bob.context().close();
  });
});

/** Marches one of the army's pieces that can move (the first found). */
const march = async (page: Page, army: number) => {
  const points = await page
    .locator(`svg.jq-board .jq-tile[data-army="${army}"]`)
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-point') ?? ''));
  for (const point of points) {
    await page.locator(`svg.jq-board .jq-pt[data-point="${point}"]`).click();
    if ((await page.locator('svg.jq-board .jq-dest').count()) === 0) continue;
    const to = await page.locator('svg.jq-board .jq-dest').first().getAttribute('data-point');
    await page.locator(`svg.jq-board .jq-pt[data-point="${to}"]`).click();
    return;
  }
  throw new Error('no piece of mine can march');
};

/**
 * Berserk and take-back in a Junqi arena game follow the moves on the board, as the server does: a deployment is no
 * move, so after deploying a player may still berserk (her clock is halved) and has nothing to take back; the first
 * march ends the one and opens the other.
 */
describe('berserk and take-back in a Junqi arena', () => {
  it('after deploying a player berserks and has nothing to take back; a march changes both', async () => {
    const ann = await site.newPage();
    const bo = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await registerAs(ann, site.url, `jqa${stamp}`, 'a long and unusual passphrase 1');
    await registerAs(bo, site.url, `jqb${stamp}`, 'another unusual passphrase 2');

    // an arena of two-army Junqi (暗棋, the default) at 5+3
    await ann.goto(`${site.url}#/tournaments`);
    const form = ann.getByTestId('tournament-form');
    await form.locator('input[name=name]').fill('Junqi Arena');
    await form.locator('select[name=game]').selectOption('junqi');
    await form.locator('select[name=clock]').selectOption('5+3');
    await form.locator('input[name=system][value=arena]').check();
    await ann.getByTestId('tournament-create').click();
    await ann.getByTestId('tournament-page').waitFor();
    await ann.getByTestId('tournament-join').click();
    await bo.goto(ann.url());
    await bo.getByTestId('tournament-join').click();
    await poll(() => ann.getByTestId('standings').locator('tbody tr').count()).toBe(2);
    await ann.getByTestId('tournament-start').click();
    for (const p of [ann, bo]) {
      // the tournament page takes each player to their game by itself
      await p.waitForFunction(() => location.hash.startsWith('#/online/'), undefined, { timeout: 60_000 });
      await p.getByTestId('online-game').waitFor();
    }
    // Red (seat 0) marches first; the other berserks
    const bySeat = (await mySeat(ann)) === 0 ? [ann, bo] : [bo, ann];
    const [red, blue] = bySeat as [Page, Page];

    // both deploy: two plies in the record, no move on the board yet
    for (const p of bySeat) {
      await p.getByTestId('jq-preset-classic').click();
      await p.getByTestId('jq-confirm').click();
    }
    for (const p of bySeat) {
      await poll(() => moveCount(p)).toBe(2);
      await p.locator('svg.jq-board .jq-tile[data-army="0"]').first().waitFor();
    }
    for (const p of bySeat) {
      // the server would refuse a take-back (nothing but a deployment to undo); berserk is still open
      await poll(() => p.getByTestId('berserk').count()).toBe(1);
      expect(await p.getByTestId('takeback').isDisabled()).toBe(true);
    }

    // Blue berserks after deploying: her clock is halved, the button gone, the mark on both pages
    await poll(() => blue.getByTestId('clock-1').textContent()).toBe('5:00');
    await blue.getByTestId('berserk').click();
    await poll(() => blue.getByTestId('clock-1').textContent()).toBe('2:30');
    await poll(() => blue.getByTestId('berserk').count()).toBe(0);
    await blue.getByTestId('berserked-1').waitFor();
    await red.getByTestId('berserked-1').waitFor();
    expect(await blue.getByTestId('online-error').count()).toBe(0);

    // Red's first march: his berserk is gone and he may ask for it back; Blue still has nothing to take back
    await march(red, 0);
    for (const p of bySeat) await poll(() => moveCount(p)).toBe(3);
    await poll(() => red.getByTestId('berserk').count()).toBe(0);
    await poll(() => red.getByTestId('takeback').isEnabled()).toBe(true);
    expect(await blue.getByTestId('takeback').isDisabled()).toBe(true);
    await red.getByTestId('takeback').click();
    await poll(() => red.getByTestId('sent-takeback').count()).toBe(1);
    for (const p of bySeat) await p.context().close();
  }, 240_000);
});
