import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { Prepared } from '../../src/db/prepared.js';
import { isUniqueViolation } from '../../src/store.js';
import { addGame, fresh } from './rows.js';
import { describeStores } from './stores.js';

describeStores('the typed query layer', (store) => {
  it('writes and reads a row with numbers as numbers, BIGINT included', async () => {
    const id = fresh('u');
    await store()
      .q.insertInto('users')
      .values({ id, name: id, name_key: id, password_hash: null, guest: 0, created_at: 1_700_000_000_123 })
      .execute();
    const row = await store().q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id, guest: 0, created_at: 1_700_000_000_123, bot: 0, email_confirmed: 0 });
    expect(typeof row.created_at).toBe('number');
    const counted = await store()
      .q.selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(counted.n).toBe(1);
  });

  it('reports the rows an update changed', async () => {
    const id = fresh('u');
    await store().q.insertInto('users').values({ id, name: id, name_key: id, guest: 1, created_at: 1 }).execute();
    const one = await store().q.updateTable('users').set({ guest: 0 }).where('id', '=', id).executeTakeFirst();
    expect(one.numUpdatedRows).toBe(1n);
    const none = await store().q.updateTable('users').set({ guest: 0 }).where('id', '=', fresh('x')).executeTakeFirst();
    expect(none.numUpdatedRows).toBe(0n);
  });

  it('runs a transaction’s queries in it: a failure rolls every one back', async () => {
    const id = fresh('u');
    await expect(
      store().transaction(async (tx) => {
        await tx.q.insertInto('users').values({ id, name: id, name_key: id, guest: 1, created_at: 1 }).execute();
        // the same key again: the transaction fails as a whole
        await tx.q
          .insertInto('users')
          .values({ id, name: id, name_key: `${id}b`, guest: 1, created_at: 1 })
          .execute();
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect(await store().q.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('refuses a Kysely transaction: transactions are the store’s', async () => {
    await expect(
      store()
        .q.transaction()
        .execute(async () => 1),
    ).rejects.toThrow(/store.transaction/);
  });

  it('binds values as parameters, never as SQL text', async () => {
    const id = fresh("o'brien; DROP TABLE users; --");
    await store().q.insertInto('settings').values({ key: id, value: '?' }).execute();
    const row = await store().q.selectFrom('settings').select('value').where('key', '=', id).executeTakeFirstOrThrow();
    expect(row.value).toBe('?');
    const raw = await sql<{ v: string }>`SELECT value AS v FROM settings WHERE key = ${id}`.execute(store().q);
    expect(raw.rows).toEqual([{ v: '?' }]);
  });
});

const insertEvent = new Prepared<{ gameId: string; seq: number; data: string | null }, never>((q, p) =>
  q.insertInto('game_events').values({ game_id: p.gameId, seq: p.seq, kind: 'move', seat: 0, data: p.data, at: 7 }),
);
const eventsOf = new Prepared<{ gameId: string }, { seq: number; data: string | null; at: number }>((q, p) =>
  q.selectFrom('game_events').select(['seq', 'data', 'at']).where('game_id', '=', p.gameId).orderBy('seq'),
);

describeStores('a prepared query', (store) => {
  it('compiles once and runs with the values it is given, fixed values kept', async () => {
    const gameId = await addGame(store());
    await store().transaction(async (tx) => {
      await insertEvent.run(tx, { gameId, seq: 1, data: 'a' });
      await insertEvent.run(tx, { gameId, seq: 2, data: null });
    });
    const { rows } = await eventsOf.run(store(), { gameId });
    expect(rows).toEqual([
      { seq: 1, data: 'a', at: 7 },
      { seq: 2, data: null, at: 7 },
    ]);
  });
});
