import { expect, it } from 'vitest';
import { SessionRepo } from '../../src/repos/sessions.js';
import { addUser, fresh } from './rows.js';
import { describeStores } from './stores.js';

describeStores('the sessions repository', (store) => {
  const repo = () => new SessionRepo(store());

  it('keeps the first value written for a setting, whoever asks after', async () => {
    const key = fresh('secret');
    expect(await repo().settingOrInit(key, 'first')).toBe('first');
    expect(await repo().settingOrInit(key, 'second')).toBe('first');
    // two processes starting at once: both read the one value that was stored
    const raced = await Promise.all([repo().settingOrInit(`${key}r`, 'a'), repo().settingOrInit(`${key}r`, 'b')]);
    expect(raced[0]).toBe(raced[1]);
  });

  it('finds the account of a stored session, with the facts a request needs', async () => {
    const id = (await addUser(store())).id;
    const bot = (await addUser(store(), { bot: 1 })).id;
    const token = fresh('t');
    await repo().create(token, id, 5);
    await repo().create(`${token}b`, bot, 5);
    expect(await repo().accountOf(token)).toEqual({ id, name: id, guest: 0, bot: 0 });
    expect(await repo().accountOf(`${token}b`)).toEqual({ id: bot, name: bot, guest: 0, bot: 1 });
    expect(await repo().accountOf(fresh('none'))).toBeUndefined();
  });

  it('gives no account for the session of a banned or closed account', async () => {
    const banned = (await addUser(store())).id;
    const closed = (await addUser(store())).id;
    await repo().create(`${banned}t`, banned, 1);
    await repo().create(`${closed}t`, closed, 1);
    await store().q.updateTable('users').set({ banned_at: 9, ban_reason: 'r' }).where('id', '=', banned).execute();
    await store().q.updateTable('users').set({ closed_at: 9 }).where('id', '=', closed).execute();
    expect(await repo().accountOf(`${banned}t`)).toBeUndefined();
    expect(await repo().accountOf(`${closed}t`)).toBeUndefined();
  });

  it('refuses a second session with the same token', async () => {
    const id = (await addUser(store())).id;
    const token = fresh('t');
    await repo().create(token, id, 1);
    await expect(repo().create(token, id, 2)).rejects.toThrow();
  });

  it('ends one session, or every session of an account, and says how many', async () => {
    const id = (await addUser(store())).id;
    const other = (await addUser(store())).id;
    const [a, b, c] = [fresh('t'), fresh('t'), fresh('t')];
    await repo().create(a, id, 1);
    await repo().create(b, id, 1);
    await repo().create(c, other, 1);
    expect(await repo().end(a)).toBe(true);
    expect(await repo().end(a)).toBe(false);
    expect(await repo().accountOf(a)).toBeUndefined();
    expect(await repo().accountOf(b)).toBeDefined();
    await repo().create(a, id, 2);
    expect(await repo().endAllOf(id)).toBe(2);
    expect(await repo().endAllOf(id)).toBe(0);
    expect(await repo().accountOf(b)).toBeUndefined();
    expect(await repo().accountOf(c)).toMatchObject({ id: other });
  });

  it('tells which tokens are alive, across batches, and none of none', async () => {
    const id = (await addUser(store())).id;
    const live = Array.from({ length: 620 }, () => fresh('t'));
    // one insert of them all: this case is about the reading in batches, not about writing
    await store()
      .q.insertInto('sessions')
      .values(live.map((token) => ({ token, user_id: id, created_at: 1 })))
      .execute();
    const asked = [...live, ...Array.from({ length: 30 }, () => fresh('gone'))];
    expect(await repo().alive(asked)).toEqual(new Set(live));
    expect(await repo().alive([])).toEqual(new Set());
  });

  it('tells a guest id that registered from one that did not, or has no row', async () => {
    const guest = (await addUser(store(), { guest: 1 })).id;
    const account = (await addUser(store())).id;
    expect(await repo().registered(guest)).toBe(false);
    expect(await repo().registered(account)).toBe(true);
    expect(await repo().registered(fresh('nobody'))).toBe(false);
  });
});
