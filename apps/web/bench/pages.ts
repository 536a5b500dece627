import { actingSeats, GAME_IDS, type GameId, Rng, type Seat, unwrap } from '@qiyuan/core';
import { GAMES } from '@qiyuan/games';
import { WEB_GAMES } from '../src/games/registry.js';

/**
 * The pages the first-visit benchmark opens, each as a player reaches it by a link: the hash route, what the page
 * shows once it can be used (the benchmark's "interactive"), and the games it needs kept on the device beforehand
 * (a game against the AI, at one screen, or finished for its replay), written to localStorage before the page's own
 * scripts run — storage, not the browser's cache, which stays empty.
 */
export interface BenchPage {
  readonly name: string;
  readonly hash: string;
  /** A CSS selector: the page counts as interactive once it matches (its handlers are attached by then). */
  readonly ready: string;
  /** localStorage entries to write before the page loads. */
  readonly storage?: Readonly<Record<string, string>>;
}

/** What the game pages draw once the board is up, as the browser tests wait for it (test/ui.ts). */
const BOARD = ['svg.board .piece', 'svg.board .ab-cell', '.hv-reserve', 'svg.jq-board .jq-tile'];

/**
 * A game of `id` as its create form starts it, or with `plies` seeded random plies played; finished by a resignation
 * when `finish` is set.
 */
const deviceGame = (game: GameId, mode: 'ai' | 'hotseat', plies: number, finish: boolean) => {
  const def = GAMES[game].definition;
  const options = { seed: '5eed5eed5eed5eed5eed5eed5eed5eed' };
  const g = unwrap(def.create(unwrap(def.parseOptions(options))));
  const rng = Rng.fromSeed(7);
  for (let i = 0; i < plies && !g.outcome(); i++) {
    const seat: Seat | undefined = actingSeats(g.turn())[0];
    if (seat === undefined) break;
    unwrap(g.play(rng.pick(g.legalMoves(seat)), seat));
  }
  if (finish && !g.outcome()) unwrap(g.apply({ type: 'resign', seat: 0 }));
  const id = `bench-${game}-${mode}`;
  const save = {
    id,
    game,
    mode,
    options,
    snapshot: g.snapshot(),
    aiSeats: mode === 'ai' ? [1] : [],
    level: 3,
    created: 1,
    updated: 2,
    finished: finish,
  };
  return {
    id,
    storage: { [`qiyuan.local.${id}`]: JSON.stringify(save), 'qiyuan.local.index': JSON.stringify([id]) },
  };
};

const gamePage = (game: GameId, mode: 'ai' | 'hotseat'): BenchPage => {
  // against the AI a game just started (the AI may act at once: Junqi's deployment), at one screen a game under way
  const { id, storage } = deviceGame(game, mode, mode === 'ai' ? 0 : 12, false);
  return {
    name: `${WEB_GAMES[game].name} ${mode === 'ai' ? 'vs AI' : 'at one screen'}`,
    hash: `#/local/${id}`,
    ready: BOARD.map((s) => `[data-local="${id}"] ${s}`).join(', '),
    storage,
  };
};

const replayPage = (game: GameId): BenchPage => {
  const { id, storage } = deviceGame(game, 'hotseat', 12, true);
  return {
    name: `${WEB_GAMES[game].name} replay`,
    hash: `#/local/${id}/replay`,
    ready: `[data-testid=replay] [data-testid=nav-next]`,
    storage,
  };
};

export const BENCH_PAGES: readonly BenchPage[] = [
  { name: 'home', hash: '#/', ready: '[data-testid=start]' },
  ...GAME_IDS.map((g) => gamePage(g, 'ai')),
  ...GAME_IDS.map((g) => gamePage(g, 'hotseat')),
  ...GAME_IDS.map((g) => ({
    name: `${WEB_GAMES[g].name} analysis board`,
    hash: `#/analysis/${g}`,
    ready: BOARD.map((s) => `[data-testid=analysis] ${s}`).join(', '),
  })),
  ...GAME_IDS.map((g) => ({
    name: `${WEB_GAMES[g].name} rules`,
    hash: `#/rules/${g}`,
    ready: '.rules article.prose',
  })),
  ...GAME_IDS.map(replayPage),
  { name: 'puzzles', hash: '#/puzzles', ready: '[data-testid=puzzles] [data-testid=puzzle]' },
  { name: 'tournaments', hash: '#/tournaments', ready: '[data-testid=tournaments-page]' },
];
