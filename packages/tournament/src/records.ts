import { isBye, isTable, isTwoSided, matchOf, tablePlayed } from './matches.js';
import { byePoints, lateJoinPoints, matchGames, scoresMatches, tablePoints } from './spec.js';
import type { Entrant, EntrantId, History, TournamentSpec } from './types.js';

/** One meeting of an entrant: a match against one opponent, or a table with several. */
export interface Meeting {
  readonly round: number;
  readonly opponents: readonly EntrantId[];
  /** Game points scored in it (table: placement points). */
  readonly points: number;
  /** The match's result for this entrant: 1 won, ½ level, 0 lost (table: unused, 0). */
  readonly result: number;
  /** Whether every game of it was played over the board (no forfeit). */
  readonly played: boolean;
}

/** What an entrant has done so far: the sums the standings rank and the pairings read. */
export interface EntrantRecord {
  readonly id: EntrantId;
  points: number;
  matchPoints: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** Colours of the games played, in order ('w' or 'b'); forfeits left out. */
  readonly colours: ('w' | 'b')[];
  readonly meetings: Meeting[];
  /** Rounds in which this entrant had a pairing bye. */
  readonly byeRounds: number[];
}

const emptyRecord = (id: EntrantId): EntrantRecord => ({
  id,
  points: 0,
  matchPoints: 0,
  games: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  byes: 0,
  colours: [],
  meetings: [],
  byeRounds: [],
});

/**
 * Adds up a two-sided or table tournament's history. A match counts its games as they finish and its match points
 * once all its regular games are in. `restByes`: a bye is a round-robin's rest and scores nothing.
 */
export const records = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  restByes = false,
): Map<EntrantId, EntrantRecord> => {
  const out = new Map<EntrantId, EntrantRecord>(entrants.map((e) => [e.id, emptyRecord(e.id)]));
  const matches = scoresMatches(spec);
  const regular = matchGames(spec);
  const get = (id: EntrantId): EntrantRecord => {
    let r = out.get(id);
    if (!r) out.set(id, (r = emptyRecord(id)));
    return r;
  };
  history.forEach((round, index) => {
    const number = index + 1;
    for (const e of entrants)
      if ((e.joinedAtRound ?? 1) > number) {
        const r = get(e.id);
        r.points += lateJoinPoints(spec) * regular;
        if (matches) r.matchPoints += 1;
      }
    for (const pairing of round.pairings) {
      if (isBye(pairing)) {
        const r = get(pairing.bye);
        r.byes += 1;
        r.byeRounds.push(number);
        if (restByes) continue;
        r.points += byePoints(spec) * regular;
        if (matches) r.matchPoints += 2;
      } else if (isTable(pairing)) {
        if (!tablePlayed(round, pairing.table)) continue;
        const game = round.games.find((g) => 'table' in g && g.table.every((id) => pairing.table.includes(id)));
        if (!game || !('table' in game)) continue;
        const points = tablePoints(spec, game.places);
        game.table.forEach((id, seat) => {
          const r = get(id);
          const place = game.places[seat] as number;
          r.points += points[seat] as number;
          if (!game.forfeit) r.games += 1;
          if (place === 1) r.wins += 1;
          else if (place === Math.max(...game.places)) r.losses += 1;
          else r.draws += 1;
          r.meetings.push({
            round: number,
            opponents: game.table.filter((other) => other !== id),
            points: points[seat] as number,
            result: 0,
            played: !game.forfeit,
          });
        });
      } else if (isTwoSided(pairing)) {
        const match = matchOf(round, pairing);
        for (const g of match.games) {
          const white = get(g.white);
          const black = get(g.black);
          white.points += g.score;
          black.points += 1 - g.score;
          for (const [r, score, colour] of [
            [white, g.score, 'w'],
            [black, 1 - g.score, 'b'],
          ] as const) {
            if (g.forfeit) continue;
            r.games += 1;
            r.colours.push(colour);
            if (score === 1) r.wins += 1;
            else if (score === 0) r.losses += 1;
            else r.draws += 1;
          }
        }
        if (match.games.length < regular) continue;
        const played = match.games.every((g) => !g.forfeit);
        const whiteResult = match.whitePoints > match.blackPoints ? 1 : match.whitePoints < match.blackPoints ? 0 : 0.5;
        for (const [id, opponent, points, result] of [
          [pairing.white, pairing.black, match.whitePoints, whiteResult],
          [pairing.black, pairing.white, match.blackPoints, 1 - whiteResult],
        ] as const) {
          const r = get(id);
          if (matches) r.matchPoints += result * 2;
          r.meetings.push({ round: number, opponents: [opponent], points, result, played });
        }
      }
    }
  });
  return out;
};

/** Who has been paired with whom in any round so far (at a board or at a table), whatever the result. */
export const pairedBefore = (history: History): Map<EntrantId, Set<EntrantId>> => {
  const met = new Map<EntrantId, Set<EntrantId>>();
  const add = (a: EntrantId, b: EntrantId) => {
    let set = met.get(a);
    if (!set) met.set(a, (set = new Set()));
    set.add(b);
  };
  for (const round of history)
    for (const p of round.pairings) {
      const ids = isTwoSided(p) ? [p.white, p.black] : isTable(p) ? p.table : [];
      for (const a of ids) for (const b of ids) if (a !== b) add(a, b);
    }
  return met;
};
