import { playsIn, seeded, withdrawnBy } from './field.js';
import type { Entrant, EntrantId, Pairing, TournamentSpec } from './types.js';

/** The entrants of a round-robin: those present for round one, in seeding order. The field is fixed then. */
export const roundRobinField = (entrants: readonly Entrant[]): Entrant[] =>
  seeded(entrants.filter((e) => playsIn(e, 1)));

/** Rounds in one cycle: n − 1 for an even field, n for an odd one (everyone rests once). */
const cycleRounds = (n: number): number => (n < 2 ? 0 : n % 2 === 0 ? n - 1 : n);

export const roundRobinRounds = (spec: TournamentSpec, entrants: readonly Entrant[]): number =>
  cycleRounds(roundRobinField(entrants).length) * (spec.double ? 2 : 1);

/**
 * One cycle by the circle method: the last place stays, the others turn one step a round. Colours are then given
 * round by round to whoever has had fewer whites (then to whoever had black last, then alternately by board),
 * which keeps everyone's whites and blacks within one of each other. `null` is the rest of an odd field.
 */
const cycle = (ids: readonly EntrantId[]): { white: EntrantId | null; black: EntrantId | null }[][] => {
  const places: (EntrantId | null)[] = ids.length % 2 === 0 ? [...ids] : [...ids, null];
  const m = places.length;
  const whites = new Map<EntrantId, number>();
  const last = new Map<EntrantId, 'w' | 'b'>();
  const rounds: { white: EntrantId | null; black: EntrantId | null }[][] = [];
  let rotating = places.slice(0, m - 1);
  const fixed = places[m - 1] ?? null;
  for (let r = 0; r < m - 1; r++) {
    const order = [...rotating, fixed];
    const round: { white: EntrantId | null; black: EntrantId | null }[] = [];
    for (let i = 0; i < m / 2; i++) {
      const a = order[i] ?? null;
      const b = order[m - 1 - i] ?? null;
      if (a === null || b === null) {
        round.push({ white: a ?? b, black: null });
        continue;
      }
      const wa = whites.get(a) ?? 0;
      const wb = whites.get(b) ?? 0;
      let aWhite: boolean;
      if (wa !== wb) aWhite = wa < wb;
      else if (last.get(a) !== last.get(b)) aWhite = last.get(a) === 'b' || last.get(b) === 'w';
      else aWhite = (r + i) % 2 === 0;
      const [white, black] = aWhite ? [a, b] : [b, a];
      whites.set(white, (whites.get(white) ?? 0) + 1);
      last.set(white, 'w');
      last.set(black, 'b');
      round.push({ white, black });
    }
    rounds.push(round);
    rotating = [rotating[rotating.length - 1] ?? null, ...rotating.slice(0, -1)];
  }
  return rounds;
};

/**
 * Round `round` (1-based) of the schedule. The second cycle of a double round-robin repeats the first with colours
 * turned. A rest, or a game against an entrant who has withdrawn, is a bye (scoring nothing in a round-robin);
 * games already played against a withdrawn entrant stand.
 */
export const pairRoundRobin = (entrants: readonly Entrant[], round: number): Pairing[] => {
  const field = roundRobinField(entrants);
  const schedule = cycle(field.map((e) => e.id));
  const perCycle = schedule.length;
  if (perCycle === 0) return [];
  const second = round > perCycle;
  const pairs = schedule[(round - 1) % perCycle] ?? [];
  const gone = new Set(field.filter((e) => withdrawnBy(e, round)).map((e) => e.id));
  const pairings: Pairing[] = [];
  const byes: Pairing[] = [];
  for (const { white, black } of pairs) {
    const present = [white, black].filter((id): id is EntrantId => id !== null && !gone.has(id));
    if (present.length === 2)
      pairings.push(second ? { white: black!, black: white! } : { white: white!, black: black! });
    else if (present.length === 1) byes.push({ bye: present[0] as EntrantId });
  }
  return [...pairings, ...byes];
};
