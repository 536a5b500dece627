import { readFileSync } from 'node:fs';
import { hivePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { BACKENDS, startTestServer } from './helpers.js';

/**
 * A player's puzzles in their profile (`GET /api/users/:name`), on both stores: the puzzle rating of each game with
 * rated attempts for everyone, the latest attempts (solved or not, newest first) for the player alone.
 */
const set = JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet;
const [solvedOne, failedOne] = set.puzzles.filter((p) => p.moves === 1);

/** The profile's answer, read field by field below. */
// biome-ignore lint/suspicious/noExplicitAny: the test reads the answer field by field
type Answer = Record<string, any>;

for (const backend of BACKENDS) {
  describe(`puzzles on the profile (${backend})`, () => {
    let server: ServerHandle;
    beforeAll(async () => {
      server = await startTestServer(backend);
    }, 60_000);
    afterAll(() => server?.close());

    it('shows the puzzle rating to all and the attempts to the player alone', async () => {
      const name = `profiler${process.pid % 1000}`;
      const reg = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: name, password: 'a long puzzle password' }),
      });
      expect(reg.status).toBe(200);
      const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        });
      const profile = async (withCookie: boolean): Promise<Answer> => {
        const res = await fetch(`${server.url}/api/users/${name}`, withCookie ? { headers: { cookie } } : {});
        return (await res.json()) as Answer;
      };

      expect((await profile(true)).puzzleRatings).toEqual([]);
      expect((await profile(true)).puzzleAttempts).toEqual([]);

      expect((await post(`/api/puzzles/${solvedOne!.id}/moves`, { moves: solvedOne!.solution })).status).toBe(200);
      expect((await post(`/api/puzzles/${failedOne!.id}/solution`, {})).status).toBe(200);

      const mine = await profile(true);
      expect(mine.puzzleRatings).toHaveLength(1);
      expect(mine.puzzleRatings[0]).toMatchObject({ game: 'hive', attempts: 2, provisional: true });
      expect(typeof mine.puzzleRatings[0].rating).toBe('number');
      expect(mine.puzzleAttempts).toHaveLength(2);
      const byId = new Map(mine.puzzleAttempts.map((a: { puzzleId: string }) => [a.puzzleId, a]));
      expect(byId.get(solvedOne!.id)).toMatchObject({ game: 'hive', solved: true, rated: true });
      expect(byId.get(failedOne!.id)).toMatchObject({ game: 'hive', solved: false, rated: true });
      // newest first
      expect(mine.puzzleAttempts[0].at).toBeGreaterThanOrEqual(mine.puzzleAttempts[1].at);

      const theirs = await profile(false);
      expect(theirs.puzzleRatings).toEqual(mine.puzzleRatings);
      expect(theirs.puzzleAttempts).toBeNull();
    });
  });
}
