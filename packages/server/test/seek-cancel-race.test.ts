import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { Bot, createSeek, ENGINES, startTestServer } from './helpers.js';
import { rowOf, sql } from './sql.js';

/**
 * A seek cancelled by its creator while its last seat is being taken: the abort runs in the room's queue, so exactly
 * one of the two wins — a game that started stays a game, a cancelled seek never starts — and the room in memory
 * agrees with its stored row.
 */
describe.each(ENGINES)('a seek cancelled as its last seat is taken, on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('either starts the game or cancels the seek, never both, and memory agrees with the store', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const creator = await Bot.guest(server.url);
      const joiner = await Bot.guest(server.url);
      const created = await createSeek(creator, {
        game: 'chinese-checkers',
        options: { players: 2 },
        seats: [{ kind: 'me' }, { kind: 'open' }],
      });
      const seekId = created.seek.id;
      // both sent at once; which one the server takes first varies from round to round
      const [join, cancel] = await Promise.all(
        round % 2 === 0
          ? [joiner.request({ type: 'seek.join', seekId }), creator.request({ type: 'seek.cancel', seekId })]
          : [
              joiner.request({ type: 'seek.join', seekId }),
              new Promise((r) => setImmediate(r)).then(() => creator.request({ type: 'seek.cancel', seekId })),
            ],
      );
      const row = await rowOf(server.store, sql<{ status: string }>`SELECT status FROM games WHERE id = ${seekId}`);
      if (join.type === 'ack') {
        // the game started: the cancel found no seek, and the game is live here
        expect(cancel).toMatchObject({ type: 'error', code: 'not-found' });
        expect(row?.status).toBe('playing');
        expect(server.hub.rooms.get(seekId)?.status).toBe('playing');
        outcomes.add('started');
      } else {
        expect(cancel).toMatchObject({ type: 'ack' });
        expect(join).toMatchObject({ type: 'error' });
        expect(row?.status).toBe('aborted');
        expect(server.hub.rooms.has(seekId)).toBe(false);
        outcomes.add('cancelled');
      }
      creator.close();
      joiner.close();
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
