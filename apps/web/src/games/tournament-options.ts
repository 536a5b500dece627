import type { GameId } from '@qiyuan/core';
import { type TournamentArmies, WEB_GAMES } from './registry.js';

export type { TournamentArmies };

/**
 * The game options a tournament is created with, from the form's few choices: only options the game's lobby offers
 * (the server refuses any other, docs/FAIRPLAY.md), and nothing that fixes a game's start. Each game says its own in
 * its registry entry.
 */
export const tournamentOptions = (
  game: GameId,
  players: string,
  armies: TournamentArmies,
): Record<string, string | number> => WEB_GAMES[game].tournamentSeating(players, armies).options;
