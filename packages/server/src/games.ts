import type { GameDefinition, GameId } from '@qiyuan/core';
import { GAME_ENTRIES, engineFor as registryEngineFor } from '@qiyuan/games';

/**
 * The engines the server plays, by game id: the engine-level registry's (@qiyuan/games), so a new game is served
 * once it has its entry there. The server knows them only through the `GameDefinition`/`Game` contract of
 * `@qiyuan/core`.
 */
export type AnyDefinition = GameDefinition;

export const engines: { readonly [K in GameId]: AnyDefinition } = Object.fromEntries(
  GAME_ENTRIES.map((entry) => [entry.id, entry.definition]),
) as { readonly [K in GameId]: AnyDefinition };

/** The engine of `id`, or undefined for a text that names no game (a stored value, a message). */
export const engineFor = (id: string): AnyDefinition | undefined => registryEngineFor(id);
