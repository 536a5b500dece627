import type { GameId } from '@qiyuan/core';

/** How a Junqi tournament seats its armies: two players, 2v2 partners, or four each for itself. */
export type TournamentArmies = 'two' | 'pairs' | 'ffa';

/**
 * The game options a tournament is created with, from the form's few choices: only options the game's lobby offers
 * (the server refuses any other, docs/FAIRPLAY.md), and nothing that fixes a game's start.
 */
export const tournamentOptions = (
  game: GameId,
  players: string,
  armies: TournamentArmies,
): Record<string, string | number> =>
  game === 'chinese-checkers'
    ? { players: Number(players) }
    : game === 'junqi' && armies !== 'two'
      ? { players: 4, teams: armies }
      : {};
