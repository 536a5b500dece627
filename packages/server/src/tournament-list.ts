/**
 * The public tournaments list, a page at a time. Being played first, then starting soon, then finished in the last
 * 30 days; within the first two, the tournaments with the most players first (as lichess's list puts its big
 * tournaments on top), so a crowd of empty tournaments sinks below the ones people play in instead of pushing them
 * off; finished ones newest first. Each list is paged on its own.
 */
import type { TournamentInfo } from '@qiyuan/protocol';
import type { ListedStatus, TournamentRepository } from './repos/tournaments.js';
import { loadTournament } from './tournament-records.js';

export const TOURNAMENT_LIST_PAGE = 20;
/** How long a finished tournament stays listed. */
const FINISHED_LISTED_MS = 30 * 86_400_000;

export type { ListedStatus };
export const LISTED_STATUSES: readonly ListedStatus[] = ['running', 'upcoming', 'finished'];

/** One page (1-based) of one list, and whether another page follows. */
export const listPage = async (
  tournaments: TournamentRepository,
  status: ListedStatus,
  page: number,
  now: number,
): Promise<{ items: TournamentInfo[]; more: boolean }> => {
  const ids = await tournaments.listed(status, {
    finishedAfter: now - FINISHED_LISTED_MS,
    limit: TOURNAMENT_LIST_PAGE + 1,
    offset: (page - 1) * TOURNAMENT_LIST_PAGE,
  });
  const items: TournamentInfo[] = [];
  for (const id of ids.slice(0, TOURNAMENT_LIST_PAGE)) {
    const t = await loadTournament(tournaments, id);
    if (t) items.push(t.info);
  }
  return { items, more: ids.length > TOURNAMENT_LIST_PAGE };
};
