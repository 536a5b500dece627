import type { Outcome } from '@qiyuan/core';
import type { SeatHolder, UserInfo } from '@qiyuan/protocol';
import { expect, it } from 'vitest';
import type { ClockState } from '../../src/clock.js';
import { GameRatings } from '../../src/repos/game-ratings.js';
import { Games, type NewSeek } from '../../src/repos/games.js';
import type { Change } from '../../src/room-types.js';
import type { Store } from '../../src/store.js';
import { fresh } from './rows.js';
import { describeStores } from './stores.js';

const user = (id: string, guest = false): UserInfo => ({ id, name: id, guest });
const clock: ClockState = { remainingMs: [60_000, 60_000], running: [], since: 0, paused: false, started: true };

const seek = (over: Partial<NewSeek> = {}): NewSeek => {
  const creator = user(fresh('creator'));
  return {
    id: fresh('g'),
    game: 'hive',
    options: '{"salt":"s"}',
    clock: '{"kind":"fischer"}',
    speed: 'blitz',
    rated: false,
    private: false,
    seats: [{ kind: 'user', user: creator }, { kind: 'open' }],
    creator,
    snapshot: '{"s":0}',
    clockState: JSON.stringify(clock),
    at: 1_000,
    fence: 0,
    tournament: undefined,
    allowBots: false,
    ...over,
  };
};

/** A change from `fromSeq` to the next, as a room would hand it to the commit. */
const change = (gameId: string, fromSeq: number, over: Partial<Change> = {}): Change => ({
  gameId,
  fromSeq,
  seq: fromSeq + 1,
  kind: 'move',
  seat: 0,
  data: { move: `m${fromSeq}` },
  status: 'playing',
  seats: [{ kind: 'ai', level: 1 }, { kind: 'open' }],
  snapshot: `{"s":${fromSeq + 1}}`,
  clock,
  outcome: undefined,
  at: 2_000 + fromSeq,
  fromPly: fromSeq,
  undone: false,
  ...over,
});

const eventsOf = (store: Store, gameId: string) =>
  store.q
    .selectFrom('game_events')
    .select(['seq', 'kind', 'seat', 'data', 'at'])
    .where('game_id', '=', gameId)
    .orderBy('seq')
    .execute();

describeStores('the live games repository', (store, backend) => {
  const games = () => new Games(store());

  it('opens a seek and reads it back typed, with every column as given', async () => {
    const s = seek({ rated: true, private: true, allowBots: true, fence: 7, tournament: undefined });
    await games().openSeek(s);
    const row = await games().game(s.id);
    expect(row).toMatchObject({
      id: s.id,
      game: 'hive',
      options: s.options,
      speed: 'blitz',
      rated: 1,
      private: 1,
      allow_bots: 1,
      status: 'seeking',
      seq: 0,
      fence: 7,
      created_at: 1_000,
      updated_at: 1_000,
      finished_at: null,
      tournament_id: null,
      outcome: null,
    });
    expect(JSON.parse(row!.seats)).toEqual(s.seats);
    expect(JSON.parse(row!.creator)).toEqual(s.creator);
    expect(await games().game(fresh('none'))).toBeUndefined();
    expect(await games().progress(s.id)).toEqual({ status: 'seeking', seq: 0, fence: 7 });
    expect(await games().progress(fresh('none'))).toBeUndefined();
  });

  it('refuses a second seek with the same id', async () => {
    const s = seek();
    await games().openSeek(s);
    await expect(games().openSeek(s)).rejects.toThrow();
  });

  it('changes a seek only under its exact fence and while it is a seek', async () => {
    const s = seek({ fence: 3 });
    await games().openSeek(s);
    const seats: SeatHolder[] = [s.seats[0]!, { kind: 'user', user: user(fresh('joiner')) }];
    expect(await games().changeSeek(s.id, 2, { seats })).toBe(false);
    expect(await games().changeSeek(s.id, 4, { seats })).toBe(false);
    expect(await games().changeSeek(s.id, 3, { seats, at: 1_500 })).toBe(true);
    let row = await games().game(s.id);
    expect(JSON.parse(row!.seats)).toEqual(seats);
    expect(row!.updated_at).toBe(1_500);
    // seats only: the time stays
    expect(await games().changeSeek(s.id, 3, { seats: s.seats })).toBe(true);
    expect((await games().game(s.id))!.updated_at).toBe(1_500);
    expect(await games().changeSeek(s.id, 3, { aborted: true, at: 1_600 })).toBe(true);
    row = await games().game(s.id);
    expect(row).toMatchObject({ status: 'aborted', updated_at: 1_600 });
    // no longer a seek: nothing changes
    expect(await games().changeSeek(s.id, 3, { seats })).toBe(false);
    expect(await games().changeSeek(fresh('none'), 3, { seats })).toBe(false);
  });

  it('finds the seeks mentioning a user, newest first, and lists only public seeks', async () => {
    const who = fresh('player');
    const older = seek({ creator: user(who), at: 10 });
    const newer = seek({ at: 20, seats: [{ kind: 'open' }, { kind: 'user', user: user(who) }] });
    const hidden = seek({ private: true, creator: user(who), at: 30 });
    const other = seek({ at: 40 });
    for (const s of [older, newer, hidden, other]) await games().openSeek(s);
    await games().changeSeek(hidden.id, 0, { aborted: true });
    expect((await games().seeksMentioning(who)).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(await games().seeksMentioning(fresh('nobody'))).toEqual([]);
    const publicIds = (await games().publicSeeks()).map((r) => r.id);
    expect(publicIds).toEqual(expect.arrayContaining([older.id, newer.id, other.id]));
    expect(publicIds).not.toContain(hidden.id);
    const priv = seek({ private: true });
    await games().openSeek(priv);
    expect((await games().publicSeeks()).map((r) => r.id)).not.toContain(priv.id);
  });

  it('advances a game and logs its event under the guard, in a transaction', async () => {
    const s = seek({ fence: 5 });
    await games().openSeek(s);
    const c = change(s.id, 0, { kind: 'start', seat: undefined, data: null });
    expect(await store().transaction((tx) => games().advance(tx, c, 5))).toBe(true);
    const row = await games().game(s.id);
    expect(row).toMatchObject({ seq: 1, status: 'playing', snapshot: '{"s":1}', updated_at: 2_000, fence: 5 });
    expect(JSON.parse(row!.clock_state!)).toEqual(clock);
    expect(row!.finished_at).toBeNull();
    expect(await eventsOf(store(), s.id)).toEqual([{ seq: 1, kind: 'start', seat: null, data: 'null', at: 2_000 }]);
    // from a seq the row is not at, or under a lower fence: nothing is written
    expect(await store().transaction((tx) => games().advance(tx, change(s.id, 0), 5))).toBe(false);
    expect(await store().transaction((tx) => games().advance(tx, change(s.id, 1), 4))).toBe(false);
    expect((await games().game(s.id))!.seq).toBe(1);
    expect(await eventsOf(store(), s.id)).toHaveLength(1);
    // a higher fence (a new owner) is allowed and kept
    expect(await store().transaction((tx) => games().advance(tx, change(s.id, 1), 6))).toBe(true);
    expect(await games().progress(s.id)).toEqual({ status: 'playing', seq: 2, fence: 6 });
  });

  it('writes every column of a change that keeps the status, and still sets the status of one that changes it', async () => {
    const s = seek({ fence: 1 });
    await games().openSeek(s);
    // seeking → playing, then playing → playing (SQLite leaves the unchanged status unwritten), then → aborted
    expect(await store().transaction((tx) => games().advance(tx, change(s.id, 0), 1))).toBe(true);
    expect(await games().progress(s.id)).toEqual({ status: 'playing', seq: 1, fence: 1 });
    const seats: SeatHolder[] = [{ kind: 'open' }, { kind: 'ai', level: 3 }];
    const later = { ...clock, remainingMs: [59_000, 58_000] };
    const kept = change(s.id, 1, { seats, clock: later, snapshot: '{"s":"kept"}', at: 9_000 });
    expect(await store().transaction((tx) => games().advance(tx, kept, 3))).toBe(true);
    const row = await games().game(s.id);
    expect(row).toMatchObject({ seq: 2, status: 'playing', snapshot: '{"s":"kept"}', updated_at: 9_000, fence: 3 });
    expect(JSON.parse(row!.seats)).toEqual(seats);
    expect(JSON.parse(row!.clock_state!)).toEqual(later);
    expect(row!.finished_at).toBeNull();
    // the same change again is refused by its guard, whichever way it is tried
    expect(await store().transaction((tx) => games().advance(tx, kept, 3))).toBe(false);
    expect(await store().transaction((tx) => games().advance(tx, change(s.id, 2, { status: 'aborted' }), 3))).toBe(
      true,
    );
    expect(await games().progress(s.id)).toEqual({ status: 'aborted', seq: 3, fence: 3 });
  });

  it('advances alone (one statement on PostgreSQL) with the same guard and the same rows', async () => {
    const s = seek({ fence: 2 });
    await games().openSeek(s);
    expect(await games().advanceAlone(change(s.id, 0, { seat: 1, data: { move: 'wQ' } }), 2)).toBe(true);
    expect(await games().advanceAlone(change(s.id, 1), 2)).toBe(true);
    // stale seq, lower fence, unknown game: refused, nothing logged
    expect(await games().advanceAlone(change(s.id, 1), 2)).toBe(false);
    expect(await games().advanceAlone(change(s.id, 2), 1)).toBe(false);
    expect(await games().advanceAlone(change(fresh('none'), 0), 2)).toBe(false);
    expect(await eventsOf(store(), s.id)).toEqual([
      { seq: 1, kind: 'move', seat: 1, data: '{"move":"wQ"}', at: 2_000 },
      { seq: 2, kind: 'move', seat: 0, data: '{"move":"m1"}', at: 2_001 },
    ]);
    const outcome: Outcome = { reason: 'resign', results: ['win', 'loss'] };
    expect(await games().advanceAlone(change(s.id, 2, { kind: 'resign', status: 'finished', outcome }), 2)).toBe(true);
    const row = await games().game(s.id);
    expect(row).toMatchObject({ seq: 3, status: 'finished', finished_at: 2_002, updated_at: 2_002 });
    expect(JSON.parse(row!.outcome!)).toEqual(outcome);
  });

  it('answers each of the changes asked for at once by its own result: committed, refused, or failed alone', async () => {
    const repo = games();
    const [a, b, c, d] = [seek(), seek(), seek(), seek()];
    for (const s of [a, b, c, d]) await repo.openSeek(s);
    // c's event has no kind, which the log refuses (NOT NULL) after c's row was updated: only c's change may fail
    const results = await Promise.allSettled([
      repo.advanceAlone(change(a.id, 0), 0),
      repo.advanceAlone(change(b.id, 5), 0),
      repo.advanceAlone(change(c.id, 0, { kind: null as unknown as Change['kind'] }), 0),
      repo.advanceAlone(change(d.id, 0, { data: { move: 'it\'s \\ "quoted"' } }), 0),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([true, false, 'failed', true]);
    expect(await repo.progressOf([a.id, b.id, c.id, d.id])).toEqual(
      expect.arrayContaining([
        { id: a.id, seq: 1, fence: 0 },
        { id: b.id, seq: 0, fence: 0 },
        { id: c.id, seq: 0, fence: 0 },
        { id: d.id, seq: 1, fence: 0 },
      ]),
    );
    expect(await eventsOf(store(), a.id)).toEqual([
      { seq: 1, kind: 'move', seat: 0, data: '{"move":"m0"}', at: 2_000 },
    ]);
    expect(await eventsOf(store(), b.id)).toEqual([]);
    expect((await eventsOf(store(), d.id)).map((e) => JSON.parse(e.data!))).toEqual([{ move: 'it\'s \\ "quoted"' }]);
    expect((await repo.game(d.id))!.snapshot).toBe('{"s":1}');
  });

  it.skipIf(backend !== 'postgres')(
    'writes the changes of many games asked for meanwhile in one statement',
    async () => {
      const statements: string[] = [];
      const counting: Store = new Proxy(store(), {
        get: (target, name) =>
          name === 'query'
            ? (sql: string, params: readonly unknown[]) => {
                statements.push(sql);
                return target.query(sql, params);
              }
            : Reflect.get(target, name),
      });
      const repo = new Games(counting);
      const sought = Array.from({ length: 6 }, () => seek());
      for (const s of sought) await repo.openSeek(s);
      statements.length = 0;
      // texts the batch must carry exactly: quotes, backslashes, a line break, Chinese and an emoji
      const text = (i: number) => `it's \\ "q${i}"\n 将帅 🐝`;
      // every other change a move that keeps the checkpoint (no snapshot): its data joins the moves since
      const snapshotOf = (i: number) => (i % 2 === 0 ? JSON.stringify({ s: text(i) }) : undefined);
      const done = await Promise.all(
        sought.map((s, i) =>
          repo.advanceAlone(change(s.id, 0, { data: { move: text(i) }, snapshot: snapshotOf(i) }), 0),
        ),
      );
      expect(done).toEqual(sought.map(() => true));
      expect(statements).toHaveLength(1);
      const rows = await repo.progressOf(sought.map((s) => s.id));
      expect(rows.map((r) => r.seq)).toEqual(sought.map(() => 1));
      for (const [i, s] of sought.entries()) {
        const events = await eventsOf(store(), s.id);
        expect(events.map((e) => JSON.parse(e.data!))).toEqual([{ move: text(i) }]);
        const row = await repo.game(s.id);
        if (i % 2 === 0) expect(row).toMatchObject({ snapshot: snapshotOf(i), moves_since: '' });
        else expect(row).toMatchObject({ snapshot: '{"s":0}', moves_since: `${JSON.stringify({ move: text(i) })}\n` });
      }
    },
  );

  it('keeps the checkpoint for a change without a snapshot, its data added to the moves since, until the next', async () => {
    const repo = games();
    const s = seek();
    await repo.openSeek(s);
    expect(await repo.advanceAlone(change(s.id, 0), 0)).toBe(true);
    expect(await repo.game(s.id)).toMatchObject({ snapshot: '{"s":1}', moves_since: '' });
    const moves = [{ move: 'wQ' }, { move: 'it\'s \\ "q"\n 将帅 🐝' }];
    expect(await repo.advanceAlone(change(s.id, 1, { snapshot: undefined, data: moves[0]! }), 0)).toBe(true);
    // the same in a transaction of its own (a correspondence game's move, a rated game's end)
    expect(
      await store().transaction((tx) => repo.advance(tx, change(s.id, 2, { snapshot: undefined, data: moves[1]! }), 0)),
    ).toBe(true);
    const kept = await repo.game(s.id);
    expect(kept).toMatchObject({ seq: 3, snapshot: '{"s":1}' });
    expect(kept!.moves_since.split('\n')).toEqual([...moves.map((m) => JSON.stringify(m)), '']);
    // a refused change adds nothing
    expect(await repo.advanceAlone(change(s.id, 1, { snapshot: undefined }), 0)).toBe(false);
    expect((await repo.game(s.id))!.moves_since).toBe(kept!.moves_since);
    // a change with a snapshot is the new checkpoint, with nothing since
    expect(await repo.advanceAlone(change(s.id, 3), 0)).toBe(true);
    expect(await repo.game(s.id)).toMatchObject({ seq: 4, snapshot: '{"s":4}', moves_since: '' });
  });

  it('seats the players of a game that starts, writing a guest’s user row once', async () => {
    const s = seek();
    await games().openSeek(s);
    const guest = user(fresh('guest'), true);
    const member = user(fresh('member'));
    await store().q.insertInto('users').values({ id: member.id, name: member.name, guest: 0, created_at: 1 }).execute();
    const seats: SeatHolder[] = [
      { kind: 'user', user: guest },
      { kind: 'ai', level: 3 },
      { kind: 'user', user: member },
    ];
    await store().transaction((tx) => games().seatPlayers(tx, s.id, seats, 4_000));
    const players = await store()
      .q.selectFrom('game_players')
      .select(['seat', 'user_id'])
      .where('game_id', '=', s.id)
      .orderBy('seat')
      .execute();
    expect(players).toEqual([
      { seat: 0, user_id: guest.id },
      { seat: 2, user_id: member.id },
    ]);
    const guestRow = await store().q.selectFrom('users').selectAll().where('id', '=', guest.id).executeTakeFirst();
    expect(guestRow).toMatchObject({ name: guest.name, guest: 1, created_at: 4_000, name_key: null });
    // the guest in another game: its row is kept as it was
    const t = seek();
    await games().openSeek(t);
    await store().transaction((tx) => games().seatPlayers(tx, t.id, [{ kind: 'user', user: guest }], 9_000));
    const again = await store().q.selectFrom('users').selectAll().where('id', '=', guest.id).executeTakeFirst();
    expect(again!.created_at).toBe(4_000);
    // the same seat twice in one game is refused
    await expect(store().transaction((tx) => games().seatPlayers(tx, s.id, seats, 4_000))).rejects.toThrow();
  });

  it('lists the games a process holds: seeks and live games, not correspondence or ended ones', async () => {
    const sought = seek();
    const playing = seek();
    const corr = seek({ speed: 'correspondence' });
    const ended = seek();
    for (const s of [sought, playing, corr, ended]) await games().openSeek(s);
    await games().advanceAlone(change(playing.id, 0), 0);
    await games().advanceAlone(change(corr.id, 0), 0);
    await games().advanceAlone(change(ended.id, 0, { status: 'aborted' }), 0);
    const held = (await games().held()).map((r) => r.id);
    expect(held).toEqual(expect.arrayContaining([sought.id, playing.id]));
    expect(held).not.toContain(corr.id);
    expect(held).not.toContain(ended.id);
    const ids = await games().heldIds();
    expect(ids).toEqual(expect.arrayContaining([{ id: playing.id, fence: 0 }]));
    expect(ids.map((r) => r.id).sort()).toEqual([...held].sort());
  });

  it('raises a fence only upwards', async () => {
    const s = seek({ fence: 4 });
    await games().openSeek(s);
    expect(await games().raiseFence(s.id, 4)).toBe(false);
    expect(await games().raiseFence(s.id, 3)).toBe(false);
    expect(await games().raiseFence(s.id, 9)).toBe(true);
    expect((await games().progress(s.id))!.fence).toBe(9);
    expect(await games().raiseFence(fresh('none'), 9)).toBe(false);
  });

  it('reads the progress of several games at once, the unknown ones left out', async () => {
    const a = seek({ fence: 1 });
    const b = seek({ fence: 2 });
    await games().openSeek(a);
    await games().openSeek(b);
    await games().advanceAlone(change(b.id, 0), 2);
    const rows = await games().progressOf([a.id, b.id, fresh('none')]);
    expect(rows.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: a.id, seq: 0, fence: 1 },
        { id: b.id, seq: 1, fence: 2 },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect(await games().progressOf([])).toEqual([]);
  });

  it('reads a tournament’s stored format, undefined for none', async () => {
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
        format: '{"system":"arena"}',
        rated: 0,
        private: 0,
        creator: '{}',
        status: 'playing',
        round: 0,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    expect(await games().tournamentFormat(id)).toBe('{"system":"arena"}');
    expect(await games().tournamentFormat(fresh('none'))).toBeUndefined();
  });
});

describeStores('the ratings of live play', (store) => {
  const ratings = () => new GameRatings(store());

  it('reads none, saves, replaces, and keeps each game and speed apart', async () => {
    const key = { userId: fresh('u'), game: 'hive', speed: 'blitz' };
    expect(await ratings().ratingOf(key)).toBeUndefined();
    await store().transaction((tx) => ratings().save(tx, key, { rating: 1612.5, rd: 80.25, vol: 0.06, games: 3 }));
    expect(await ratings().ratingOf(key)).toEqual({ rating: 1612.5, rd: 80.25, vol: 0.06, games: 3 });
    await store().transaction((tx) => ratings().save(tx, key, { rating: 1590, rd: 75, vol: 0.059, games: 4 }));
    expect(await ratings().ratingOf(key)).toEqual({ rating: 1590, rd: 75, vol: 0.059, games: 4 });
    expect(await ratings().ratingOf({ ...key, speed: 'rapid' })).toBeUndefined();
    expect(await ratings().ratingOf({ ...key, game: 'junqi' })).toBeUndefined();
    // inside a transaction, what it wrote is read back
    const other = { ...key, userId: fresh('u') };
    const seen = await store().transaction(async (tx) => {
      await ratings().save(tx, other, { rating: 1400, rd: 300, vol: 0.06, games: 1 });
      return ratings().ratingOf(other, tx);
    });
    expect(seen?.rating).toBe(1400);
  });

  it('records what a rated game changed on its row', async () => {
    const games = new Games(store());
    const s = seek();
    await games.openSeek(s);
    const change = [
      { before: 1500, after: 1512 },
      { before: 1500, after: 1488 },
    ];
    await store().transaction((tx) => ratings().recordChange(tx, s.id, change));
    const row = await games.game(s.id);
    expect(JSON.parse(row!.rating_change!)).toEqual(change);
  });
});
