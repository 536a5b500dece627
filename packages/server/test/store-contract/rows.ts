import type { Insertable } from 'kysely';
import type { GamesTable, UsersTable } from '../../src/db/schema.js';
import type { Store } from '../../src/store.js';

/**
 * The rows the contract cases build on — accounts, games, seats — with fresh ids, so that cases sharing one database
 * never meet. A case names only the columns its assertion is about; the rest take a plain registered player's or
 * game's values.
 */

let n = 0;
/** An id no other case or process has used: letters and digits only, so it is also a valid name or e-mail part. */
export const fresh = (what: string): string => `${what}${process.pid}x${n++}`;

/** An account: a registered player unless `guest` is 1 (a guest has no name key and no password). */
export const addUser = async (
  store: Store,
  over: Partial<Insertable<UsersTable>> = {},
): Promise<{ id: string; name: string }> => {
  const id = over.id ?? fresh('u');
  const name = over.name ?? id;
  const guest = over.guest ?? 0;
  await store.q
    .insertInto('users')
    .values({
      id,
      name,
      name_key: guest ? null : name.toLowerCase(),
      password_hash: guest ? null : 'hash',
      guest,
      created_at: 1,
      ...over,
    })
    .execute();
  return { id, name };
};

/** A Hive game row, playing unless `status` says otherwise. */
export const addGame = async (store: Store, over: Partial<Insertable<GamesTable>> = {}): Promise<string> => {
  const id = over.id ?? fresh('g');
  await store.q
    .insertInto('games')
    .values({
      id,
      game: 'hive',
      options: '{}',
      clock: '{}',
      speed: 'blitz',
      rated: 0,
      private: 0,
      seats: '[]',
      creator: 'c',
      status: 'playing',
      seq: 0,
      snapshot: null,
      created_at: 1,
      updated_at: 1,
      ...over,
    })
    .execute();
  return id;
};

export const seat = async (store: Store, gameId: string, seatNo: number, userId: string): Promise<void> => {
  await store.q.insertInto('game_players').values({ game_id: gameId, seat: seatNo, user_id: userId }).execute();
};
