import type { UserInfo } from '@qiyuan/protocol';
import { pino } from 'pino';
import { initialClock } from '../src/clock.js';
import { engineFor } from '../src/games.js';
import { newGame } from '../src/lobby-options.js';
import { type GameRow, Games } from '../src/repos/games.js';
import type { RoomHost } from '../src/room.js';
import { RoomRegistry } from '../src/room-registry.js';
import { ManualClock } from '../src/server-clock.js';
import type { Store } from '../src/store.js';

/** Rooms made the way the server makes them (a stored seek's row, through the registry), without a server. */

/** What a room calls on: commits that always succeed, on a clock that moves only when told. */
export const quietHost = (): RoomHost => ({
  commit: async () => undefined,
  changed: () => undefined,
  connectionsOf: () => [],
  clock: new ManualClock(1_000),
});

export const registryOf = (host: RoomHost = quietHost()): RoomRegistry =>
  new RoomRegistry(host, pino({ level: 'silent' }));

export const creator: UserInfo = { id: 'creator', name: 'creator', guest: false };

let n = 0;

/** A seek of Hive for two, stored as the lobby stores one, read back as its row. */
export const storedSeek = async (store: Store): Promise<GameRow> => {
  const def = engineFor('hive')!;
  const made = newGame(def, {});
  if (!made.ok) throw new Error(made.refusal.reason);
  const id = `seek-${process.pid}-${n++}`;
  const games = new Games(store);
  await games.openSeek({
    id,
    game: 'hive',
    options: JSON.stringify({ ...made.loose, salt: 'salt' }),
    clock: JSON.stringify({ kind: 'none' }),
    speed: 'unlimited',
    rated: false,
    private: false,
    seats: [{ kind: 'user', user: creator }, { kind: 'open' }],
    creator,
    snapshot: JSON.stringify(made.game.snapshot()),
    clockState: JSON.stringify(initialClock({ kind: 'none' }, 2, 1_000)),
    at: 1_000,
    fence: 0,
    tournament: undefined,
    allowBots: false,
  });
  const row = await games.game(id);
  if (!row) throw new Error('the seek was not stored');
  return row;
};
