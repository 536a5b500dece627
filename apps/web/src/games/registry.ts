import type { GameId } from '@qiyuan/core';
import type { Language } from '../i18n/languages.js';
import type { GameForm, GameModule } from './types.js';

/** A game's words in one language, each a chunk of its own, for the games whose words are not in their chunk. */
export type GameWords = { readonly [L in Language]: () => Promise<Record<string, unknown>> };

// the form adds them to the catalogue (hive-form.ts, junqi-form.ts); the first page's loads start the language shown
// beside the game's chunk (route-start.ts), not after the chunk has arrived and run
export const HIVE_WORDS: GameWords = {
  en: async () => (await import('../i18n/hive.js')).hiveEn,
  'zh-CN': async () => (await import('../i18n/hive-zh-CN.js')).hiveZhCN,
  'zh-TW': async () => (await import('../i18n/hive-zh-TW.js')).hiveZhTW,
};

export const JUNQI_WORDS: GameWords = {
  en: async () => (await import('../i18n/junqi.js')).junqiEn,
  'zh-CN': async () => (await import('../i18n/junqi-zh-CN.js')).junqiZhCN,
  'zh-TW': async () => (await import('../i18n/junqi-zh-TW.js')).junqiZhTW,
};

/** How a tournament seats a game: by two, at tables (Swiss only), or in teams of two (no arena). */
export type TournamentLayout = 'pairs' | 'tables' | 'teams';

/** How a Junqi tournament seats its armies: two players, 2v2 partners, or four each for itself. */
export type TournamentArmies = 'two' | 'pairs' | 'ffa';

/** What the tournament form decides about a game's seats, from its two seating choices (players, armies). */
export interface TournamentSeating {
  /** The options sent with the tournament: only options its lobby offers (docs/FAIRPLAY.md). */
  readonly options: Record<string, string | number>;
  /** The same seats as the game's own create-form fields name them (the form shows them fixed). */
  readonly fixed: Record<string, string>;
  readonly layout: TournamentLayout;
}

/**
 * A game in the web app: everything a page needs before the game's own chunk is loaded (its name for tools, its
 * words' scope, the choices of its forms), and the loader of that chunk (the engine, the board and the rest of its
 * `GameModule`). One entry per game id: a game missing here does not compile, and registry.test.ts checks that every
 * entry is complete. Nothing here imports a game's engine or board statically, so each game stays its own chunk.
 */
export interface WebGame {
  readonly id: GameId;
  /** The game's English name, for tools (the page-weight benchmark); pages say `t('games.<id>')`. */
  readonly name: string;
  /** Key prefix of the game's option values in the i18n resources (`values.<scope>.<key>.<value>`). */
  readonly scope: string;
  /** Loads the game's chunk: its engine, board and web module (with its words, when they come with it). */
  load(): Promise<GameModule>;
  /** Loads its create form (fields, their words, the options parser): a small chunk without the engine and board. */
  form(): Promise<GameForm>;
  /** The source files of its chunk and its words in Simplified Chinese, as the page-weight benchmark counts them. */
  readonly chunks: readonly string[];
  /** Its words a chunk per language, when they are not in its chunk. */
  readonly words?: GameWords;
  /** Whether its clocks have a limit for a setup phase (Junqi's deployment). */
  readonly setupPhase: boolean;
  /**
   * Loads its setup editor, when that is a chunk of its own: a game on this device begins with the setup, so its page
   * fetches it beside the game's chunk instead of after it.
   */
  setupEditor?(): Promise<unknown>;
  /** The seating choice the tournament form offers for it: the number of players, the armies, or none. */
  readonly tournamentChoice?: 'players' | 'armies';
  /** The seats a tournament of this game has, from the form's choices. */
  tournamentSeating(players: string, armies: TournamentArmies): TournamentSeating;
}

const twoSeats = (): TournamentSeating => ({ options: {}, fixed: {}, layout: 'pairs' });

export const WEB_GAMES: { readonly [K in GameId]: WebGame & { readonly id: K } } = {
  hive: {
    id: 'hive',
    name: 'Hive',
    scope: 'hive',
    load: async () => {
      // its words come in a chunk of their own, the language shown first
      const hive = await import('./hive.js');
      await hive.wordsReady;
      return hive.module;
    },
    form: async () => {
      const hive = await import('./hive-form.js');
      await hive.wordsReady;
      return hive.form;
    },
    chunks: ['src/games/hive.ts', 'src/i18n/hive-zh-CN.ts'],
    words: HIVE_WORDS,
    setupPhase: false,
    tournamentSeating: twoSeats,
  },
  junqi: {
    id: 'junqi',
    name: 'Junqi',
    scope: 'junqi',
    load: async () => {
      // its words come in a chunk of their own, the language shown first
      const junqi = await import('./junqi.js');
      await junqi.wordsReady;
      return junqi.module;
    },
    form: async () => {
      const junqi = await import('./junqi-form.js');
      await junqi.wordsReady;
      return junqi.form;
    },
    chunks: ['src/games/junqi.ts', 'src/i18n/junqi-zh-CN.ts'],
    words: JUNQI_WORDS,
    setupPhase: true,
    setupEditor: () => import('./junqi-setup-kit.js'),
    tournamentChoice: 'armies',
    tournamentSeating: (_, armies): TournamentSeating =>
      armies === 'two'
        ? { options: {}, fixed: { players: '2' }, layout: 'pairs' }
        : {
            options: { players: 4, teams: armies },
            fixed: { players: '4', teams: armies },
            layout: armies === 'ffa' ? 'tables' : 'teams',
          },
  },
  abalone: {
    id: 'abalone',
    name: 'Abalone',
    scope: 'abalone',
    load: async () => (await import('./abalone.js')).module,
    form: async () => (await import('./abalone-form.js')).form,
    chunks: ['src/games/abalone.ts'],
    setupPhase: false,
    tournamentSeating: twoSeats,
  },
  'chinese-checkers': {
    id: 'chinese-checkers',
    name: 'Chinese Checkers',
    scope: 'cc',
    load: async () => (await import('./chinese-checkers.js')).module,
    form: async () => (await import('./chinese-checkers-form.js')).form,
    chunks: ['src/games/chinese-checkers.ts'],
    setupPhase: false,
    tournamentChoice: 'players',
    tournamentSeating: (players): TournamentSeating => ({
      options: { players: Number(players) },
      fixed: { players },
      layout: players === '2' ? 'pairs' : 'tables',
    }),
  },
};

/** The web entry of `id`, or undefined for a text that names no game (a link's, a stored value's). */
export const webGame = (id: string): WebGame | undefined =>
  Object.hasOwn(WEB_GAMES, id) ? WEB_GAMES[id as GameId] : undefined;
