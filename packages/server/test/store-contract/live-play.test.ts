import type { UserInfo } from '@qiyuan/protocol';
import { expect, it } from 'vitest';
import { StoredAbsences } from '../../src/repos/absences.js';
import { GameChat } from '../../src/repos/game-chat.js';
import { Games } from '../../src/repos/games.js';
import { SeekExpiries } from '../../src/repos/seeks.js';
import type { Store } from '../../src/store.js';
import { fresh } from './rows.js';
import { describeStores } from './stores.js';

const user = (id: string): UserInfo => ({ id, name: id, guest: false });

/** A stored seek of a fresh creator, under `fence`. */
const openSeek = async (store: Store, fence = 0): Promise<{ id: string; creator: string }> => {
  const creator = user(fresh('creator'));
  const id = fresh('g');
  await new Games(store).openSeek({
    id,
    game: 'hive',
    options: '{}',
    clock: '{}',
    speed: 'blitz',
    rated: false,
    private: false,
    seats: [{ kind: 'user', user: creator }, { kind: 'open' }],
    creator,
    snapshot: '{}',
    clockState: '{}',
    at: 1,
    fence,
    tournament: undefined,
    allowBots: false,
  });
  return { id, creator: creator.id };
};

describeStores('the seek expiries', (store) => {
  const expiries = () => new SeekExpiries(store());

  it('expires a seek under its fence, once, and records it for its creator', async () => {
    const s = await openSeek(store(), 3);
    expect(await expiries().expire(s.id, s.creator, 2, 100)).toBe(false);
    expect(await expiries().untold(s.creator)).toEqual([]);
    expect(await expiries().expire(s.id, s.creator, 3, 100)).toBe(true);
    expect(await new Games(store()).progress(s.id)).toMatchObject({ status: 'aborted' });
    expect((await new Games(store()).game(s.id))!.updated_at).toBe(100);
    expect(await expiries().untold(s.creator)).toEqual([s.id]);
    // no longer a seek: nothing more is written
    expect(await expiries().expire(s.id, s.creator, 3, 200)).toBe(false);
    expect(await expiries().expire(fresh('none'), s.creator, 3, 200)).toBe(false);
  });

  it('lists a creator’s untold expiries oldest first, and tells each once', async () => {
    const who = fresh('creator');
    const a = await openSeek(store());
    const b = await openSeek(store());
    const c = await openSeek(store());
    await expiries().expire(b.id, who, 0, 20);
    await expiries().expire(a.id, who, 0, 10);
    await expiries().expire(c.id, fresh('someone-else'), 0, 5);
    expect(await expiries().untold(who)).toEqual([a.id, b.id]);
    expect(await expiries().markTold(a.id)).toBe(true);
    expect(await expiries().markTold(a.id)).toBe(false);
    expect(await expiries().untold(who)).toEqual([b.id]);
    expect(await expiries().markTold(fresh('none'))).toBe(false);
  });
});

describeStores('a game’s chat as live play keeps it', (store) => {
  const chat = () => new GameChat(store());

  it('stores lines and reads the latest back oldest first, with spectators and teams', async () => {
    const { id: gameId } = await openSeek(store());
    const from = user(fresh('writer'));
    await chat().add({ id: fresh('c'), gameId, from, text: 'second', spectator: true, at: 20, team: undefined });
    await chat().add({ id: fresh('c'), gameId, from, text: 'first', spectator: false, at: 10, team: 1 });
    await chat().add({ id: fresh('c'), gameId, from, text: 'third', spectator: false, at: 30, team: 0 });
    expect(await chat().latest(gameId)).toEqual([
      { from, text: 'first', spectator: false, at: 10, team: 1 },
      { from, text: 'second', spectator: true, at: 20, team: undefined },
      { from, text: 'third', spectator: false, at: 30, team: 0 },
    ]);
    // the latest ones only, still oldest first
    expect((await chat().latest(gameId, 2)).map((l) => l.text)).toEqual(['second', 'third']);
    expect(await chat().latest(fresh('none'))).toEqual([]);
  });

  it('refuses a line of a game that does not exist', async () => {
    const line = { id: fresh('c'), gameId: fresh('none'), from: user('u'), text: 'x', spectator: false, at: 1 };
    await expect(chat().add({ ...line, team: undefined })).rejects.toThrow();
  });

  it('reads who hides the spectators’ lines in a game', async () => {
    const { id: gameId } = await openSeek(store());
    expect(await chat().quietIn(gameId)).toEqual([]);
    await store().q.insertInto('game_chat_quiet').values({ game_id: gameId, user_id: 'p1' }).execute();
    await store().q.insertInto('game_chat_quiet').values({ game_id: gameId, user_id: 'p2' }).execute();
    expect((await chat().quietIn(gameId)).sort()).toEqual(['p1', 'p2']);
  });
});

describeStores('the stored absences', (store) => {
  const absences = () => new StoredAbsences(store());

  it('saves, replaces and forgets the moments each seat left', async () => {
    const gameId = fresh('g');
    expect(await absences().of(gameId)).toEqual(new Map());
    await absences().save(gameId, new Map([[1, 1_700_000_000_123]]));
    expect(await absences().of(gameId)).toEqual(new Map([[1, 1_700_000_000_123]]));
    await absences().save(
      gameId,
      new Map([
        [0, 5],
        [2, 7],
      ]),
    );
    expect(await absences().of(gameId)).toEqual(
      new Map([
        [0, 5],
        [2, 7],
      ]),
    );
    // other games are their own
    expect(await absences().of(fresh('g'))).toEqual(new Map());
    await absences().save(gameId, new Map());
    expect(await absences().of(gameId)).toEqual(new Map());
    await absences().save(gameId, new Map([[0, 1]]));
    await absences().forget(gameId);
    expect(await absences().of(gameId)).toEqual(new Map());
    await absences().forget(gameId);
  });

  it('skips what is not a seat’s moment in a stored value', async () => {
    const gameId = fresh('g');
    await store()
      .q.insertInto('settings')
      .values({ key: `absent:${gameId}`, value: '{"0":12,"x":3,"1":"soon"}' })
      .execute();
    expect(await absences().of(gameId)).toEqual(new Map([[0, 12]]));
  });
});
