import { AbaloneGame, parseAbaloneOptions } from '@qiyuan/abalone';
import { answer } from '@qiyuan/ai';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { actingSeats, type Game, type GameId, type Outcome } from '@qiyuan/core';
import { boardFor, junqi } from '@qiyuan/junqi';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  abaloneClicks,
  abaloneMove,
  ccMove,
  hiveMove,
  moveCount,
  newHive,
  poll,
  shownMoves,
  useSite,
} from './harness.js';

/**
 * A whole game against the AI in each of the four games, through the UI: the page's AI (its first level, in its Web
 * Worker) on one side, and on the player's side the AI of @qiyuan/ai run here in Node, choosing from what the page
 * shows and clicking its moves on the board, until the page says the game is over.
 */
const site = useSite({ server: false, stillBoards: true });

const status = (page: Page) => page.getByTestId('status').textContent();

/** Starts a game against the AI's first level from the home page, the player in the first seat; resolves to its id. */
const startVsAi = async (page: Page, game: GameId, options: Record<string, string> = {}): Promise<string> => {
  await page.goto(site.url);
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId(`game-${game}`).click();
  await page.locator('input[name=mode][value=ai]').check();
  for (const [k, v] of Object.entries(options)) await page.locator(`select[name=${k}]`).selectOption(v);
  await page.locator('#ai-level').selectOption('1');
  await page.locator('#ai-side').selectOption('0');
  await page.getByTestId('start').click();
  await page.waitForSelector('svg.board .piece, svg.board .ab-cell, .hv-reserve, svg.jq-board .jq-pt');
  return decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '');
};

/** The page's last word on a finished game, from the first seat's side: the result, then why, in words. */
const expectOver = async (page: Page, outcome: Outcome) => {
  const result = { win: 'You win', loss: 'You lose', draw: 'Draw' }[outcome.results[0]!];
  await poll(() => status(page)).toMatch(new RegExp(`^Game over: ${result} · `));
  // the reason is worded, not left as the engine's code
  expect(await status(page)).not.toContain(outcome.reason);
  // and it stands out as a banner in the colour of the player's result
  expect(await page.getByTestId('status').getAttribute('data-outcome')).toBe(outcome.results[0]);
};

interface Player {
  readonly id: GameId;
  /** The test's copy of the game; it follows the page's move list. */
  readonly game: Game;
  /** A level or baseline of @qiyuan/ai. */
  readonly level: string;
  /** The status line when the player may move (`Your move (Red)`: against the AI the page speaks to its player). */
  readonly turn: string;
  /** Plays a move, in notation, through the board. */
  click(notation: string): Promise<void>;
}

/**
 * Plays a game without hidden information against the page's AI to its end. The player's copy of the game follows
 * the page's move list (the AI's answers reach the test only there); on its turn it asks its AI for a move in that
 * position and plays it on the board. At most `maxPlies` plies: a game that runs longer fails.
 */
const playOut = async (page: Page, p: Player, maxPlies: number): Promise<Outcome> => {
  const { game } = p;
  for (;;) {
    // the page settles on the player's turn or on the end (while the AI thinks, the status says so)
    const turn = p.turn.replace(/[()]/g, '\\$&');
    await poll(() => status(page), 60_000).toMatch(new RegExp(`^(Game over|${turn})`));
    for (const notation of (await shownMoves(page)).slice(game.ply)) {
      const seat = actingSeats(game.turn())[0]!;
      const m = game.parseMove(notation, seat);
      if (!m.ok) throw new Error(`the page played ${notation}: ${m.error.reason}`);
      expect(game.play(m.value, seat).ok).toBe(true);
    }
    const outcome = game.outcome();
    if (outcome) {
      expect(await moveCount(page)).toBe(game.ply);
      return outcome;
    }
    expect(game.ply, 'the game is still going after the plies allowed').toBeLessThan(maxPlies);
    expect(actingSeats(game.turn())).toEqual([0]);
    const reply = answer({
      game: p.id,
      player: p.level,
      seat: 0,
      position: { kind: 'snapshot', snapshot: game.snapshot() },
      seed: game.ply + 1,
    });
    if (!reply.ok) throw new Error(reply.error.reason);
    await p.click(reply.move);
  }
};

/** A fresh Chinese Checkers or Abalone game with the create form's option values. */
const newGame = (id: 'chinese-checkers' | 'abalone', options: Record<string, string> = {}): Game => {
  if (id === 'abalone') {
    const o = parseAbaloneOptions(options);
    if (!o.ok) throw new Error(o.error.reason);
    return new AbaloneGame(o.value) as unknown as Game;
  }
  const o = chineseCheckers.parseOptions(options);
  if (!o.ok) throw new Error(o.error.reason);
  const g = chineseCheckers.create(o.value);
  if (!g.ok) throw new Error(g.error.reason);
  return g.value as unknown as Game;
};

const JUNQI_POINTS = boardFor(2).points;

/**
 * What the first seat of a Junqi game on this page knows: its own view and records, as the engine gives them to a
 * seat (the page hands its own AI the same for the other seat), and its legal moves. The page keeps its game on the
 * device; the test reads it only to ask the engine for this seat's share, and checks that the board draws exactly
 * that view. The game itself never leaves this function.
 */
const redKnows = async (page: Page, id: string) => {
  const saved = await page.evaluate((key) => localStorage.getItem(key), `qiyuan.local.${id}`);
  const g = junqi.fromSnapshot((JSON.parse(saved!) as { snapshot: never }).snapshot);
  if (!g.ok) throw new Error(g.error.reason);
  const game = g.value;
  return {
    ply: game.ply,
    outcome: game.outcome(),
    view: game.viewFor(0),
    records: Array.from({ length: game.ply }, (_, i) => game.recordFor(0, i)),
    legal: game.legalMoves(0).map((m) => game.moveToString(m)),
  };
};

/** The tiles a view holds, as `point:army:rank` (`?` for a rank the seat does not know). */
const viewTiles = (view: unknown): string[] =>
  (view as { pieces: { point: number; army: number; rank: string | null }[] }).pieces
    .filter((p) => p.point >= 0)
    .map((p) => `${JUNQI_POINTS[p.point]!.name}:${p.army}:${p.rank ?? '?'}`)
    .sort();

/** The tiles the board draws, the same way. */
const boardTiles = (page: Page): Promise<string[]> =>
  page
    .locator('svg.jq-board .jq-tile')
    .evaluateAll((ts) =>
      ts
        .map(
          (t) => `${t.getAttribute('data-point')}:${t.getAttribute('data-army')}:${t.getAttribute('data-rank') ?? '?'}`,
        )
        .sort(),
    );

/**
 * Red (this page's player) deploys the editor's forward arrangement (the strong pieces in front), then plays the AI's
 * one-ply player (`greedy`: the move that looks best over a few worlds drawn from what Red knows) against the page's
 * beginner until one army falls; Red takes Blue's flag in about 70 plies.
 */
const playJunqi = async (page: Page, id: string, maxPlies: number): Promise<Outcome> => {
  await page.getByTestId('jq-preset-forward').click();
  await page.getByTestId('jq-confirm').click();
  for (;;) {
    await poll(() => status(page), 60_000).toMatch(/^(Game over|Your move \(Red\))/);
    const red = await redKnows(page, id);
    if (red.outcome) {
      expect(await moveCount(page)).toBe(red.ply);
      return red.outcome;
    }
    expect(red.ply, 'the game is still going after the plies allowed').toBeLessThan(maxPlies);
    // the player's AI is given what the board shows: Red's ranks, Blue's only where Red has learnt them
    await poll(() => boardTiles(page)).toEqual(viewTiles(red.view));
    const reply = answer({
      game: 'junqi',
      player: 'greedy',
      seat: 0,
      position: { kind: 'view', view: red.view, records: red.records, legal: red.legal },
      seed: red.ply + 1,
    });
    if (!reply.ok) throw new Error(reply.error.reason);
    const [from, to] = reply.move.split('-') as [string, string];
    const before = await moveCount(page);
    await page.locator(`svg.jq-board .jq-pt[data-point="${from}"]`).click();
    await page.locator(`svg.jq-board .jq-dest[data-point="${to}"]`).waitFor({ state: 'attached' });
    await page.locator(`svg.jq-board .jq-pt[data-point="${to}"]`).click();
    await poll(() => moveCount(page)).toBeGreaterThan(before);
  }
};

describe('a whole game against the AI', () => {
  // the club level (three plies deep) against the page's beginner: about 80 plies of the default game
  it('races Chinese Checkers to the end', async () => {
    const page = await site.newPage();
    await startVsAi(page, 'chinese-checkers');
    const game = newGame('chinese-checkers');
    const outcome = await playOut(
      page,
      { id: 'chinese-checkers', game, level: 'club', turn: 'Your move (Red)', click: (n) => ccMove(page, n) },
      200,
    );
    expect(outcome.reason).toBe('goal-filled');
    await expectOver(page, outcome);
    await page.context().close();
  }, 180_000);

  // from the Belgian Daisy the marbles meet at once: about 30 plies to six pushed off
  it('plays Abalone until six marbles are pushed off', async () => {
    const page = await site.newPage();
    await startVsAi(page, 'abalone', { start: 'belgian-daisy' });
    const game = newGame('abalone', { start: 'belgian-daisy' });
    const outcome = await playOut(
      page,
      {
        id: 'abalone',
        game,
        level: 'club',
        turn: 'Your move (Black)',
        click: (n) => {
          const { marbles, dir } = abaloneClicks(game as unknown as AbaloneGame, n);
          return abaloneMove(page, marbles, dir);
        },
      },
      200,
    );
    expect(outcome.reason).toBe('six-ejected');
    await expectOver(page, outcome);
    await page.context().close();
  }, 180_000);

  // the create form's game (Base+MLP); the club level surrounds the beginner's Queen in about 40 plies
  it('plays Hive until a Queen is surrounded', async () => {
    const page = await site.newPage();
    await startVsAi(page, 'hive');
    const game = newHive('Base+MLP');
    const outcome = await playOut(
      page,
      {
        id: 'hive',
        game: game as unknown as Game,
        level: 'club',
        turn: 'Your move (White)',
        // the test's copy takes the move as it is clicked; the page's AI's answers come from the move list
        click: (n) => hiveMove(page, game, n),
      },
      160,
    );
    expect(outcome.reason).toMatch(/queens?-surrounded/);
    await expectOver(page, outcome);
    await page.context().close();
  }, 180_000);

  // 暗棋: the player's side knows only what its seat sees
  it('plays Junqi 暗棋 until an army falls', async () => {
    const page = await site.newPage();
    const id = await startVsAi(page, 'junqi', { players: '2', mode: 'hidden' });
    const outcome = await playJunqi(page, id, 300);
    await expectOver(page, outcome);
    await page.context().close();
  }, 240_000);
});
