import { Rng, unwrap } from '@qiyuan/core';
import { type JunqiGame, junqi } from '@qiyuan/junqi';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * Junqi on the analysis board: a fixed side at the bottom with ⇅ to turn it, and a replay opened there — from what
 * the viewer knew during the game, or with every piece face up once it is over.
 */
const site = useSite({ server: false });

/** A finished two-player game of seeded random moves (deployments included). */
const finishedGame = (mode: string): JunqiGame => {
  const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ mode, seed: '3' }))));
  const rng = Rng.fromSeed(5);
  for (let i = 0; i < 3000 && !game.outcome(); i++) {
    const turn = game.turn();
    const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'simultaneous' ? turn.seats[0]! : -1;
    unwrap(game.play(rng.pick(game.legalMoves(seat)), seat));
  }
  return game;
};

/** Keeps `game` on this device as a finished game at one screen (or against the AI), as the app saves one. */
const saveOnDevice = async (page: Page, id: string, game: JunqiGame, mode: string, ai = false): Promise<void> => {
  const save = {
    id,
    game: 'junqi',
    mode: ai ? 'ai' : 'hotseat',
    options: { mode, seed: '3' },
    snapshot: game.snapshot(),
    aiSeats: ai ? [1] : [],
    level: 1,
    created: 1,
    updated: 2,
    finished: true,
  };
  await page.goto(site.url);
  // handed over as text: the snapshot's JSON type is too deep for the page's argument type
  await page.evaluate(
    ([key, text]) => {
      localStorage.setItem(`qiyuan.local.${key}`, text);
      localStorage.setItem('qiyuan.local.index', JSON.stringify([key]));
    },
    [id, JSON.stringify(save)] as const,
  );
};

const bottom = (page: Page) => page.locator('.board-area svg.board').getAttribute('data-bottom');
/** How many flags the board shows face up (a hidden piece shows no rank). */
const flags = async (page: Page): Promise<number> =>
  ((await page.locator('.board-area').textContent()) ?? '').split('Flag').length - 1;

/** Opens the device game's replay at ply `ply`. */
const replayAt = async (page: Page, id: string, ply: number): Promise<void> => {
  await page.goto(`${site.url}#/local/${id}/replay`);
  await page.getByTestId('nav-next').waitFor();
  for (let i = 0; i < ply; i++) await page.getByTestId('nav-next').click();
  await poll(() => page.getByTestId('replay-ply').textContent()).toMatch(new RegExp(`^${ply} /`));
};

describe('Junqi on the analysis board', () => {
  it('keeps one side at the bottom move after move, and ⇅ turns it around', async () => {
    const page = await site.newPage(1280, 1000);
    const game = finishedGame('hidden');
    await saveOnDevice(page, 'jq-fixed', game, 'hidden');
    await replayAt(page, 'jq-fixed', 6);
    await page.getByTestId('open-analysis').click();
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    expect(await bottom(page)).toBe('0');
    const seen: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('nav-next').click();
      seen.push(await bottom(page));
    }
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Blue to move');
    expect(seen).toEqual(['0', '0', '0']);
    const flip = page.getByTestId('analysis-flip');
    expect(await flip.getAttribute('aria-label')).toBe('Turn the board around');
    await flip.click();
    await poll(() => bottom(page)).toBe('1');
    await page.getByTestId('nav-next').click();
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    expect(await bottom(page)).toBe('1');
    await page.context().close();
  });

  it('opens a 暗棋 replay with every piece known, or as a seat knew it, and says which', async () => {
    const page = await site.newPage(1280, 1000);
    const game = finishedGame('hidden');
    await saveOnDevice(page, 'jq-known', game, 'hidden');
    await replayAt(page, 'jq-known', 6);
    expect(await page.getByTestId('open-analysis').textContent()).toBe(
      'Analyse with every piece known (the game is over)',
    );
    expect(await page.getByTestId('open-analysis-known').textContent()).toBe('Analyse as Red knew it during the game');
    // every piece known: both armies face up, the moves the main line, the engine offered
    await page.getByTestId('open-analysis').click();
    await poll(() => page.getByTestId('analysis-known').textContent()).toBe(
      'Every piece is known: the game is over, so its hidden pieces are shown face up.',
    );
    await poll(() => page.getByTestId('tree-move').count()).toBe(game.ply);
    expect(await page.locator('.tree-move.current').textContent()).toMatch(/^6\. /);
    expect(await flags(page)).toBe(2);
    expect(await page.getByTestId('engine-toggle').isEnabled()).toBe(true);
    // as Blue knew it: Red's pieces stay hidden, Blue sits at the bottom whoever is to move
    await replayAt(page, 'jq-known', 6);
    await page.locator('#replay-viewer').selectOption('1');
    await poll(() => page.getByTestId('open-analysis-known').textContent()).toBe(
      'Analyse as Blue knew it during the game',
    );
    await page.getByTestId('open-analysis-known').click();
    await poll(() => page.getByTestId('analysis-known').textContent()).toBe(
      'As Blue knew it during the game: the pieces Blue had not seen stay hidden.',
    );
    await poll(() => page.getByTestId('tree-move').count()).toBe(game.ply);
    expect(await flags(page)).toBe(1);
    expect(await bottom(page)).toBe('1');
    // the moves as Blue's record writes them: Red's deployment is not shown, Blue's own is
    const moves = await page.getByTestId('tree-move').allTextContents();
    expect(moves.slice(0, 3)).toEqual([
      '1. setup',
      `2. ${game.recordFor(1, 1).notation}`,
      `3. ${game.recordFor(1, 2).notation}`,
    ]);
    await page.getByTestId('nav-next').click();
    expect(await bottom(page)).toBe('1');
    expect(await flags(page)).toBe(1);
    await page.context().close();
  });

  it('opened from the replay’s start, the board comes after the deployments, not to an empty board', async () => {
    const page = await site.newPage(1280, 1000);
    await saveOnDevice(page, 'jq-start', finishedGame('hidden'), 'hidden');
    await replayAt(page, 'jq-start', 0);
    await page.getByTestId('open-analysis').click();
    await poll(() => page.locator('.tree-move.current').textContent()).toMatch(/^2\. setup /);
    expect(await page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    expect(await flags(page)).toBe(2);
    await page.context().close();
  });

  it('in 翻棋 every player knew the same: one link, as the seat shown knew it', async () => {
    const page = await site.newPage(1280, 1000);
    await saveOnDevice(page, 'jq-flip', finishedGame('flip'), 'flip');
    await replayAt(page, 'jq-flip', 4);
    expect(await page.getByTestId('open-analysis').count()).toBe(0);
    await page.getByTestId('open-analysis-known').click();
    await poll(() => page.getByTestId('analysis-known').textContent()).toMatch(/^As .* knew it during the game/);
    await poll(() => page.getByTestId('tree-move').count()).toBeGreaterThan(4);
    await page.context().close();
  });

  it('"you" only for the seat this reader played: a seat shown to a reader, or on the analysis board, is seen as', async () => {
    const page = await site.newPage(1280, 1000);
    const game = finishedGame('hidden');
    // a game at one screen: nobody reading its replay is Blue
    await saveOnDevice(page, 'jq-seen', game, 'hidden');
    await replayAt(page, 'jq-seen', 6);
    await page.locator('#replay-viewer').selectOption('1');
    const banner = page.getByTestId('jq-banner');
    await poll(() => banner.textContent()).toBe('Seen as Blue.');
    expect(await page.locator('.jq-seats .jq-tag').count()).toBe(0);
    await page.getByTestId('open-analysis-known').click();
    await poll(() => page.getByTestId('analysis-known').textContent()).toMatch(/^As Blue knew it/);
    await poll(() => banner.textContent()).toBe('Seen as Blue.');
    expect(await page.locator('.jq-seats .jq-tag').count()).toBe(0);
    // against the AI on this device the player's own seat is theirs
    await saveOnDevice(page, 'jq-mine', game, 'hidden', true);
    await replayAt(page, 'jq-mine', 6);
    await poll(() => banner.textContent()).toBe('You command Red.');
    expect(await page.locator('.jq-seats li[data-seat="0"] .jq-tag').textContent()).toBe('you');
    await page.context().close();
  });
});

/**
 * Junqi's words come one language at a time (a chunk each): a board shown in English names its pieces in English, a
 * switch to Traditional Chinese renames them at once on the same board, and back.
 */
describe('Junqi’s words', () => {
  it('follow a language switch on the board shown', async () => {
    const page = await site.newPage(1280, 800);
    await page.goto(`${site.url}#/analysis/junqi`);
    const board = page.locator('.board-area svg');
    await poll(() => board.textContent()).toContain('FM');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.getByTestId('language').selectOption('zh-TW');
    await poll(() => page.locator('.board-area svg').textContent()).toContain('軍旗');
    expect(await page.locator('.board-area svg').textContent()).not.toContain('FM');
    // the Traditional Chinese words were fetched on the switch, not before
    expect(requested.some((p) => /junqi-zh-TW-[\w-]+\.js$/.test(p))).toBe(true);
    await page.getByTestId('language').selectOption('en');
    await poll(() => page.locator('.board-area svg').textContent()).toContain('FM');
    await page.context().close();
  });
});
