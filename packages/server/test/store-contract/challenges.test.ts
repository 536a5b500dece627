import { expect, it } from 'vitest';
import { ChallengeBook, type NewChallenge } from '../../src/repos/challenges.js';
import { isUniqueViolation } from '../../src/store.js';
import { fresh } from './rows.js';
import { describeStores } from './stores.js';

const challenge = (from: string, to: string, over: Partial<NewChallenge> = {}): NewChallenge => ({
  id: fresh('c'),
  challenger_id: from,
  dest_id: to,
  challenger: JSON.stringify({ id: from, name: from, guest: false }),
  dest: JSON.stringify({ id: to, name: to, guest: false }),
  game: 'hive',
  options: '{}',
  clock: '{"kind":"none"}',
  rated: 0,
  seat: null,
  created_at: 100,
  expires_at: 1000,
  ...over,
});

describeStores('the challenges', (store) => {
  const book = () => new ChallengeBook(store());

  it('stores a challenge waiting for its answer and finds it, numbers as numbers; none for an unknown id', async () => {
    const c = challenge(fresh('a'), fresh('b'), { rated: 1, seat: 1 });
    await book().add(c);
    expect(await book().find(c.id)).toEqual({ ...c, status: 'created', game_id: null, decline_reason: null });
    expect(await book().find(fresh('none'))).toBeUndefined();
  });

  it('refuses a second challenge of the same id', async () => {
    const c = challenge(fresh('a'), fresh('b'));
    await book().add(c);
    await expect(book().add(c)).rejects.toSatisfy(isUniqueViolation);
  });

  it('lists the challenges a user made or received that still wait, oldest first', async () => {
    const me = fresh('me');
    const other = fresh('other');
    const received = challenge(other, me, { created_at: 20 });
    const made = challenge(me, other, { created_at: 10 });
    const expired = challenge(other, me, { created_at: 5, expires_at: 500 });
    const answered = challenge(me, other, { created_at: 6 });
    const strangers = challenge(other, fresh('third'), { created_at: 7 });
    for (const c of [received, made, expired, answered, strangers]) await book().add(c);
    expect(await book().answer(answered.id, 'canceled', 100)).toBe(true);
    expect((await book().waitingFor(me, 500)).map((c) => c.id)).toEqual([made.id, received.id]);
    // at the moment it expires a challenge waits no more
    expect((await book().waitingFor(me, 1000)).map((c) => c.id)).toEqual([]);
  });

  it('counts the challenges a user made that still wait', async () => {
    const me = fresh('me');
    await book().add(challenge(me, fresh('x')));
    await book().add(challenge(me, fresh('y'), { expires_at: 300 }));
    await book().add(challenge(fresh('z'), me));
    expect(await book().waitingFrom(me, 200)).toBe(2);
    expect(await book().waitingFrom(me, 300)).toBe(1);
    expect(await book().waitingFrom(fresh('nobody'), 0)).toBe(0);
  });

  it('answers a waiting challenge once: a second answer, or one after it expired, changes nothing', async () => {
    const c = challenge(fresh('a'), fresh('b'));
    await book().add(c);
    expect(await book().answer(c.id, 'declined', 200, 'later')).toBe(true);
    expect(await book().find(c.id)).toMatchObject({ status: 'declined', decline_reason: 'later' });
    expect(await book().answer(c.id, 'accepted', 200)).toBe(false);
    expect(await book().find(c.id)).toMatchObject({ status: 'declined', decline_reason: 'later' });

    const late = challenge(fresh('a'), fresh('b'));
    await book().add(late);
    expect(await book().answer(late.id, 'accepted', 1000)).toBe(false);
    expect((await book().find(late.id))?.status).toBe('created');
    expect(await book().answer(fresh('none'), 'accepted', 0)).toBe(false);
  });

  it('of two answers at once, one is written', async () => {
    const c = challenge(fresh('a'), fresh('b'));
    await book().add(c);
    const both = await Promise.all([book().answer(c.id, 'accepted', 200), book().answer(c.id, 'canceled', 200)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect((await book().find(c.id))?.status).toBe(both[0] ? 'accepted' : 'canceled');
  });

  it('records the game an accepted challenge started, or cancels it when none could start', async () => {
    const started = challenge(fresh('a'), fresh('b'));
    const failed = challenge(fresh('a'), fresh('b'));
    await book().add(started);
    await book().add(failed);
    await book().answer(started.id, 'accepted', 200);
    await book().answer(failed.id, 'accepted', 200);
    await book().started(started.id, 'game-1');
    await book().cancelAccepted(failed.id);
    expect(await book().find(started.id)).toMatchObject({ status: 'accepted', game_id: 'game-1' });
    expect(await book().find(failed.id)).toMatchObject({ status: 'canceled', game_id: null });
  });

  it('finds a challengeable account by name in any case: no guest, banned or closed account', async () => {
    const user = async (over: { guest?: number; banned_at?: number; closed_at?: number; bot?: number } = {}) => {
      const id = fresh('u');
      const name = `Pl${id}`;
      await store()
        .q.insertInto('users')
        .values({ id, name, name_key: name.toLowerCase(), guest: 0, created_at: 1, ...over })
        .execute();
      return { id, name };
    };
    const plain = await user();
    const bot = await user({ bot: 1 });
    expect(await book().challengeable(plain.name.toUpperCase())).toEqual({ ...plain, guest: false });
    expect(await book().challengeable(bot.name)).toEqual({ ...bot, guest: false, bot: true });
    for (const over of [{ guest: 1 }, { banned_at: 5 }, { closed_at: 5 }])
      expect(await book().challengeable((await user(over)).name)).toBeUndefined();
    expect(await book().challengeable(fresh('nobody'))).toBeUndefined();
  });
});
