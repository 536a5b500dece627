import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';

/**
 * The tournament form offers the game's own options, as the online create form does, and the tournament's games
 * are created with them: an Abalone tournament from the Belgian daisy, a Junqi one in 翻棋 (flip) mode.
 */
const site = useSite({ server: true, authPerMinute: 1000 });

const created = async (url: string, hash: string) => {
  const id = decodeURIComponent(hash.split('/')[2] ?? '');
  return (await (await fetch(`${url}/api/tournaments/${id}`)).json()) as { options: Record<string, unknown> };
};

describe('the tournament form’s game options', () => {
  it('creates tournaments with the options chosen', { timeout: 180_000 }, async () => {
    const page = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await registerAs(page, site.url, `ora${stamp}`, 'a long and unusual passphrase 9');
    for (const [game, key, value, name] of [
      ['abalone', 'start', 'belgian-daisy', 'Daisy cup'],
      ['junqi', 'mode', 'flip', 'Flip cup'],
    ] as const) {
      await page.goto(`${site.url}#/tournaments`);
      const form = page.getByTestId('tournament-form');
      await form.locator('input[name=name]').fill(name);
      await form.locator('select[name=game]').selectOption(game);
      await form.getByTestId('tournament-game-options').locator(`select[name=${key}]`).selectOption(value);
      // the number of players is the tournament form's own choice, never offered twice
      expect(await form.getByTestId('tournament-game-options').locator('select[name=players]').count()).toBe(0);
      await page.getByTestId('tournament-create').click();
      await page.getByTestId('tournament-page').waitFor();
      await poll(() => page.getByTestId('tournament-name').textContent()).toBe(name);
      expect((await created(site.url, new URL(page.url()).hash)).options).toMatchObject({ [key]: value });
    }
    await page.context().close();
  });
});
