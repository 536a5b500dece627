import type { ExpressionBuilder, Selectable } from 'kysely';
import { Prepared } from '../db/prepared.js';
import type { Schema, TournamentsTable } from '../db/schema.js';
import { isUniqueViolation, type Store, type Tx } from '../store.js';

/**
 * The tournaments' tables: a tournament's row, its entrants, its rounds' pairings and the games it paired. Every
 * write that a step of the director makes is guarded (a primary key, or the status it expects), so that processes
 * trying the same step at once do it once; each such method says whether this call did it.
 */

export type TournamentRow = Selectable<TournamentsTable>;

/** An entrant as stored, with the BOT tag of their account (1 for a bot; null when the account is gone). */
export interface EntrantRow {
  readonly user_id: string;
  readonly name: string;
  readonly rating: number;
  readonly from_round: number;
  readonly withdrawn_round: number | null;
  readonly joined_at: number;
  /** The team's name in a team tournament. */
  readonly team: string | null;
  /** Arena: the aborted game whose lapsed first move last paused this player (tournament-pauses.ts). */
  readonly paused_by: string | null;
  readonly bot: number | null;
}

/** A game the tournament paired, with the state of the game's own row (null while that row is not written). */
export interface PairedGameRow {
  readonly round: number;
  readonly board: number;
  readonly game_no: number;
  /** JSON: the entrant ids, white first (a table's in seat order). */
  readonly players: string;
  readonly tie_break: number;
  readonly game_id: string;
  readonly status: string | null;
  readonly outcome: string | null;
  readonly clock_state: string | null;
  readonly finished_at: number | null;
  readonly updated_at: number | null;
}

export interface StoredTournament {
  readonly row: TournamentRow;
  /** In the order they joined (ties by id). */
  readonly entrants: readonly EntrantRow[];
  /** Each round's pairings as JSON, by round. */
  readonly rounds: readonly { readonly round: number; readonly pairings: string }[];
  /** By round, board and game number. */
  readonly games: readonly PairedGameRow[];
}

/** What a new tournament is stored with; it begins `upcoming`, at round 0. */
export interface NewTournament {
  readonly id: string;
  readonly name: string;
  readonly game: string;
  /** JSON texts, as the protocol gave them. */
  readonly options: string;
  readonly clock: string;
  readonly speed: string;
  readonly format: string;
  readonly rated: boolean;
  readonly private: boolean;
  /** JSON `{id, name}` of the organiser. */
  readonly creator: string;
  readonly startsAt: number | null;
  readonly maxPlayers: number;
  readonly now: number;
}

export interface NewEntrant {
  readonly tournamentId: string;
  readonly userId: string;
  readonly name: string;
  readonly rating: number;
  /** The first round the entrant is paired in. */
  readonly fromRound: number;
  readonly joinedAt: number;
  readonly team: string | null;
}

/** How a tournament leaves `upcoming`: started (running) or ended at once for want of a field (finished). */
export interface Start {
  readonly status: 'running' | 'finished';
  readonly at: number;
  readonly endsAt: number | null;
  /** JSON `TournamentEndedEarly`, when it ended at once. */
  readonly endReason: string | null;
}

export type ListedStatus = 'upcoming' | 'running' | 'finished';

/*
 * A tournament is read whole on every step of it (each game's end, each request, the sweep), several times a step:
 * its four queries are compiled once (db/prepared.ts), so a load costs what the raw SQL it replaced did; built each
 * time, the four cost about a tenth more.
 */
const tournamentById = new Prepared<{ id: string }, TournamentRow>((q, p) =>
  q.selectFrom('tournaments').selectAll().where('id', '=', p.id),
);
const entrantsOf = new Prepared<{ id: string }, EntrantRow>((q, p) =>
  q
    .selectFrom('tournament_players as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.user_id',
      'p.name',
      'p.rating',
      'p.from_round',
      'p.withdrawn_round',
      'p.joined_at',
      'p.team',
      'p.paused_by',
      'u.bot',
    ])
    .where('p.tournament_id', '=', p.id)
    .orderBy('p.joined_at')
    .orderBy('p.user_id'),
);
const roundsOf = new Prepared<{ id: string }, { round: number; pairings: string }>((q, p) =>
  q.selectFrom('tournament_rounds').select(['round', 'pairings']).where('tournament_id', '=', p.id).orderBy('round'),
);
const gamesOf = new Prepared<{ id: string }, PairedGameRow>((q, p) =>
  q
    .selectFrom('tournament_games as tg')
    .leftJoin('games as g', 'g.id', 'tg.game_id')
    .select([
      'tg.round',
      'tg.board',
      'tg.game_no',
      'tg.players',
      'tg.tie_break',
      'tg.game_id',
      'g.status',
      'g.outcome',
      'g.clock_state',
      'g.finished_at',
      'g.updated_at',
    ])
    .where('tg.tournament_id', '=', p.id)
    .orderBy('tg.round')
    .orderBy('tg.board')
    .orderBy('tg.game_no'),
);

export class TournamentRepository {
  constructor(private readonly store: Store) {}

  /** Runs `f` in one transaction of the store (a tournament written with its start deadline). */
  transaction<T>(f: (tx: Tx) => Promise<T>): Promise<T> {
    return this.store.transaction(f);
  }

  /** Reads a whole tournament in its stored shape; undefined when there is none with this id. */
  async load(id: string): Promise<StoredTournament | undefined> {
    const [row] = (await tournamentById.run(this.store, { id })).rows;
    if (!row) return undefined;
    const entrants = (await entrantsOf.run(this.store, { id })).rows;
    const rounds = (await roundsOf.run(this.store, { id })).rows;
    const games = (await gamesOf.run(this.store, { id })).rows;
    return { row, entrants, rounds, games };
  }

  /** The ids of the tournaments being played. */
  async running(): Promise<string[]> {
    const rows = await this.store.q.selectFrom('tournaments').select('id').where('status', '=', 'running').execute();
    return rows.map((r) => r.id);
  }

  /** The organiser and status of a tournament, without its entrants and games. */
  async organiserAndStatus(id: string): Promise<{ organiserId: string; status: string } | undefined> {
    const row = await this.store.q
      .selectFrom('tournaments')
      .select(['creator', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { organiserId: (JSON.parse(row.creator) as { id: string }).id, status: row.status };
  }

  /** How many tournaments not yet over (upcoming or running) this player organises. */
  async openOrganisedBy(userId: string): Promise<number> {
    // the organiser is kept as JSON text in `creator`; its id is matched as the JSON it was written as
    const row = await this.store.q
      .selectFrom('tournaments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator', 'like', `%"id":${JSON.stringify(userId)}%`)
      .where('status', 'in', ['upcoming', 'running'])
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** What a player's standing as an organiser is judged on: their account's age and their rated games. */
  async organiserRecord(userId: string): Promise<{ createdAt: number | undefined; ratedGames: number }> {
    const user = await this.store.q
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    const played = await this.store.q
      .selectFrom('ratings')
      .select((eb) => eb.fn.sum<number | null>('games').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { createdAt: user?.created_at, ratedGames: played.n ?? 0 };
  }

  /** Stores a new tournament, upcoming at round 0. */
  async create(t: NewTournament, tx: Tx = this.store): Promise<void> {
    await tx.q
      .insertInto('tournaments')
      .values({
        id: t.id,
        name: t.name,
        game: t.game,
        options: t.options,
        clock: t.clock,
        speed: t.speed,
        format: t.format,
        rated: t.rated ? 1 : 0,
        private: t.private ? 1 : 0,
        creator: t.creator,
        status: 'upcoming',
        round: 0,
        starts_at: t.startsAt,
        ends_at: null,
        max_players: t.maxPlayers,
        created_at: t.now,
        updated_at: t.now,
        finished_at: null,
        end_reason: null,
      })
      .execute();
  }

  /** Enters a player; `already-in` when they have a row in this tournament already (nothing changes then). */
  async enter(e: NewEntrant): Promise<'entered' | 'already-in'> {
    try {
      await this.store.q
        .insertInto('tournament_players')
        .values({
          tournament_id: e.tournamentId,
          user_id: e.userId,
          name: e.name,
          rating: e.rating,
          from_round: e.fromRound,
          withdrawn_round: null,
          joined_at: e.joinedAt,
          team: e.team,
          paused_by: null,
        })
        .execute();
      return 'entered';
    } catch (err) {
      if (isUniqueViolation(err)) return 'already-in';
      throw err;
    }
  }

  /** A withdrawn (or paused) entrant is in again, from the next pairing on; false when they have no row. */
  async reenter(tournamentId: string, userId: string): Promise<boolean> {
    const r = await this.store.q
      .updateTable('tournament_players')
      .set({ withdrawn_round: null })
      .where('tournament_id', '=', tournamentId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Takes an entrant out of a tournament not yet begun, as if they had never joined. */
  async removeEntrant(tournamentId: string, userId: string): Promise<boolean> {
    const r = await this.store.q
      .deleteFrom('tournament_players')
      .where('tournament_id', '=', tournamentId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r.numDeletedRows === 1n;
  }

  /** An entrant of a running tournament is not paired from `fromRound` on. */
  async withdraw(tournamentId: string, userId: string, fromRound: number): Promise<boolean> {
    const r = await this.store.q
      .updateTable('tournament_players')
      .set({ withdrawn_round: fromRound })
      .where('tournament_id', '=', tournamentId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /**
   * Pauses an arena entrant from wave `round` on for the lapsed first move of `gameId`; false (nothing changes) when
   * they are withdrawn already or that game paused them before.
   */
  async pause(tournamentId: string, userId: string, round: number, gameId: string): Promise<boolean> {
    const r = await this.store.q
      .updateTable('tournament_players')
      .set({ withdrawn_round: round, paused_by: gameId })
      .where('tournament_id', '=', tournamentId)
      .where('user_id', '=', userId)
      .where('withdrawn_round', 'is', null)
      .where((eb) => eb.or([eb('paused_by', 'is', null), eb('paused_by', '<>', gameId)]))
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Moves an upcoming tournament on (once: false when it is not upcoming any more). */
  async start(id: string, s: Start): Promise<boolean> {
    const r = await this.store.q
      .updateTable('tournaments')
      .set({
        status: s.status,
        starts_at: s.at,
        ends_at: s.endsAt,
        updated_at: s.at,
        finished_at: s.status === 'finished' ? s.at : null,
        end_reason: s.endReason,
      })
      .where('id', '=', id)
      .where('status', '=', 'upcoming')
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Ends a running tournament (once: false when it is not running). `endReason`: JSON, when it ended early. */
  async finish(id: string, now: number, endReason: string | null): Promise<boolean> {
    const r = await this.store.q
      .updateTable('tournaments')
      .set({ status: 'finished', finished_at: now, updated_at: now, end_reason: endReason })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /**
   * Stores a round's pairings once and moves the tournament's round number up to it (never down); false when the
   * round was stored already (by another process), and then nothing changes.
   */
  async addRound(id: string, round: number, pairings: string, now: number): Promise<boolean> {
    try {
      await this.store.transaction(async (tx) => {
        await tx.q
          .insertInto('tournament_rounds')
          .values({ tournament_id: id, round, pairings, created_at: now })
          .execute();
        await tx.q
          .updateTable('tournaments')
          .set({ round, updated_at: now })
          .where('id', '=', id)
          .where('round', '<', round)
          .execute();
      });
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** Stores a paired game's row once; false when that round, board and game number has one already. */
  async addGame(g: {
    tournamentId: string;
    round: number;
    board: number;
    gameNo: number;
    players: readonly string[];
    tieBreak: boolean;
    gameId: string;
    now: number;
  }): Promise<boolean> {
    try {
      await this.store.q
        .insertInto('tournament_games')
        .values({
          tournament_id: g.tournamentId,
          round: g.round,
          board: g.board,
          game_no: g.gameNo,
          players: JSON.stringify(g.players),
          tie_break: g.tieBreak ? 1 : 0,
          game_id: g.gameId,
          created_at: g.now,
        })
        .execute();
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /**
   * One page of a public list's ids: `running` and `upcoming` with the most entrants still in first (then the latest
   * start, or the soonest start or creation), `finished` ones that ended after `finishedAfter`, newest first; ties by
   * id. `limit` rows from `offset`.
   */
  async listed(status: ListedStatus, o: { finishedAfter: number; limit: number; offset: number }): Promise<string[]> {
    let query = this.store.q
      .selectFrom('tournaments as t')
      .select('t.id')
      .where('t.private', '=', 0)
      .where('t.status', '=', status);
    // the entrants still in, counted for each listed tournament
    const players = (eb: ExpressionBuilder<Schema & { t: TournamentsTable }, 't'>) =>
      eb
        .selectFrom('tournament_players as p')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('p.tournament_id', '=', 't.id')
        .where('p.withdrawn_round', 'is', null);
    if (status === 'running') query = query.orderBy(players, 'desc').orderBy('t.starts_at', 'desc');
    if (status === 'upcoming') {
      query = query.orderBy(players, 'desc').orderBy((eb) => eb.fn.coalesce('t.starts_at', 't.created_at'), 'asc');
    }
    if (status === 'finished') {
      query = query.where('t.finished_at', '>', o.finishedAfter).orderBy('t.finished_at', 'desc');
    }
    const rows = await query.orderBy('t.id').limit(o.limit).offset(o.offset).execute();
    return rows.map((r) => r.id);
  }
}
