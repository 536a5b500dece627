import { expect, it } from 'vitest';
import { ModerationRepo } from '../../src/repos/moderation.js';
import { addGame, addUser, fresh, seat } from './rows.js';
import { describeStores } from './stores.js';

describeStores('the moderation repository', (store) => {
  const repo = () => new ModerationRepo(store());

  it('finds an account by id and by its name in any case, with its standing; none for an unknown one', async () => {
    const u = await addUser(store(), { name: fresh('Mixed'), created_at: 1_700_000_000_000 });
    const byName = await repo().byName(u.name.toUpperCase());
    expect(byName).toEqual({
      id: u.id,
      name: u.name,
      guest: false,
      role: 'none',
      bannedAt: null,
      banReason: null,
      mutedUntil: null,
      muteReason: null,
      closedAt: null,
      createdAt: 1_700_000_000_000,
    });
    expect(await repo().byId(u.id)).toEqual(byName);
    expect(await repo().byId(fresh('nobody'))).toBeUndefined();
    expect(await repo().byName(fresh('nobody'))).toBeUndefined();
    const guest = await addUser(store(), { guest: 1 });
    expect((await repo().byId(guest.id))?.guest).toBe(true);
  });

  it('sets and clears a role, a ban and a mute; closing keeps the name and drops the password', async () => {
    const u = await addUser(store(), { email: 'closing@example.org' });
    await repo().setRole(u.id, 'moderator');
    await repo().setBan(u.id, 5, 'cheating');
    await repo().setMute(u.id, 9_000_000_000_000, 'insults');
    expect(await repo().byId(u.id)).toMatchObject({
      role: 'moderator',
      bannedAt: 5,
      banReason: 'cheating',
      mutedUntil: 9_000_000_000_000,
      muteReason: 'insults',
    });
    await repo().setRole(u.id, 'none');
    await repo().setBan(u.id, null, null);
    await repo().setMute(u.id, null, null);
    expect(await repo().byId(u.id)).toMatchObject({
      role: 'none',
      bannedAt: null,
      banReason: null,
      mutedUntil: null,
      muteReason: null,
    });
    expect(await repo().passwordHash(u.id)).toBe('hash');
    await repo().close(u.id, 77);
    expect(await repo().byId(u.id)).toMatchObject({ name: u.name, closedAt: 77 });
    expect(await repo().passwordHash(u.id)).toBeNull();
    expect(await repo().passwordHash(fresh('nobody'))).toBeNull();
    const email = await store().q.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirst();
    expect(email?.email).toBeNull();
  });

  it('stores a report with both names, counts a reporter’s reports since a time, and closes one once', async () => {
    const [by, about] = [await addUser(store()), await addUser(store())];
    const gameId = await addGame(store());
    const id = await repo().addReport({
      reporterId: by.id,
      userId: about.id,
      reason: 'abuse',
      text: 'rude',
      gameId,
      at: 1000,
    });
    await repo().addReport({ reporterId: by.id, userId: about.id, reason: 'other', text: '', gameId: null, at: 2000 });
    expect(await repo().report(id)).toEqual({
      id,
      reporter: by,
      user: about,
      reason: 'abuse',
      text: 'rude',
      gameId,
      createdAt: 1000,
      closedAt: null,
      closedBy: null,
      note: null,
    });
    expect(await repo().report(fresh('nothing'))).toBeUndefined();
    expect(await repo().reportsSince(by.id, 1000)).toBe(2); // the time itself counts
    expect(await repo().reportsSince(by.id, 1001)).toBe(1);
    expect(await repo().reportsSince(about.id, 0)).toBe(0);
    expect(await repo().closeReport(id, 'mod', 'warned', 3000)).toBe(true);
    expect(await repo().closeReport(id, 'mod', 'again', 4000)).toBe(false);
    expect(await repo().closeReport(fresh('nothing'), 'mod', '', 4000)).toBe(false);
    expect(await repo().report(id)).toMatchObject({ closedAt: 3000, closedBy: 'mod', note: 'warned' });
  });

  it('lists open reports oldest first, then closed ones latest closed first; about a player newest first', async () => {
    const [by, about] = [await addUser(store()), await addUser(store())];
    const add = (at: number) =>
      repo().addReport({ reporterId: by.id, userId: about.id, reason: 'cheat', text: `${at}`, gameId: null, at });
    const [late, early, closedFirst, closedLast] = [await add(40), await add(10), await add(20), await add(30)];
    await repo().closeReport(closedFirst, 'm', '', 100);
    await repo().closeReport(closedLast, 'm', '', 200);
    const mine = (await repo().reports()).filter((r) => r.user.id === about.id).map((r) => r.id);
    expect(mine).toEqual([early, late, closedLast, closedFirst]);
    expect((await repo().reportsAbout(about.id)).map((r) => r.createdAt)).toEqual([40, 30, 20, 10]);
    expect((await repo().reportsBy(by.id)).map((r) => r.createdAt)).toEqual([10, 20, 30, 40]);
    expect(await repo().reportsBy(about.id)).toEqual([]);
    // the limit bounds each part: one open and one closed at most
    const few = await repo().reports(1);
    expect(few.filter((r) => r.closedAt === null)).toHaveLength(1);
    expect(few.filter((r) => r.closedAt !== null)).toHaveLength(1);
  });

  it('blocks once (the first time stays), lists whom a player blocked in order, and unblocks', async () => {
    const [me, x, y, z] = [
      await addUser(store()),
      await addUser(store()),
      await addUser(store()),
      await addUser(store()),
    ];
    await repo().block(me.id, y.id, 20);
    await repo().block(me.id, x.id, 10);
    await repo().block(me.id, x.id, 30); // again: nothing changes
    expect(await repo().blocksOf(me.id)).toEqual([
      { id: x.id, name: x.name, at: 10 },
      { id: y.id, name: y.name, at: 20 },
    ]);
    await repo().block(z.id, x.id, 5);
    expect((await repo().blockersAmong([me.id, y.id, z.id], x.id)).sort()).toEqual([me.id, z.id].sort());
    expect(await repo().blockersAmong([], x.id)).toEqual([]);
    expect(await repo().blockersAmong([x.id], me.id)).toEqual([]); // blocks go one way
    await repo().unblock(me.id, x.id);
    await repo().unblock(me.id, x.id); // unblocking twice is no error
    expect((await repo().blocksOf(me.id)).map((b) => b.id)).toEqual([y.id]);
    expect(await repo().blocksOf(fresh('nobody'))).toEqual([]);
  });

  it('keeps the log newest first, of everyone or of one player, with its details', async () => {
    const [mod, u, other] = [await addUser(store()), await addUser(store()), await addUser(store())];
    const base = 5_000_000_000_000;
    await repo().log({ moderator: mod, action: 'mute', user: u, reason: 'r1', details: { minutes: 5 }, at: base + 1 });
    await repo().log({ moderator: mod, action: 'unmute', user: u, reason: 'r2', at: base + 2 });
    await repo().log({ moderator: mod, action: 'ban', user: other, reason: 'r3', at: base + 3 });
    const ofU = await repo().logEntries(u.id);
    expect(ofU.map((e) => [e.action, e.details])).toEqual([
      ['unmute', null],
      ['mute', { minutes: 5 }],
    ]);
    expect(ofU[0]).toMatchObject({ at: base + 2, moderator: mod, user: u, reason: 'r2' });
    expect(typeof ofU[0]!.id).toBe('string');
    const all = await repo().logEntries(undefined, 3);
    expect(all.map((e) => e.at)).toEqual([base + 3, base + 2, base + 1]);
    expect(await repo().logEntries(u.id, 1)).toHaveLength(1);
  });

  it('reads a player’s games (each once, oldest first), the ones in play, its seats, and a game’s state', async () => {
    const u = await addUser(store());
    const playing = await addGame(store(), { status: 'playing', seq: 7, created_at: 20 });
    const over = await addGame(store(), { status: 'finished', created_at: 10 });
    await seat(store(), playing, 2, u.id);
    await seat(store(), playing, 0, u.id);
    await seat(store(), over, 1, u.id);
    expect((await repo().gamesOf(u.id)).map((g) => [g.id, g.status])).toEqual([
      [over, 'finished'],
      [playing, 'playing'],
    ]);
    expect(await repo().playingGamesOf(u.id)).toEqual([playing]);
    expect(await repo().seatsIn(playing, u.id)).toEqual([0, 2]);
    expect(await repo().seatsIn(playing, fresh('nobody'))).toEqual([]);
    expect(await repo().gameState(playing)).toEqual({ status: 'playing', seq: 7 });
    expect(await repo().gameState(fresh('nothing'))).toBeUndefined();
    expect(await repo().gameExists(over)).toBe(true);
    expect(await repo().gameExists(fresh('nothing'))).toBe(false);
    expect(await repo().gameExists('x'.repeat(500))).toBe(false);
  });

  it('reads the tournaments a player is still in: not left, not over', async () => {
    const u = await addUser(store());
    const tournament = async (status: string) => {
      const id = fresh('t');
      await store()
        .q.insertInto('tournaments')
        .values({
          id,
          name: id,
          game: 'hive',
          options: '{}',
          clock: '{}',
          speed: 'blitz',
          format: '{}',
          rated: 0,
          private: 0,
          creator: 'c',
          status,
          round: 0,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      return id;
    };
    const enter = (tournamentId: string, withdrawn: number | null) =>
      store()
        .q.insertInto('tournament_players')
        .values({
          tournament_id: tournamentId,
          user_id: u.id,
          name: u.name,
          rating: 1500,
          from_round: 1,
          withdrawn_round: withdrawn,
          joined_at: 1,
        })
        .execute();
    const [upcoming, running, left, finished] = [
      await tournament('upcoming'),
      await tournament('running'),
      await tournament('running'),
      await tournament('finished'),
    ];
    await enter(upcoming, null);
    await enter(running, null);
    await enter(left, 2);
    await enter(finished, null);
    expect((await repo().tournamentsOf(u.id)).sort()).toEqual([upcoming, running].sort());
  });

  it('reads a player’s ratings, puzzle ratings and own chat lines (not those of an id it begins)', async () => {
    const u = await addUser(store());
    const longer = await addUser(store(), { id: `${u.id}x` });
    await store()
      .q.insertInto('ratings')
      .values({ user_id: u.id, game: 'hive', speed: 'blitz', rating: 1612.5, rd: 80, vol: 0.06, games: 12 })
      .execute();
    await store()
      .q.insertInto('puzzle_ratings')
      .values({ user_id: u.id, game: 'junqi', rating: 1400, rd: 200, vol: 0.06, games: 3 })
      .execute();
    expect(await repo().ratingsOf(u.id)).toEqual([
      { game: 'hive', speed: 'blitz', rating: 1612.5, rd: 80, vol: 0.06, games: 12 },
    ]);
    expect(await repo().puzzleRatingsOf(u.id)).toEqual([{ game: 'junqi', rating: 1400, rd: 200, games: 3 }]);
    const gameId = await addGame(store());
    const line = (who: { id: string; name: string }, text: string, at: number, spectator: number) =>
      store()
        .q.insertInto('game_chat')
        .values({
          id: fresh('c'),
          game_id: gameId,
          from_user: JSON.stringify({ id: who.id, name: who.name, guest: false }),
          text,
          spectator,
          at,
          team: null,
        })
        .execute();
    await line(u, 'second', 20, 1);
    await line(longer, 'not mine', 15, 0);
    await line(u, 'first', 10, 0);
    expect(await repo().chatBy(u.id)).toEqual([
      { gameId, text: 'first', at: 10, spectator: false },
      { gameId, text: 'second', at: 20, spectator: true },
    ]);
    expect(await repo().chatBy(fresh('nobody'))).toEqual([]);
  });
});
