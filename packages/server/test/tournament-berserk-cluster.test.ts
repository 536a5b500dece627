import type { ServerMessage } from '@qiyuan/protocol';
import { afterEach, expect, it } from 'vitest';
import { ClusterHarness } from './cluster-harness.js';
import { Bot, stopServer } from './helpers.js';
import { describeWith, needs } from './services.js';
import {
  createTournament,
  endGame,
  expectAck,
  idOf,
  playing,
  registered,
  settled,
  until,
} from './tournament-harness.js';

/**
 * Berserk across server processes (PostgreSQL and Redis): the two players and a watcher are on three processes, so a
 * berserk reaches the game's owner forwarded and its change reaches the others as game news; when the owner is
 * killed, the process that takes the game over has the berserks from the store.
 */

let cluster: ClusterHarness | undefined;
const bots: Bot[] = [];
afterEach(async () => {
  for (const b of bots.splice(0)) b.close();
  await cluster?.close();
  cluster = undefined;
});

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;
const isFrame = (gameId: string) => (m: ServerMessage) =>
  (m.type === 'game.sync' || m.type === 'game.update') && m.gameId === gameId;

describeWith([needs.postgres, needs.redis], 'berserk across processes', () => {
  it('each player berserks from their own process; everyone sees both; a takeover keeps them', async () => {
    cluster = new ClusterHarness(2000);
    const [a, b, c] = await cluster.start(3);
    const first = [await registered(a!.url), await registered(a!.url)];
    bots.push(...first);
    const on = (bot: Bot, url: string) => Bot.connect(url, bot.cookie);
    const players = [first[0]!, await on(first[1]!, b!.url)];
    bots.push(players[1]!);
    const tid = await createTournament(players[0]!, {
      game: 'hive',
      clock: { kind: 'fischer', initialMs: 180_000, incrementMs: 2000 },
      format: { system: 'arena', durationMs: 30 * 60_000 },
    });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const pairing = playing(await until(c!.url, tid, (t) => settled(t), 'the game'))[0]!;
    const gameId = pairing.gameId!;
    const watcher = await on(first[0]!, c!.url);
    bots.push(watcher);
    watcher.send({ type: 'game.watch', gameId });
    const synced = (await watcher.next(isFrame(gameId), 20_000)) as Frame;
    const bySeat = pairing.players.map((id) => players.find((p) => idOf(p) === id)!);
    let seq = synced.seq;
    for (const bot of bySeat) {
      const r = await bot.request({ type: 'game.berserk', gameId, seq });
      expect(r, JSON.stringify(r)).toMatchObject({ type: 'ack' });
      seq = (r as { seq: number }).seq;
    }
    const both = (await watcher.next((m) => isFrame(gameId)(m) && (m as Frame).seq >= seq, 20_000)) as Frame;
    expect(both.clock.berserk).toEqual([0, 1]);
    expect(both.clock.remainingMs).toEqual([90_000, 90_000]);
    // the process that owns the game (it paired it: the first) dies; the game is taken over with its berserks
    await stopServer(a!, 'SIGKILL');
    const white = await on(bySeat[0]!, b!.url);
    const black = bySeat[1] === players[1] ? players[1]! : await on(bySeat[1]!, c!.url);
    bots.push(white, black);
    await endGame(
      new Map([
        [idOf(white), white],
        [idOf(black), black],
      ]),
      pairing,
      'white',
    );
    const after = await on(first[1]!, c!.url);
    bots.push(after);
    after.send({ type: 'game.watch', gameId });
    const ended = (await after.next(isFrame(gameId), 20_000)) as Frame;
    expect(ended.clock.berserk).toEqual([0, 1]);
    expect(ended.outcome?.results).toEqual(['win', 'loss']);
    // a win with no move played earns no berserk point: 2
    const done = await until(c!.url, tid, (t) => t.standings.some((s) => s.wins === 1), 'the result', 90_000);
    expect(done.standings.find((s) => s.user.id === idOf(white))!.points).toBe(2);
  }, 240_000);
});
