import { expect, it } from 'vitest';
import { type NewTournament, TournamentRepository } from '../../src/repos/tournaments.js';
import { addUser, fresh } from './rows.js';
import { describeStores } from './stores.js';

const tournament = (o: Partial<NewTournament> = {}): NewTournament => ({
  id: fresh('t'),
  name: 'Winter Swiss',
  game: 'hive',
  options: '{"variant":"Base"}',
  clock: '{"initialMs":300000,"incrementMs":3000}',
  speed: 'blitz',
  format: '{"system":"swiss","rounds":3}',
  rated: true,
  private: false,
  creator: JSON.stringify({ id: fresh('u'), name: 'Ada' }),
  startsAt: null,
  maxPlayers: 64,
  now: 1_700_000_000_000,
  ...o,
});

const entrant = (tournamentId: string, userId: string, joinedAt = 10) => ({
  tournamentId,
  userId,
  name: `name of ${userId}`,
  rating: 1612.5,
  fromRound: 1,
  joinedAt,
  team: null,
});

describeStores('the tournaments repository', (store) => {
  const repo = () => new TournamentRepository(store());

  it('stores a new tournament upcoming at round 0 and reads it back whole; none for an unknown id', async () => {
    const t = tournament({ startsAt: 1_700_000_360_000 });
    await repo().create(t);
    const stored = await repo().load(t.id);
    expect(stored?.row).toMatchObject({
      id: t.id,
      name: t.name,
      format: t.format,
      rated: 1,
      private: 0,
      status: 'upcoming',
      round: 0,
      starts_at: 1_700_000_360_000,
      ends_at: null,
      max_players: 64,
      created_at: t.now,
      updated_at: t.now,
      finished_at: null,
      end_reason: null,
    });
    expect(stored).toMatchObject({ entrants: [], rounds: [], games: [] });
    expect(await repo().load(fresh('t'))).toBeUndefined();
  });

  it('creates in a transaction that a failure rolls back', async () => {
    const t = tournament();
    await expect(
      repo().transaction(async (tx) => {
        await repo().create(t, tx);
        throw new Error('the deadline could not be set');
      }),
    ).rejects.toThrow(/deadline/);
    expect(await repo().load(t.id)).toBeUndefined();
  });

  it('enters a player once, and lists entrants in joining order (ties by id) with their BOT tag', async () => {
    const t = tournament();
    await repo().create(t);
    const bot = (await addUser(store(), { bot: 1 })).id;
    const person = (await addUser(store())).id;
    const gone = fresh('u'); // an entrant whose account is not in users: no tag at all
    expect(await repo().enter(entrant(t.id, person, 20))).toBe('entered');
    expect(await repo().enter(entrant(t.id, bot, 10))).toBe('entered');
    expect(await repo().enter({ ...entrant(t.id, gone, 20), team: 'Hornets' })).toBe('entered');
    expect(await repo().enter(entrant(t.id, person, 30))).toBe('already-in');
    const { entrants } = (await repo().load(t.id))!;
    expect(entrants.map((e) => e.user_id)).toEqual([bot, ...[person, gone].sort()]);
    expect(entrants.find((e) => e.user_id === bot)).toEqual({
      user_id: bot,
      name: `name of ${bot}`,
      rating: 1612.5,
      from_round: 1,
      withdrawn_round: null,
      joined_at: 10,
      team: null,
      paused_by: null,
      bot: 1,
    });
    expect(entrants.find((e) => e.user_id === person)).toMatchObject({ bot: 0, joined_at: 20 });
    expect(entrants.find((e) => e.user_id === gone)).toMatchObject({ bot: null, team: 'Hornets' });
  });

  it('withdraws, lets back in and removes an entrant, each false for someone not entered', async () => {
    const t = tournament();
    await repo().create(t);
    const a = (await addUser(store())).id;
    await repo().enter(entrant(t.id, a));
    const rowOf = async () => (await repo().load(t.id))!.entrants.find((e) => e.user_id === a);
    expect(await repo().withdraw(t.id, a, 3)).toBe(true);
    expect((await rowOf())?.withdrawn_round).toBe(3);
    expect(await repo().reenter(t.id, a)).toBe(true);
    expect((await rowOf())?.withdrawn_round).toBeNull();
    expect(await repo().removeEntrant(t.id, a)).toBe(true);
    expect(await rowOf()).toBeUndefined();
    const stranger = fresh('u');
    expect(await repo().withdraw(t.id, stranger, 1)).toBe(false);
    expect(await repo().reenter(t.id, stranger)).toBe(false);
    expect(await repo().removeEntrant(t.id, stranger)).toBe(false);
  });

  it('pauses an arena entrant once per lapsed game, never one already withdrawn', async () => {
    const t = tournament();
    await repo().create(t);
    const a = (await addUser(store())).id;
    await repo().enter(entrant(t.id, a));
    expect(await repo().pause(t.id, a, 4, 'g1')).toBe(true);
    expect(await repo().pause(t.id, a, 5, 'g1')).toBe(false); // withdrawn (paused) already
    expect((await repo().load(t.id))!.entrants[0]).toMatchObject({ withdrawn_round: 4, paused_by: 'g1' });
    await repo().reenter(t.id, a);
    expect(await repo().pause(t.id, a, 6, 'g1')).toBe(false); // back after g1: g1 does not pause them again
    expect(await repo().pause(t.id, a, 7, 'g2')).toBe(true); // a later lapse does
    expect((await repo().load(t.id))!.entrants[0]).toMatchObject({ withdrawn_round: 7, paused_by: 'g2' });
    await repo().withdraw(t.id, a, 8);
    expect(await repo().pause(t.id, a, 9, 'g3')).toBe(false);
  });

  it('starts an upcoming tournament once, and ends it at once for want of a field', async () => {
    const running = tournament();
    const empty = tournament();
    await repo().create(running);
    await repo().create(empty);
    const start = { status: 'running' as const, at: 500, endsAt: 3_600_500, endReason: null };
    expect(await repo().start(running.id, start)).toBe(true);
    expect(await repo().start(running.id, { ...start, at: 900 })).toBe(false);
    expect((await repo().load(running.id))!.row).toMatchObject({
      status: 'running',
      starts_at: 500,
      ends_at: 3_600_500,
      updated_at: 500,
      finished_at: null,
    });
    const why = '{"reason":"no-field","round":1}';
    expect(await repo().start(empty.id, { status: 'finished', at: 700, endsAt: null, endReason: why })).toBe(true);
    expect((await repo().load(empty.id))!.row).toMatchObject({ status: 'finished', finished_at: 700, end_reason: why });
    expect(await repo().start(fresh('t'), start)).toBe(false);
  });

  it('finishes only a running tournament, once', async () => {
    const t = tournament();
    await repo().create(t);
    expect(await repo().finish(t.id, 100, null)).toBe(false); // upcoming
    await repo().start(t.id, { status: 'running', at: 50, endsAt: null, endReason: null });
    expect(await repo().finish(t.id, 100, '{"reason":"no-pairing","round":3}')).toBe(true);
    expect(await repo().finish(t.id, 200, null)).toBe(false);
    expect((await repo().load(t.id))!.row).toMatchObject({
      status: 'finished',
      finished_at: 100,
      updated_at: 100,
      end_reason: '{"reason":"no-pairing","round":3}',
    });
  });

  it('lists the running tournaments and no others', async () => {
    const [a, b, c] = [tournament(), tournament(), tournament()];
    for (const t of [a, b, c]) await repo().create(t);
    await repo().start(a.id, { status: 'running', at: 1, endsAt: null, endReason: null });
    await repo().start(b.id, { status: 'running', at: 1, endsAt: null, endReason: null });
    await repo().finish(b.id, 2, null);
    const running = await repo().running();
    expect(running).toContain(a.id);
    expect(running).not.toContain(b.id);
    expect(running).not.toContain(c.id);
  });

  it('tells a tournament’s organiser and status, and counts an organiser’s tournaments not yet over', async () => {
    const me = fresh('u');
    const mine = (o: Partial<NewTournament> = {}) =>
      tournament({ creator: JSON.stringify({ id: me, name: 'Me' }), ...o });
    const [up, run, over] = [mine(), mine(), mine()];
    for (const t of [up, run, over]) await repo().create(t);
    // an id that begins with mine is someone else's
    await repo().create(tournament({ creator: JSON.stringify({ id: `${me}0`, name: 'Other' }) }));
    await repo().start(run.id, { status: 'running', at: 1, endsAt: null, endReason: null });
    await repo().start(over.id, { status: 'running', at: 1, endsAt: null, endReason: null });
    await repo().finish(over.id, 2, null);
    expect(await repo().openOrganisedBy(me)).toBe(2);
    expect(await repo().openOrganisedBy(fresh('u'))).toBe(0);
    expect(await repo().organiserAndStatus(run.id)).toEqual({ organiserId: me, status: 'running' });
    expect(await repo().organiserAndStatus(fresh('t'))).toBeUndefined();
  });

  it('reads an organiser’s record: account age and rated games over every game and speed', async () => {
    const id = (await addUser(store(), { created_at: 1_234 })).id;
    expect(await repo().organiserRecord(id)).toEqual({ createdAt: 1_234, ratedGames: 0 });
    await store()
      .q.insertInto('ratings')
      .values([
        { user_id: id, game: 'hive', speed: 'blitz', rating: 1500, rd: 100, vol: 0.06, games: 7 },
        { user_id: id, game: 'abalone', speed: 'rapid', rating: 1500, rd: 100, vol: 0.06, games: 5 },
      ])
      .execute();
    expect(await repo().organiserRecord(id)).toEqual({ createdAt: 1_234, ratedGames: 12 });
    expect(await repo().organiserRecord(fresh('u'))).toEqual({ createdAt: undefined, ratedGames: 0 });
  });

  it('stores a round once and moves the round number up, never down', async () => {
    const t = tournament();
    await repo().create(t);
    expect(await repo().addRound(t.id, 2, '[{"white":"a","black":"b"}]', 40)).toBe(true);
    expect(await repo().addRound(t.id, 2, '[]', 50)).toBe(false);
    expect(await repo().addRound(t.id, 1, '[{"bye":"a"}]', 60)).toBe(true);
    const stored = (await repo().load(t.id))!;
    expect(stored.row).toMatchObject({ round: 2, updated_at: 40 });
    expect(stored.rounds).toEqual([
      { round: 1, pairings: '[{"bye":"a"}]' },
      { round: 2, pairings: '[{"white":"a","black":"b"}]' },
    ]);
  });

  it('stores a paired game once, and reads it with its game’s state (none before the game is written)', async () => {
    const t = tournament();
    await repo().create(t);
    const g = { tournamentId: t.id, round: 1, board: 2, gameNo: 1, players: ['a', 'b'], tieBreak: false, now: 5 };
    const first = fresh('g');
    expect(await repo().addGame({ ...g, gameId: first })).toBe(true);
    expect(await repo().addGame({ ...g, gameId: fresh('g') })).toBe(false);
    const other = fresh('g');
    await repo().addGame({ ...g, board: 1, gameNo: 2, tieBreak: true, gameId: other });
    await store()
      .q.insertInto('games')
      .values({
        id: first,
        game: 'hive',
        options: '{}',
        clock: '{}',
        speed: 'blitz',
        rated: 1,
        private: 0,
        seats: '[]',
        creator: 'c',
        status: 'finished',
        seq: 9,
        clock_state: '{"lapsed":[]}',
        outcome: '{"reason":"resign","results":["win","loss"]}',
        created_at: 5,
        updated_at: 80,
        finished_at: 77,
        tournament_id: t.id,
      })
      .execute();
    const { games } = (await repo().load(t.id))!;
    expect(games).toEqual([
      {
        round: 1,
        board: 1,
        game_no: 2,
        players: '["a","b"]',
        tie_break: 1,
        game_id: other,
        status: null,
        outcome: null,
        clock_state: null,
        finished_at: null,
        updated_at: null,
      },
      {
        round: 1,
        board: 2,
        game_no: 1,
        players: '["a","b"]',
        tie_break: 0,
        game_id: first,
        status: 'finished',
        outcome: '{"reason":"resign","results":["win","loss"]}',
        clock_state: '{"lapsed":[]}',
        finished_at: 77,
        updated_at: 80,
      },
    ]);
  });

  it('lists public tournaments a page at a time: the most entrants still in first, private ones never', async () => {
    // a game name of its own, so that the other cases' tournaments do not join these lists
    const game = fresh('game');
    const make = async (o: Partial<NewTournament>, players: number, withdrawn = 0) => {
      const t = tournament({ game, ...o });
      await repo().create(t);
      for (let i = 0; i < players + withdrawn; i++) {
        const u = fresh('u');
        await repo().enter(entrant(t.id, u));
        if (i >= players) await repo().withdraw(t.id, u, 1);
      }
      return t.id;
    };
    const soon = await make({ startsAt: 100 }, 1);
    const later = await make({ startsAt: 900 }, 1);
    const unset = await make({ now: 500 }, 1); // no start set: its creation time stands for it
    const crowded = await make({ startsAt: 2_000 }, 3, 5);
    await make({ private: true }, 9);
    const ids = (await repo().listed('upcoming', { finishedAfter: 0, limit: 100, offset: 0 })).filter((id) =>
      [soon, later, unset, crowded].includes(id),
    );
    expect(ids).toEqual([crowded, soon, unset, later]);
    const page = await repo().listed('upcoming', { finishedAfter: 0, limit: 2, offset: 1 });
    const all = await repo().listed('upcoming', { finishedAfter: 0, limit: 100, offset: 0 });
    expect(page).toEqual(all.slice(1, 3));
  });

  it('lists running tournaments by entrants then latest start, finished ones newest first since a time', async () => {
    const game = fresh('game');
    const make = async () => {
      const t = tournament({ game });
      await repo().create(t);
      return t.id;
    };
    const [early, late, big] = [await make(), await make(), await make()];
    await repo().enter(entrant(big, fresh('u')));
    await repo().start(early, { status: 'running', at: 10, endsAt: null, endReason: null });
    await repo().start(late, { status: 'running', at: 20, endsAt: null, endReason: null });
    await repo().start(big, { status: 'running', at: 5, endsAt: null, endReason: null });
    const running = (await repo().listed('running', { finishedAfter: 0, limit: 1000, offset: 0 })).filter((id) =>
      [early, late, big].includes(id),
    );
    expect(running).toEqual([big, late, early]);
    await repo().finish(early, 1_000, null);
    await repo().finish(late, 3_000, null);
    await repo().finish(big, 2_000, null);
    const finished = (await repo().listed('finished', { finishedAfter: 1_000, limit: 1000, offset: 0 })).filter((id) =>
      [early, late, big].includes(id),
    );
    expect(finished).toEqual([late, big]);
  });
});
