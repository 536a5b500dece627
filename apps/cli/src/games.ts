import type { GameDefinition, GameId } from '@qiyuan/core';
import { GAMES } from '@qiyuan/games';

/** The engines the command knows, by game id: the engine-level registry's (@qiyuan/games). */
export const games: Readonly<Record<GameId, GameDefinition>> = Object.fromEntries(
  Object.values(GAMES).map((entry) => [entry.id, entry.definition]),
) as Record<GameId, GameDefinition>;
