import { byId, bySeed, withdrawnBy } from './field.js';
import { type EntrantRecord, records } from './records.js';
import { isTables, scoresMatches } from './spec.js';
import type { Entrant, EntrantId, History, Standing, Tiebreak, TiebreakName, TournamentSpec } from './types.js';

/** An entrant's place in the ranking before ranks are given: what comes first, then the tiebreaks in order. */
export interface Ranked {
  readonly entrant: Entrant;
  readonly primary: number;
  readonly tiebreaks: readonly Tiebreak[];
  readonly standing: Omit<Standing, 'rank' | 'tiebreaks'>;
}

/**
 * Sorts by the primary score then each tiebreak, highest first, and gives ranks: entrants level on all of them
 * share a rank (listed in seeding order).
 */
export const rank = (ranked: readonly Ranked[]): Standing[] => {
  const order = [...ranked].sort((a, b) => {
    if (a.primary !== b.primary) return b.primary - a.primary;
    for (let i = 0; i < a.tiebreaks.length; i++) {
      const d = (b.tiebreaks[i]?.value ?? 0) - (a.tiebreaks[i]?.value ?? 0);
      if (d !== 0) return d;
    }
    return bySeed(a.entrant, b.entrant);
  });
  const level = (a: Ranked, b: Ranked) =>
    a.primary === b.primary && a.tiebreaks.every((t, i) => t.value === b.tiebreaks[i]?.value);
  const out: Standing[] = [];
  order.forEach((r, i) => {
    const previous = order[i - 1];
    const rankNumber = previous && level(previous, r) ? (out[i - 1] as Standing).rank : i + 1;
    out.push({ rank: rankNumber, ...r.standing, tiebreaks: r.tiebreaks });
  });
  return out;
};

/** The tiebreaks a system ranks by, in order, after points (or match points). */
export const tiebreakOrder = (spec: TournamentSpec): readonly TiebreakName[] => {
  if (isTables(spec)) return ['buchholz', 'wins'];
  if (spec.system === 'round-robin') return ['mutual-games', 'sonneborn-berger', 'buchholz'];
  return scoresMatches(spec)
    ? ['game-points', 'buchholz-cut-1', 'buchholz', 'sonneborn-berger', 'wins']
    : ['buchholz-cut-1', 'buchholz', 'sonneborn-berger', 'wins'];
};

/** Rounds away float dust (0.1 + 0.2), so equal tiebreaks compare equal and print short. */
export const tidy = (value: number): number => Math.round(value * 1e6) / 1e6;

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * Standings of a Swiss, a round-robin or a table tournament. The primary score is match points when matches have
 * several games, else points. Tiebreaks (docs/TOURNAMENTS.md):
 * - mutual-games: game points scored in games among the entrants level on the primary score;
 * - sonneborn-berger: for each meeting, the points scored in it times the opponent's primary score;
 * - buchholz: the opponents' primary scores added (at a table, the average of the others at it); cut-1 drops the
 *   lowest;
 * - game-points: all game points (matches); wins: games won (at tables, first places).
 */
export const rankedStandings = (spec: TournamentSpec, entrants: readonly Entrant[], history: History): Standing[] => {
  const all = records(spec, entrants, history, spec.system === 'round-robin');
  const matches = scoresMatches(spec);
  const primary = (r: EntrantRecord | undefined): number => (r ? (matches ? r.matchPoints : r.points) : 0);
  const groups = new Map<number, Set<EntrantId>>();
  for (const e of entrants) {
    const p = primary(all.get(e.id));
    const set = groups.get(p) ?? new Set<EntrantId>();
    set.add(e.id);
    groups.set(p, set);
  }
  const known = byId(entrants);
  const tiebreak = (name: TiebreakName, r: EntrantRecord): number => {
    const opponentsScore = (opponents: readonly EntrantId[]) =>
      sum(opponents.map((o) => primary(all.get(o)))) / Math.max(1, opponents.length);
    switch (name) {
      case 'mutual-games': {
        const group = groups.get(primary(r)) ?? new Set();
        return sum(r.meetings.filter((m) => m.opponents.some((o) => group.has(o))).map((m) => m.points));
      }
      case 'sonneborn-berger':
        return sum(r.meetings.map((m) => m.points * opponentsScore(m.opponents)));
      case 'buchholz':
        return sum(r.meetings.map((m) => opponentsScore(m.opponents)));
      case 'buchholz-cut-1': {
        const scores = r.meetings.map((m) => opponentsScore(m.opponents));
        return scores.length === 0 ? 0 : sum(scores) - Math.min(...scores);
      }
      case 'game-points':
        return r.points;
      case 'wins':
        return r.wins;
      case 'rating':
        return known.get(r.id)?.rating ?? 0;
      default:
        return 0;
    }
  };
  const order = tiebreakOrder(spec);
  const round = history.length;
  return rank(
    entrants.map((entrant) => {
      const r = all.get(entrant.id) as EntrantRecord;
      return {
        entrant,
        primary: primary(r),
        tiebreaks: order.map((name) => ({ name, value: tidy(tiebreak(name, r)) })),
        standing: {
          id: entrant.id,
          points: r.points,
          ...(matches ? { matchPoints: r.matchPoints } : {}),
          games: r.games,
          wins: r.wins,
          draws: r.draws,
          losses: r.losses,
          byes: r.byes,
          withdrawn: withdrawnBy(entrant, round + 1),
        },
      };
    }),
  );
};
