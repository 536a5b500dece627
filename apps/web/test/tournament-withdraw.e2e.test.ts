import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';

/**
 * Withdrawing from the tournament page asks first, and once confirmed resigns the player's game in the tournament,
 * so the round (here the last) ends instead of waiting for a game nobody will play.
 */
const site = useSite({ server: true, authPerMinute: 1000 });

describe('withdrawing from a running tournament', () => {
  it('asks for confirmation, then resigns the game being played', { timeout: 240_000 }, async () => {
    const alice = await site.newPage();
    const bob = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await registerAs(alice, site.url, `ann${stamp}`, 'a long and unusual passphrase 1');
    await registerAs(bob, site.url, `bo${stamp}`, 'another unusual passphrase 2');
    await alice.goto(`${site.url}#/tournaments`);
    const form = alice.getByTestId('tournament-form');
    await form.locator('input[name=name]').fill('Quiet Swiss');
    await form.locator('select[name=clock]').selectOption('none');
    await form.locator('input[name=system][value=swiss]').check();
    await form.locator('input[name=rounds]').fill('1');
    await alice.getByTestId('tournament-create').click();
    await alice.getByTestId('tournament-page').waitFor();
    await alice.getByTestId('tournament-join').click();
    await bob.goto(alice.url());
    await bob.getByTestId('tournament-join').click();
    await poll(() => alice.getByTestId('standings').locator('tbody tr').count()).toBe(2);
    await alice.getByTestId('tournament-start').click();
    for (const p of [alice, bob]) await p.getByTestId('tournament-my-game-stay').click();
    await poll(() => alice.getByTestId('round-1').getByTestId('pairing-game').textContent()).toBe('Play');

    // the first press only asks; "No" leaves everything as it was
    await alice.getByTestId('tournament-withdraw').click();
    expect(await alice.getByTestId('tournament-withdraw-confirm').textContent()).toContain(
      'the game you are playing in it is resigned',
    );
    await alice.getByTestId('tournament-withdraw-no').click();
    expect(await alice.getByTestId('tournament-withdraw-confirm').count()).toBe(0);
    expect(await alice.getByTestId('round-1').textContent()).toContain('being played');

    // confirmed: her game is resigned, bob wins it, and the one-round tournament is over
    await alice.getByTestId('tournament-withdraw').click();
    await alice.getByTestId('tournament-withdraw-yes').click();
    for (const p of [alice, bob]) {
      await poll(() => p.getByTestId('tournament-status').textContent(), 60_000).toContain('Finished');
    }
    await poll(() => bob.getByTestId(`standing-bo${stamp}`).getByTestId('points').textContent()).toBe('1');
    expect(await alice.getByTestId(`standing-ann${stamp}`).textContent()).toContain('withdrew');
    for (const p of [alice, bob]) await p.context().close();
  });
});
