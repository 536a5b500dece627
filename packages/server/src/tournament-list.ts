/**
 * The public tournaments list, a page at a time. Being played first, then starting soon, then finished in the last
 * 30 days; within the first two, the tournaments with the most players first (as lichess's list puts its big
 * tournaments on top), so a crowd of empty tournaments sinks below the ones people play in instead of pushing them
 * off; finished ones newest first. Each list is paged on its own.
 */
import type { TournamentInfo } from '@qiyuan/protocol';
import type { Store } from './store.js';
import { loadTournament } from './tournament-records.js';

export const TOURNAMENT_LIST_PAGE = 20;
/** How long a finished tournament stays listed. */
const FINISHED_LISTED_MS = 30 * 86_400_000;

export type ListedStatus = 'upcoming' | 'running' | 'finished';
export const LISTED_STATUSES: readonly ListedStatus[] = ['running', 'upcoming', 'finished'];

const PLAYERS = `(SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id AND p.withdrawn_round IS NULL)`;
const ORDER: Record<ListedStatus, string> = {
  running: `${PLAYERS} DESC, t.starts_at DESC, t.id`,
  upcoming: `${PLAYERS} DESC, COALESCE(t.starts_at, t.created_at) ASC, t.id`,
  finished: 't.finished_at DESC, t.id',
};

/** One page (1-based) of one list, and whether another page follows. */
export const listPage = async (
  store: Store,
  status: ListedStatus,
  page: number,
  now: number,
): Promise<{ items: TournamentInfo[]; more: boolean }> => {
  const recent = status === 'finished' ? 'AND t.finished_at > ?' : '';
  const rows = await store.all<{ id: string }>(
    `SELECT t.id FROM tournaments t WHERE t.private = 0 AND t.status = ? ${recent}
     ORDER BY ${ORDER[status]} LIMIT ? OFFSET ?`,
    [
      status,
      ...(status === 'finished' ? [now - FINISHED_LISTED_MS] : []),
      TOURNAMENT_LIST_PAGE + 1,
      (page - 1) * TOURNAMENT_LIST_PAGE,
    ],
  );
  const items: TournamentInfo[] = [];
  for (const r of rows.slice(0, TOURNAMENT_LIST_PAGE)) {
    const t = await loadTournament(store, r.id);
    if (t) items.push(t.info);
  }
  return { items, more: rows.length > TOURNAMENT_LIST_PAGE };
};
