import type { SeatHolder, UserInfo } from '@qiyuan/protocol';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import { Prepared } from '../db/prepared.js';
import type { GamesTable, Schema } from '../db/schema.js';
import type { Change } from '../room-types.js';
import type { Store, Tx } from '../store.js';
import { type AdvanceRow, GroupedAdvances } from './grouped-advances.js';

/** A stored game as read back: every column of `games`, typed. */
export type GameRow = Selectable<GamesTable>;

/** What a new seek is stored with (its first row; `status` seeking, `seq` 0). */
export interface NewSeek {
  readonly id: string;
  readonly game: string;
  /** JSON of the engine's options, with the commitment's salt beside them (restore.ts takes it apart again). */
  readonly options: string;
  readonly clock: string;
  readonly speed: string;
  readonly rated: boolean;
  readonly private: boolean;
  readonly seats: readonly SeatHolder[];
  readonly creator: UserInfo;
  readonly snapshot: string;
  readonly clockState: string;
  readonly at: number;
  readonly fence: number;
  readonly tournament: string | undefined;
  readonly allowBots: boolean;
}

/** What may change in a seek's row before its game starts: who sits where, or its end. */
export interface SeekChange {
  readonly seats?: readonly SeatHolder[];
  readonly aborted?: true;
  readonly at?: number;
}

// ------------------------------------------------------------ the statements of every move

/**
 * The columns a guarded advance writes, its status aside (which `advanceGameSameStatus` only requires). A change with a
 * snapshot makes it the checkpoint, with no moves since; one without (a move) keeps the checkpoint and appends its
 * event's data to the moves since (stored-game.ts). The snapshot's parameter is cast: PostgreSQL cannot tell the type
 * of a bare parameter tested for null.
 */
const advanced = (p: Readonly<AdvanceRow>) => ({
  seq: p.seq,
  seats: p.seats,
  snapshot: sql<string>`coalesce(cast(${p.snapshot} as text), snapshot)`,
  moves_since: sql<string>`case when cast(${p.snapshot} as text) is null then moves_since || ${p.data} || ${'\n'} else '' end`,
  clock_state: p.clockState,
  outcome: p.outcome,
  updated_at: p.at,
  finished_at: p.finishedAt,
  fence: p.fence,
});

// Prepared: these run on every move; building and compiling them each time would cost more than the rest of the
// move's work (db/prepared.ts).
const advanceGame = new Prepared<AdvanceRow, never>((q, p) =>
  q
    .updateTable('games')
    .set({ ...advanced(p), status: p.status })
    .where('id', '=', p.gameId)
    .where('seq', '=', p.fromSeq)
    .where('fence', '<=', p.fence),
);

/**
 * `advanceGame` for a change that keeps the game's status (nearly every move): the status is not written, only
 * required unchanged. SQLite rewrites an index entry whenever its column is in the `SET` list, equal value or not, so
 * writing the status on every move dirtied a page of `games_status` and added it to the commit's WAL writes (one page
 * of the 3–4 a move alone writes, measured 29 November). PostgreSQL needs it not: it compares the values (a HOT
 * update), and its moves go through `advanceAndLog`.
 */
const advanceGameSameStatus = new Prepared<AdvanceRow, never>((q, p) =>
  q
    .updateTable('games')
    .set(advanced(p))
    .where('id', '=', p.gameId)
    .where('seq', '=', p.fromSeq)
    .where('fence', '<=', p.fence)
    .where('status', '=', p.status),
);

const logEvent = new Prepared<AdvanceRow, never>((q, p) =>
  q
    .insertInto('game_events')
    .values({ game_id: p.gameId, seq: p.seq, kind: p.kind, seat: p.seat, data: p.data, at: p.at }),
);

/**
 * Both in one statement (PostgreSQL): the guarded update, and the event inserted only from the row it updated, so a
 * move costs one round trip and one commit. The values selected from the update's result are cast: PostgreSQL cannot
 * tell a bare parameter's type in a select list.
 */
const advanceAndLog = new Prepared<AdvanceRow, never>((q, p) =>
  q
    .with('u', (db) =>
      db
        .updateTable('games')
        .set({ ...advanced(p), status: p.status })
        .where('id', '=', p.gameId)
        .where('seq', '=', p.fromSeq)
        .where('fence', '<=', p.fence)
        .returning('id'),
    )
    .insertInto('game_events')
    .columns(['game_id', 'seq', 'kind', 'seat', 'data', 'at'])
    .expression((eb) =>
      eb
        .selectFrom('u')
        .select((s) => [
          'u.id',
          s.cast<number>(s.val(p.seq), 'integer').as('seq'),
          s.cast<string>(s.val(p.kind), 'text').as('kind'),
          s.cast<number | null>(s.val(p.seat), 'integer').as('seat'),
          s.cast<string>(s.val(p.data), 'text').as('data'),
          s.cast<number>(s.val(p.at), 'bigint').as('at'),
        ]),
    ),
);

/**
 * The seats' JSON by the room's seats array: a room replaces the array when its seats change, and writes the same one
 * with each move, so a game's seats are serialized once, not on every move.
 */
const seatsText = new WeakMap<readonly unknown[], string>();
const seatsJson = (seats: readonly unknown[]): string => {
  let text = seatsText.get(seats);
  if (text === undefined) {
    text = JSON.stringify(seats);
    seatsText.set(seats, text);
  }
  return text;
};

const logged = (c: Change, fence: number): AdvanceRow => ({
  gameId: c.gameId,
  fromSeq: c.fromSeq,
  fence,
  seq: c.seq,
  status: c.status,
  seats: seatsJson(c.seats),
  snapshot: c.snapshot ?? null,
  clockState: JSON.stringify(c.clock),
  outcome: c.outcome ? JSON.stringify(c.outcome) : null,
  at: c.at,
  finishedAt: c.status === 'finished' || c.status === 'aborted' ? c.at : null,
  kind: c.kind,
  seat: c.seat ?? null,
  data: JSON.stringify(c.data),
});

/** A seek's status: a game waiting for players. */
const SEEKING = 'seeking';

/**
 * The games being played and sought, as the live server stores them: each change of a game (its row and its event,
 * guarded by the sequence number and the owner's fencing token), its seats, its seek's row, and the reads that restore
 * a game after a restart or a takeover.
 */
export class Games {
  /** PostgreSQL: the changes of many games committed together (grouped-advances.ts). */
  private readonly grouped: GroupedAdvances | undefined;

  constructor(private readonly store: Store) {
    this.grouped =
      store.kind === 'postgres'
        ? new GroupedAdvances(store, async (row) => (await advanceAndLog.run(store, row)).changes === 1)
        : undefined;
  }

  // ---------------------------------------------------------- changes

  /**
   * Stores a change in `tx`: the game row, guarded (the row must be at the change's `fromSeq`, under a fence no higher
   * than `fence`), then its event. False, with nothing written, when the guard refused: the game was changed elsewhere.
   */
  async advance(tx: Tx, c: Change, fence: number): Promise<boolean> {
    const values = logged(c, fence);
    // SQLite: first as a change that keeps the status; a start, an end, or a guard that refuses is then written (or
    // refused) by the whole update, in the same transaction, so the outcome is the same as the whole update's alone
    const kept = tx.kind === 'sqlite' && (await advanceGameSameStatus.run(tx, values)).changes === 1;
    if (!kept && (await advanceGame.run(tx, values)).changes !== 1) return false;
    await logEvent.run(tx, values);
    return true;
  }

  /**
   * `advance` for a change that writes nothing else. SQLite: one transaction (which the store commits with the rest
   * of its turn's). PostgreSQL: one statement with the changes of other games asked for meanwhile, one commit for all.
   */
  async advanceAlone(c: Change, fence: number): Promise<boolean> {
    if (!this.grouped) return this.store.transaction((tx) => this.advance(tx, c, fence));
    return this.grouped.advance(logged(c, fence));
  }

  /**
   * The players of a game that starts, by seat (the AI's seats have no row). A guest's user row is written when it
   * first sits in a game that starts (see session.ts), so its games can name it.
   */
  async seatPlayers(tx: Tx, gameId: string, seats: readonly SeatHolder[], at: number): Promise<void> {
    for (const [seat, h] of seats.entries()) {
      if (h.kind !== 'user') continue;
      if (h.user.guest) {
        await tx.q
          .insertInto('users')
          .values({ id: h.user.id, name: h.user.name, name_key: null, password_hash: null, guest: 1, created_at: at })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      await tx.q.insertInto('game_players').values({ game_id: gameId, seat, user_id: h.user.id }).execute();
    }
  }

  // ---------------------------------------------------------- seeks

  /** Stores a new seek (a game waiting for players) under the fence its owner holds. */
  async openSeek(s: NewSeek): Promise<void> {
    // in a transaction: on SQLite it joins the group commit of the rooms' changes instead of committing alone
    await this.store.transaction(async (tx) => {
      await tx.q
        .insertInto('games')
        .values({
          id: s.id,
          game: s.game,
          options: s.options,
          clock: s.clock,
          speed: s.speed,
          rated: s.rated ? 1 : 0,
          private: s.private ? 1 : 0,
          seats: JSON.stringify(s.seats),
          creator: JSON.stringify(s.creator),
          status: SEEKING,
          seq: 0,
          snapshot: s.snapshot,
          clock_state: s.clockState,
          created_at: s.at,
          updated_at: s.at,
          fence: s.fence,
          tournament_id: s.tournament ?? null,
          allow_bots: s.allowBots ? 1 : 0,
        })
        .execute();
    });
  }

  /**
   * Changes a seek's row under its owner's fencing token, like a move: a process that lost the seek must not re-seat
   * or abort it. False when the row is no longer a seek under exactly this fence.
   */
  async changeSeek(seekId: string, fence: number, change: SeekChange): Promise<boolean> {
    const r = await this.store.q
      .updateTable('games')
      .set({
        ...(change.seats ? { seats: JSON.stringify(change.seats) } : {}),
        ...(change.aborted ? { status: 'aborted' } : {}),
        ...(change.at === undefined ? {} : { updated_at: change.at }),
      })
      .where('id', '=', seekId)
      .where('fence', '=', fence)
      .where('status', '=', SEEKING)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /**
   * The seeks whose creator or seats mention a user's id, newest first, at most 50: a coarse match on the stored
   * JSON, which the caller narrows down by reading the seek.
   */
  async seeksMentioning(userId: string): Promise<GameRow[]> {
    const pattern = `%${userId}%`;
    return this.store.q
      .selectFrom('games')
      .selectAll()
      .where('status', '=', SEEKING)
      .where((eb) => eb.or([eb('creator', 'like', pattern), eb('seats', 'like', pattern)]))
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
  }

  /** Every public seek, whichever process owns it. */
  async publicSeeks(): Promise<GameRow[]> {
    return this.store.q
      .selectFrom('games')
      .selectAll()
      .where('status', '=', SEEKING)
      .where('private', '=', 0)
      .execute();
  }

  // ---------------------------------------------------------- reads

  /** A game's row, or undefined when there is no such game. */
  async game(gameId: string): Promise<GameRow | undefined> {
    return this.store.q.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  }

  /** A game's status, sequence number and fencing token, or undefined when there is no such game. */
  async progress(gameId: string): Promise<{ status: string; seq: number; fence: number } | undefined> {
    return this.store.q
      .selectFrom('games')
      .select(['status', 'seq', 'fence'])
      .where('id', '=', gameId)
      .executeTakeFirst();
  }

  /** The sequence number and fence of each of these games that exists (any order). */
  async progressOf(gameIds: readonly string[]): Promise<{ id: string; seq: number; fence: number }[]> {
    if (gameIds.length === 0) return [];
    return this.store.q.selectFrom('games').select(['id', 'seq', 'fence']).where('id', 'in', gameIds).execute();
  }

  /**
   * The games a process holds in memory while they last: the seeks, and the games being played except by
   * correspondence (those wait in the database until needed, correspondence-games.ts).
   */
  async held(): Promise<GameRow[]> {
    return this.store.q.selectFrom('games').selectAll().where(heldGames).execute();
  }

  /** The ids and fences of the games a process holds (as `held`), for the claim of orphaned ones. */
  async heldIds(): Promise<{ id: string; fence: number }[]> {
    return this.store.q.selectFrom('games').select(['id', 'fence']).where(heldGames).execute();
  }

  /**
   * Raises a game's fencing token to `fence` (a new owner took it): from now on the previous owner's writes are
   * refused. False when the stored token is already as high.
   */
  async raiseFence(gameId: string, fence: number): Promise<boolean> {
    const r = await this.store.q
      .updateTable('games')
      .set({ fence })
      .where('id', '=', gameId)
      .where('fence', '<', fence)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /**
   * The stored format (JSON) of a tournament, for the rule that only an arena's games allow berserk; undefined when
   * there is no such tournament. The tournaments' own repository is theirs; live play needs only this one read.
   */
  async tournamentFormat(tournamentId: string): Promise<string | undefined> {
    const row = await this.store.q
      .selectFrom('tournaments')
      .select('format')
      .where('id', '=', tournamentId)
      .executeTakeFirst();
    return row?.format;
  }
}

const heldGames = (eb: ExpressionBuilder<Schema, 'games'>) =>
  eb.or([eb('status', '=', SEEKING), eb.and([eb('status', '=', 'playing'), eb('speed', '<>', 'correspondence')])]);
