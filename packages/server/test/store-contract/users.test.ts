import { expect, it } from 'vitest';
import { UserRepo } from '../../src/repos/users.js';
import { isUniqueViolation } from '../../src/store.js';
import { addGame, addUser, fresh } from './rows.js';
import { describeStores } from './stores.js';

describeStores('the users repository', (store) => {
  const repo = () => new UserRepo(store());

  it('tells a taken name by its key, and only an existing one', async () => {
    const name = fresh('Taken');
    await addUser(store(), { name });
    expect(await repo().nameTaken(name.toLowerCase())).toBe(true);
    expect(await repo().nameTaken(fresh('free').toLowerCase())).toBe(false);
  });

  it('makes a guest row the account, once, and leaves an account row alone', async () => {
    const id = (await addUser(store(), { guest: 1 })).id;
    const name = fresh('Kept');
    const account = { name, nameKey: name.toLowerCase(), passwordHash: 'argon' };
    expect(await repo().upgradeGuest(id, account)).toBe(true);
    const row = await repo().byNameKey(name.toLowerCase());
    expect(row).toMatchObject({ id, name, guest: 0, password_hash: 'argon' });
    // no longer a guest: a second upgrade changes nothing
    expect(await repo().upgradeGuest(id, { ...account, passwordHash: 'other' })).toBe(false);
    expect((await repo().byNameKey(name.toLowerCase()))?.password_hash).toBe('argon');
    // a guest with no row is not upgraded (the caller writes the account instead)
    expect(await repo().upgradeGuest(fresh('nobody'), account)).toBe(false);
  });

  it('refuses to upgrade a guest to a name that is taken', async () => {
    const taken = fresh('Owner');
    await addUser(store(), { name: taken });
    const id = (await addUser(store(), { guest: 1 })).id;
    await expect(
      repo().upgradeGuest(id, { name: taken, nameKey: taken.toLowerCase(), passwordHash: 'x' }),
    ).rejects.toSatisfy(isUniqueViolation);
  });

  it('creates an account that a login finds whole, and refuses a second of the same name', async () => {
    const id = fresh('u');
    const name = fresh('New');
    await repo().createAccount({
      id,
      name,
      nameKey: name.toLowerCase(),
      passwordHash: 'p',
      createdAt: 1_700_000_000_001,
    });
    const row = await repo().byNameKey(name.toLowerCase());
    expect(row).toMatchObject({
      id,
      name,
      name_key: name.toLowerCase(),
      password_hash: 'p',
      guest: 0,
      bot: 0,
      created_at: 1_700_000_000_001,
      banned_at: null,
      closed_at: null,
      email: null,
      email_confirmed: 0,
    });
    await expect(
      repo().createAccount({ id: fresh('u'), name, nameKey: name.toLowerCase(), passwordHash: 'q', createdAt: 2 }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect(await repo().byNameKey(fresh('none'))).toBeUndefined();
  });

  it('keeps an address unconfirmed until the same address is confirmed', async () => {
    const id = (await addUser(store(), {})).id;
    expect(await repo().emailStateOf(id)).toEqual({ name: id, email: null, confirmed: false });
    expect(await repo().setEmail(id, 'a@example.org')).toBe(true);
    expect(await repo().confirmEmail(id, 'b@example.org')).toBe(false);
    expect(await repo().emailStateOf(id)).toEqual({ name: id, email: 'a@example.org', confirmed: false });
    expect(await repo().confirmEmail(id, 'a@example.org')).toBe(true);
    expect(await repo().emailStateOf(id)).toEqual({ name: id, email: 'a@example.org', confirmed: true });
    // a new address (or none) is unconfirmed again
    expect(await repo().setEmail(id, null)).toBe(true);
    expect(await repo().emailStateOf(id)).toEqual({ name: id, email: null, confirmed: false });
    expect(await repo().emailStateOf(fresh('nobody'))).toBeUndefined();
    expect(await repo().setEmail(fresh('nobody'), 'x@example.org')).toBe(false);
  });

  it('finds the accounts of a confirmed address in any case, oldest first, at most five, no guest', async () => {
    const email = `${fresh('Mixed')}@Example.org`;
    const older = (await addUser(store(), { email, email_confirmed: 1, created_at: 10 })).id;
    const newer = (await addUser(store(), { email: email.toUpperCase(), email_confirmed: 1, created_at: 20 })).id;
    await addUser(store(), { email, email_confirmed: 0, created_at: 5 });
    await addUser(store(), { email, email_confirmed: 1, guest: 1, created_at: 6 });
    const found = await repo().accountsByConfirmedEmail(email.toLowerCase());
    expect(found.map((a) => a.id)).toEqual([older, newer]);
    expect(found[1]).toEqual({ id: newer, name: newer, email: email.toUpperCase() });
    for (let i = 0; i < 5; i++) await addUser(store(), { email, email_confirmed: 1, created_at: 30 + i });
    expect(await repo().accountsByConfirmedEmail(email)).toHaveLength(5);
    expect(await repo().accountsByConfirmedEmail(`${fresh('none')}@example.org`)).toEqual([]);
  });

  it('sets an account’s password hash, never a guest’s', async () => {
    const name = fresh('Pw');
    const id = (await addUser(store(), { name })).id;
    expect(await repo().setPasswordHash(id, 'new')).toBe(true);
    expect((await repo().byNameKey(name.toLowerCase()))?.password_hash).toBe('new');
    const guest = (await addUser(store(), { guest: 1 })).id;
    expect(await repo().setPasswordHash(guest, 'new')).toBe(false);
    expect(await repo().setPasswordHash(fresh('nobody'), 'new')).toBe(false);
  });

  it('makes an account a bot once, and tells unknown accounts apart', async () => {
    const id = (await addUser(store(), {})).id;
    expect(await repo().isBot(id)).toBe(false);
    expect(await repo().markBot(id)).toBe(true);
    expect(await repo().isBot(id)).toBe(true);
    expect(await repo().markBot(id)).toBe(false);
    expect(await repo().isBot(fresh('nobody'))).toBeUndefined();
    expect(await repo().markBot(fresh('nobody'))).toBe(false);
  });

  it('runs the bot facts inside a transaction it is handed', async () => {
    const id = (await addUser(store(), {})).id;
    await expect(
      store().transaction(async (tx) => {
        expect(await repo().markBot(id, tx)).toBe(true);
        expect(await repo().isBot(id, tx)).toBe(true);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await repo().isBot(id)).toBe(false);
  });

  it('tells whether an account sits or sat in a game', async () => {
    const id = (await addUser(store(), {})).id;
    const other = (await addUser(store(), {})).id;
    expect(await repo().hasPlayed(id)).toBe(false);
    const game = await addGame(store(), { status: 'finished' });
    await store().q.insertInto('game_players').values({ game_id: game, seat: 1, user_id: other }).execute();
    expect(await repo().hasPlayed(id)).toBe(false);
    await store().q.insertInto('game_players').values({ game_id: game, seat: 0, user_id: id }).execute();
    expect(await repo().hasPlayed(id)).toBe(true);
  });

  it('finds a waiting seek naming the account as creator or in a seat, not a game in play', async () => {
    const creator = (await addUser(store(), {})).id;
    const seated = (await addUser(store(), {})).id;
    const playing = (await addUser(store(), {})).id;
    await addGame(store(), { status: 'seeking', creator: JSON.stringify({ id: creator, name: 'c' }) });
    await addGame(store(), { status: 'seeking', seats: JSON.stringify([{ id: seated }, null]) });
    await addGame(store(), { status: 'playing', seats: JSON.stringify([{ id: playing }]) });
    expect(await repo().hasOpenSeeks(creator)).toBe(true);
    expect(await repo().hasOpenSeeks(seated)).toBe(true);
    expect(await repo().hasOpenSeeks(playing)).toBe(false);
    expect(await repo().hasOpenSeeks(fresh('nobody'))).toBe(false);
  });
});
