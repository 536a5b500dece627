import type { Outcome } from '@qiyuan/core';
import { isCorrespondence } from './correspondence-games.js';
import type { Hub } from './hub.js';
import { DEFAULT_RATING, type Rating, rate } from './ratings.js';
import type { Change, Room } from './room.js';
import type { Tx } from './store.js';

/**
 * Stores a room's changes: each one atomically (the event, the game row and, at
 * the end of a rated game, the ratings), guarded by the sequence number and the
 * owner's fencing token; then tells the other processes and lets the AI play.
 */
export class Commits {
  constructor(private readonly hub: Hub) {}

  /** Stores one change atomically: the event, the game row and, at the end of a rated game, the ratings. */
  async commit(room: Room, c: Change): Promise<void> {
    const store = this.hub.store;
    // The game row's new values, then the guard (its id, the sequence number it follows, the owner's fence): the
    // same in both stores' statements.
    const row = [
      c.seq,
      c.status,
      JSON.stringify(c.seats),
      c.snapshot,
      JSON.stringify(c.clock),
      c.outcome ? JSON.stringify(c.outcome) : null,
      c.at,
      c.status === 'finished' || c.status === 'aborted' ? c.at : null,
      room.fence,
      c.gameId,
      c.fromSeq,
      room.fence,
    ];
    // PostgreSQL, the common case (a move, an offer, a clock event): one statement,
    // so one round trip and one commit instead of four.
    const correspondence = isCorrespondence(room);
    if (
      store.kind === 'postgres' &&
      c.kind !== 'start' &&
      !(c.status === 'finished' && room.meta.rated) &&
      !correspondence
    ) {
      const n = await store.run(
        `WITH u AS (
           UPDATE games SET seq = ?, status = ?, seats = ?, snapshot = ?, clock_state = ?, outcome = ?, updated_at = ?,
             finished_at = ?, fence = ?
           WHERE id = ? AND seq = ? AND fence <= ? RETURNING id)
         INSERT INTO game_events (game_id, seq, kind, seat, data, at)
         SELECT id, ?::integer, ?::text, ?::integer, ?::text, ?::bigint FROM u`,
        [...row, c.seq, c.kind, c.seat ?? null, JSON.stringify(c.data), c.at],
      );
      if (n !== 1) throw this.changedElsewhere(room);
      return;
    }
    await store.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE games SET seq = ?, status = ?, seats = ?, snapshot = ?, clock_state = ?, outcome = ?, updated_at = ?, finished_at = ?, fence = ?
         WHERE id = ? AND seq = ? AND fence <= ?`,
        row,
      );
      if (changed !== 1) throw this.changedElsewhere(room);
      await tx.run('INSERT INTO game_events (game_id, seq, kind, seat, data, at) VALUES (?, ?, ?, ?, ?, ?)', [
        c.gameId,
        c.seq,
        c.kind,
        c.seat ?? null,
        JSON.stringify(c.data),
        c.at,
      ]);
      if (c.kind === 'start') {
        for (const [seat, h] of c.seats.entries()) {
          if (h.kind === 'user') {
            // a guest's row is written when it first sits in a game that starts (see session.ts)
            if (h.user.guest) {
              await tx.run(
                'INSERT INTO users (id, name, name_key, password_hash, guest, created_at) VALUES (?, ?, NULL, NULL, 1, ?) ON CONFLICT (id) DO NOTHING',
                [h.user.id, h.user.name, c.at],
              );
            }
            await tx.run('INSERT INTO game_players (game_id, seat, user_id) VALUES (?, ?, ?)', [
              c.gameId,
              seat,
              h.user.id,
            ]);
          }
        }
      }
      if (c.status === 'finished' && c.outcome && room.meta.rated) await this.rateGame(tx, room, c.outcome);
      // a correspondence game's flag and reminder change with the game, in the same transaction
      if (correspondence) await this.hub.correspondence.committed(tx, room, c);
    });
  }

  /**
   * The guarded update found the game written by someone else (a higher fence, or a later sequence number): in a
   * cluster another process owns it now. This process stops serving it at once instead of waiting for its next
   * renewal, so the actions of its clients go to the true owner from now on.
   */
  private changedElsewhere(room: Room): Error {
    this.hub.ownership.fencedOut(room);
    return new Error('the game was changed elsewhere');
  }

  private async rateGame(tx: Tx, room: Room, outcome: Outcome): Promise<void> {
    const users = room.seats.map((s) => (s.kind === 'user' ? s.user.id : ''));
    if (users.some((u) => u === '')) return;
    const before: Rating[] = [];
    for (const u of users) {
      const rows = await tx.all<{ rating: number; rd: number; vol: number; games: number }>(
        'SELECT rating, rd, vol, games FROM ratings WHERE user_id = ? AND game = ? AND speed = ?',
        [u, room.meta.game, room.meta.speed],
      );
      const r = rows[0];
      before.push(
        r ? { rating: Number(r.rating), rd: Number(r.rd), vol: Number(r.vol), games: Number(r.games) } : DEFAULT_RATING,
      );
    }
    const after = rate(outcome, before);
    for (const [i, u] of users.entries()) {
      const a = after[i]!;
      const n = await tx.run(
        'UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = ? WHERE user_id = ? AND game = ? AND speed = ?',
        [a.rating, a.rd, a.vol, a.games, u, room.meta.game, room.meta.speed],
      );
      if (n === 0) {
        await tx.run(
          'INSERT INTO ratings (user_id, game, speed, rating, rd, vol, games) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [u, room.meta.game, room.meta.speed, a.rating, a.rd, a.vol, a.games],
        );
      }
    }
    const change = users.map((_, i) => ({
      before: Math.round(before[i]!.rating),
      after: Math.round(after[i]!.rating),
    }));
    await tx.run('UPDATE games SET rating_change = ? WHERE id = ?', [JSON.stringify(change), room.id]);
  }

  /** After a committed change: the other processes hear of it; a finished game retires; the AI plays. */
  changed(room: Room, change: Change): void {
    this.hub.cluster?.publish(
      'game',
      {
        kind: 'change',
        gameId: room.id,
        seq: change.seq,
        event: change.kind,
        snapshot: change.snapshot,
        seats: change.seats,
        status: change.status,
        clock: change.clock,
        offers: [...room.offers],
        fromPly: change.fromPly,
        undone: change.undone,
        data: change.data,
      },
      room.id,
    );
    if (change.status === 'finished' || change.status === 'aborted') {
      // the lease is kept while the ended game takes chat and rematch requests (see Ended.retire)
      room.close();
      this.hub.rooms.delete(room.id);
      this.hub.ended.retire(room, false);
      return;
    }
    this.hub.aiSeats.drive(room);
    if (isCorrespondence(room)) this.hub.correspondence.changed(room, change);
  }
}
