import { junqi } from '@qiyuan/junqi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, startPairGame, startTestServer } from './helpers.js';

/**
 * `/api/games/:id/export` carries what docs/FAIRPLAY.md promises of an exported record: the commitment, and the seed
 * and salt that it binds, as tag pairs, with the record's other headers (one function writes them for the server and
 * the pages), and it still reads back into the engine.
 */
const tagsOf = (text: string) =>
  Object.fromEntries([...text.matchAll(/^\[(\w+) "([^"]*)"\]$/gm)].map((m) => [m[1]!, m[2]!]));

describe.each(BACKENDS)('the server’s export of a finished game (%s)', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  it('names the commitment, the seed and the salt the game data gives, and the players', async () => {
    const a = await Bot.guest(server.url);
    const b = await Bot.guest(server.url);
    const gameId = await startPairGame(a, b, 'junqi', { players: 2, mode: 'flip' });
    const room = server.hub.rooms.get(gameId)!;
    expect(await b.request({ type: 'game.resign', gameId, seq: room.seq })).toMatchObject({ type: 'ack' });
    const record = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as {
      commitment: string;
      salt: string;
      options: { seed: string };
    };
    const res = await fetch(`${server.url}/api/games/${gameId}/export`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const tags = tagsOf(text);
    expect(tags).toMatchObject({
      Commitment: record.commitment,
      Seed: record.options.seed,
      Salt: record.salt,
      Event: 'Qiyuan casual unlimited game',
      Seat1: a.user!.name,
      Seat2: b.user!.name,
      Result: '1-0',
      Termination: 'resigned',
    });
    expect(record.commitment).toMatch(/^[0-9a-f]{64}$/);
    // the record still opens in the engine, with its whole deal
    expect(junqi.parseGame(text).ok).toBe(true);
    a.close();
    b.close();
  });
});
