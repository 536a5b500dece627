/**
 * Moderation's queries, all of them: an account's standing (role, ban, mute, closed), reports, blocks and the
 * moderators' log, and the reads of a player's own data that the export and a ban need. Routes and the server's
 * modules ask this repository; none of them writes this SQL themselves.
 */
import type { Selectable } from 'kysely';
import { newId } from '../clients.js';
import type { Db } from '../db/dialect.js';
import type { GamesTable, ReportsTable, UsersTable } from '../db/schema.js';
import type { Store } from '../store.js';

export const REPORT_REASONS = ['cheat', 'abuse', 'boost', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export type Role = 'moderator' | 'none';

/** An account as moderation sees it. */
export interface Standing {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
  readonly role: Role;
  readonly bannedAt: number | null;
  readonly banReason: string | null;
  readonly mutedUntil: number | null;
  readonly muteReason: string | null;
  readonly closedAt: number | null;
  readonly createdAt: number;
}

export interface Report {
  readonly id: string;
  readonly reporter: { id: string; name: string };
  readonly user: { id: string; name: string };
  readonly reason: ReportReason;
  readonly text: string;
  readonly gameId: string | null;
  readonly createdAt: number;
  readonly closedAt: number | null;
  readonly closedBy: string | null;
  readonly note: string | null;
}

export interface LogEntry {
  readonly id: string;
  readonly at: number;
  readonly moderator: { id: string; name: string };
  readonly action: string;
  readonly user: { id: string; name: string };
  readonly reason: string;
  readonly details: unknown;
}

/** The longest name key: the one `users.name_key` holds (names are compared without case). */
const NAME_KEY_MAX = 40;
/** Ids longer than any the server makes are not looked for (a path segment can be anything). */
const ID_MAX = 64;

const standingOf = (r: Selectable<UsersTable>): Standing => ({
  id: r.id,
  name: r.name,
  guest: r.guest !== 0,
  role: r.role === 'moderator' ? 'moderator' : 'none',
  bannedAt: r.banned_at,
  banReason: r.ban_reason,
  mutedUntil: r.muted_until,
  muteReason: r.mute_reason,
  closedAt: r.closed_at,
  createdAt: r.created_at,
});

type ReportRow = Selectable<ReportsTable> & { reporter_name: string; user_name: string };

const reportOf = (r: ReportRow): Report => ({
  id: r.id,
  reporter: { id: r.reporter_id, name: r.reporter_name },
  user: { id: r.user_id, name: r.user_name },
  reason: r.reason as ReportReason,
  text: r.text,
  gameId: r.game_id,
  createdAt: r.created_at,
  closedAt: r.closed_at,
  closedBy: r.closed_by,
  note: r.note,
});

/** Reports with the names of the reporter and of the player reported. */
const reportsWithNames = (q: Db) =>
  q
    .selectFrom('reports')
    .innerJoin('users as a', 'a.id', 'reports.reporter_id')
    .innerJoin('users as b', 'b.id', 'reports.user_id')
    .selectAll('reports')
    .select(['a.name as reporter_name', 'b.name as user_name']);

export class ModerationRepo {
  constructor(private readonly store: Store) {}

  private get q(): Db {
    return this.store.q;
  }

  // ---------------------------------------------------------------- standing

  async byName(name: string): Promise<Standing | undefined> {
    const r = await this.q
      .selectFrom('users')
      .selectAll()
      .where('name_key', '=', name.toLowerCase().slice(0, NAME_KEY_MAX))
      .executeTakeFirst();
    return r ? standingOf(r) : undefined;
  }

  async byId(id: string): Promise<Standing | undefined> {
    const r = await this.q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? standingOf(r) : undefined;
  }

  async setRole(userId: string, role: Role): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ role: role === 'moderator' ? role : null })
      .where('id', '=', userId)
      .execute();
  }

  async setBan(userId: string, at: number | null, reason: string | null): Promise<void> {
    await this.q.updateTable('users').set({ banned_at: at, ban_reason: reason }).where('id', '=', userId).execute();
  }

  async setMute(userId: string, until: number | null, reason: string | null): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ muted_until: until, mute_reason: reason })
      .where('id', '=', userId)
      .execute();
  }

  /** Closes an account: no password works any more; the row (and so the name) stays. */
  async close(userId: string, at: number): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ closed_at: at, password_hash: null, email: null })
      .where('id', '=', userId)
      .execute();
  }

  async passwordHash(userId: string): Promise<string | null> {
    const r = await this.q.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
    return r?.password_hash ?? null;
  }

  // ---------------------------------------------------------------- reports

  async addReport(r: {
    reporterId: string;
    userId: string;
    reason: ReportReason;
    text: string;
    gameId: string | null;
    at: number;
  }): Promise<string> {
    const id = newId();
    await this.q
      .insertInto('reports')
      .values({
        id,
        reporter_id: r.reporterId,
        user_id: r.userId,
        reason: r.reason,
        text: r.text,
        game_id: r.gameId,
        created_at: r.at,
      })
      .execute();
    return id;
  }

  async gameExists(gameId: string): Promise<boolean> {
    const r = await this.q
      .selectFrom('games')
      .select('id')
      .where('id', '=', gameId.slice(0, ID_MAX))
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Reports a reporter made since `since` (the rate limit counts them in the store, so every process agrees). */
  async reportsSince(reporterId: string, since: number): Promise<number> {
    const r = await this.q
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reporter_id', '=', reporterId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return r?.n ?? 0;
  }

  /** Open reports first (oldest first: they have waited longest), then the latest closed ones. */
  async reports(limit = 200): Promise<Report[]> {
    const open = await reportsWithNames(this.q)
      .where('reports.closed_at', 'is', null)
      .orderBy('reports.created_at')
      .limit(limit)
      .execute();
    const closed = await reportsWithNames(this.q)
      .where('reports.closed_at', 'is not', null)
      .orderBy('reports.closed_at', 'desc')
      .limit(limit)
      .execute();
    return [...open, ...closed].map(reportOf);
  }

  /** The reports about a player, newest first (the latest 500). */
  async reportsAbout(userId: string): Promise<Report[]> {
    const rows = await reportsWithNames(this.q)
      .where('reports.user_id', '=', userId)
      .orderBy('reports.created_at', 'desc')
      .limit(500)
      .execute();
    return rows.map(reportOf);
  }

  /** The reports a player made, oldest first. */
  async reportsBy(reporterId: string): Promise<Report[]> {
    const rows = await reportsWithNames(this.q)
      .where('reports.reporter_id', '=', reporterId)
      .orderBy('reports.created_at')
      .execute();
    return rows.map(reportOf);
  }

  async report(id: string): Promise<Report | undefined> {
    const r = await reportsWithNames(this.q).where('reports.id', '=', id.slice(0, ID_MAX)).executeTakeFirst();
    return r ? reportOf(r) : undefined;
  }

  /** Closes an open report; false when it was closed already (or never was). */
  async closeReport(id: string, by: string, note: string, at: number): Promise<boolean> {
    const r = await this.q
      .updateTable('reports')
      .set({ closed_at: at, closed_by: by, note })
      .where('id', '=', id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  // ---------------------------------------------------------------- blocks

  /** `blockerId` blocks `blockedId` (again: nothing changes, the first time stays). */
  async block(blockerId: string, blockedId: string, at: number): Promise<void> {
    await this.q
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.q.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
  }

  /** Whom a player blocked, in the order they did. */
  async blocksOf(blockerId: string): Promise<{ id: string; name: string; at: number }[]> {
    return this.q
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked_id')
      .select(['users.id', 'users.name', 'blocks.created_at as at'])
      .where('blocks.blocker_id', '=', blockerId)
      .orderBy('blocks.created_at')
      .execute();
  }

  /** Which of `blockers` have blocked `userId`. */
  async blockersAmong(blockers: readonly string[], userId: string): Promise<string[]> {
    if (blockers.length === 0) return [];
    const rows = await this.q
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocked_id', '=', userId)
      .where('blocker_id', 'in', blockers)
      .execute();
    return rows.map((r) => r.blocker_id);
  }

  // ---------------------------------------------------------------- the log

  async log(e: {
    moderator: { id: string; name: string };
    action: string;
    user: { id: string; name: string };
    reason: string;
    details?: unknown;
    at: number;
  }): Promise<void> {
    await this.q
      .insertInto('mod_log')
      .values({
        id: newId(),
        at: e.at,
        moderator_id: e.moderator.id,
        moderator_name: e.moderator.name,
        action: e.action,
        user_id: e.user.id,
        user_name: e.user.name,
        reason: e.reason,
        details: e.details === undefined ? null : JSON.stringify(e.details),
      })
      .execute();
  }

  /** The log, newest first; of one player when `userId` is given. */
  async logEntries(userId?: string, limit = 500): Promise<LogEntry[]> {
    const rows = await this.q
      .selectFrom('mod_log')
      .selectAll()
      .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      moderator: { id: r.moderator_id, name: r.moderator_name },
      action: r.action,
      user: { id: r.user_id, name: r.user_name },
      reason: r.reason,
      details: r.details ? (JSON.parse(r.details) as unknown) : null,
    }));
  }

  // ---------------------------------------------------------------- a player's own data

  async ratingsOf(
    userId: string,
  ): Promise<{ game: string; speed: string; rating: number; rd: number; vol: number; games: number }[]> {
    return this.q
      .selectFrom('ratings')
      .select(['game', 'speed', 'rating', 'rd', 'vol', 'games'])
      .where('user_id', '=', userId)
      .execute();
  }

  async puzzleRatingsOf(userId: string): Promise<{ game: string; rating: number; rd: number; games: number }[]> {
    return this.q
      .selectFrom('puzzle_ratings')
      .select(['game', 'rating', 'rd', 'games'])
      .where('user_id', '=', userId)
      .execute();
  }

  /** Every game the player sat in, oldest first. */
  async gamesOf(userId: string): Promise<Selectable<GamesTable>[]> {
    return this.q
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .selectAll('games')
      .distinct()
      .where('game_players.user_id', '=', userId)
      .orderBy('games.created_at')
      .execute();
  }

  /** The chat lines the player wrote, oldest first. */
  async chatBy(userId: string): Promise<{ gameId: string; text: string; at: number; spectator: boolean }[]> {
    // the writer is stored as the JSON of its user, whose first field is the id; the LIKE narrows, the parse decides
    const rows = await this.q
      .selectFrom('game_chat')
      .select(['game_id', 'from_user', 'text', 'at', 'spectator'])
      .where('from_user', 'like', `{"id":${JSON.stringify(userId)}%`)
      .orderBy('at')
      .execute();
    return rows
      .filter((r) => (JSON.parse(r.from_user) as { id: string }).id === userId)
      .map((r) => ({ gameId: r.game_id, text: r.text, at: r.at, spectator: r.spectator !== 0 }));
  }

  /** The ids of the games in play where the player holds a seat (a ban resigns them). */
  async playingGamesOf(userId: string): Promise<string[]> {
    const rows = await this.q
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select('games.id')
      .distinct()
      .where('game_players.user_id', '=', userId)
      .where('games.status', '=', 'playing')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The player's seats in a game, in order. */
  async seatsIn(gameId: string, userId: string): Promise<number[]> {
    const rows = await this.q
      .selectFrom('game_players')
      .select('seat')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .orderBy('seat')
      .execute();
    return rows.map((r) => r.seat);
  }

  /** A game's status and sequence number as stored. */
  async gameState(gameId: string): Promise<{ status: string; seq: number } | undefined> {
    return this.q.selectFrom('games').select(['status', 'seq']).where('id', '=', gameId).executeTakeFirst();
  }

  /** The tournaments not over that the player entered and has not left (a ban or closing withdraws them). */
  async tournamentsOf(userId: string): Promise<string[]> {
    const rows = await this.q
      .selectFrom('tournament_players')
      .innerJoin('tournaments', 'tournaments.id', 'tournament_players.tournament_id')
      .select('tournaments.id')
      .where('tournament_players.user_id', '=', userId)
      .where('tournament_players.withdrawn_round', 'is', null)
      .where('tournaments.status', 'in', ['upcoming', 'running'])
      .execute();
    return rows.map((r) => r.id);
  }
}
