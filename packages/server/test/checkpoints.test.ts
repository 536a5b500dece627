import { Rng, unwrap } from '@qiyuan/core';
import { type HiveGame, hive } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import { engineFor, engines } from '../src/games.js';
import { startServer } from '../src/index.js';
import { CHECKPOINT_MOVES, gameAt, gameOfRow, movesSince, type StoredPosition } from '../src/stored-game.js';
import { Bot, ENGINES, Match, startPairGame, testOptions } from './helpers.js';
import { rowOf, sql } from './sql.js';

/** Moves of a seeded random game that never ends it (the first legal move soon repeats a position thrice). */
const goingOn = (mirror: HiveGame, rng: Rng) => (moves: readonly unknown[]) => {
  const order = rng.shuffle([...moves]);
  const seat = (mirror.turn() as { seat: number }).seat;
  return (
    order.find((m) => {
      const copy = unwrap(hive.fromSnapshot(mirror.snapshot()));
      unwrap(copy.play(m as never, seat));
      return copy.outcome() === undefined;
    }) ?? order[0]
  );
};

/**
 * A game's row holds a checkpoint and the moves since (stored-game.ts): a move that leaves the game going is stored
 * as itself, and the whole game only every CHECKPOINT_MOVES moves and with every other change. Whatever the row holds,
 * the game read from it is the game played, and a server started again on the store plays on from there.
 */
describe.each(ENGINES)('checkpoints of a game on %s', (backend) => {
  it('stores the moves since the last checkpoint, reads the game back whole, and plays on after a restart', async () => {
    const options = testOptions(backend);
    let server = await startServer(options);
    let bots = [await Bot.guest(server.url), await Bot.guest(server.url)];
    try {
      const gameId = await startPairGame(bots[0]!, bots[1]!, 'hive', {});
      const mirror = unwrap(hive.create(unwrap(hive.parseOptions({}))));
      const pick = goingOn(mirror, Rng.fromSeed(7));
      const match = new Match(gameId, mirror, bots);
      const plies = CHECKPOINT_MOVES + 8;
      for (let i = 0; i < plies; i++) await match.play(10_000, undefined, pick);
      expect(match.mirror.outcome()).toBeUndefined();
      const stored = await rowOf(
        server.store,
        sql<StoredPosition & { seq: number }>`SELECT seq, snapshot, moves_since FROM games WHERE id = ${gameId}`,
      );
      expect(Number(stored?.seq)).toBe(match.seq);
      // the start was a checkpoint, then the 32nd move: the eight moves after it are the lines since
      expect(movesSince(stored!)).toHaveLength(8);
      expect(movesSince(stored!).every((d) => (d as { actions: { kind: string }[] }).actions[0]!.kind === 'move')).toBe(
        true,
      );
      const def = engineFor('hive')!;
      expect(unwrap(gameOfRow(def, { snapshot: stored!.snapshot })).ply).toBe(CHECKPOINT_MOVES);
      expect(JSON.stringify(unwrap(gameOfRow(def, stored!)).snapshot())).toBe(JSON.stringify(match.mirror.snapshot()));
      // the game in the room is the same, and so is the one the history's page reads from the row
      const room = server.hub.rooms.get(gameId)!;
      expect(JSON.stringify(room.game.snapshot())).toBe(JSON.stringify(match.mirror.snapshot()));
      const page = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { records: unknown[] };
      expect(page.records).toHaveLength(plies);

      // a new process on the same store restores the game from the checkpoint and the moves since
      for (const bot of bots) bot.close();
      await server.close();
      server = await startServer({ ...options, port: 0 });
      bots = await Promise.all(bots.map((b) => Bot.connect(server.url, b.cookie)));
      const restored = server.hub.rooms.get(gameId);
      expect(restored && JSON.stringify(restored.game.snapshot())).toBe(JSON.stringify(match.mirror.snapshot()));
      const onward = new Match(gameId, match.mirror, bots);
      onward.seq = match.seq;
      for (let i = 0; i < CHECKPOINT_MOVES; i++) await onward.play(10_000, undefined, pick);
      const after = await rowOf(
        server.store,
        sql<StoredPosition>`SELECT snapshot, moves_since FROM games WHERE id = ${gameId}`,
      );
      // 8 + 32 moves since the checkpoint at 32: a new one at 64, and 8 since
      expect(movesSince(after!)).toHaveLength(8);
      expect(JSON.stringify(unwrap(gameOfRow(def, after!)).snapshot())).toBe(JSON.stringify(match.mirror.snapshot()));

      // the end is a checkpoint with nothing since
      expect((await bots[0]!.request({ type: 'game.resign', gameId, seq: onward.seq })).type).toBe('ack');
      const ended = await rowOf(
        server.store,
        sql<StoredPosition & { status: string }>`SELECT status, snapshot, moves_since FROM games WHERE id = ${gameId}`,
      );
      expect(ended).toMatchObject({ status: 'finished', moves_since: '' });
    } finally {
      for (const bot of bots) bot.close();
      await server.close();
    }
  }, 120_000);

  it('a row whose moves since do not replay is refused with the reason, never half read', () => {
    const def = engineFor('hive')!;
    const game = unwrap(hive.create(unwrap(hive.parseOptions({}))));
    const snapshot = JSON.stringify(game.snapshot());
    const line = (move: string) => `${JSON.stringify({ actions: [{ kind: 'move', seat: 0, move }] })}\n`;
    expect(unwrap(gameOfRow(def, { snapshot, moves_since: line('wS1') })).ply).toBe(1);
    expect(gameOfRow(def, { snapshot, moves_since: line('wS1') + line('wQ') })).toMatchObject({
      ok: false,
      error: { code: 'bad-replay' },
    });
    expect(gameOfRow(def, { snapshot: null })).toMatchObject({ ok: false, error: { code: 'no-snapshot' } });
  });
});

describe('the moves since a checkpoint', () => {
  it.each(Object.keys(engines))(
    '%s: each move, written as the room writes it before playing it, replays to the same game',
    (id) => {
      const def = engines[id as keyof typeof engines];
      const rng = Rng.fromSeed(5);
      for (let g = 0; g < 8; g++) {
        const game = unwrap(def.create(unwrap(def.parseOptions({}))));
        for (let i = 0; i < 120 && !game.outcome(); i++) {
          const turn = game.turn();
          const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'simultaneous' ? turn.seats[0]! : 0;
          const moves = [...game.legalMoves(seat)];
          const move = moves[rng.int(0, moves.length - 1)];
          const data = { actions: [{ kind: 'move', seat, move: game.moveToString(move) }] };
          const before = JSON.stringify(game.snapshot());
          unwrap(game.play(move, seat));
          expect(JSON.stringify(unwrap(gameAt(def, before, [data])).snapshot())).toBe(JSON.stringify(game.snapshot()));
        }
      }
    },
    60_000,
  );
});
