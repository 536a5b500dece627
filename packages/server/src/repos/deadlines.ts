/**
 * The queries of the deadlines every process shares (scheduler.ts, table `deadlines`): set and cancel (inside the
 * transaction of the change that decided them, on every correspondence move: prepared once), claim what is due,
 * and settle a run — deleted when done, handed back when it is to be tried again.
 */
import { Prepared } from '../db/prepared.js';
import type { Store, Tx } from '../store.js';

/** A deadline's row as a claim hands it out (its data as stored: JSON). */
export interface DeadlineRecord {
  readonly key: string;
  readonly kind: string;
  readonly dueAt: number;
  readonly data: string;
  /** Counts the settings of the key: a run settles only the version it was handed. */
  readonly version: number;
}

const setOne = new Prepared<{ key: string; kind: string; dueAt: number; data: string }, never>((q, p) =>
  q
    .insertInto('deadlines')
    .values({ key: p.key, kind: p.kind, due_at: p.dueAt, data: p.data, version: 1, claimed_by: null, claimed_at: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        kind: eb.ref('excluded.kind'),
        due_at: eb.ref('excluded.due_at'),
        data: eb.ref('excluded.data'),
        version: eb('deadlines.version', '+', 1),
        claimed_by: null,
        claimed_at: null,
      })),
    ),
);

const cancelOne = new Prepared<{ key: string }, never>((q, p) => q.deleteFrom('deadlines').where('key', '=', p.key));

export class DeadlinesRepo {
  constructor(private readonly store: Store) {}

  /**
   * Sets (or moves) the deadline `key`: due at `dueAt`, unclaimed, its version one more than before (1 when new).
   * In `tx` when given.
   */
  async set(key: string, kind: string, dueAt: number, data: string, tx: Tx = this.store): Promise<void> {
    await setOne.run(tx, { key, kind, dueAt, data });
  }

  /** Removes the deadline `key`, claimed or not; in `tx` when given. */
  async cancel(key: string, tx: Tx = this.store): Promise<void> {
    await cancelOne.run(tx, { key });
  }

  /** The deadline `key` as stored, with who holds it, if anyone. */
  async get(key: string): Promise<(DeadlineRecord & { claimedBy: string | null }) | undefined> {
    const r = await this.store.q
      .selectFrom('deadlines')
      .select(['key', 'kind', 'due_at', 'data', 'version', 'claimed_by'])
      .where('key', '=', key)
      .executeTakeFirst();
    return (
      r && { key: r.key, kind: r.kind, dueAt: r.due_at, data: r.data, version: r.version, claimedBy: r.claimed_by }
    );
  }

  /**
   * Claims for `owner` at most `batch` deadlines due at `now` (the earliest first) that nobody holds or whose claim
   * is older than `staleBefore`, and returns them. A deadline is handed to one claimer only, however many claim at
   * once.
   */
  async claimDue(owner: string, now: number, staleBefore: number, batch: number): Promise<DeadlineRecord[]> {
    const postgres = this.store.kind === 'postgres';
    // The outer condition is checked again on the row's latest version (PostgreSQL re-reads a row another claimer
    // just changed), so a row is never claimed twice; SKIP LOCKED lets processes share a backlog without waiting.
    const rows = await this.store.q
      .updateTable('deadlines')
      .set({ claimed_by: owner, claimed_at: now })
      .where((eb) =>
        eb(
          'key',
          'in',
          eb
            .selectFrom('deadlines')
            .select('key')
            .where('due_at', '<=', now)
            .where((inner) => inner.or([inner('claimed_by', 'is', null), inner('claimed_at', '<', staleBefore)]))
            .orderBy('due_at')
            .limit(batch)
            .$if(postgres, (qb) => qb.forUpdate().skipLocked()),
        ),
      )
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_at', '<', staleBefore)]))
      .returning(['key', 'kind', 'due_at', 'data', 'version'])
      .execute();
    return rows.map((r) => ({ key: r.key, kind: r.kind, dueAt: r.due_at, data: r.data, version: r.version }));
  }

  /** A run of `version` by `owner` is done: the row goes, unless it was set again or claimed by another since. */
  async finish(key: string, version: number, owner: string): Promise<boolean> {
    const r = await this.store.q
      .deleteFrom('deadlines')
      .where('key', '=', key)
      .where('version', '=', version)
      .where('claimed_by', '=', owner)
      .executeTakeFirst();
    return r.numDeletedRows === 1n;
  }

  /** A run of `version` by `owner` is to be tried again at `dueAt`: unclaimed, unless set again or taken since. */
  async handBack(key: string, version: number, owner: string, dueAt: number): Promise<boolean> {
    const r = await this.store.q
      .updateTable('deadlines')
      .set({ claimed_by: null, claimed_at: null, due_at: dueAt })
      .where('key', '=', key)
      .where('version', '=', version)
      .where('claimed_by', '=', owner)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }
}
