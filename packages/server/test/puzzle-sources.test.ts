import { readFileSync } from 'node:fs';
import { parseAbaloneGame } from '@qiyuan/abalone';
import { abalonePuzzleFile, hivePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedGames } from '../src/puzzle-sources.js';
import type { ServerHandle } from '../src/server.js';
import { BACKENDS, startTestServer } from './helpers.js';

/**
 * Stored games as the miner's source: a finished Hive game in the store comes out as its whole GameString, from
 * which the position before the winning move — a puzzle of the set — is found again; a game still played, and a row
 * that cannot be restored, do not come out as games.
 */
const set = JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet;
const puzzle = set.puzzles.find((p) => p.moves === 1)!;

const abalonePuzzle = (JSON.parse(readFileSync(abalonePuzzleFile, 'utf8')) as PuzzleSet).puzzles[0]!;

const insertGame = (server: ServerHandle, id: string, status: string, snapshot: string | null, game = 'hive') =>
  server.store.q
    .insertInto('games')
    .values({
      id,
      game,
      options: '{}',
      clock: '{}',
      speed: 'unlimited',
      rated: 0,
      private: 0,
      seats: '[]',
      creator: 'nobody',
      status,
      seq: 0,
      snapshot,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();

for (const backend of BACKENDS) {
  describe(`stored games for the puzzle miners (${backend})`, () => {
    let server: ServerHandle;
    beforeAll(async () => {
      server = await startTestServer(backend);
    }, 60_000);
    afterAll(() => server?.close());

    it('gives each finished game as a GameString that replays to its end', async () => {
      const game = unwrap(parseGameString(puzzle.position));
      unwrap(game.play(unwrap(game.parseMove(puzzle.solution[0]!))));
      expect(game.outcome()).toBeDefined();
      await insertGame(server, 'finished-1', 'finished', JSON.stringify(game.snapshot()));
      await insertGame(
        server,
        'playing-1',
        'playing',
        JSON.stringify(unwrap(parseGameString(puzzle.position)).snapshot()),
      );
      await insertGame(server, 'broken-1', 'finished', '{"nonsense":true}');

      const { games, skipped } = await storedGames(server.store, 'hive');
      expect(games).toEqual([game.positionToString()]);
      expect(skipped.map((s) => s.id)).toEqual(['broken-1']);
      // the miner walks the game from its start: one ply before the end is the puzzle's position
      const replayed = unwrap(parseGameString(games[0]!));
      expect(replayed.state()).toMatch(/Wins$/);
      const moves = replayed.moveStrings();
      const before = [
        ...games[0]!.split(';').slice(0, 1),
        'InProgress',
        puzzle.position.split(';')[2],
        ...moves.slice(0, -1),
      ];
      expect(before.join(';')).toBe(puzzle.position);
    });

    it('gives each finished Abalone game as its record, set-up position and moves, which replays to its end', async () => {
      const game = unwrap(parseAbaloneGame(abalonePuzzle.position));
      const start = game.positionToString();
      for (const m of abalonePuzzle.solution) unwrap(game.play(unwrap(game.parseMove(m))));
      await insertGame(server, 'abalone-1', 'finished', JSON.stringify(game.snapshot()), 'abalone');
      await insertGame(server, 'abalone-broken', 'finished', '{"nonsense":true}', 'abalone');
      const { games, skipped } = await storedGames(server.store, 'abalone');
      expect(skipped.map((s) => s.id)).toEqual(['abalone-broken']);
      expect(games).toHaveLength(1);
      const replayed = unwrap(parseAbaloneGame(games[0]!));
      expect(replayed.positionToString()).toBe(game.positionToString());
      expect(replayed.moves()).toEqual(abalonePuzzle.solution);
      // the miner walks it from its start: the puzzle's position
      for (const _ of abalonePuzzle.solution) unwrap(replayed.undo());
      expect(replayed.positionToString()).toBe(start);
    });
  });
}
