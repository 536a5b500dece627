/** A stored game as the pages' lists show it: who played, how it ended, what it did to the ratings. */
import type { AbortInfo } from '@qiyuan/protocol';
import type { ClockState } from './clock.js';

/** A row of `games`, as the HTTP routes read it. */
export interface StoredGame {
  id: string;
  game: string;
  options: string;
  clock: string;
  speed: string;
  rated: number;
  seats: string;
  status: string;
  seq: number;
  snapshot: string | null;
  moves_since?: string;
  outcome: string | null;
  rating_change: string | null;
  created_at: number;
  finished_at: number | null;
  [k: string]: unknown;
}

// a game aborted because a first move lapsed says whose (the seats are kept in its stored clock)
const abortOf = (g: StoredGame): { aborted?: AbortInfo } => {
  if (g.status !== 'aborted' || typeof g.clock_state !== 'string') return {};
  const lapsed = (JSON.parse(g.clock_state) as ClockState | null)?.lapsed;
  return lapsed ? { aborted: { reason: 'no-first-move', seats: [...lapsed] } } : {};
};

export const summary = (g: StoredGame) => ({
  id: g.id,
  game: g.game,
  speed: g.speed,
  rated: Boolean(Number(g.rated)),
  seats: JSON.parse(g.seats),
  status: g.status,
  outcome: g.outcome ? JSON.parse(g.outcome) : null,
  ...abortOf(g),
  ratingChange: g.rating_change ? JSON.parse(g.rating_change) : null,
  createdAt: Number(g.created_at),
  finishedAt: g.finished_at === null ? null : Number(g.finished_at),
});
