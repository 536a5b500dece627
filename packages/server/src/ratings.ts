/// <reference path="./glicko2.d.ts" />
import { type Outcome, pairScore } from '@qiyuan/core';
import { Glicko2 } from 'glicko2';

/**
 * Glicko-2 (the `glicko2` library), one rating per user, game and speed class.
 *
 * Two seats: one match, win/draw/loss. More seats (Chinese Checkers rankings,
 * free-for-all or team Junqi): the game is decomposed into pairwise matches
 * between every two seats that are not on the same team, each scored by the
 * finishing places (`ranking` when the engine gives it, else win > draw > loss),
 * all in one rating period. This is the "race" method of the library, with
 * partners excluded so teammates never rate each other.
 */
export interface Rating {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  readonly games: number;
}

export const DEFAULT_RATING: Rating = { rating: 1500, rd: 350, vol: 0.06, games: 0 };

/** New ratings per seat (seats listed in `rated` only; others are left out of the period). */
export const rate = (outcome: Outcome, before: readonly Rating[]): Rating[] => {
  const g = new Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
  const players = before.map((r) => g.makePlayer(r.rating, r.rd, r.vol));
  const teamOf = (seat: number): number => outcome.teams?.findIndex((t) => t.includes(seat)) ?? -1;
  const matches: [unknown, unknown, number][] = [];
  for (let a = 0; a < before.length; a++) {
    for (let b = a + 1; b < before.length; b++) {
      const ta = teamOf(a);
      if (ta >= 0 && ta === teamOf(b)) continue;
      matches.push([players[a], players[b], pairScore(outcome, a, b)]);
    }
  }
  g.updateRatings(matches);
  return players.map((p, i) => ({
    rating: p.getRating(),
    rd: p.getRd(),
    vol: p.getVol(),
    games: (before[i]?.games ?? 0) + 1,
  }));
};
