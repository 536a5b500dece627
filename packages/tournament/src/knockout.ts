import { playsIn, seeded, withdrawnBy } from './field.js';
import { gamesLeft, isBye, isTwoSided, matchOf } from './matches.js';
import { type EntrantRecord, records } from './records.js';
import { matchGames } from './spec.js';
import { rank } from './standings.js';
import type {
  BracketMatch,
  BracketRound,
  Entrant,
  EntrantId,
  History,
  Pairing,
  Standing,
  TournamentSpec,
} from './types.js';

/**
 * Places of seeds in a bracket of `size` (a power of two), top to bottom, so that 1 meets N, 2 meets N − 1 and
 * the top two seeds can only meet in the final: [1, 8, 4, 5, 2, 7, 3, 6] for eight.
 */
export const seedPlaces = (size: number): number[] => {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((s) => [s, next - s]);
  }
  return order;
};

/** The knockout's seeds: those present for round one, in seeding order. */
export const knockoutField = (entrants: readonly Entrant[]): Entrant[] => seeded(entrants.filter((e) => playsIn(e, 1)));

/** The bracket's size: the field rounded up to a power of two (byes fill the rest, to the top seeds). */
const bracketSize = (n: number): number => (n < 2 ? n : 2 ** Math.ceil(Math.log2(n)));

export const knockoutRounds = (entrants: readonly Entrant[]): number => {
  const n = knockoutField(entrants).length;
  return n < 2 ? 0 : Math.log2(bracketSize(n));
};

interface Slot {
  readonly id?: EntrantId;
  readonly seed?: number;
}

/** The pairing of a round's history that holds an entrant (a game or a bye). */
const pairingOf = (pairings: readonly Pairing[], id: EntrantId): Pairing | undefined =>
  pairings.find((p) => (isBye(p) ? p.bye === id : isTwoSided(p) ? p.white === id || p.black === id : false));

/**
 * Plays the bracket forward through the history: each round's matches from the slots, and who went through.
 * A match is decided by game points over all its games, tie-breaks included; a match still level after the
 * sudden-death games sends the higher seed through. An empty slot or a withdrawn entrant gives the other a bye.
 */
export const bracket = (spec: TournamentSpec, entrants: readonly Entrant[], history: History): BracketRound[] => {
  const field = knockoutField(entrants);
  const size = bracketSize(field.length);
  let slots: Slot[] = seedPlaces(size).map((seed) =>
    seed <= field.length ? { id: (field[seed - 1] as Entrant).id, seed } : {},
  );
  const rounds: BracketRound[] = [];
  for (let r = 1; slots.length >= 2; r++) {
    const played = history[r - 1];
    const matches: BracketMatch[] = [];
    const next: Slot[] = [];
    for (let i = 0; i < slots.length; i += 2) {
      const a = slots[i] as Slot;
      const b = slots[i + 1] as Slot;
      const base = {
        ...(a.id !== undefined ? { a: a.id } : {}),
        ...(b.id !== undefined ? { b: b.id } : {}),
        ...(a.seed !== undefined ? { seedA: a.seed } : {}),
        ...(b.seed !== undefined ? { seedB: b.seed } : {}),
      };
      const pairing = played && (a.id ?? b.id) !== undefined ? pairingOf(played.pairings, (a.id ?? b.id)!) : undefined;
      if (!played || !pairing) {
        matches.push({ ...base, scoreA: 0, scoreB: 0, tieBreak: false });
        next.push({});
        continue;
      }
      if (isBye(pairing)) {
        matches.push({ ...base, scoreA: 0, scoreB: 0, winner: pairing.bye, tieBreak: false });
        next.push({ id: pairing.bye, seed: pairing.bye === a.id ? a.seed : b.seed } as Slot);
        continue;
      }
      if (!isTwoSided(pairing)) continue;
      const match = matchOf(played, pairing);
      const aIsWhite = pairing.white === a.id;
      const scoreA = aIsWhite ? match.whitePoints : match.blackPoints;
      const scoreB = aIsWhite ? match.blackPoints : match.whitePoints;
      const tieBreak = match.games.length > matchGames(spec);
      const decided = gamesLeft(spec, played, pairing, true).length === 0;
      let winner: Slot | undefined;
      if (decided)
        winner =
          scoreA !== scoreB
            ? scoreA > scoreB
              ? a
              : b
            : (a.seed ?? Number.POSITIVE_INFINITY) < (b.seed ?? Number.POSITIVE_INFINITY)
              ? a
              : b;
      matches.push({ ...base, scoreA, scoreB, ...(winner?.id ? { winner: winner.id } : {}), tieBreak });
      next.push(winner ?? {});
    }
    rounds.push({ round: r, matches });
    slots = next;
  }
  return rounds;
};

/**
 * Pairs knockout round `round` (1-based) from the bracket: the higher seed has white in a match's first game; a
 * slot whose entrant is missing or has withdrawn gives the other a bye.
 */
export const pairKnockout = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  round: number,
): Pairing[] => {
  const field = knockoutField(entrants);
  const known = new Map(entrants.map((e) => [e.id, e]));
  let slots: Slot[];
  if (round === 1) {
    slots = seedPlaces(bracketSize(field.length)).map((seed) =>
      seed <= field.length ? { id: (field[seed - 1] as Entrant).id, seed } : {},
    );
  } else {
    const previous = bracket(spec, entrants, history)[round - 2];
    if (!previous) return [];
    const seedOf = new Map(field.map((e, i) => [e.id, i + 1]));
    slots = previous.matches.map((m) => (m.winner ? { id: m.winner, seed: seedOf.get(m.winner) as number } : {}));
  }
  const pairings: Pairing[] = [];
  for (let i = 0; i + 1 < slots.length; i += 2) {
    const present = [slots[i] as Slot, slots[i + 1] as Slot].filter(
      (s) => s.id !== undefined && playsIn(known.get(s.id) as Entrant, round),
    );
    if (present.length === 2) {
      const [high, low] = (present[0]!.seed ?? 0) < (present[1]!.seed ?? 0) ? present : [present[1], present[0]];
      pairings.push({ white: high!.id!, black: low!.id! });
    } else if (present.length === 1) pairings.push({ bye: present[0]!.id! });
  }
  return pairings;
};

/**
 * A knockout's standings: by rounds won (the champion first, then the finalist, then the semi-finalists sharing
 * third place, …); entrants out in the same round share a rank, listed by seed.
 */
export const knockoutStandings = (spec: TournamentSpec, entrants: readonly Entrant[], history: History): Standing[] => {
  const rounds = bracket(spec, entrants, history);
  const all = records(spec, entrants, history, true);
  const won = new Map<EntrantId, number>();
  for (const round of rounds)
    for (const m of round.matches) if (m.winner) won.set(m.winner, (won.get(m.winner) ?? 0) + 1);
  const last = history.length;
  return rank(
    entrants.map((entrant) => {
      const r = all.get(entrant.id) as EntrantRecord;
      const roundsWon = won.get(entrant.id) ?? 0;
      return {
        entrant,
        primary: roundsWon,
        tiebreaks: [{ name: 'rounds-won', value: roundsWon }],
        standing: {
          id: entrant.id,
          points: r.points,
          games: r.games,
          wins: r.wins,
          draws: r.draws,
          losses: r.losses,
          byes: r.byes,
          withdrawn: withdrawnBy(entrant, last + 1),
        },
      };
    }),
  );
};
