import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';

/**
 * A timed Swiss whose players wait on the tournament page: when the organiser starts it, each player's page takes
 * them to their own game (after a short countdown), their game is labelled Play on their own page and Watch on a
 * watcher's, and when the second round cannot be paired without a repeat, the page says so.
 */
const site = useSite({ server: true, authPerMinute: 1000 });

const onGame = (p: Page) =>
  p.waitForFunction(() => location.hash.startsWith('#/online/'), undefined, { timeout: 60_000 });

describe('a timed tournament game that starts while its players watch the tournament page', () => {
  it('takes each player to their game, says Play for their own, and tells why it ended early', {
    timeout: 240_000,
  }, async () => {
    const alice = await site.newPage();
    const bob = await site.newPage();
    const carol = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await registerAs(alice, site.url, `ann${stamp}`, 'a long and unusual passphrase 1');
    await registerAs(bob, site.url, `bo${stamp}`, 'another unusual passphrase 2');
    await registerAs(carol, site.url, `cy${stamp}`, 'a third unusual passphrase 3');

    await alice.goto(`${site.url}#/tournaments`);
    const form = alice.getByTestId('tournament-form');
    await form.locator('input[name=name]').fill('Blitz Swiss');
    await form.locator('select[name=clock]').selectOption('3+2');
    await form.locator('input[name=system][value=swiss]').check();
    await form.locator('input[name=rounds]').fill('2');
    await alice.getByTestId('tournament-create').click();
    await alice.getByTestId('tournament-page').waitFor();
    const link = alice.url();
    await alice.getByTestId('tournament-join').click();
    await bob.goto(link);
    await bob.getByTestId('tournament-join').click();
    await carol.goto(link);
    await poll(() => carol.getByTestId('standings').locator('tbody tr').count()).toBe(2);

    await alice.getByTestId('tournament-start').click();
    // both players are shown their game starting, with a countdown, and then taken to it
    await bob.getByTestId('tournament-my-game').waitFor();
    expect(await bob.getByTestId('tournament-my-game').textContent()).toMatch(
      /Your game has started: it opens in \d s/,
    );
    for (const p of [alice, bob]) {
      await onGame(p);
      await p.getByTestId('online-game').waitFor();
    }
    const gameId = decodeURIComponent(new URL(alice.url()).hash.split('/')[2] ?? '');
    expect(decodeURIComponent(new URL(bob.url()).hash.split('/')[2] ?? '')).toBe(gameId);

    // back on the tournament page while the game goes on: no second countdown, a link to play, and Play as the label
    await alice.goBack();
    await alice.getByTestId('tournament-page').waitFor();
    await poll(() => alice.getByTestId('tournament-my-game').textContent()).toContain('Your game is being played.');
    await poll(() => alice.getByTestId('round-1').getByTestId('pairing-game').textContent()).toBe('Play');
    // a watcher's page offers to watch it, and shows no banner
    await poll(() => carol.getByTestId('round-1').getByTestId('pairing-game').textContent()).toBe('Watch');
    expect(await carol.getByTestId('tournament-my-game').count()).toBe(0);
    expect(alice.url()).toBe(link);

    // bob resigns; two players cannot meet again, so round two cannot be paired: every page says why it ended
    await bob.getByTestId('resign').click();
    await bob.getByTestId('resign-yes').click();
    for (const p of [alice, carol]) {
      await poll(() => p.getByTestId('tournament-status').textContent(), 60_000).toContain('Finished');
      await poll(() => p.getByTestId('tournament-ended-early').textContent()).toBe(
        'The tournament ended after round 1: no pairing of round 2 avoids a repeated game.',
      );
    }
    expect(await alice.getByTestId('tournament-my-game').count()).toBe(0);
    await carol.getByTestId('language').selectOption('zh-CN');
    await poll(() => carol.getByTestId('tournament-ended-early').textContent()).toContain('第 2 轮无法');
    for (const p of [alice, bob, carol]) await p.context().close();
  });
});
