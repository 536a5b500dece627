import { PRESETS } from '@qiyuan/junqi';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, type Bot, startTestServer } from './helpers.js';
import { rowOf, sql } from './sql.js';
import { askCreate, registered } from './tournament-harness.js';

/**
 * A game's creator chooses only what the lobby offers every joiner (docs/FAIRPLAY.md): a seek or a tournament that
 * names a seed, a salt, a deployment (Junqi's `setup`, `setups`), a position to start from or an unknown key is
 * refused by that key's name, and nothing is stored. A joiner deploys its own army: the creator never writes it.
 */

const ARMY_A = PRESETS.classic;
const ARMY_B = PRESETS.forward;

/** Options a creator may not send, each with the key the refusal must name. */
const FORBIDDEN: [string, string, Record<string, unknown>][] = [
  ['junqi', 'setups', { setups: `${ARMY_A},${ARMY_B}` }],
  ['junqi', 'setup', { setup: 'classic' }],
  ['junqi', 'setup', { setup: 'random' }],
  ['junqi', 'seed', { seed: '0123456789abcdef0123456789abcdef' }],
  ['junqi', 'seed', { seed: 42 }],
  ['junqi', 'salt', { salt: '00' }],
  ['junqi', 'armyOfB', { armyOfB: ARMY_B }],
  ['hive', 'position', { position: 'Base;InProgress;White[1]' }],
  ['hive', 'seed', { seed: '0123456789abcdef0123456789abcdef' }],
  ['abalone', 'setup', { setup: `${'b'.repeat(14)}${'.'.repeat(33)}${'w'.repeat(14)} b` }],
  ['chinese-checkers', 'seed', { seed: 7 }],
];

/** The seatings tried: two and four players, rated and casual. */
const SEATINGS: [string, Record<string, unknown>, number, boolean][] = [
  ['2 players, casual', { players: 2, mode: 'hidden' }, 2, false],
  ['2 players, rated', { players: 2, mode: 'hidden' }, 2, true],
  ['4 players in pairs, rated', { players: 4, mode: 'hidden', teams: 'pairs' }, 4, true],
  ['4 players each for itself, casual', { players: 4, mode: 'hidden', teams: 'ffa' }, 4, false],
];

const seatsFor = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: i === 0 ? 'me' : 'open' }));

const expectNamed = (answer: ServerMessage, key: string) => {
  expect(answer, JSON.stringify(answer)).toMatchObject({
    type: 'error',
    code: 'bad-options',
    refusal: 'option-not-offered',
    values: { option: key },
  });
  expect(answer.type === 'error' && answer.reason).toContain(`"${key}"`);
};

describe.each(BACKENDS)('a creator chooses only the options the lobby offers (%s)', (backend) => {
  let server: ServerHandle;
  let creator: Bot;
  let joiner: Bot;
  beforeAll(async () => {
    server = await startTestServer(backend, { authPerMinute: 10_000 });
    creator = await registered(server.url, 'cr');
    joiner = await registered(server.url, 'jo');
  });
  afterAll(async () => {
    creator?.close();
    joiner?.close();
    await server?.close();
  });

  const games = async () =>
    Number((await rowOf(server.store, sql<{ n: number }>`SELECT COUNT(*) AS n FROM games`))?.n ?? 0);
  const tournaments = async () =>
    Number((await rowOf(server.store, sql<{ n: number }>`SELECT COUNT(*) AS n FROM tournaments`))?.n ?? 0);

  it.each(SEATINGS)(
    'Junqi 暗棋, %s: every deployment, seed or unknown key is refused by its name',
    async (_, base, n, rated) => {
      const before = await games();
      const four = n === 4 ? [ARMY_A, ARMY_B, ARMY_A, ARMY_B] : [ARMY_A, ARMY_B];
      const tries: [string, Record<string, unknown>][] = [
        ['setups', { setups: four.join(',') }],
        ['setup', { setup: 'classic' }],
        ['setup', { setup: 'random' }],
        ['seed', { seed: '0123456789abcdef0123456789abcdef' }],
        ['salt', { salt: 'ff' }],
        ['unknownThing', { unknownThing: 1 }],
      ];
      for (const [key, extra] of tries) {
        const answer = await creator.request({
          type: 'seek.create',
          game: 'junqi',
          options: { ...base, ...extra },
          clock: { kind: 'none' },
          rated,
          private: false,
          seats: seatsFor(n),
        });
        expectNamed(answer, key);
      }
      expect(await games()).toBe(before);
    },
  );

  it.each(FORBIDDEN)('%s: a seek naming "%s" is refused', async (game, key, options) => {
    const before = await games();
    const answer = await creator.request({
      type: 'seek.create',
      game,
      options,
      clock: { kind: 'none' },
      rated: false,
      private: true,
      seats: seatsFor(2),
    });
    expectNamed(answer, key);
    expect(await games()).toBe(before);
  });

  it.each(FORBIDDEN)('%s: a tournament naming "%s" is refused', async (game, key, options) => {
    const before = await tournaments();
    const answer = await askCreate(creator, {
      type: 'tournament.create',
      name: 'Fixed armies cup',
      game,
      options,
      clock: { kind: 'none' },
      format: { system: 'swiss', rounds: 3 },
      rated: true,
      private: false,
    });
    expectNamed(answer, key);
    expect(await tournaments()).toBe(before);
  });

  it('a four-player tournament with every army written by its organiser is refused', async () => {
    const answer = await askCreate(creator, {
      type: 'tournament.create',
      name: 'Fixed armies cup',
      game: 'junqi',
      options: { players: 4, teams: 'pairs', setups: [ARMY_A, ARMY_B, ARMY_A, ARMY_B].join(',') },
      clock: { kind: 'none' },
      format: { system: 'swiss', rounds: 3 },
      rated: true,
      private: false,
    });
    expectNamed(answer, 'setups');
  });

  it('a rematch of a game stored with a deployment (from before these rules) is refused, not played again', async () => {
    const created = await creator.request({
      type: 'seek.create',
      game: 'junqi',
      options: { players: 2, mode: 'hidden' },
      clock: { kind: 'none' },
      rated: false,
      private: true,
      seats: seatsFor(2),
    });
    const gameId = created.type === 'seek.created' ? created.seek.id : '';
    expect(await joiner.request({ type: 'seek.join', seekId: gameId, seat: 1 })).toMatchObject({ type: 'ack' });
    const room = server.hub.rooms.get(gameId)!;
    // as an old game's stored options could say: every army written by the creator
    const meta = room.meta as { options: Record<string, string | number | boolean> };
    meta.options = { ...meta.options, setups: `${ARMY_A},${ARMY_B}` };
    expect(await joiner.request({ type: 'game.resign', gameId, seq: room.seq })).toMatchObject({ type: 'ack' });
    expect(await creator.request({ type: 'game.rematch', gameId })).toMatchObject({ type: 'ack' });
    const answer = await joiner.request({ type: 'game.rematch', gameId });
    expect(answer).toMatchObject({ type: 'error', code: 'bad-options' });
    expect(answer.type === 'error' && answer.reason).toContain('"setups"');
    expect(room.next).toBeUndefined();
  });

  it('the joiner deploys its own army: a rated 暗棋 game starts in the setup phase for every seat', async () => {
    const created = await creator.request({
      type: 'seek.create',
      game: 'junqi',
      options: { players: 2, mode: 'hidden', drawOffers: false, chaseLimit: 3 },
      clock: { kind: 'none' },
      rated: true,
      private: true,
      seats: seatsFor(2),
    });
    expect(created.type, JSON.stringify(created)).toBe('seek.created');
    const gameId = created.type === 'seek.created' ? created.seek.id : '';
    expect(await joiner.request({ type: 'seek.join', seekId: gameId, seat: 1 })).toMatchObject({ type: 'ack' });
    const room = server.hub.rooms.get(gameId)!;
    // nobody has deployed: both seats owe their own setup
    expect(room.game.turn()).toEqual({ kind: 'simultaneous', seats: [0, 1] });
    expect(
      await joiner.request({ type: 'game.move', gameId, seq: room.seq, seat: 1, move: `setup ${ARMY_B}` }),
    ).toMatchObject({ type: 'ack' });
    expect(
      await creator.request({ type: 'game.move', gameId, seq: room.seq, seat: 0, move: `setup ${ARMY_A}` }),
    ).toMatchObject({ type: 'ack' });
    // the joiner's army stands as the joiner deployed it
    const plies = Array.from({ length: room.game.ply }, (_, p) => room.game.recordFor(1, p));
    expect(plies.find((r) => r.seat === 1)?.notation).toBe(`setup ${ARMY_B}`);
    expect(room.game.turn().kind).toBe('seat');
  });
});
