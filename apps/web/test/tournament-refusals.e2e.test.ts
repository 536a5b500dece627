import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';
import { latinWords } from './ui.js';

/**
 * A tournament the server refuses to start, on a Chinese page: the organiser sees why in Chinese (the refusal's
 * own words, chosen by its code), not the server's English reason nor only that something was not allowed.
 */
const site = useSite({ server: true, authPerMinute: 1000 });

describe('tournament refusals', () => {
  it('an organiser starting a tournament alone is told why in Chinese', { timeout: 120_000 }, async () => {
    const page = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await registerAs(page, site.url, `org${stamp}`, 'a long and unusual passphrase 3');
    await page.getByTestId('language').selectOption('zh-CN');
    await page.goto(`${site.url}#/tournaments`);
    const form = page.getByTestId('tournament-form');
    await form.locator('input[name=name]').fill('Winter Swiss');
    await form.locator('select[name=clock]').selectOption('none');
    await form.locator('input[name=system][value=swiss]').check();
    await form.locator('input[name=rounds]').fill('1');
    await page.getByTestId('tournament-create').click();
    await page.getByTestId('tournament-page').waitFor();
    await page.getByTestId('tournament-join').click();
    await poll(() => page.getByTestId('standings').locator('tbody tr').count()).toBe(1);

    // alone, the organiser cannot start it: a tournament needs two players
    await page.getByTestId('tournament-start').click();
    const alert = page.getByTestId('tournament-page').getByRole('alert');
    await poll(() => alert.textContent()).toBe('未完成：棋手人数还不够，暂时不能开始。');
    expect(latinWords((await alert.textContent()) ?? '', [])).toEqual([]);

    // the same refusal in the other languages, from the same server answer
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('tournament-start').click();
    await poll(() => alert.textContent()).toBe('Not done: There are not enough players to start yet.');
    await page.context().close();
  });
});
