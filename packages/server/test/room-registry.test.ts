import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRow } from '../src/repos/games.js';
import { openStore, type Store } from '../src/store.js';
import { tempDir } from './helpers.js';
import { creator, registryOf, storedSeek as storeSeek } from './rooms.js';

/** The room registry alone makes rooms from stored rows, takes them in, and lets them go (room-registry.ts). */

const registry = () => registryOf();
let store: Store;
const storedSeek = (): Promise<GameRow> => storeSeek(store);

describe('the room registry', () => {
  beforeAll(async () => {
    store = await openStore({ dataDir: tempDir() });
  });
  afterAll(async () => {
    await store.close();
  });

  it('makes a room from a stored row without owning it', async () => {
    const row = await storedSeek();
    const rooms = registry();
    const room = rooms.fromRow(row)!;
    expect(room.id).toBe(row.id);
    expect(room.status).toBe('seeking');
    expect(room.meta.salt).toBe('salt');
    expect(room.meta.options).not.toHaveProperty('salt');
    expect(room.seats).toEqual([{ kind: 'user', user: creator }, { kind: 'open' }]);
    expect(rooms.get(row.id)).toBeUndefined();
    expect(rooms.has(row.id)).toBe(false);
    expect(rooms.owns(room)).toBe(false);
    expect(rooms.size).toBe(0);
  });

  it('makes nothing of a row it cannot play here', async () => {
    const row = await storedSeek();
    const rooms = registry();
    expect(rooms.fromRow({ ...row, game: 'no-such-game' })).toBeUndefined();
    expect(rooms.fromRow({ ...row, snapshot: null })).toBeUndefined();
    expect(rooms.fromRow({ ...row, snapshot: '{"not":"a game"}' })).toBeUndefined();
    expect(rooms.size).toBe(0);
  });

  it('takes a room in, finds it and lists it', async () => {
    const rooms = registry();
    const a = rooms.fromRow(await storedSeek())!;
    const b = rooms.fromRow(await storedSeek())!;
    expect(rooms.own(a)).toBe(true);
    expect(rooms.own(b)).toBe(true);
    expect(rooms.get(a.id)).toBe(a);
    expect(rooms.has(b.id)).toBe(true);
    expect(rooms.owns(a)).toBe(true);
    expect(rooms.list()).toEqual([a, b]);
    expect(rooms.size).toBe(2);
  });

  it('owns a room twice as once, and refuses a second room of the same game', async () => {
    const row = await storedSeek();
    const rooms = registry();
    const first = rooms.fromRow(row)!;
    const copy = rooms.fromRow(row)!;
    expect(rooms.own(first)).toBe(true);
    expect(rooms.own(first)).toBe(true);
    expect(rooms.size).toBe(1);
    expect(rooms.own(copy)).toBe(false);
    expect(rooms.get(row.id)).toBe(first);
    expect(rooms.owns(copy)).toBe(false);
    expect(copy.closed).toBe(false);
  });

  it('lets a room go, closed, and leaves alone a game owned by another room', async () => {
    const row = await storedSeek();
    const rooms = registry();
    const owned = rooms.fromRow(row)!;
    const copy = rooms.fromRow(row)!;
    rooms.own(owned);
    // a stale copy is closed, but the room owned under its id stays
    expect(rooms.retire(copy)).toBe(false);
    expect(copy.closed).toBe(true);
    expect(rooms.get(row.id)).toBe(owned);
    expect(owned.closed).toBe(false);
    expect(rooms.retire(owned)).toBe(true);
    expect(owned.closed).toBe(true);
    expect(rooms.has(row.id)).toBe(false);
    expect(rooms.retire(owned)).toBe(false);
    // the game may be owned again later (a takeover, a correspondence game loaded again): by a new room
    const again = rooms.fromRow(row)!;
    expect(rooms.own(again)).toBe(true);
    expect(rooms.get(row.id)).toBe(again);
  });

  it('lists a copy: rooms let go while the list is gone through stay in it', async () => {
    const rooms = registry();
    const all = [rooms.fromRow(await storedSeek())!, rooms.fromRow(await storedSeek())!];
    for (const r of all) rooms.own(r);
    const seen = [];
    for (const r of rooms.list()) {
      rooms.retire(r);
      seen.push(r);
    }
    expect(seen).toEqual(all);
    expect(rooms.size).toBe(0);
  });
});
