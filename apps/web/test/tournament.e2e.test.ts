import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';
import { ask, myId, readUntil, started } from './tournament-driver.js';
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
    const untranslated = async (lang: string, where: string): Promise<string[]> => {
      const left: string[] = [];
      let text = await pageWords(alice);
      for (const n of names) text = text.split(n).join('');
      const words = latinWords(text, ['English']);
      if (words.length > 0) left.push(`${lang} ${where}: ${[...new Set(words)].join(' ')}`);
      const marks = text.match(/[\u3400-\u9fff][:,;!?()]|[:,;!?()][\u3400-\u9fff]/g) ?? [];
      if (marks.length > 0) left.push(`${lang} ${where}: ${[...new Set(marks)].join(' ')}`);
      return left;
    };
    for (const lang of ['zh-CN', 'zh-TW']) {
      await alice.getByTestId('language').selectOption(lang);
      for (const where of ['tournament', 'tournaments'] as const) {
        if (where === 'tournaments') await alice.goto(`${site.url}#/tournaments`);
        else await alice.goto(link);
        await alice.getByTestId(`${where}-page`).waitFor();
        if (where === 'tournament') await alice.getByTestId('standings').waitFor();
        else await alice.getByTestId('tournament-form').waitFor();
        // a language's words arrive after the switch (one chunk each): the page is read once they have
        await poll(() => untranslated(lang, where), 20_000).toEqual([]);
      }
    }
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
    // the answer is worded when it comes: the click waits for the English words to be in, as a reader would
    await poll(() => page.getByTestId('tournament-start').textContent()).toBe('Start now');
    await page.getByTestId('tournament-start').click();
    await poll(() => alert.textContent()).toBe('Not done: There are not enough players to start yet.');
    await page.context().close();
  });
});

/**
 * Withdrawing from the tournament page asks first, and once confirmed resigns the player's game in the tournament,
 * so the round (here the last) ends instead of waiting for a game nobody will play.
 */
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

const onGame = (p: Page) =>
  p.waitForFunction(() => location.hash.startsWith('#/online/'), undefined, { timeout: 60_000 });

/**
 * A timed Swiss whose players wait on the tournament page: when the organiser starts it, each player's page takes
 * them to their own game (after a short countdown), their game is labelled Play on their own page and Watch on a
 * watcher's, and when the second round cannot be paired without a repeat, the page says so.
 */
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

/**
 * A finished tournament as a visitor on a phone sees it: the winner named on a podium, ratings in the standings,
 * every tiebreak on screen (none clipped at 375 px), a round-robin's odd one out resting (not a "bye"), and a
 * knockout bracket whose winner mark and score read apart. The tournaments are played by players on the server's
 * own WebSocket (each game ended by a resignation), so the page is only read.
 */
describe('a finished tournament on a phone', () => {
  it('names its winner, shows every tiebreak, says rest and reads the bracket', { timeout: 240_000 }, async () => {
    const url = site.url;
    const stamp = Date.now().toString(36).slice(-5);
    const players: Page[] = [];
    for (const who of ['ann', 'bo', 'cy']) {
      const p = await site.newPage();
      await registerAs(p, url, `${who}${stamp}`, `an unusual passphrase of ${who}`);
      players.push(p);
    }
    const byId = new Map<string, Page>();
    for (const p of players) byId.set(await myId(p), p);
    const create = async (
      game: string,
      format: Record<string, unknown>,
      options: Record<string, unknown> = {},
    ): Promise<string> => {
      const made = await ask(players[0]!, {
        type: 'tournament.create',
        name: `${format.system} cup`,
        game,
        options,
        clock: { kind: 'none' },
        format,
        rated: true,
        private: false,
      });
      return (made.tournament as { id: string }).id;
    };
    const joinAndStart = async (tid: string, field: readonly Page[]) => {
      for (const p of field) expect((await ask(p, { type: 'tournament.join', tournamentId: tid })).type).toBe('ack');
      expect((await ask(players[0]!, { type: 'tournament.start', tournamentId: tid })).type).toBe('ack');
    };
    /** The games being played end: the second seat resigns (or the first, with `firstLoses`). */
    const resignAll = async (tid: string, round: number, firstLoses = false) => {
      const v = await readUntil(url, tid, (t) => t.round === round && started(t));
      for (const g of v.pairings.filter((x) => x.state === 'playing')) {
        const loser = byId.get(g.players[firstLoses ? 0 : 1]!)!;
        expect((await ask(loser, { type: 'game.resign', gameId: g.gameId })).type).toBe('ack');
      }
    };
    const rr = await create('abalone', { system: 'round-robin' });
    await joinAndStart(rr, players);
    for (let round = 1; round <= 3; round++) await resignAll(rr, round);
    const done = await readUntil(url, rr, (t) => t.status === 'finished');
    const ko = await create('hive', { system: 'knockout' });
    await joinAndStart(ko, players.slice(0, 2));
    await resignAll(ko, 1, true);
    await readUntil(url, ko, (t) => t.status === 'finished');
    // a Swiss of one round at a table of three: the seat that leaves first is last, the next one between
    const tables = await create('chinese-checkers', { system: 'swiss', rounds: 1 }, { players: 3 });
    await joinAndStart(tables, players);
    const seated = await readUntil(url, tables, (t) => t.round === 1 && started(t));
    const table = seated.pairings.find((x) => x.state === 'playing')!;
    for (const seat of [1, 2]) {
      const leaving = byId.get(table.players[seat]!)!;
      expect((await ask(leaving, { type: 'game.resign', gameId: table.gameId })).type).toBe('ack');
    }
    const placed = await readUntil(url, tables, (t) => t.status === 'finished');
    const between = placed.standings.find((s) => s.user.id === table.players[2])!;

    const page = await site.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${site.url}#/tournament/${rr}`);
    await page.getByTestId('language').selectOption('en');
    const top = done.standings.filter((s) => s.rank === 1).map((s) => s.user.name);
    await poll(() => page.getByTestId('tournament-winner').textContent()).toBe(`Winner: ${top.join(', ')}`);
    expect(await page.getByTestId('podium').locator('li').count()).toBeGreaterThanOrEqual(2);
    // ratings in the standings, and every tiebreak inside the screen's width
    const ratings = await page.getByTestId('standings').getByTestId('rating').allTextContents();
    expect(ratings).toEqual(
      done.standings.map((s) => String(done.entrants.find((e) => e.user.id === s.user.id)!.rating)),
    );
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const box of await page
      .locator('.standings td.tiebreaks')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(width);
    expect(await page.getByTestId('standings-record').textContent()).toBe('Won / drawn / lost');
    // each round one player rests, called a rest
    const rounds = await page.getByTestId('pairings').textContent();
    expect(rounds!.match(/rests this round/g)).toHaveLength(3);
    expect(rounds).not.toMatch(/bye/);

    await page.goto(`${site.url}#/tournament/${ko}`);
    await page.getByTestId('bracket').waitFor();
    const sides = await page.getByTestId('bracket-side').allInnerTexts();
    const through = sides.find((x) => x.includes('went through'))!;
    expect(through).toMatch(/\(went through\)\s+1$/);
    for (const x of sides) expect(x).not.toMatch(/through\d/);
    await poll(() => page.getByTestId('tournament-winner').textContent()).toContain('Winner:');

    // at a table the record counts places: a place between first and last is no draw
    await page.goto(`${site.url}#/tournament/${tables}`);
    await poll(() => page.getByTestId('standings-record').textContent()).toBe('First / between / last');
    expect(await page.getByTestId(`standing-${between.user.name}`).textContent()).toContain('0 / 1 / 0');
    for (const p of [...players, page]) await p.context().close();
  });
});
