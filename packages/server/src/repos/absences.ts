import type { Store } from '../store.js';

/** Where a game's absences are kept across restarts and takeovers: the server's key-value table. */
const key = (gameId: string) => `absent:${gameId}`;

/**
 * The moments the players of a game left, as its owner stores them, so a restarted or taken-over game keeps counting
 * from when a player left, not from when the game was loaded again.
 */
export class StoredAbsences {
  constructor(private readonly store: Store) {}

  /** What was stored for a game; empty when nothing was (or what was stored is not a list of moments). */
  async of(gameId: string): Promise<Map<number, number>> {
    const row = await this.store.q
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key(gameId))
      .executeTakeFirst();
    const out = new Map<number, number>();
    if (!row) return out;
    const stored = JSON.parse(row.value) as Record<string, unknown>;
    for (const [seat, since] of Object.entries(stored)) {
      const s = Number(seat);
      if (Number.isInteger(s) && typeof since === 'number') out.set(s, since);
    }
    return out;
  }

  /** Replaces what is stored for a game; an empty set forgets it. */
  async save(gameId: string, leftAt: ReadonlyMap<number, number>): Promise<void> {
    if (leftAt.size === 0) return this.forget(gameId);
    const value = JSON.stringify(Object.fromEntries(leftAt));
    await this.store.q
      .insertInto('settings')
      .values({ key: key(gameId), value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  async forget(gameId: string): Promise<void> {
    await this.store.q.deleteFrom('settings').where('key', '=', key(gameId)).execute();
  }
}
