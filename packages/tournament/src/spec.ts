import { fail, ok, type Result } from '@qiyuan/core';
import type { TournamentSpec } from './types.js';

/** Table sizes the games have: Chinese Checkers seats 3, 4 or 6, free-for-all Junqi 4. */
const TABLE_SIZES = [3, 4, 6];
/** Sudden-death games after a knockout's tie-break before the higher seed goes through (see docs/TOURNAMENTS.md). */
export const SUDDEN_DEATH_GAMES = 10;

const isCount = (n: unknown, min: number, max: number): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** Checks a spec a person or a client sent: a reason for the first thing wrong, else the spec. */
export const validateSpec = (spec: TournamentSpec): Result<TournamentSpec> => {
  const systems = ['swiss', 'round-robin', 'arena', 'knockout'];
  if (!systems.includes(spec.system)) return fail('bad-system', `unknown tournament system "${spec.system}"`);
  if (spec.rounds !== undefined && !isCount(spec.rounds, 1, 99))
    return fail('bad-rounds', 'rounds must be a whole number from 1 to 99');
  if (spec.system === 'swiss' && spec.rounds === undefined) return fail('bad-rounds', 'a Swiss needs its rounds');
  if (spec.matchGames !== undefined && !isCount(spec.matchGames, 1, 99))
    return fail('bad-match-games', 'games per match must be a whole number from 1 to 99');
  if (spec.tieBreakGames !== undefined && !isCount(spec.tieBreakGames, 1, 99))
    return fail('bad-tie-break', 'tie-break games must be a whole number from 1 to 99');
  const size = spec.tableSize ?? 2;
  if (size !== 2 && !TABLE_SIZES.includes(size))
    return fail('bad-table-size', `tables seat 3, 4 or 6 players, not ${spec.tableSize}`);
  if (size > 2 && spec.system !== 'swiss')
    return fail('bad-table-size', 'tables of more than two players are seated Swiss-style only');
  if (size > 2 && (spec.matchGames ?? 1) !== 1) return fail('bad-match-games', 'a table plays one game a round');
  if (spec.placementPoints !== undefined) {
    const points = spec.placementPoints;
    if (points.length !== size || points.some((p) => typeof p !== 'number' || !Number.isFinite(p)))
      return fail('bad-placement-points', `placement points need one number for each of the ${size} places`);
    if (points.some((p, i) => i > 0 && p > (points[i - 1] as number)))
      return fail('bad-placement-points', 'a better place never scores less than a worse one');
  }
  for (const [name, value] of [
    ['bye points', spec.byePoints],
    ['late-join points', spec.lateJoinPoints],
  ] as const)
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0))
      return fail('bad-points', `${name} must be a number of at least 0`);
  if (spec.system === 'arena') {
    if (!isCount(spec.durationMs, 1, 31 * 24 * 3600_000))
      return fail('bad-duration', 'an arena needs its length in milliseconds');
    if (spec.startsAt !== undefined && !Number.isFinite(spec.startsAt))
      return fail('bad-start', 'an arena starts at a time in milliseconds');
  }
  return ok(spec);
};

export const matchGames = (spec: TournamentSpec): number => ((spec.tableSize ?? 2) > 2 ? 1 : (spec.matchGames ?? 1));

/** Whether matches of several games are scored by match points. */
export const scoresMatches = (spec: TournamentSpec): boolean => matchGames(spec) > 1;

export const isTables = (spec: TournamentSpec): boolean => (spec.tableSize ?? 2) > 2;

/** The points each place at a table scores, best first: the spec's own, or the number of players beaten. */
export const placementPoints = (spec: TournamentSpec, tableSize: number): readonly number[] =>
  spec.placementPoints && spec.placementPoints.length === tableSize
    ? spec.placementPoints
    : Array.from({ length: tableSize }, (_, i) => tableSize - 1 - i);

const average = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

export const byePoints = (spec: TournamentSpec): number =>
  spec.byePoints ?? (isTables(spec) ? average(placementPoints(spec, spec.tableSize ?? 2)) : 1);

export const lateJoinPoints = (spec: TournamentSpec): number =>
  spec.lateJoinPoints ?? (isTables(spec) ? average(placementPoints(spec, spec.tableSize ?? 2)) : 0.5);

/**
 * The points of each seat at a finished table: places 1 = first; seats sharing a place share the average of the
 * points those places would have scored (two tied for first at 3 players: (2 + 1) / 2 each).
 */
export const tablePoints = (spec: TournamentSpec, places: readonly number[]): number[] => {
  const table = placementPoints(spec, places.length);
  return places.map((place) => {
    const better = places.filter((p) => p < place).length;
    const tied = places.filter((p) => p === place).length;
    return average(table.slice(better, better + tied));
  });
};
