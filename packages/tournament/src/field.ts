import { fail, ok, type Result } from '@qiyuan/core';
import type { Entrant, EntrantId } from './types.js';

/** Seeding order: higher rating first, then id, so the same field always seeds the same way. */
export const bySeed = (a: Entrant, b: Entrant): number =>
  b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const seeded = (entrants: readonly Entrant[]): Entrant[] => [...entrants].sort(bySeed);

/** Whether an entrant is paired in a round (1-based): joined by then and not yet withdrawn. */
export const playsIn = (entrant: Entrant, round: number): boolean =>
  (entrant.joinedAtRound ?? 1) <= round && (entrant.withdrawnAtRound === undefined || entrant.withdrawnAtRound > round);

/** Whether an entrant has withdrawn by a round (1-based). */
export const withdrawnBy = (entrant: Entrant, round: number): boolean =>
  entrant.withdrawnAtRound !== undefined && entrant.withdrawnAtRound <= round;

export const byId = (entrants: readonly Entrant[]): Map<EntrantId, Entrant> => new Map(entrants.map((e) => [e.id, e]));

/** Refuses a field with a repeated id. */
export const checkField = (entrants: readonly Entrant[]): Result<readonly Entrant[]> => {
  const seen = new Set<EntrantId>();
  for (const e of entrants) {
    if (seen.has(e.id)) return fail('duplicate-entrant', `entrant "${e.id}" is in the field twice`);
    if (!Number.isFinite(e.rating)) return fail('bad-rating', `entrant "${e.id}" has no rating`);
    seen.add(e.id);
  }
  return ok(entrants);
};

/**
 * 2v2: one entrant per team from players carrying a `team`: its members, their mean rating, the latest join and
 * the earliest withdrawal (a team plays only while both partners do). Refuses a player without a team or a team
 * of one.
 */
export const teamEntrants = (players: readonly Entrant[]): Result<readonly Entrant[]> => {
  const teams = new Map<string, Entrant[]>();
  for (const p of players) {
    if (p.team === undefined) return fail('no-team', `player "${p.id}" has no team`);
    const members = teams.get(p.team) ?? [];
    members.push(p);
    teams.set(p.team, members);
  }
  const out: Entrant[] = [];
  for (const [team, members] of teams) {
    if (members.length < 2) return fail('team-of-one', `team "${team}" has only one player`);
    const joined = Math.max(...members.map((m) => m.joinedAtRound ?? 1));
    const withdrawals = members.flatMap((m) => (m.withdrawnAtRound === undefined ? [] : [m.withdrawnAtRound]));
    out.push({
      id: team,
      rating: members.reduce((sum, m) => sum + m.rating, 0) / members.length,
      ...(joined > 1 ? { joinedAtRound: joined } : {}),
      ...(withdrawals.length > 0 ? { withdrawnAtRound: Math.min(...withdrawals) } : {}),
      members: members.map((m) => m.id),
    });
  }
  return ok(out);
};
