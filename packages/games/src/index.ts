import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { GAME_IDS, type GameDefinition, type GameId } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';

/**
 * The engine-level registry: every game id of core's `GAME_IDS` with its engine, for every layer above the engines
 * (the AI, the CLI, the web app's workers). Adding a game is one line here once its engine package exists: the
 * mapped type makes a game id without an entry a compile error, and the entry's definition must be the engine of that
 * id (registry.test.ts). Each engine is typed by core's contract alone, so no caller casts one (an engine's own option
 * and game types are its business; `parseOptions` is the only way to its options).
 */
export interface GameEntry<K extends GameId = GameId> {
  readonly id: K;
  readonly definition: GameDefinition;
  /**
   * The game's name in the site's three languages, for what the server writes without a page (its mails); the web
   * app's catalogues name it the same (apps/web/test/registry.test.ts checks they agree).
   */
  readonly names: GameNames;
}

/** A game's name in each language of the site. */
export interface GameNames {
  readonly en: string;
  readonly 'zh-CN': string;
  readonly 'zh-TW': string;
}

export const GAMES: { readonly [K in GameId]: GameEntry<K> } = {
  hive: { id: 'hive', definition: hive, names: { en: 'Hive', 'zh-CN': '昆虫棋', 'zh-TW': '昆蟲棋' } },
  junqi: { id: 'junqi', definition: junqi, names: { en: 'Junqi', 'zh-CN': '军棋', 'zh-TW': '軍棋' } },
  abalone: { id: 'abalone', definition: abalone, names: { en: 'Abalone', 'zh-CN': '角力棋', 'zh-TW': '角力棋' } },
  'chinese-checkers': {
    id: 'chinese-checkers',
    definition: chineseCheckers,
    names: { en: 'Chinese Checkers', 'zh-CN': '中国跳棋', 'zh-TW': '中國跳棋' },
  },
};

/** Every game's entry, in core's order. */
export const GAME_ENTRIES: readonly GameEntry[] = GAME_IDS.map((id) => GAMES[id]);

/** The entry of `id`, or undefined for a text that names no game (a flag, a stored value, a message). */
export const gameEntry = (id: string): GameEntry | undefined =>
  Object.hasOwn(GAMES, id) ? GAMES[id as GameId] : undefined;

/** The engine of `id`, or undefined for a text that names no game. */
export const engineFor = (id: string): GameDefinition | undefined => gameEntry(id)?.definition;
