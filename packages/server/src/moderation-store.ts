/**
 * Moderation's queries, all of them: an account's standing (role, ban, mute, closed), reports, blocks and the
 * moderators' log. Routes and the server's modules ask this repository; none of them writes this SQL themselves.
 */
import { newId } from './clients.js';
import type { Store } from './store.js';

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

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type Row = Record<string, unknown>;

const standingOf = (r: Row): Standing => ({
  id: String(r.id),
  name: String(r.name),
  guest: Boolean(Number(r.guest)),
  role: r.role === 'moderator' ? 'moderator' : 'none',
  bannedAt: num(r.banned_at),
  banReason: (r.ban_reason as string | null) ?? null,
  mutedUntil: num(r.muted_until),
  muteReason: (r.mute_reason as string | null) ?? null,
  closedAt: num(r.closed_at),
  createdAt: Number(r.created_at),
});

const REPORT_SELECT = `SELECT reports.*, a.name AS reporter_name, b.name AS user_name FROM reports
  JOIN users a ON a.id = reports.reporter_id JOIN users b ON b.id = reports.user_id`;

const reportOf = (r: Row): Report => ({
  id: String(r.id),
  reporter: { id: String(r.reporter_id), name: String(r.reporter_name) },
  user: { id: String(r.user_id), name: String(r.user_name) },
  reason: r.reason as ReportReason,
  text: String(r.text),
  gameId: (r.game_id as string | null) ?? null,
  createdAt: Number(r.created_at),
  closedAt: num(r.closed_at),
  closedBy: (r.closed_by as string | null) ?? null,
  note: (r.note as string | null) ?? null,
});

const logOf = (r: Row): LogEntry => ({
  id: String(r.id),
  at: Number(r.at),
  moderator: { id: String(r.moderator_id), name: String(r.moderator_name) },
  action: String(r.action),
  user: { id: String(r.user_id), name: String(r.user_name) },
  reason: String(r.reason),
  details: r.details ? JSON.parse(String(r.details)) : null,
});

export class ModerationStore {
  constructor(private readonly store: Store) {}

  // ---------------------------------------------------------------- standing

  async byName(name: string): Promise<Standing | undefined> {
    const r = await this.store.get('SELECT * FROM users WHERE name_key = ?', [name.toLowerCase().slice(0, 40)]);
    return r ? standingOf(r) : undefined;
  }

  async byId(id: string): Promise<Standing | undefined> {
    const r = await this.store.get('SELECT * FROM users WHERE id = ?', [id]);
    return r ? standingOf(r) : undefined;
  }

  async setRole(userId: string, role: Role): Promise<void> {
    await this.store.run('UPDATE users SET role = ? WHERE id = ?', [role === 'moderator' ? role : null, userId]);
  }

  async setBan(userId: string, at: number | null, reason: string | null): Promise<void> {
    await this.store.run('UPDATE users SET banned_at = ?, ban_reason = ? WHERE id = ?', [at, reason, userId]);
  }

  async setMute(userId: string, until: number | null, reason: string | null): Promise<void> {
    await this.store.run('UPDATE users SET muted_until = ?, mute_reason = ? WHERE id = ?', [until, reason, userId]);
  }

  /** Closes an account: no password works any more; the row (and so the name) stays. */
  async close(userId: string, at: number): Promise<void> {
    await this.store.run('UPDATE users SET closed_at = ?, password_hash = NULL, email = NULL WHERE id = ?', [
      at,
      userId,
    ]);
  }

  async passwordHash(userId: string): Promise<string | null> {
    const r = await this.store.get<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = ?', [
      userId,
    ]);
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
    await this.store.run(
      'INSERT INTO reports (id, reporter_id, user_id, reason, text, game_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [id, r.reporterId, r.userId, r.reason, r.text, r.gameId, r.at],
    );
    return id;
  }

  async gameExists(gameId: string): Promise<boolean> {
    return (await this.store.get('SELECT id FROM games WHERE id = ?', [gameId.slice(0, 64)])) !== undefined;
  }

  /** Reports a reporter made since `since` (the rate limit counts them in the store, so every process agrees). */
  async reportsSince(reporterId: string, since: number): Promise<number> {
    const r = await this.store.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ? AND created_at >= ?',
      [reporterId, since],
    );
    return Number(r?.n ?? 0);
  }

  /** Open reports first (oldest first: they have waited longest), then the latest closed ones. */
  async reports(limit = 200): Promise<Report[]> {
    const open = await this.store.all(
      `${REPORT_SELECT} WHERE reports.closed_at IS NULL ORDER BY reports.created_at LIMIT ?`,
      [limit],
    );
    const closed = await this.store.all(
      `${REPORT_SELECT} WHERE reports.closed_at IS NOT NULL ORDER BY reports.closed_at DESC LIMIT ?`,
      [limit],
    );
    return [...open, ...closed].map(reportOf);
  }

  async reportsAbout(userId: string): Promise<Report[]> {
    const rows = await this.store.all(
      `${REPORT_SELECT} WHERE reports.user_id = ? ORDER BY reports.created_at DESC LIMIT 500`,
      [userId],
    );
    return rows.map(reportOf);
  }

  async reportsBy(reporterId: string): Promise<Report[]> {
    const rows = await this.store.all(`${REPORT_SELECT} WHERE reports.reporter_id = ? ORDER BY reports.created_at`, [
      reporterId,
    ]);
    return rows.map(reportOf);
  }

  async report(id: string): Promise<Report | undefined> {
    const r = await this.store.get(`${REPORT_SELECT} WHERE reports.id = ?`, [id.slice(0, 64)]);
    return r ? reportOf(r) : undefined;
  }

  /** Closes an open report; false when it was closed already (or never was). */
  async closeReport(id: string, by: string, note: string, at: number): Promise<boolean> {
    const n = await this.store.run(
      'UPDATE reports SET closed_at = ?, closed_by = ?, note = ? WHERE id = ? AND closed_at IS NULL',
      [at, by, note, id],
    );
    return n === 1;
  }

  // ---------------------------------------------------------------- blocks

  async block(blockerId: string, blockedId: string, at: number): Promise<void> {
    await this.store.run(
      'INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT (blocker_id, blocked_id) DO NOTHING',
      [blockerId, blockedId, at],
    );
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.store.run('DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?', [blockerId, blockedId]);
  }

  async blocksOf(blockerId: string): Promise<{ id: string; name: string; at: number }[]> {
    const rows = await this.store.all<{ id: string; name: string; created_at: number }>(
      `SELECT users.id, users.name, blocks.created_at FROM blocks JOIN users ON users.id = blocks.blocked_id
       WHERE blocks.blocker_id = ? ORDER BY blocks.created_at`,
      [blockerId],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, at: Number(r.created_at) }));
  }

  /** Which of `blockers` have blocked `userId`. */
  async blockersAmong(blockers: readonly string[], userId: string): Promise<string[]> {
    if (blockers.length === 0) return [];
    const rows = await this.store.all<{ blocker_id: string }>(
      `SELECT blocker_id FROM blocks WHERE blocked_id = ? AND blocker_id IN (${blockers.map(() => '?').join(', ')})`,
      [userId, ...blockers],
    );
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
    await this.store.run(
      `INSERT INTO mod_log (id, at, moderator_id, moderator_name, action, user_id, user_name, reason, details)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        newId(),
        e.at,
        e.moderator.id,
        e.moderator.name,
        e.action,
        e.user.id,
        e.user.name,
        e.reason,
        e.details === undefined ? null : JSON.stringify(e.details),
      ],
    );
  }

  /** The log, newest first; of one player when `userId` is given. */
  async logEntries(userId?: string, limit = 500): Promise<LogEntry[]> {
    const rows = userId
      ? await this.store.all('SELECT * FROM mod_log WHERE user_id = ? ORDER BY at DESC LIMIT ?', [userId, limit])
      : await this.store.all('SELECT * FROM mod_log ORDER BY at DESC LIMIT ?', [limit]);
    return rows.map(logOf);
  }

  // ---------------------------------------------------------------- a player's own data

  async ratingsOf(userId: string): Promise<Row[]> {
    return this.store.all('SELECT game, speed, rating, rd, vol, games FROM ratings WHERE user_id = ?', [userId]);
  }

  async puzzleRatingsOf(userId: string): Promise<Row[]> {
    return this.store.all('SELECT game, rating, rd, games FROM puzzle_ratings WHERE user_id = ?', [userId]);
  }

  /** Every game the player sat in, oldest first. */
  async gamesOf(userId: string): Promise<Row[]> {
    return this.store.all(
      `SELECT DISTINCT games.* FROM game_players JOIN games ON games.id = game_players.game_id
       WHERE game_players.user_id = ? ORDER BY games.created_at`,
      [userId],
    );
  }

  /** The chat lines the player wrote, oldest first. */
  async chatBy(userId: string): Promise<{ gameId: string; text: string; at: number; spectator: boolean }[]> {
    // the writer is stored as the JSON of its user, whose first field is the id
    const rows = await this.store.all<{
      game_id: string;
      from_user: string;
      text: string;
      at: number;
      spectator: number;
    }>('SELECT game_id, from_user, text, at, spectator FROM game_chat WHERE from_user LIKE ? ORDER BY at', [
      `{"id":${JSON.stringify(userId)}%`,
    ]);
    return rows
      .filter((r) => (JSON.parse(r.from_user) as { id: string }).id === userId)
      .map((r) => ({ gameId: r.game_id, text: r.text, at: Number(r.at), spectator: Boolean(Number(r.spectator)) }));
  }

  /** The ids of the games in play where the player holds a seat (a ban resigns them). */
  async playingGamesOf(userId: string): Promise<string[]> {
    const rows = await this.store.all<{ id: string }>(
      `SELECT DISTINCT games.id FROM game_players JOIN games ON games.id = game_players.game_id
       WHERE game_players.user_id = ? AND games.status = 'playing'`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /** The player's seats in a game, in order. */
  async seatsIn(gameId: string, userId: string): Promise<number[]> {
    const rows = await this.store.all<{ seat: number }>(
      'SELECT seat FROM game_players WHERE game_id = ? AND user_id = ? ORDER BY seat',
      [gameId, userId],
    );
    return rows.map((r) => Number(r.seat));
  }

  /** A game's status and sequence number as stored. */
  async gameState(gameId: string): Promise<{ status: string; seq: number } | undefined> {
    const r = await this.store.get<{ status: string; seq: number }>('SELECT status, seq FROM games WHERE id = ?', [
      gameId,
    ]);
    return r ? { status: r.status, seq: Number(r.seq) } : undefined;
  }

  /** The tournaments not over that the player entered and has not left (a ban or closing withdraws them). */
  async tournamentsOf(userId: string): Promise<string[]> {
    const rows = await this.store.all<{ id: string }>(
      `SELECT tournaments.id FROM tournament_players JOIN tournaments ON tournaments.id = tournament_players.tournament_id
       WHERE tournament_players.user_id = ? AND tournament_players.withdrawn_round IS NULL
       AND tournaments.status IN ('upcoming', 'running')`,
      [userId],
    );
    return rows.map((r) => r.id);
  }
}
