import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, unwrap } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClusterHarness, sleep } from './cluster-harness.js';
import { Bot, type ChildServer, createSeek, stopServer } from './helpers.js';
import { describeWith, needs } from './services.js';

/**
 * Several server processes on one PostgreSQL and one Redis: games between
 * clients of different processes, spectators on a third, the lobby across
 * processes, and the owner of live games SIGKILLed mid-play, with moves in
 * flight. The file's three processes stay up throughout; the test that kills
 * an owner starts a process of its own to kill, so the tests run in any order.
 */

const LEASE_MS = 1500;

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

interface Match {
  id: string;
  bots: Bot[];
  mirror: Game;
  seq: number;
  notations: string[];
}

/** When a request was sent and its answer received (Date.now on this machine, the servers' clock too). */
interface Timing {
  sent: number;
  acked: number;
}

/** Plays one move of the seat to move, retrying while the game changes hands; when the accepted try was sent and answered. */
const step = async (m: Match, r: number, deadlineMs = 15_000): Promise<Timing> => {
  const turn = m.mirror.turn();
  const seat = turn.kind === 'seat' ? turn.seat : 0;
  const legal = m.mirror.legalMoves(seat);
  const chosen = legal[(r * 5 + 3) % legal.length];
  const move = m.mirror.moveToString(chosen);
  const until = Date.now() + deadlineMs;
  for (;;) {
    const sent = Date.now();
    const ack = await m.bots[seat]!.request({ type: 'game.move', gameId: m.id, seq: m.seq, move });
    if (ack.type === 'ack') {
      m.mirror.play(chosen, seat);
      m.notations.push(move);
      m.seq = ack.seq!;
      return { sent, acked: Date.now() };
    }
    // while the owner is gone the move is refused, never half-applied
    expect(ack).toMatchObject({ type: 'error', code: 'unavailable' });
    if (Date.now() > until) throw new Error(`no owner took game ${m.id} over`);
    await sleep(200);
  }
};

describeWith([needs.postgres, needs.redis], 'three server processes on PostgreSQL and Redis', () => {
  const cluster = new ClusterHarness(LEASE_MS);
  let procs: ChildServer[] = [];

  beforeAll(async () => {
    procs = [...(await cluster.start(3))];
  });
  afterAll(() => cluster.close());

  const newMatch = async (
    creatorProc: ChildServer,
    joinerProc: ChildServer,
    clock: unknown = { kind: 'none' },
  ): Promise<Match> => {
    const a = await Bot.guest(creatorProc.url);
    const b = await Bot.guest(joinerProc.url);
    b.send({ type: 'lobby.subscribe' });
    await b.next((m) => m.type === 'lobby');
    const created = await createSeek(a, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock,
      rated: false,
      seats: [{ kind: 'me' }, { kind: 'open' }],
      private: false,
    });
    const id = created.seek.id;
    // the seek made on one process reaches the lobby of another
    await b.next((m) => m.type === 'seek.added' && m.seek.id === id);
    // the creator's session on another process cannot take the open seat: refused by the owner
    if (joinerProc !== creatorProc) {
      const creatorElsewhere = await Bot.connect(joinerProc.url, a.cookie);
      expect(await creatorElsewhere.request({ type: 'seek.join', seekId: id })).toMatchObject({
        type: 'error',
        code: 'not-allowed',
      });
      creatorElsewhere.close();
    }
    // the join is forwarded to the owner; the start reaches the creator on its own process
    expect(await b.request({ type: 'seek.join', seekId: id })).toMatchObject({ type: 'ack' });
    await a.next((m) => m.type === 'game.started' && m.gameId === id);
    for (const bot of [a, b]) {
      bot.send({ type: 'game.watch', gameId: id });
      await bot.next((m) => m.type === 'game.sync' && m.gameId === id);
    }
    return {
      id,
      bots: [a, b],
      mirror: unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 })))),
      seq: 1,
      notations: [],
    };
  };

  it('plays a game between clients of two processes; a spectator on the third sees every move', async () => {
    const m = await newMatch(procs[0]!, procs[1]!);
    const spectator = await Bot.connect(procs[2]!.url);
    spectator.send({ type: 'game.watch', gameId: m.id });
    await spectator.next((x) => x.type === 'game.sync');
    // every process's players are told who watches from any process: the owner's and a replica's
    const viewerId = spectator.user?.id;
    for (const bot of m.bots) {
      const told = await bot.next((x) => x.type === 'game.spectators' && x.count === 1);
      expect(told.type === 'game.spectators' && told.users.map((u) => u.id)).toEqual([viewerId]);
    }
    // and which seats have a player connected, wherever each player's process is
    await spectator.next((x) => x.type === 'game.spectators' && JSON.stringify(x.present) === '[0,1]');
    for (let r = 0; r < 12; r++) await step(m, r);
    const last = await spectator.next((x) => x.type === 'game.update' && x.seq === m.seq);
    const seen = spectator.frames
      .filter((x): x is Frame => x.type === 'game.update' || x.type === 'game.sync')
      .flatMap((x) => x.records.map((rec) => rec.notation));
    expect(seen).toEqual(m.notations);
    expect(last.type === 'game.update' && last.ply).toBe(12);
    // presence counts the people of every process: two players and one anonymous spectator, each once (the
    // creator's second session, closed, drops out with the next report of its process)
    const online = async () =>
      ((await (await fetch(`${procs[2]!.url}/api/presence`)).json()) as { online: number }).online;
    await expect.poll(online, { timeout: 10_000, interval: 250 }).toBe(3);
    // chat crosses processes too
    await m.bots[0]!.request({ type: 'game.chat', gameId: m.id, text: 'gg' });
    await spectator.next((x) => x.type === 'game.chat' && x.text === 'gg');
    for (const b of [...m.bots, spectator]) b.close();
  }, 60_000);

  it('keeps hidden information hidden across processes: replicas build each seat its own frames', async () => {
    // 暗棋 mirrored here from the seed the server drew (read from the database); each seat deploys its own army
    const options = { players: 2, mode: 'hidden' };
    const a = await Bot.guest(procs[0]!.url);
    const b = await Bot.guest(procs[1]!.url);
    const spectator = await Bot.connect(procs[2]!.url);
    const created = await createSeek(a, {
      game: 'junqi',
      options,
      clock: { kind: 'none' },
      rated: false,
      seats: [{ kind: 'me' }, { kind: 'open' }],
      private: true,
    });
    const id = created.seek.id;
    expect(await b.request({ type: 'seek.join', seekId: id })).toMatchObject({ type: 'ack' });
    for (const bot of [a, b, spectator]) {
      bot.send({ type: 'game.watch', gameId: id });
      await bot.next((m) => m.type === 'game.sync' && m.gameId === id);
    }
    const mirror = unwrap(junqi.create(unwrap(junqi.parseOptions(await cluster.options(id)))));
    let seq = 1;
    for (let r = 0; r < 40 && !mirror.outcome(); r++) {
      const turn = mirror.turn();
      const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'simultaneous' ? turn.seats[0]! : 0;
      const legal = mirror.legalMoves(seat);
      const mv = legal[(r * 11 + 1) % legal.length]!;
      const ack = await [a, b][seat]!.request({ type: 'game.move', gameId: id, seq, move: mirror.moveToString(mv) });
      expect(ack.type, JSON.stringify(ack)).toBe('ack');
      mirror.play(mv, seat);
      seq = (ack as { seq: number }).seq;
    }
    await spectator.next((m) => m.type === 'game.update' && m.seq === seq);
    await b.next((m) => m.type === 'game.update' && m.seq === seq);
    let own = 0;
    for (const [bot, seat] of [
      [b, 1],
      [spectator, undefined],
    ] as const) {
      for (const f of bot.frames) {
        if (f.type !== 'game.sync' && f.type !== 'game.update') continue;
        const view = f.view as { armyOfSeat?: number[]; pieces?: { army: number | null; rank: string | null }[] };
        const mine = seat === undefined ? undefined : view.armyOfSeat?.[seat];
        for (const p of view.pieces ?? []) {
          if (p.rank === null || p.rank === 'F') continue;
          expect(p.army, `a rank reached ${seat ?? 'the spectator'} on another process`).toBe(mine);
          own++;
        }
      }
    }
    expect(own).toBeGreaterThan(0);
    for (const x of [a, b, spectator]) x.close();
  }, 60_000);

  it('the lobby across processes: seats taken and left, a seek cancelled and one joined from other processes', async () => {
    const [p0, p1, p2] = procs as [ChildServer, ChildServer, ChildServer];
    const creator = await Bot.guest(p0.url);
    const lobbies = [await Bot.connect(p1.url), await Bot.connect(p2.url)];
    for (const l of lobbies) {
      l.send({ type: 'lobby.subscribe' });
      await l.next((m) => m.type === 'lobby');
    }
    /** Waits until every lobby got a message after `from` (frame counts per lobby) matching `pred`. */
    const everyLobby = (from: number[], pred: (m: ServerMessage) => boolean) =>
      Promise.all(lobbies.map((l, i) => l.next(pred, 10_000, from[i])));
    const mark = () => lobbies.map((l) => l.frames.length);
    const seatsOf = (m: ServerMessage, id: string) =>
      m.type === 'seek.added' && m.seek.id === id
        ? m.seek.seats.map((h) => (h.kind === 'user' ? h.user.id : h.kind))
        : [];

    let from = mark();
    const created = await createSeek(creator, {
      game: 'chinese-checkers',
      options: { players: 3 },
      seats: [{ kind: 'me' }, { kind: 'open' }, { kind: 'open' }],
    });
    const id = created.seek.id;
    await everyLobby(from, (m) => m.type === 'seek.added' && m.seek.id === id);
    // a player on another process takes a seat (forwarded to the owner), then leaves it: every lobby follows
    const joiner = await Bot.guest(p1.url);
    from = mark();
    expect(await joiner.request({ type: 'seek.join', seekId: id })).toMatchObject({ type: 'ack' });
    await everyLobby(from, (m) => seatsOf(m, id).join() === [creator.user!.id, joiner.user!.id, 'open'].join());
    from = mark();
    expect(await joiner.request({ type: 'seek.cancel', seekId: id })).toMatchObject({ type: 'ack' });
    await everyLobby(from, (m) => seatsOf(m, id).join() === [creator.user!.id, 'open', 'open'].join());
    // the creator cancels from a session on a third process: removed from every lobby, and from a new lobby's list
    const creatorElsewhere = await Bot.connect(p2.url, creator.cookie);
    from = mark();
    expect(await creatorElsewhere.request({ type: 'seek.cancel', seekId: id })).toMatchObject({ type: 'ack' });
    await everyLobby(from, (m) => m.type === 'seek.removed' && m.seekId === id && m.gameId === undefined);
    expect((await cluster.row(id)).status).toBe('aborted');
    const newcomer = await Bot.connect(p1.url);
    newcomer.send({ type: 'lobby.subscribe' });
    const list = await newcomer.next((m) => m.type === 'lobby');
    expect(list.type === 'lobby' && list.seeks.map((k) => k.id)).not.toContain(id);
    // a two-seat seek joined from another process: removed from every lobby with its game, started for both players
    from = mark();
    const duel = (
      await createSeek(creator, {
        game: 'chinese-checkers',
        options: { players: 2 },
        seats: [{ kind: 'me' }, { kind: 'open' }],
      })
    ).seek.id;
    await everyLobby(from, (m) => m.type === 'seek.added' && m.seek.id === duel);
    const second = await Bot.guest(p2.url);
    from = mark();
    expect(await second.request({ type: 'seek.join', seekId: duel })).toMatchObject({ type: 'ack' });
    await everyLobby(from, (m) => m.type === 'seek.removed' && m.seekId === duel && m.gameId === duel);
    await creator.next((m) => m.type === 'game.started' && m.gameId === duel);
    await second.next((m) => m.type === 'game.started' && m.gameId === duel);
    expect((await cluster.row(duel)).status).toBe('playing');
    for (const b of [creator, creatorElsewhere, joiner, second, newcomer, ...lobbies]) b.close();
  }, 60_000);

  it('survives a SIGKILL of the owner with moves in flight: every acknowledged move kept, none applied twice, clocks charged to the seat to move', async () => {
    const [, p1, p2] = procs as [ChildServer, ChildServer, ChildServer];
    // the owner to kill is this test's own process, beside the file's three
    const dying = (await cluster.start(1)).at(-1)!;
    expect(procs).not.toContain(dying);
    const clock = { kind: 'fischer', initialMs: 600_000, incrementMs: 0 };
    // four games owned by the process that dies, played by clients of the other two
    const matches = [
      await newMatch(dying, p1, clock),
      await newMatch(dying, p2, clock),
      await newMatch(dying, p1, clock),
      await newMatch(dying, p2, clock),
    ];
    const [calm1, calm2, onDying, forwarded] = matches as [Match, Match, Match, Match];
    // the first two games stop with every move acknowledged, the first seat (on the dying process) to move
    const lastBefore = new Map<Match, Timing>();
    for (const m of matches) for (let r = 0; r < 4; r++) lastBefore.set(m, await step(m, r));
    // in the fourth the second seat is to move, from a process that forwards its move to the owner
    await step(forwarded, 4);
    const frameAt = (bot: Bot, m: Match, seq: number) =>
      bot.next(
        (x) => (x.type === 'game.update' || x.type === 'game.sync') && x.gameId === m.id && x.seq === seq,
      ) as Promise<Frame>;
    const before = new Map<Match, Frame['clock']>();
    for (const m of [calm1, calm2]) before.set(m, (await frameAt(m.bots[1]!, m, m.seq)).clock);

    // moves in flight when the owner dies: one sent straight to it, one forwarded to it
    const inFlight = [onDying, forwarded].map((m) => {
      const turn = m.mirror.turn();
      const seat = turn.kind === 'seat' ? turn.seat : 0;
      const chosen = m.mirror.legalMoves(seat)[0];
      const msg = { type: 'game.move', gameId: m.id, seq: m.seq, move: m.mirror.moveToString(chosen) };
      const bot = m.bots[seat]!;
      // its answer, or nothing if the socket closes with the process
      const answer = new Promise<ServerMessage | undefined>((resolve) => {
        bot.request(msg, 30_000).then(resolve, () => resolve(undefined));
        bot.ws.once('close', () => resolve(undefined));
      });
      return { m, seat, chosen, msg, answer };
    });
    expect(inFlight.map((f) => f.seat)).toEqual([0, 1]);
    const killedAt = Date.now();
    await stopServer(dying, 'SIGKILL');
    // players whose socket was on the dead process reconnect to a live one with the same cookie
    for (const m of matches) {
      const cookie = m.bots[0]!.cookie!;
      m.bots[0]!.close();
      m.bots[0] = await Bot.connect(p1.url, cookie);
    }

    // A move in flight may be lost only if it was never acknowledged. The player sends it again with the same seq
    // until a live owner answers: an ack means it had not been applied (and now is, once); stale-seq means the
    // dead owner committed it, and its seq says so.
    for (const f of inFlight) {
      const first = await f.answer;
      const bot = f.m.bots[f.seat]!;
      for (;;) {
        const again = await bot.request(f.msg, 20_000);
        if (again.type === 'ack') {
          expect(first?.type, 'an acknowledged move was lost').not.toBe('ack');
          expect(again.seq).toBe(f.m.seq + 1);
          break;
        }
        if (again.type === 'error' && again.code === 'stale-seq') {
          expect(again.seq).toBe(f.m.seq + 1);
          break;
        }
        expect(again).toMatchObject({ type: 'error', code: 'unavailable' });
        expect(Date.now() - killedAt).toBeLessThan(30_000);
        await sleep(200);
      }
      f.m.mirror.play(f.chosen, f.seat);
      f.m.notations.push(f.msg.move);
      f.m.seq += 1;
    }

    // The calm games go on; the clock of the seat that was to move ran all along, the owner's death included: it is
    // charged exactly from its turn's start to its move, which spans the time from the last acknowledgement before
    // the kill to this move's acknowledgement, while the other seat's time did not move.
    for (const m of [calm1, calm2]) {
      const t4 = lastBefore.get(m)!;
      const t5 = await step(m, 4, 30_000);
      expect(t5.acked - killedAt, 'the game continued within a few seconds of the lease timeout').toBeLessThan(
        LEASE_MS + 10_000,
      );
      const b = before.get(m)!;
      const a = (await frameAt(m.bots[1]!, m, m.seq)).clock;
      expect([b.running, a.running]).toEqual([[0], [1]]);
      const bankBefore = b.remainingMs[0]! + (b.serverTime - b.since!);
      const charged = bankBefore - a.remainingMs[0]!;
      expect(charged).toBe(a.since! - b.since!);
      expect(charged).toBeGreaterThanOrEqual(t5.sent - t4.acked - 5);
      expect(charged).toBeLessThanOrEqual(t5.acked - t4.sent + 5);
      expect(charged).toBeGreaterThan(t5.sent - killedAt);
      expect(a.remainingMs[1]! + (a.serverTime - a.since!)).toBe(b.remainingMs[1]);
    }
    for (const m of matches) for (let r = 5; r < 9; r++) await step(m, r, 30_000);
    // every acknowledged move is stored once, in order, and a fresh watcher sees exactly those
    for (const m of matches) {
      await cluster.expectStoredOnce({ gameId: m.id, seq: m.seq, notations: m.notations }, p2);
      for (const b of m.bots) b.close();
    }
  }, 120_000);
});
