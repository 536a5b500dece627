import type { SeatHolder } from '@qiyuan/protocol';
import { expect, it } from 'vitest';
import { GameHistory } from '../../src/repos/game-history.js';
import { NoticeAddresses } from '../../src/repos/notice-addresses.js';
import type { Store } from '../../src/store.js';
import { addGame, addUser, fresh, seat } from './rows.js';
import { describeStores } from './stores.js';

/** How many listings this file made, so that each one's games are newer than the last one's. */
let listings = 0;

interface GameOpts {
  status?: string;
  private?: number;
  createdAt?: number;
  finishedAt?: number | null;
  outcome?: string | null;
  ratingChange?: string | null;
  seq?: number;
  players?: readonly string[];
}

/** A rated game with a user seat for each of `players` (seat by index), written with its game_players rows. */
const addPlayedGame = async (store: Store, o: GameOpts = {}) => {
  const players = o.players ?? [];
  const seats: SeatHolder[] = players.map((u) => ({ kind: 'user', user: { id: u, name: u, guest: false } }));
  const id = await addGame(store, {
    options: '{"seed":1}',
    clock: '{"kind":"none"}',
    speed: 'classical',
    rated: 1,
    private: o.private ?? 0,
    seats: JSON.stringify(seats),
    creator: '{"id":"c","name":"c","guest":false}',
    status: o.status ?? 'playing',
    seq: o.seq ?? 0,
    snapshot: '{}',
    outcome: o.outcome ?? null,
    rating_change: o.ratingChange ?? null,
    created_at: o.createdAt ?? 1000,
    finished_at: o.finishedAt ?? null,
  });
  for (const [no, userId] of players.entries()) await seat(store, id, no, userId);
  return id;
};

describeStores('the game history', (store) => {
  const history = () => new GameHistory(store());

  it('finds a stored game with every column, numbers as numbers; none for an unknown id', async () => {
    const id = await addPlayedGame(store(), { seq: 12, createdAt: 1_700_000_000_456 });
    const g = await history().find(id);
    expect(g).toMatchObject({ id, game: 'hive', seq: 12, rated: 1, private: 0, created_at: 1_700_000_000_456 });
    expect(g?.fence).toBe(0);
    expect(await history().find(fresh('none'))).toBeUndefined();
  });

  it('reads a game’s status, sequence number and seats, or nothing for an unknown id', async () => {
    const [a, b] = [(await addUser(store())).id, (await addUser(store())).id];
    const id = await addPlayedGame(store(), { status: 'finished', seq: 7, players: [a, b] });
    expect(await history().statusOf(id)).toBe('finished');
    expect(await history().seqOf(id)).toBe(7);
    const seats = await history().seatsOf(id);
    expect(seats?.map((s) => (s.kind === 'user' ? s.user.id : s.kind))).toEqual([a, b]);
    expect(await history().positionOf(id)).toEqual({ seq: 7, seats, status: 'finished' });
    const none = fresh('none');
    expect(await history().statusOf(none)).toBeUndefined();
    expect(await history().seqOf(none)).toBeUndefined();
    expect(await history().seatsOf(none)).toBeUndefined();
    expect(await history().positionOf(none)).toBeUndefined();
  });

  it('reads the same position again through its compiled query, after the game moved on', async () => {
    const id = await addPlayedGame(store(), { seq: 1 });
    expect((await history().positionOf(id))?.seq).toBe(1);
    await store().q.updateTable('games').set({ seq: 2 }).where('id', '=', id).execute();
    expect((await history().positionOf(id))?.seq).toBe(2);
  });

  it('lists the public games being played, newest first, and no private or finished one', async () => {
    // far in the future, so these are the newest of the shared store
    const base = 9_000_000_000_000 + listings++ * 1000;
    const older = await addPlayedGame(store(), { createdAt: base + 1 });
    const newer = await addPlayedGame(store(), { createdAt: base + 2 });
    const hidden = await addPlayedGame(store(), { createdAt: base + 3, private: 1 });
    const over = await addPlayedGame(store(), { createdAt: base + 4, status: 'finished' });
    const live = await history().livePublic();
    const ids = live.map((g) => g.id);
    expect(ids.slice(0, 2)).toEqual([newer, older]);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(over);
    expect(live[0]).toEqual({
      id: newer,
      game: 'hive',
      speed: 'classical',
      rated: 1,
      seats: '[]',
      created_at: base + 2,
    });
    expect(await history().livePublic(1)).toHaveLength(1);
  });

  it('tells a game as gameStart names it, and a player’s games in play oldest first', async () => {
    const me = (await addUser(store())).id;
    const other = (await addUser(store())).id;
    const second = await addPlayedGame(store(), { createdAt: 20, players: [me, other] });
    const first = await addPlayedGame(store(), { createdAt: 10, players: [other, me] });
    await addPlayedGame(store(), { createdAt: 5, status: 'finished', players: [me, other] });
    await addPlayedGame(store(), { createdAt: 6, players: [other] });
    const start = await history().startOf(first);
    expect(start).toEqual({
      id: first,
      game: 'hive',
      rated: 1,
      speed: 'classical',
      clock: '{"kind":"none"}',
      seats: expect.any(String),
      status: 'playing',
    });
    expect((await history().startsInPlayOf(me)).map((g) => g.id)).toEqual([first, second]);
    expect(await history().startOf(fresh('none'))).toBeUndefined();
    expect(await history().startsInPlayOf(fresh('nobody'))).toEqual([]);
  });

  it('lists a player’s games in play with every column, in either order, within the limit', async () => {
    const me = (await addUser(store())).id;
    const a = await addPlayedGame(store(), { createdAt: 1, players: [me] });
    const b = await addPlayedGame(store(), { createdAt: 2, players: [me] });
    const c = await addPlayedGame(store(), { createdAt: 3, players: [me] });
    await addPlayedGame(store(), { createdAt: 4, status: 'aborted', players: [me] });
    expect((await history().inPlayOf(me, 'oldest-first', 10)).map((g) => g.id)).toEqual([a, b, c]);
    const newest = await history().inPlayOf(me, 'newest-first', 2);
    expect(newest.map((g) => g.id)).toEqual([c, b]);
    expect(newest[0]).toMatchObject({ snapshot: '{}', options: '{"seed":1}', seq: 0 });
  });

  it('lists a player’s games to a viewer: a private game in play only to its players, once over to all', async () => {
    const me = (await addUser(store())).id;
    const other = (await addUser(store())).id;
    const stranger = (await addUser(store())).id;
    const open = await addPlayedGame(store(), { createdAt: 1, players: [me] });
    const privatePlaying = await addPlayedGame(store(), { createdAt: 2, private: 1, players: [me, other] });
    const privateSeeking = await addPlayedGame(store(), { createdAt: 3, private: 1, status: 'seeking', players: [me] });
    const privateOver = await addPlayedGame(store(), {
      createdAt: 4,
      private: 1,
      status: 'finished',
      players: [me, other],
    });
    const ids = async (viewer: string | undefined, before = Number.MAX_SAFE_INTEGER) =>
      (await history().listedGamesOf(me, viewer, before)).map((g) => g.id);
    expect(await ids(undefined)).toEqual([privateOver, open]);
    expect(await ids(stranger)).toEqual([privateOver, open]);
    expect(await ids(other)).toEqual([privateOver, privatePlaying, open]);
    expect(await ids(me)).toEqual([privateOver, privateSeeking, privatePlaying, open]);
    // the page before a time: only games made earlier
    expect(await ids(me, 3)).toEqual([privatePlaying, open]);
  });

  it('lists at most 50 of a player’s games a page', async () => {
    const me = (await addUser(store())).id;
    for (let i = 0; i < 52; i++)
      await addPlayedGame(store(), { createdAt: 100 + i, status: 'finished', players: [me] });
    const page = await history().listedGamesOf(me, undefined, Number.MAX_SAFE_INTEGER);
    expect(page).toHaveLength(50);
    expect(page[0]?.created_at).toBe(151);
    expect(page[49]?.created_at).toBe(102);
  });

  it('finds a player by name in any case, as the account’s UserInfo with the BOT tag', async () => {
    const name = `Mixed${fresh('Case')}`;
    const u = await addUser(store(), { name, bot: 1 });
    expect(await history().playerNamed(name.toUpperCase())).toEqual({ id: u.id, name, guest: false, bot: true });
    // a guest's name is not reserved (it has no name key), so no page is found by it
    const guest = await addUser(store(), { guest: 1 });
    expect(await history().playerNamed(guest.name)).toBeUndefined();
    expect(await history().playerNamed(fresh('nobody'))).toBeUndefined();
  });

  it('reads a player’s ratings ordered by game and speed, numbers as numbers', async () => {
    const me = (await addUser(store())).id;
    const rating = (game: string, speed: string, r: number) =>
      store()
        .q.insertInto('ratings')
        .values({ user_id: me, game, speed, rating: r, rd: 80.5, vol: 0.06, games: 3 })
        .execute();
    await rating('junqi', 'blitz', 1612.25);
    await rating('hive', 'rapid', 1400);
    await rating('hive', 'blitz', 1500);
    expect(await history().ratingsOf(me)).toEqual([
      { game: 'hive', speed: 'blitz', rating: 1500, rd: 80.5, games: 3 },
      { game: 'hive', speed: 'rapid', rating: 1400, rd: 80.5, games: 3 },
      { game: 'junqi', speed: 'blitz', rating: 1612.25, rd: 80.5, games: 3 },
    ]);
    expect(await history().ratingsOf(fresh('nobody'))).toEqual([]);
  });

  it('reads every seat a player held with its game’s status and outcome', async () => {
    const me = (await addUser(store())).id;
    const other = (await addUser(store())).id;
    const outcome = '{"results":["loss","win"]}';
    await addPlayedGame(store(), { status: 'finished', outcome, players: [other, me] });
    await addPlayedGame(store(), { players: [me, other] });
    const rows = await history().resultsOf(me);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({ status: 'finished', outcome, seat: 1 });
    expect(rows).toContainEqual({ status: 'playing', outcome: null, seat: 0 });
  });

  it('reads the rated games that changed a player’s rating, in the order they finished', async () => {
    const me = (await addUser(store())).id;
    const change = '[{"before":1500,"after":1510},{"before":1500,"after":1490}]';
    const later = await addPlayedGame(store(), {
      status: 'finished',
      finishedAt: 300,
      ratingChange: change,
      players: [me],
    });
    const earlier = await addPlayedGame(store(), {
      status: 'finished',
      finishedAt: 200,
      ratingChange: change,
      players: [me],
    });
    await addPlayedGame(store(), { status: 'finished', finishedAt: 100, players: [me] });
    expect(await history().ratedGamesOf(me)).toEqual([
      { id: earlier, game: 'hive', speed: 'classical', finished_at: 200, rating_change: change, seat: 0 },
      { id: later, game: 'hive', speed: 'classical', finished_at: 300, rating_change: change, seat: 0 },
    ]);
  });
});

describeStores('the notices’ addresses', (store) => {
  it('reads an account’s address and whether it is confirmed; nothing for an unknown account', async () => {
    const addresses = new NoticeAddresses(store());
    const confirmed = await addUser(store(), { email: 'a@example.org', email_confirmed: 1 });
    const unconfirmed = await addUser(store(), { email: 'b@example.org' });
    const none = await addUser(store());
    expect(await addresses.of(confirmed.id)).toEqual({ email: 'a@example.org', confirmed: true });
    expect(await addresses.of(unconfirmed.id)).toEqual({ email: 'b@example.org', confirmed: false });
    expect(await addresses.of(none.id)).toEqual({ email: null, confirmed: false });
    expect(await addresses.of(fresh('nobody'))).toBeUndefined();
  });
});
