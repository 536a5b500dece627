import { expect, it } from 'vitest';
import { AccountTokenRepo, ApiTokenRepo } from '../../src/repos/tokens.js';
import { isUniqueViolation } from '../../src/store.js';
import { addUser, fresh } from './rows.js';
import { describeStores } from './stores.js';

describeStores('the account-link repository', (store) => {
  const repo = () => new AccountTokenRepo(store());

  it('gives a link once, with what it was issued for, expired or not', async () => {
    const id = (await addUser(store())).id;
    const hash = fresh('h');
    await repo().replace(hash, id, 'confirm', 'a@example.org', 1_700_000_000_000);
    expect(await repo().take(hash, 'confirm')).toEqual({
      userId: id,
      email: 'a@example.org',
      expiresAt: 1_700_000_000_000,
    });
    expect(await repo().take(hash, 'confirm')).toBeUndefined();
  });

  it('leaves a link of the other kind where it is', async () => {
    const id = (await addUser(store())).id;
    const hash = fresh('h');
    await repo().replace(hash, id, 'reset', 'a@example.org', 10);
    expect(await repo().take(hash, 'confirm')).toBeUndefined();
    expect(await repo().take(hash, 'reset')).toMatchObject({ userId: id });
  });

  it('ends the earlier links of the same kind when one is issued, not the other kind’s', async () => {
    const id = (await addUser(store())).id;
    const [c1, c2, r1] = [fresh('h'), fresh('h'), fresh('h')];
    await repo().replace(c1, id, 'confirm', 'a@example.org', 10);
    await repo().replace(r1, id, 'reset', 'a@example.org', 10);
    await repo().replace(c2, id, 'confirm', 'b@example.org', 20);
    expect(await repo().take(c1, 'confirm')).toBeUndefined();
    expect(await repo().take(c2, 'confirm')).toMatchObject({ email: 'b@example.org', expiresAt: 20 });
    expect(await repo().take(r1, 'reset')).toMatchObject({ email: 'a@example.org' });
  });

  it('gives a link to one of two racing takers only', async () => {
    const id = (await addUser(store())).id;
    const hash = fresh('h');
    await repo().replace(hash, id, 'reset', 'a@example.org', 10);
    const both = await Promise.all([repo().take(hash, 'reset'), repo().take(hash, 'reset')]);
    expect(both.filter((t) => t !== undefined)).toHaveLength(1);
  });

  it('drops every link of a kind of one account', async () => {
    const id = (await addUser(store())).id;
    const other = (await addUser(store())).id;
    const [mine, theirs, reset] = [fresh('h'), fresh('h'), fresh('h')];
    await repo().replace(mine, id, 'confirm', 'a@example.org', 10);
    await repo().replace(reset, id, 'reset', 'a@example.org', 10);
    await repo().replace(theirs, other, 'confirm', 'b@example.org', 10);
    expect(await repo().dropAll(id, 'confirm')).toBe(1);
    expect(await repo().dropAll(id, 'confirm')).toBe(0);
    expect(await repo().take(mine, 'confirm')).toBeUndefined();
    expect(await repo().take(theirs, 'confirm')).toBeDefined();
    expect(await repo().take(reset, 'reset')).toBeDefined();
  });
});

describeStores('the API-token repository', (store) => {
  const repo = () => new ApiTokenRepo(store());
  const make = (userId: string, createdAt: number, over: Partial<{ id: string; hash: string }> = {}) => {
    const t = {
      id: fresh('tok'),
      hash: fresh('h'),
      userId,
      description: 'd',
      scopes: '["bot:play"]',
      createdAt,
      ...over,
    };
    return repo()
      .create(t)
      .then(() => t);
  };

  it('counts, lists newest first (ties by id) and revokes only the owner’s token', async () => {
    const id = (await addUser(store())).id;
    const other = (await addUser(store())).id;
    expect(await repo().countOf(id)).toBe(0);
    const a = await make(id, 100, { id: `${fresh('t')}a` });
    const b = await make(id, 200);
    const c = await make(id, 100, { id: `${a.id}b` });
    await make(other, 300);
    expect(await repo().countOf(id)).toBe(3);
    const listed = await repo().listOf(id);
    expect(listed.map((t) => t.id)).toEqual([b.id, a.id, c.id]);
    expect(listed[0]).toEqual({ id: b.id, description: 'd', scopes: '["bot:play"]', createdAt: 200, lastUsedAt: null });
    expect(await repo().revoke(other, a.id)).toBe(false);
    expect(await repo().revoke(id, a.id)).toBe(true);
    expect(await repo().revoke(id, a.id)).toBe(false);
    expect(await repo().countOf(id)).toBe(2);
    expect(await repo().listOf(fresh('nobody'))).toEqual([]);
  });

  it('refuses a second token of the same hash', async () => {
    const id = (await addUser(store())).id;
    const t = await make(id, 1);
    await expect(make(id, 2, { hash: t.hash })).rejects.toSatisfy(isUniqueViolation);
  });

  it('finds the holder of a hash and notes its last use', async () => {
    const id = (await addUser(store())).id;
    const t = await make(id, 1);
    expect(await repo().holderOf(t.hash)).toEqual({
      id,
      name: id,
      guest: 0,
      bot: 0,
      token_id: t.id,
      scopes: '["bot:play"]',
      last_used_at: null,
    });
    await repo().touch(t.id, 1_700_000_000_500);
    expect((await repo().holderOf(t.hash))?.last_used_at).toBe(1_700_000_000_500);
    expect((await repo().listOf(id))[0]?.lastUsedAt).toBe(1_700_000_000_500);
    expect(await repo().holderOf(fresh('none'))).toBeUndefined();
  });

  it('finds no holder for a banned, closed or guest account', async () => {
    const banned = (await addUser(store())).id;
    const closed = (await addUser(store())).id;
    const guest = (await addUser(store(), { guest: 1 })).id;
    const tokens = await Promise.all([make(banned, 1), make(closed, 1), make(guest, 1)]);
    await store().q.updateTable('users').set({ banned_at: 5 }).where('id', '=', banned).execute();
    await store().q.updateTable('users').set({ closed_at: 5 }).where('id', '=', closed).execute();
    for (const t of tokens) expect(await repo().holderOf(t.hash)).toBeUndefined();
  });
});
