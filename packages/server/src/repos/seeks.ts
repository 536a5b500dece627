import type { Store } from '../store.js';

/**
 * Seeks that expired while their creator was away: the seek's row ends with the record, and the record stays until
 * the creator has been told, once.
 */
export class SeekExpiries {
  constructor(private readonly store: Store) {}

  /**
   * Aborts a seek whose creator left, under its owner's fencing token, and records the expiry, in one transaction.
   * False, with nothing written, when the row is no longer a seek under this fence (started, or taken over).
   */
  async expire(seekId: string, creatorId: string, fence: number, at: number): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      const r = await tx.q
        .updateTable('games')
        .set({ status: 'aborted', updated_at: at })
        .where('id', '=', seekId)
        .where('fence', '=', fence)
        .where('status', '=', 'seeking')
        .executeTakeFirst();
      if (r.numUpdatedRows !== 1n) return false;
      await tx.q
        .insertInto('seek_expiries')
        .values({ seek_id: seekId, user_id: creatorId, expired_at: at, told: 0 })
        .execute();
      return true;
    });
  }

  /** The seeks of a creator that expired and it was not told of yet, oldest first. */
  async untold(userId: string): Promise<string[]> {
    const rows = await this.store.q
      .selectFrom('seek_expiries')
      .select('seek_id')
      .where('user_id', '=', userId)
      .where('told', '=', 0)
      .orderBy('expired_at')
      .execute();
    return rows.map((r) => r.seek_id);
  }

  /** Marks an expiry as told; false when it was told already (another connection of the creator got there first). */
  async markTold(seekId: string): Promise<boolean> {
    const r = await this.store.q
      .updateTable('seek_expiries')
      .set({ told: 1 })
      .where('seek_id', '=', seekId)
      .where('told', '=', 0)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }
}
