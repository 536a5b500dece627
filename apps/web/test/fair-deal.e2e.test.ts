import { unwrap } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openSite, poll, type Site } from './harness.js';

/**
 * The replay of a finished 翻棋 game checks the server's commitment in the browser (docs/FAIRPLAY.md): the revealed
 * seed and salt, with the layout they deal, give the commitment sent at the start — "Verified", in each language.
 */

/** A guest on the site's WebSocket: send, and wait for the answer to a request. */
const guest = async (url: string) => {
  const res = await fetch(`${url}/api/session`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { cookie, origin: url } });
  const frames: ServerMessage[] = [];
  const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as ServerMessage;
    frames.push(m);
    for (const w of waiters.splice(0)) (w.pred(m) ? w.resolve(m) : waiters.push(w)) as unknown;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (pred: (m: ServerMessage) => boolean): Promise<ServerMessage> => {
    const seen = frames.find(pred);
    return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ pred, resolve }));
  };
  let n = 0;
  const request = (msg: Record<string, unknown>): Promise<ServerMessage> => {
    const id = `f${++n}`;
    ws.send(JSON.stringify({ ...msg, id }));
    return next((m) => 'id' in m && (m as { id?: string }).id === id);
  };
  ws.send(JSON.stringify({ type: 'hello', v: 1 }));
  await next((m) => m.type === 'welcome');
  const send = (msg: Record<string, unknown>) => ws.send(JSON.stringify(msg));
  return { request, next, send, close: () => ws.close() };
};

/** A private two-player 翻棋 game without a clock between two new guests, started: both guests and its id. */
const flipGame = async (url: string) => {
  const [a, b] = [await guest(url), await guest(url)];
  const created = await a.request({
    type: 'seek.create',
    game: 'junqi',
    options: { players: 2, mode: 'flip' },
    clock: { kind: 'none' },
    rated: false,
    private: true,
    seats: [{ kind: 'me' }, { kind: 'open' }],
  });
  expect(created.type, JSON.stringify(created)).toBe('seek.created');
  const gameId = (created as Extract<ServerMessage, { type: 'seek.created' }>).seek.id;
  expect((await b.request({ type: 'seek.join', seekId: gameId, seat: 1 })).type).toBe('ack');
  return { a, b, gameId };
};

describe('the replay checks the deal', () => {
  let site: Site;
  beforeAll(async () => {
    site = await openSite({ server: true });
  }, 300_000);
  afterAll(() => site?.close());

  it('a 翻棋 game in play shows its sealed commitment, and the replay after the end verifies that one', async () => {
    const { a, b, gameId } = await flipGame(site.url);
    a.send({ type: 'game.watch', gameId });
    const sync = (await a.next((m) => m.type === 'game.sync')) as Extract<ServerMessage, { type: 'game.sync' }>;
    const page = await site.newPage();
    await page.goto(`${site.url}#/online/${encodeURIComponent(gameId)}`);
    await page.getByTestId('language').selectOption('en');
    const sealed = page.getByTestId('sealed-deal');
    await poll(() => sealed.count(), 60_000).toBe(1);
    const commitment = (await sealed.locator('code').textContent()) ?? '';
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await sealed.locator('summary').textContent()).toContain(`Fair deal: sealed ${commitment.slice(0, 12)}…`);
    expect(await sealed.locator('summary').getAttribute('title')).toContain('SHA-256');
    // what it means, on request, in each language
    await sealed.locator('summary').click();
    await poll(() => sealed.textContent()).toContain('the deal you played is the one sealed at the start');
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => sealed.locator('summary').textContent()).toContain(`公平发牌：已封存 ${commitment.slice(0, 12)}`);
    await page.getByTestId('language').selectOption('zh-TW');
    await poll(() => sealed.locator('summary').textContent()).toContain(`公平發牌：已封存 ${commitment.slice(0, 12)}`);
    // the game goes on and ends: a flip, then a resignation
    const local = unwrap(junqi.create(unwrap(junqi.parseOptions({ players: '2', mode: 'flip' }))));
    const flip = local.moveToString(local.legalMoves(0)[0]!);
    expect((await a.request({ type: 'game.move', gameId, seq: sync.seq, seat: 0, move: flip })).type).toBe('ack');
    expect((await b.request({ type: 'game.resign', gameId, seq: sync.seq + 1, seat: 1 })).type).toBe('ack');
    a.close();
    b.close();
    await page.goto(`${site.url}#/replay/${encodeURIComponent(gameId)}`);
    await page.getByTestId('language').selectOption('en');
    const fair = page.getByTestId('fair-deal');
    await poll(() => fair.getAttribute('data-check'), 60_000).toBe('verified');
    // the commitment checked is the one shown during play
    expect(await fair.textContent()).toContain(commitment);
    // the online game's record: Junqi's own first line, the tag pairs after it, and it reads back whole
    const exported = await page.getByTestId('export').inputValue();
    expect(exported.split('\n')[0]).toMatch(/^junqi \{/);
    expect(exported).toMatch(/^\[TimeControl "-"\]$/m);
    const back = unwrap(junqi.parseGame(exported));
    // the flip and the resignation
    expect([back.ply, back.outcome()?.reason]).toEqual([2, 'resigned']);
    await page.context().close();
  }, 180_000);

  it('a finished 翻棋 game: verified, in English and in Chinese; a changed salt does not match', async () => {
    const { a, b, gameId } = await flipGame(site.url);
    // any point but a camp holds a face-down piece: a flip is legal whatever the deal
    const local = unwrap(junqi.create(unwrap(junqi.parseOptions({ players: '2', mode: 'flip' }))));
    const flip = local.moveToString(local.legalMoves(0)[0]!);
    a.send({ type: 'game.watch', gameId });
    const sync = (await a.next((m) => m.type === 'game.sync')) as Extract<ServerMessage, { type: 'game.sync' }>;
    const moved = await a.request({ type: 'game.move', gameId, seq: sync.seq, seat: 0, move: flip });
    expect(moved.type, JSON.stringify(moved)).toBe('ack');
    const resigned = await b.request({ type: 'game.resign', gameId, seq: sync.seq + 1, seat: 1 });
    expect(resigned.type, JSON.stringify(resigned)).toBe('ack');
    a.close();
    b.close();
    const page = await site.newPage();
    await page.goto(`${site.url}#/replay/${gameId}`);
    await page.getByTestId('language').selectOption('en');
    const fair = page.getByTestId('fair-deal');
    await poll(() => fair.getAttribute('data-check'), 60_000).toBe('verified');
    expect(await fair.textContent()).toContain('Verified');
    // the seed and salt the check used are on the page, as the game's data gives them
    const data = (await (await fetch(`${site.url}/api/games/${gameId}`)).json()) as {
      commitment: string;
      salt: string;
      options: { seed: string };
    };
    expect(await page.getByTestId('fair-commitment').textContent()).toBe(data.commitment);
    expect(await page.getByTestId('fair-seed').textContent()).toBe(data.options.seed);
    expect(await page.getByTestId('fair-salt').textContent()).toBe(data.salt);
    // one click shows the text hashed, the hash this browser gets from it, and that it matches
    await page.getByTestId('fair-check').click();
    const mine = page.getByTestId('fair-mine');
    await poll(() => mine.getAttribute('data-match'), 30_000).toBe('yes');
    expect(await page.getByTestId('fair-my-hash').textContent()).toBe(data.commitment);
    const hashed = (await mine.locator('pre').textContent()) ?? '';
    expect(JSON.parse(hashed).slice(0, 5)).toEqual([
      'qiyuan-commitment-1',
      gameId,
      'junqi',
      data.options.seed,
      data.salt,
    ]);
    expect(await mine.textContent()).toContain('It matches the commitment');
    // how to check it elsewhere, in words for players: no repository paths
    const recipe = await page.getByTestId('fair-recipe').textContent();
    expect(recipe).toContain('SHA-256');
    expect(recipe).not.toMatch(/packages\/|docs\/|\.ts\b|\.md\b/);
    // on a 375-px phone the 64-digit values wrap: the page is no wider than the screen
    await page.setViewportSize({ width: 375, height: 800 });
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth), 10_000).toBeLessThanOrEqual(375);
    await page.getByTestId('language').selectOption('zh-CN');
    await poll(() => fair.textContent()).toContain('已验证');
    await page.getByTestId('language').selectOption('zh-TW');
    await poll(() => fair.textContent()).toContain('已驗證');
    expect(await page.getByTestId('fair-check').textContent()).toBe('自己驗證');
    await page.context().close();
    // a salt changed on the way (a server that changed the deal would be caught the same way): does not match
    const tampered = await site.newPage();
    await tampered.route(`**/api/games/${gameId}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { salt: string };
      await route.fulfill({ response, json: { ...body, salt: `${body.salt.slice(1)}0` } });
    });
    await tampered.goto(`${site.url}#/replay/${gameId}`);
    await tampered.getByTestId('language').selectOption('en');
    const wrong = tampered.getByTestId('fair-deal');
    await poll(() => wrong.getAttribute('data-check'), 60_000).toBe('mismatch');
    expect(await wrong.textContent()).toContain('Does not match');
    await tampered.context().close();
  }, 180_000);

  it('no fair-deal section where nothing was dealt: Hive, and 暗棋 whose armies were deployed by hand', async () => {
    for (const options of [{}, { players: 2, mode: 'hidden' }]) {
      const game = 'mode' in options ? 'junqi' : 'hive';
      const [a, b] = [await guest(site.url), await guest(site.url)];
      const created = await a.request({
        type: 'seek.create',
        game,
        options,
        clock: { kind: 'none' },
        rated: false,
        private: true,
        seats: [{ kind: 'me' }, { kind: 'open' }],
      });
      expect(created.type, JSON.stringify(created)).toBe('seek.created');
      const gameId = (created as Extract<ServerMessage, { type: 'seek.created' }>).seek.id;
      expect((await b.request({ type: 'seek.join', seekId: gameId, seat: 1 })).type).toBe('ack');
      a.send({ type: 'game.watch', gameId });
      const sync = (await a.next((m) => m.type === 'game.sync')) as Extract<ServerMessage, { type: 'game.sync' }>;
      const resigned = await b.request({ type: 'game.resign', gameId, seq: sync.seq, seat: 1 });
      expect(resigned.type, JSON.stringify(resigned)).toBe('ack');
      a.close();
      b.close();
      // the server keeps a commitment for every game; the page shows it only where the seed hid something
      const data = (await (await fetch(`${site.url}/api/games/${gameId}`)).json()) as { commitment?: string };
      expect(data.commitment).toMatch(/^[0-9a-f]{64}$/);
      const page = await site.newPage();
      await page.goto(`${site.url}#/replay/${gameId}`);
      await page.getByTestId('language').selectOption('en');
      await poll(() => page.getByTestId('replay-about').count(), 60_000).toBe(1);
      await poll(() => page.getByTestId('export').count(), 30_000).toBe(1);
      expect(await page.getByTestId('fair-deal').count(), game).toBe(0);
      await page.context().close();
    }
  }, 180_000);

  it('a Hive advanced game hides the rosters chosen by the players, not dealt: no sealed deal on its page', async () => {
    const [a, b] = [await guest(site.url), await guest(site.url)];
    const created = await a.request({
      type: 'seek.create',
      game: 'hive',
      options: { sides: 'advanced' },
      clock: { kind: 'none' },
      rated: false,
      private: true,
      seats: [{ kind: 'me' }, { kind: 'open' }],
    });
    expect(created.type, JSON.stringify(created)).toBe('seek.created');
    const gameId = (created as Extract<ServerMessage, { type: 'seek.created' }>).seek.id;
    expect((await b.request({ type: 'seek.join', seekId: gameId, seat: 1 })).type).toBe('ack');
    const page = await site.newPage();
    await page.goto(`${site.url}#/online/${encodeURIComponent(gameId)}`);
    await page.getByTestId('language').selectOption('en');
    await poll(() => page.locator('.board-area').count(), 60_000).toBe(1);
    await poll(() => page.locator('h1').textContent()).toContain('Hive');
    expect(await page.getByTestId('sealed-deal').count()).toBe(0);
    a.close();
    b.close();
    await page.context().close();
  }, 120_000);
});
