import type { Store } from '../../src/store.js';

/** Rows the moderation, chat and review contracts build on: accounts, games and seats, with fresh ids. */

let n = 0;
export const fresh = (what: string): string => `${what}-${process.pid}-${n++}`;

export const addUser = async (
  store: Store,
  over: { id?: string; name?: string; guest?: boolean; createdAt?: number } = {},
): Promise<{ id: string; name: string }> => {
  const id = over.id ?? fresh('u');
  const name = over.name ?? id;
  await store.q
    .insertInto('users')
    .values({
      id,
      name,
      name_key: name.toLowerCase(),
      password_hash: 'hash',
      guest: over.guest ? 1 : 0,
      created_at: over.createdAt ?? 1_700_000_000_000,
      email: `${id}@example.org`,
    })
    .execute();
  return { id, name };
};

export const addGame = async (
  store: Store,
  over: { id?: string; status?: string; seq?: number; createdAt?: number; snapshot?: string | null } = {},
): Promise<string> => {
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
      status: over.status ?? 'playing',
      seq: over.seq ?? 0,
      snapshot: over.snapshot ?? null,
      created_at: over.createdAt ?? 1,
      updated_at: 1,
    })
    .execute();
  return id;
};

export const seat = async (store: Store, gameId: string, seatNo: number, userId: string): Promise<void> => {
  await store.q.insertInto('game_players').values({ game_id: gameId, seat: seatNo, user_id: userId }).execute();
};
