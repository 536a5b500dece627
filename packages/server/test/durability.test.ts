import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, unwrap } from '@qiyuan/core';
import type { ServerMessage } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { Bot, createSeek, ENGINES, freshSchema, spawnServer, stopServer, tempDir } from './helpers.js';

/**
 * Durability: a move is acknowledged only after it is committed. Several games
 * are played against a server in its own process, which is SIGKILLed while
 * moves are in flight; a new process on the same database must hold every
 * acknowledged move and every clock as the last acknowledged frame showed it.
 */

type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

describe.each(ENGINES)('SIGKILL mid-games on %s', (backend) => {
  it('keeps every acknowledged move and clock', async () => {
    const env: Record<string, string> =
      backend === 'postgres'
        ? { DATABASE_URL: process.env.QIYUAN_TEST_DATABASE_URL!, QIYUAN_PG_SCHEMA: freshSchema() }
        : { QIYUAN_DATA_DIR: tempDir(), DATABASE_URL: '' };
    let { child, url } = await spawnServer(env);
    const GAMES = 4;
    const games: { id: string; bots: Bot[]; acked: number; lastFrame?: Frame; notations: string[]; mirror: Game }[] =
      [];
    try {
      for (let g = 0; g < GAMES; g++) {
        const a = await Bot.guest(url);
        const b = await Bot.guest(url);
        const created = await createSeek(a, {
          game: 'chinese-checkers',
          options: { players: 2 },
          clock: { kind: 'fischer', initialMs: 600_000, incrementMs: 5000 },
          rated: false,
          seats: [{ kind: 'me' }, { kind: 'open' }],
          private: false,
        });
        await b.request({ type: 'seek.join', seekId: created.seek.id });
        for (const bot of [a, b]) {
          bot.send({ type: 'game.watch', gameId: created.seek.id });
          await bot.next((m) => m.type === 'game.sync');
        }
        const mirror = chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 })));
        if (!mirror.ok) throw new Error('engine');
        games.push({ id: created.seek.id, bots: [a, b], acked: 1, notations: [], mirror: mirror.value });
      }
      // A local copy of each game (perfect information) picks the moves; the server decides.
      const play = async (game: (typeof games)[number], rounds: number, waitAck: boolean) => {
        for (let r = 0; r < rounds; r++) {
          const turn = game.mirror.turn();
          const seat = turn.kind === 'seat' ? turn.seat : 0;
          const legal = game.mirror.legalMoves(seat);
          const chosen = legal[(r * 7) % legal.length];
          const move = game.mirror.moveToString(chosen);
          const bot = game.bots[seat]!;
          if (!waitAck) {
            bot.send({ type: 'game.move', gameId: game.id, seq: game.acked, move, id: 'in-flight' });
            return;
          }
          const ack = await bot.request({ type: 'game.move', gameId: game.id, seq: game.acked, move });
          expect(ack.type, JSON.stringify(ack)).toBe('ack');
          if (ack.type !== 'ack') return;
          game.mirror.play(chosen, seat);
          game.acked = ack.seq!;
          game.notations.push(move);
          game.lastFrame = (await game.bots[0]!.next(
            (m) => m.type === 'game.update' && m.gameId === game.id && m.seq === ack.seq,
          )) as Frame;
        }
      };
      await Promise.all(games.map((g) => play(g, 6, true)));
      // moves in flight in every game, then the kill
      // (half the games have a move in flight; the others must come back exactly as acknowledged)
      for (const g of games.filter((_, i) => i % 2 === 0)) await play(g, 1, false);
      await stopServer({ child, url }, 'SIGKILL');
      for (const g of games) for (const bot of g.bots) bot.close();

      ({ child, url } = await spawnServer(env));
      for (const g of games) {
        const watcher = await Bot.connect(url);
        watcher.send({ type: 'game.watch', gameId: g.id });
        const sync = (await watcher.next((m) => m.type === 'game.sync')) as Extract<
          ServerMessage,
          { type: 'game.sync' }
        >;
        // every acknowledged move is there, in order
        expect(sync.seq).toBeGreaterThanOrEqual(g.acked);
        expect(sync.records.slice(0, g.notations.length).map((r) => r.notation)).toEqual(g.notations);
        // the clock of the seat not to move is exactly as acknowledged (in-flight move aside)
        const last = g.lastFrame!;
        const inFlight = games.indexOf(g) % 2 === 0;
        if (!inFlight) expect(sync.seq).toBe(g.acked);
        if (sync.seq === g.acked) {
          const waiting = last.turn.kind === 'seat' ? 1 - last.turn.seat : 0;
          expect(sync.clock.remainingMs[waiting]).toBe(last.clock.remainingMs[waiting]);
          const running = 1 - waiting;
          expect(sync.clock.remainingMs[running]!).toBeLessThanOrEqual(last.clock.remainingMs[running]!);
          expect(sync.clock.remainingMs[running]!).toBeGreaterThan(last.clock.remainingMs[running]! - 30_000);
        }
        watcher.close();
      }
    } finally {
      await stopServer({ child, url }, 'SIGKILL');
    }
  }, 120_000);
});
