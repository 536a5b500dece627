import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
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
