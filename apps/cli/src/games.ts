import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import type { GameDefinition, GameId } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';

/** The engines the command knows, by game id. */
// biome-ignore lint/suspicious/noExplicitAny: each engine has its own option and game types
export const games: Partial<Record<GameId, GameDefinition<any, any>>> = {
  junqi,
  abalone,
  hive,
  'chinese-checkers': chineseCheckers,
};
