import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClusterHarness, sleep } from './cluster-harness.js';
import { Bot, createSeek, Match } from './helpers.js';
import { describeWith, needs } from './services.js';

/**
 * A gone player in a game served by several processes: the moment the player left is the owner's, stored, so a
 * process taking the game over after the owner died keeps counting from it; a claim sent to a process that does not
 * own the game is carried out by the owner.
 */

type Spectators = Extract<ServerMessage, { type: 'game.spectators' }>;

const BULLET = { kind: 'fischer', initialMs: 60_000, incrementMs: 0 };
/** Every process's wait for a gone player (QIYUAN_ABSENCE_MS) instead of bullet's 15 s: longer than a takeover. */
const ABSENCE_MS = 8000;

/** The first spectators message after `from` that lists `seat` as gone: its deadline on this machine's clock. */
const goneDeadline = async (bot: Bot, gameId: string, seat: number, from = 0): Promise<number> => {
  const m = (await bot.next(
    (x) => x.type === 'game.spectators' && x.gameId === gameId && (x.gone ?? []).some((g) => g.seat === seat),
    20_000,
    from,
  )) as Spectators;
  return Date.now() + m.gone!.find((g) => g.seat === seat)!.claimInMs;
};

describeWith([needs.postgres, needs.redis], 'a gone player across server processes', () => {
  const cluster = new ClusterHarness(1500);
  const before = process.env.QIYUAN_ABSENCE_MS;
  beforeAll(async () => {
    // the processes are children of this one and take its environment
    process.env.QIYUAN_ABSENCE_MS = String(ABSENCE_MS);
    await cluster.start(3);
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.QIYUAN_ABSENCE_MS;
    else process.env.QIYUAN_ABSENCE_MS = before;
    await cluster.close();
  });

  it('keeps the moment a player left across a takeover, and the claim is forwarded to the new owner', async () => {
    const [p0, p1] = cluster.procs as [(typeof cluster.procs)[0], (typeof cluster.procs)[0]];
    const red = await Bot.guest(p0.url);
    const green = await Bot.guest(p1.url);
    const created = await createSeek(red, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock: BULLET,
      seats: [{ kind: 'me' }, { kind: 'open' }],
    });
    const gameId = created.seek.id;
    expect(await green.request({ type: 'seek.join', seekId: gameId })).toMatchObject({ type: 'ack' });
    for (const b of [red, green]) b.send({ type: 'game.watch', gameId });
    const mirror = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 }))));
    const match = new Match(gameId, mirror, [red, green]);
    await match.play(20_000);
    await match.play(20_000);
    // Green, on the second process, leaves; the owner (the first) counts from now
    green.close();
    const deadline = await goneDeadline(red, gameId, 1);
    // the processes wait the setting, not bullet's 15 s (with slack for the message)
    expect(deadline - Date.now()).toBeGreaterThan(ABSENCE_MS - 3000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(ABSENCE_MS);
    const owner = (await cluster.lease(gameId))!.holder;
    // the owner dies; another process takes the game over
    p0.child.kill('SIGKILL');
    await cluster.takenFrom(gameId, owner);
    const back = await Bot.connect(p1.url, red.cookie);
    back.send({ type: 'game.watch', gameId });
    const after = await goneDeadline(back, gameId, 1);
    // still counted from Green's departure, not from the takeover (a second of slack for the messages)
    expect(after).toBeLessThan(deadline + 1000);
    await sleep(Math.max(deadline, after) - Date.now() + 500);
    const sync = (await back.next((m) => m.type === 'game.sync' && m.gameId === gameId)) as Extract<
      ServerMessage,
      { type: 'game.sync' }
    >;
    const answer = await back.request({ type: 'game.claim', gameId, seq: sync.seq, result: 'win' }, 20_000);
    expect(answer).toMatchObject({ type: 'ack' });
    await expect.poll(async () => (await cluster.row(gameId)).status, { timeout: 10_000 }).toBe('finished');
    back.close();
  }, 120_000);
});
