import type { UserInfo } from '@qiyuan/protocol';
import type { Insertable, Selectable } from 'kysely';
import type { ChallengesTable } from '../db/schema.js';
import { userInfo } from '../session.js';
import type { Store } from '../store.js';
import { nameKeyOf } from './game-history.js';

/**
 * The challenges of the store: one row per challenge, answered by a conditional write so that the first answer wins
 * whichever process takes it. A challenge waits while its status is `created` and it has not expired.
 */

export type ChallengeRecord = Selectable<ChallengesTable>;

/** A new challenge: every column but its status (created) and answer (none yet). */
export type NewChallenge = Omit<Insertable<ChallengesTable>, 'status' | 'game_id' | 'decline_reason'>;

/** How a waiting challenge is answered. */
export type ChallengeAnswer = 'accepted' | 'declined' | 'canceled';

export class ChallengeBook {
  constructor(private readonly store: Store) {}

  /** A challenge, whatever its status, or undefined when there is none of that id. */
  find(id: string): Promise<ChallengeRecord | undefined> {
    return this.store.q.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The challenges a user made or received that wait for an answer at `now`, oldest first. */
  waitingFor(userId: string, now: number): Promise<ChallengeRecord[]> {
    return this.store.q
      .selectFrom('challenges')
      .selectAll()
      .where((eb) => eb.or([eb('dest_id', '=', userId), eb('challenger_id', '=', userId)]))
      .where('status', '=', 'created')
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute();
  }

  /** How many challenges `userId` made that wait for an answer at `now`. */
  async waitingFrom(userId: string, now: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('challenges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('challenger_id', '=', userId)
      .where('status', '=', 'created')
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Stores a new challenge, waiting for its answer. */
  async add(c: NewChallenge): Promise<void> {
    await this.store.q
      .insertInto('challenges')
      .values({ ...c, status: 'created' })
      .execute();
  }

  /**
   * Answers a challenge that still waits at `now`; false when it was answered or expired meanwhile (then nothing
   * changes): of two answers at once, one is written.
   */
  async answer(id: string, status: ChallengeAnswer, now: number, declineReason?: string): Promise<boolean> {
    const r = await this.store.q
      .updateTable('challenges')
      .set({ status, decline_reason: declineReason ?? null })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Marks an accepted challenge whose game could not start as canceled. */
  async cancelAccepted(id: string): Promise<void> {
    await this.store.q.updateTable('challenges').set({ status: 'canceled' }).where('id', '=', id).execute();
  }

  /** Records the game an accepted challenge started. */
  async started(id: string, gameId: string): Promise<void> {
    await this.store.q.updateTable('challenges').set({ game_id: gameId }).where('id', '=', id).execute();
  }

  /** The account of that name (any case) that may be challenged: no guest, not banned, not closed. */
  async challengeable(name: string): Promise<UserInfo | undefined> {
    const row = await this.store.q
      .selectFrom('users')
      .select(['id', 'name', 'guest', 'bot', 'password_hash'])
      .where('name_key', '=', nameKeyOf(name))
      .where('guest', '=', 0)
      .where('banned_at', 'is', null)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return row ? userInfo(row) : undefined;
  }
}
