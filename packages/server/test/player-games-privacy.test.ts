import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, type Bot, createSeek, startTestServer } from './helpers.js';
import { registered } from './tournament-harness.js';

/**
 * A private game (by invitation, out of the lobby and the live list) is not listed among a player's games to others
 * while it is played: only its own players see it there. Once it is over it is listed like any finished game.
 */
describe.each(BACKENDS)('a player’s games list keeps a private game in play to its players (%s)', (backend) => {
  let server: ServerHandle;
  const bots: Bot[] = [];
  beforeAll(async () => {
    server = await startTestServer(backend, { authPerMinute: 10_000 });
  });
  afterAll(async () => {
    for (const b of bots) b.close();
    await server?.close();
  });

  const listed = async (name: string, cookie?: string): Promise<string[]> => {
    const res = await fetch(`${server.url}/api/users/${name}/games`, cookie ? { headers: { cookie } } : {});
    expect(res.status).toBe(200);
    return ((await res.json()) as { games: { id: string }[] }).games.map((g) => g.id);
  };

  it('lists it to its players only until it is over', async () => {
    const [a, b, c] = [
      await registered(server.url, 'pa'),
      await registered(server.url, 'pb'),
      await registered(server.url, 'pc'),
    ];
    bots.push(a, b, c);
    const name = a.user!.name;
    const start = async (priv: boolean) => {
      const created = await createSeek(a, {
        game: 'chinese-checkers',
        options: { players: 2 },
        seats: [{ kind: 'me' }, { kind: 'open' }],
        private: priv,
      });
      expect(await b.request({ type: 'seek.join', seekId: created.seek.id })).toMatchObject({ type: 'ack' });
      return created.seek.id;
    };
    const hidden = await start(true);
    const open = await start(false);
    // a visitor without a session, and another account: the public game only
    for (const cookie of [undefined, c.cookie]) {
      const ids = await listed(name, cookie);
      expect(ids).toContain(open);
      expect(ids).not.toContain(hidden);
    }
    // both of its players see it
    expect(await listed(name, a.cookie)).toContain(hidden);
    expect(await listed(name, b.cookie)).toContain(hidden);
    expect(await listed(b.user!.name, c.cookie)).not.toContain(hidden);
    // over: listed to everyone, as every finished game is
    const room = server.hub.rooms.get(hidden)!;
    expect(await b.request({ type: 'game.resign', gameId: hidden, seq: room.seq })).toMatchObject({ type: 'ack' });
    await expect.poll(() => listed(name), { timeout: 10_000 }).toContain(hidden);
  });
});
