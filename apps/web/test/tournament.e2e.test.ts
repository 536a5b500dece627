import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';
import { latinWords, pageWords } from './ui.js';

/**
 * A Swiss tournament in the browser (issue #23): one player organises it on the tournaments page, both join from
 * the tournament page, the organiser starts it, round one's game is linked from the pairings, one player resigns
 * there, and both tournament pages show the new standings without a reload.
 */
const site = useSite({ server: true, authPerMinute: 1000 });

describe('a Swiss tournament', () => {
  it('two players join, play round one, and both see the standings change', { timeout: 240_000 }, async () => {
    const alice = await site.newPage();
    const bob = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await registerAs(alice, site.url, `ann${stamp}`, 'a long and unusual passphrase 1');
    await registerAs(bob, site.url, `bo${stamp}`, 'another unusual passphrase 2');

    // the organiser creates it from the header's Tournaments page
    await alice.getByRole('link', { name: 'Tournaments' }).click();
    const form = alice.getByTestId('tournament-form');
    await form.locator('input[name=name]').fill('Autumn Swiss');
    await form.locator('select[name=clock]').selectOption('none');
    await form.locator('input[name=system][value=swiss]').check();
    await form.locator('input[name=rounds]').fill('1');
    await alice.getByTestId('tournament-create').click();
    await alice.getByTestId('tournament-page').waitFor();
    await poll(() => alice.getByTestId('tournament-name').textContent()).toBe('Autumn Swiss');
    const link = alice.url();

    await alice.getByTestId('tournament-join').click();
    // the other finds it from the home page, among the tournaments starting soon
    await bob.goto(site.url);
    await bob.getByTestId('language').selectOption('en');
    await bob.getByTestId('home-tournaments').click();
    await bob.getByTestId('tournaments-upcoming').getByRole('link', { name: 'Autumn Swiss' }).click();
    expect(bob.url()).toBe(link);
    await bob.getByTestId('tournament-join').click();
    // each page hears of the other's entry
    await poll(() => alice.getByTestId('standings').locator('tbody tr').count()).toBe(2);
    await poll(() => bob.getByTestId('standings').locator('tbody tr').count()).toBe(2);

    await alice.getByTestId('tournament-start').click();
    // alice chooses to stay on the tournament page rather than be taken to her game
    await alice.getByTestId('tournament-my-game-stay').click();
    // round one is paired, its game linked
    await alice.getByTestId('round-1').getByTestId('pairing-game').waitFor();
    await poll(() => alice.getByTestId('tournament-status').textContent()).toContain('Round 1 of 1');

    // bob's page takes him to his game, and he resigns it
    await bob.waitForFunction(() => location.hash.startsWith('#/online/'), undefined, { timeout: 60_000 });
    await bob.getByTestId('resign').click();
    await bob.getByTestId('resign-yes').click();

    // alice's tournament page (never reloaded) shows the result and the winner on top
    const points = (p: typeof alice, name: string) =>
      p.getByTestId(`standing-${name}`).getByTestId('points').textContent();
    await poll(() => points(alice, `ann${stamp}`), 60_000).toBe('1');
    await poll(() => points(alice, `bo${stamp}`)).toBe('0');
    await poll(() => alice.getByTestId('standings').locator('tbody tr').first().textContent()).toContain(`ann${stamp}`);
    // bob goes back to the tournament and sees the same; one round was all: the tournament is over
    await bob.goBack();
    await bob.getByTestId('tournament-page').waitFor();
    await poll(() => points(bob, `ann${stamp}`), 60_000).toBe('1');
    await poll(() => points(bob, `bo${stamp}`)).toBe('0');
    for (const p of [alice, bob])
      await poll(() => p.getByTestId('tournament-status').textContent()).toContain('Finished');
    expect(await alice.getByTestId('round-1').textContent()).toMatch(/1 – 0|0 – 1/);

    // in Chinese the tournament pages carry no English besides the players' and the tournament's own names, and
    // take Chinese punctuation
    const names = [`ann${stamp}`, `bo${stamp}`, 'Autumn Swiss'];
    const left: string[] = [];
    for (const lang of ['zh-CN', 'zh-TW']) {
      await alice.getByTestId('language').selectOption(lang);
      for (const where of ['tournament', 'tournaments'] as const) {
        if (where === 'tournaments') await alice.goto(`${site.url}#/tournaments`);
        else await alice.goto(link);
        await alice.getByTestId(`${where}-page`).waitFor();
        if (where === 'tournament') await alice.getByTestId('standings').waitFor();
        else await alice.getByTestId('tournament-form').waitFor();
        let text = await pageWords(alice);
        for (const n of names) text = text.split(n).join('');
        const words = latinWords(text, ['English']);
        if (words.length > 0) left.push(`${lang} ${where}: ${[...new Set(words)].join(' ')}`);
        const marks = text.match(/[\u3400-\u9fff][:,;!?()]|[:,;!?()][\u3400-\u9fff]/g) ?? [];
        if (marks.length > 0) left.push(`${lang} ${where}: ${[...new Set(marks)].join(' ')}`);
      }
    }
    expect(left).toEqual([]);
    await alice.context().close();
    await bob.context().close();
  });
});

/**
 * The tournament form offers the game's own options, as the online create form does, and the tournament's games
 * are created with them: an Abalone tournament from the Belgian daisy, a Junqi one in 翻棋 (flip) mode.
 */
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

/**
 * A tournament the server refuses to start, on a Chinese page: the organiser sees why in Chinese (the refusal's
 * own words, chosen by its code), not the server's English reason nor only that something was not allowed.
 */
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
