import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import type { Game, GameDefinition, GameId } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';

/**
 * The engines the server plays, by game id. The server knows them only through
 * the `GameDefinition`/`Game` contract of `@qiyuan/core`: one line per engine.
 */
// biome-ignore lint/suspicious/noExplicitAny: each engine has its own option and game types
export type AnyDefinition = GameDefinition<any, Game>;

export const engines: Partial<Record<GameId, AnyDefinition>> = {
  hive,
  junqi,
  abalone,
  'chinese-checkers': chineseCheckers,
};

export const engineFor = (id: string): AnyDefinition | undefined =>
  Object.hasOwn(engines, id) ? engines[id as GameId] : undefined;
