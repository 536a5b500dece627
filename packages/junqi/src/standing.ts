import type { Outcome, Seat, SeatResult } from '@qiyuan/core';
import { type JunqiOptions, playsInPairs } from './options.js';

/**
 * Who has won once armies go out, and the places: pure rules over which seats are out and in what order. The
 * play phase asks after every move (Position); the setup phase asks when a player resigns before the armies
 * meet (ruling R13), so a game is decided the same way whenever its armies leave.
 */

/** The sides of a game: a team per seat, and in 三打一 the landlord and how many farmer armies it must destroy. */
export interface Sides {
  readonly seats: number;
  readonly teamOfSeat: readonly number[];
  /** The landlord's seat, or -1 outside 三打一. */
  readonly landlord: Seat;
  readonly target: number;
}

/** The seats that are out: a bit per seat, the order they went in, and why each went (by seat). */
export interface Exits {
  readonly out: number;
  readonly order: readonly Seat[];
  readonly reasons: readonly string[];
}

/** Team number per seat for the options (三打一: the landlord's seat once the bidding chose it, else -1). */
export const teamsFor = (o: JunqiOptions, landlord: Seat): number[] => {
  if (o.players === 2) return [0, 1];
  if (o.variant === 'landlord') return [0, 1, 2, 3].map((s) => (s === landlord ? 0 : 1));
  if (playsInPairs(o)) return [0, 1, 0, 1];
  return Array.from({ length: o.players }, (_, s) => s);
};

/** The exits of seats that left in this order, each for its reason. */
export const exitsOf = (gone: readonly { seat: Seat; reason: string }[]): Exits => {
  const reasons: string[] = [];
  for (const g of gone) reasons[g.seat] = g.reason;
  return { out: gone.reduce((bits, g) => bits | (1 << g.seat), 0), order: gone.map((g) => g.seat), reasons };
};

const isOut = (exits: Exits, seat: Seat): boolean => ((exits.out >> seat) & 1) === 1;

/** The outcome with `results`, ranked when more than two play: winners first, then who stayed in longer. */
export const rankedOutcome = (sides: Sides, exits: Exits, reason: string, results: SeatResult[]): Outcome => {
  const { seats, teamOfSeat } = sides;
  const teams = new Map<number, Seat[]>();
  for (let s = 0; s < seats; s++) {
    const t = teamOfSeat[s]!;
    teams.set(t, [...(teams.get(t) ?? []), s]);
  }
  const outcome: { reason: string; results: SeatResult[]; ranking?: number[]; teams?: Seat[][] } = {
    reason,
    results,
  };
  if (seats > 2) {
    // Place: winners first, then by how long a seat stayed in (knocked out later ranks higher).
    const score = (s: Seat) =>
      results[s] === 'win'
        ? 1000
        : results[s] === 'draw'
          ? 500
          : exits.order.indexOf(s) >= 0
            ? exits.order.indexOf(s)
            : 400;
    outcome.ranking = Array.from({ length: seats }, (_, s) => 1 + results.filter((_, o) => score(o) > score(s)).length);
    if ([...teams.values()].some((t) => t.length > 1)) outcome.teams = [...teams.values()];
  }
  return outcome;
};

/** The outcome if the seats out decide the game (one side left, or 三打一's landlord or bid reached), else undefined. */
export const decidedByExits = (sides: Sides, exits: Exits): Outcome | undefined => {
  const { seats, teamOfSeat, landlord, target } = sides;
  const reasonOf = () => exits.reasons[exits.order[exits.order.length - 1]!] ?? 'knocked-out';
  if (landlord >= 0) {
    if (isOut(exits, landlord)) {
      return rankedOutcome(
        sides,
        exits,
        reasonOf(),
        teamOfSeat.map((_, s) => (s === landlord ? 'loss' : 'win')),
      );
    }
    const farmersOut = exits.order.filter((s) => s !== landlord).length;
    if (farmersOut >= target) {
      return rankedOutcome(
        sides,
        exits,
        reasonOf(),
        teamOfSeat.map((_, s) => (s === landlord ? 'win' : 'loss')),
      );
    }
    return undefined;
  }
  const aliveTeams = new Set<number>();
  for (let s = 0; s < seats; s++) if (!isOut(exits, s)) aliveTeams.add(teamOfSeat[s]!);
  if (aliveTeams.size > 1) return undefined;
  const results = teamOfSeat.map((t) => (aliveTeams.has(t) ? 'win' : 'loss') as SeatResult);
  return rankedOutcome(sides, exits, reasonOf(), results);
};
