import type { SeatHolder, UserInfo } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../src/room.js';
import { openStore, type Store } from '../src/store.js';
import { tempDir } from './helpers.js';
import { creator, quietHost, registryOf, storedSeek } from './rooms.js';

/**
 * A seek's seats change in its room's queue (Room.reseatSeek): the lobby asks, the room decides on the seats as they
 * are when the change runs, and a write that fails leaves them as they were.
 */

const joiner = (id: string): SeatHolder => ({ kind: 'user', user: { id, name: id, guest: false } as UserInfo });
const OPEN: SeatHolder = { kind: 'open' };
/** Takes seat 1 when it is open. */
const takeSeat1 =
  (who: SeatHolder) =>
  (seats: SeatHolder[]): SeatHolder[] | undefined =>
    seats[1]?.kind === 'open' ? [seats[0]!, who] : undefined;

let store: Store;

describe('the seats of a seek', () => {
  beforeAll(async () => {
    store = await openStore({ dataDir: tempDir() });
  });
  afterAll(async () => {
    await store.close();
  });

  const seek = async (host = quietHost()): Promise<Room> => registryOf(host).fromRow(await storedSeek(store))!;

  it('are taken as the room sees them, and written as taken', async () => {
    const room = await seek();
    const written: SeatHolder[][] = [];
    const r = await room.reseatSeek(takeSeat1(joiner('a')), async (seats) => {
      written.push(seats);
      return true;
    });
    expect(r).toBe('reseated');
    expect(room.seats).toEqual([{ kind: 'user', user: creator }, joiner('a')]);
    expect(written).toEqual([room.seats]);
    // and given back the same way
    expect(
      await room.reseatSeek(
        (seats) => [seats[0]!, OPEN],
        async () => true,
      ),
    ).toBe('reseated');
    expect(room.seats[1]).toEqual(OPEN);
  });

  it('go back to what they were when the write fails or finds the seek changed elsewhere', async () => {
    const room = await seek();
    const before = room.seats;
    expect(await room.reseatSeek(takeSeat1(joiner('a')), async () => false)).toBe('lost');
    expect(room.seats).toEqual(before);
    await expect(
      room.reseatSeek(takeSeat1(joiner('b')), async () => {
        throw new Error('the database is away');
      }),
    ).rejects.toThrow('the database is away');
    expect(room.seats).toEqual(before);
  });

  it('are not written when the change no longer fits, nor once the seek is over', async () => {
    const room = await seek();
    let writes = 0;
    const write = async () => {
      writes++;
      return true;
    };
    expect(await room.reseatSeek(() => undefined, write)).toBe('refused');
    room.close();
    expect(await room.reseatSeek(takeSeat1(joiner('a')), write)).toBe('started');
    expect(writes).toBe(0);
    expect(room.seats[1]).toEqual(OPEN);
  });

  it('change one at a time: a second joiner of the same seat waits for the first write, then finds it taken', async () => {
    const room = await seek();
    let release: (ok: boolean) => void = () => undefined;
    const held = new Promise<boolean>((resolve) => {
      release = resolve;
    });
    const seen: SeatHolder[][] = [];
    const first = room.reseatSeek(takeSeat1(joiner('a')), () => held);
    const second = room.reseatSeek(
      (seats) => {
        seen.push(seats);
        return takeSeat1(joiner('b'))(seats);
      },
      async () => true,
    );
    // the first write is under way: the seat is taken in memory, and the second change has not run
    await expect.poll(() => room.seats[1]).toEqual(joiner('a'));
    expect(seen).toEqual([]);
    release(true);
    expect(await first).toBe('reseated');
    expect(await second).toBe('refused');
    expect(seen).toEqual([[{ kind: 'user', user: creator }, joiner('a')]]);
    expect(room.seats[1]).toEqual(joiner('a'));
  });

  it('written are the ones a start that cannot be saved goes back to', async () => {
    const host = quietHost();
    const room = await seek({
      ...host,
      commit: async () => {
        throw new Error('the database is away');
      },
    });
    expect(await room.reseatSeek(takeSeat1(joiner('a')), async () => true)).toBe('reseated');
    const started = await room.start([room.seats[0]!, joiner('a')]);
    expect(started.ok).toBe(false);
    expect(room.status).toBe('seeking');
    expect(room.seats).toEqual([{ kind: 'user', user: creator }, joiner('a')]);
  });
});
