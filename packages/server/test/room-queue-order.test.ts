import type { Seat } from '@qiyuan/core';
import type { SeatHolder, UserInfo } from '@qiyuan/protocol';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Absences } from '../src/absence.js';
import { StoredAbsences } from '../src/repos/absences.js';
import type { RematchOpening, Room, RoomHost } from '../src/room.js';
import type { ManualClock } from '../src/server-clock.js';
import { openStore, type Store } from '../src/store.js';
import { tempDir } from './helpers.js';
import { creator, quietHost, registryOf, storedSeek } from './rooms.js';

/**
 * What other modules change in a room, the gone seats' moments (absence.ts) and the rematch requests (ended.ts), is
 * changed in the room's own queue: a change asked for while an action is being saved waits for it, and is decided
 * on the game as that action left it.
 */

const joinerUser: UserInfo = { id: 'joiner', name: 'joiner', guest: false };
const JOINER: SeatHolder = { kind: 'user', user: joinerUser };

/** Lets one promise wait until the test releases it. */
const gate = <T = void>() => {
  let release: (value: T) => void = () => undefined;
  const held = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { held, release };
};

let store: Store;

beforeAll(async () => {
  store = await openStore({ dataDir: tempDir() });
});
afterAll(async () => {
  await store.close();
});

/** A room whose commits, once `hold` is called, wait until released; `order` tells what happened when. */
const heldRoom = async () => {
  const order: string[] = [];
  let held: Promise<void> = Promise.resolve();
  const host: RoomHost = {
    ...quietHost(),
    commit: async (_room, change) => {
      order.push(`${change.kind} saving`);
      await held;
      order.push(`${change.kind} saved`);
    },
  };
  const room = registryOf(host).fromRow(await storedSeek(store))!;
  expect(
    await room.reseatSeek(
      (seats) => [seats[0]!, JOINER],
      async () => true,
    ),
  ).toBe('reseated');
  expect((await room.start(room.seats)).ok).toBe(true);
  expect(room.status).toBe('playing');
  order.length = 0;
  const hold = () => {
    const g = gate();
    held = g.held;
    return g.release;
  };
  return { room, order, hold, clock: host.clock as ManualClock };
};

/** The absences of a process that owns `room`, their stored moments logged in `order`. */
const absencesOf = (room: Room, order: string[], clock: ManualClock) => {
  class LoggedAbsences extends StoredAbsences {
    override async of(gameId: string): Promise<Map<number, number>> {
      const read = await super.of(gameId);
      order.push('absences read');
      return read;
    }
    override async save(gameId: string, leftAt: ReadonlyMap<number, number>): Promise<void> {
      order.push(`absences stored ${JSON.stringify([...leftAt])}`);
      await super.save(gameId, leftAt);
    }
    override async forget(gameId: string): Promise<void> {
      order.push('absences forgotten');
      await super.forget(gameId);
    }
  }
  const stored = new LoggedAbsences(store);
  const absences = new Absences(
    {
      rooms: { get: (id) => (id === room.id ? room : undefined), owns: (r) => r === room },
      closing: false,
      log: pino({ level: 'silent' }),
      absenceMs: 1_000,
      ended: { get: () => undefined },
      watchers: { presence: async () => ({ present: new Set<Seat>([0]), complete: true }) },
    },
    clock,
    stored,
  );
  return { absences, stored };
};

describe('a gone seat marked while an action is being saved', () => {
  it('is marked after a move being saved, and stored after it', async () => {
    const { room, order, hold, clock } = await heldRoom();
    const { absences, stored } = absencesOf(room, order, clock);
    const move = room.game.moveToString(room.game.legalMoves(0)[0]!);
    const release = hold();
    const moved = room.move(creator.id, room.seq, move, undefined);
    await expect.poll(() => order).toEqual(['move saving']);
    // the joiner's connection went while the move was being saved
    const noted = absences.note(room, new Set([0]), true);
    // what was stored is read at once; the mark itself waits for the move
    await expect.poll(() => order).toEqual(['move saving', 'absences read']);
    release();
    expect((await moved).ok).toBe(true);
    await noted;
    expect(order).toEqual(['move saving', 'absences read', 'move saved', 'absences stored [[1,1000]]']);
    expect([...room.absent]).toEqual([[1, 1_000]]);
    expect([...(await stored.of(room.id))]).toEqual([[1, 1_000]]);
    absences.stop();
  });

  it('finds the game a resignation being saved ended, and marks nobody', async () => {
    const { room, order, hold, clock } = await heldRoom();
    const { absences, stored } = absencesOf(room, order, clock);
    const release = hold();
    const resigned = room.resign(joinerUser.id, room.seq, undefined);
    await expect.poll(() => order).toEqual(['resign saving']);
    const noted = absences.note(room, new Set([0]), true);
    await expect.poll(() => order).toEqual(['resign saving', 'absences read']);
    release();
    expect((await resigned).ok).toBe(true);
    await noted;
    expect(room.status).toBe('finished');
    expect(room.absent.size).toBe(0);
    expect(order).toEqual(['resign saving', 'absences read', 'resign saved']);
    expect((await stored.of(room.id)).size).toBe(0);
    absences.stop();
  });

  it('is changed by the room alone: a mark sees the moments and status of its turn in the queue', async () => {
    const { room, order, hold } = await heldRoom();
    const release = hold();
    const resigned = room.resign(creator.id, room.seq, undefined);
    await expect.poll(() => order).toEqual(['resign saving']);
    const seen: string[] = [];
    const marked = room.markAbsent((absent, status) => {
      seen.push(status);
      return new Map([...absent, [1, 5]]);
    });
    expect(seen).toEqual([]);
    release();
    await resigned;
    expect(await marked).toBe(true);
    expect(seen).toEqual(['finished']);
    expect([...room.absent]).toEqual([[1, 5]]);
    // nothing given back: nothing changed
    expect(await room.markAbsent(() => undefined)).toBe(false);
    expect([...room.absent]).toEqual([[1, 5]]);
  });
});

describe('a rematch request', () => {
  it('asked while the resignation that ends the game is being saved is decided on the finished game', async () => {
    const { room, order, hold } = await heldRoom();
    const release = hold();
    const resigned = room.resign(joinerUser.id, room.seq, undefined);
    await expect.poll(() => order).toEqual(['resign saving']);
    const asked = room.askRematch([0], true, async () => ({ gameId: 'never' }));
    release();
    expect((await resigned).ok).toBe(true);
    expect(await asked).toEqual({ asked: [0] });
    expect([...room.rematch]).toEqual([0]);
  });

  it('is refused in a game still in play, once the move before it is saved', async () => {
    const { room, order, hold } = await heldRoom();
    const release = hold();
    const move = room.game.moveToString(room.game.legalMoves(0)[0]!);
    const moved = room.move(creator.id, room.seq, move, undefined);
    await expect.poll(() => order).toEqual(['move saving']);
    const asked = room.askRematch([0], true, async () => ({ gameId: 'never' }));
    release();
    expect((await moved).ok).toBe(true);
    expect(await asked).toEqual({ refused: { code: 'not-allowed', reason: 'this game did not finish' } });
    expect(room.rematch.size).toBe(0);
  });

  it('that arrives while the rematch is being opened waits, and finds it started: one new game', async () => {
    const { room } = await heldRoom();
    expect((await room.resign(joinerUser.id, room.seq, undefined)).ok).toBe(true);
    let opened = 0;
    const opening = gate<RematchOpening>();
    const open = () => {
      opened++;
      return opening.held;
    };
    expect(await room.askRematch([0], true, open)).toEqual({ asked: [0] });
    const second = room.askRematch([1], true, open);
    await expect.poll(() => opened).toBe(1);
    // the creator asks again, and the joiner declines, while the new game is being made
    const again = room.askRematch([0], true, open);
    const declined = room.askRematch([1], false, open);
    opening.release({ gameId: 'rematch-1' });
    expect(await second).toEqual({ started: 'rematch-1' });
    const started = { refused: { code: 'not-allowed', reason: 'the rematch has already started' } };
    expect(await again).toEqual(started);
    expect(await declined).toEqual(started);
    expect(opened).toBe(1);
    expect(room.next).toBe('rematch-1');
    expect(room.rematch.size).toBe(0);
  });

  it('keeps the requests when no game could be made, and is dropped by a player declining', async () => {
    const { room } = await heldRoom();
    expect((await room.resign(joinerUser.id, room.seq, undefined)).ok).toBe(true);
    const refused = { code: 'bad-options', reason: 'no such option' } as const;
    expect(await room.askRematch([0], true, async () => ({ gameId: 'never' }))).toEqual({ asked: [0] });
    expect(await room.askRematch([1], true, async () => ({ refused }))).toEqual({ refused });
    expect(room.next).toBeUndefined();
    expect([...room.rematch].sort()).toEqual([0, 1]);
    expect(await room.askRematch([1], false, async () => ({ gameId: 'never' }))).toEqual({ asked: [] });
    expect(room.rematch.size).toBe(0);
  });

  it('counts a rematch made but not started as started, and says why it did not start', async () => {
    const { room } = await heldRoom();
    expect((await room.resign(joinerUser.id, room.seq, undefined)).ok).toBe(true);
    const refused = { code: 'unavailable', reason: 'the rematch could not be started' } as const;
    await room.askRematch([0], true, async () => ({ gameId: 'never' }));
    expect(await room.askRematch([1], true, async () => ({ gameId: 'rematch-2', refused }))).toEqual({ refused });
    expect(room.next).toBe('rematch-2');
    expect(room.rematch.size).toBe(0);
  });
});
