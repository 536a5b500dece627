import { readFileSync } from 'node:fs';
import { puzzleFiles } from '@qiyuan/ai/puzzle-games';
import { type HivePuzzle, hivePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyPuzzle, loadPuzzles, utcDay } from '../src/puzzles.js';
import { PuzzleRepository } from '../src/repos/puzzles.js';
import type { ServerHandle } from '../src/server.js';
import { BACKENDS, guestCookie, startTestServer } from './helpers.js';

/**
 * Puzzles on both stores (docs/PROTOCOL.md, "Puzzles"): loaded once, the daily puzzle the same all day, themes,
 * the moves judged one by one with the defender's reply, the solution kept until the attempt is over, and the first
 * attempt alone rated, as a Glicko-2 game between the player and the puzzle.
 */
const set = JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet;
const twoMover = set.puzzles.find((p) => p.moves === 2)!;
const oneMovers = set.puzzles.filter((p) => p.moves === 1);
/** Every committed set, by game. */
const sets = Object.values(puzzleFiles).map((f) => JSON.parse(readFileSync(f, 'utf8')) as PuzzleSet);

/** A legal move of the solver that is not the solution's first (a wrong answer). */
const wrongMove = (p: HivePuzzle): string => {
  const game = unwrap(parseGameString(p.position));
  const right = unwrap(game.parseMove(p.solution[0]!));
  return game.moveToString(game.legalMoves().find((m) => m !== right)!);
};

/** The answers of the puzzle routes, read field by field by the tests below (their shapes differ by route). */
// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own route's answer
type Answer = Record<string, any>;

let names = 0;
const account = async (url: string): Promise<string> => {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `solver${process.pid % 1000}${names++}`, password: 'a long puzzle password' }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
};

for (const backend of BACKENDS) {
  describe(`puzzles (${backend})`, () => {
    let server: ServerHandle;
    const get = async (path: string, cookie?: string) => {
      const res = await fetch(`${server.url}${path}`, cookie ? { headers: { cookie } } : {});
      return { status: res.status, body: (await res.json()) as Answer };
    };
    const post = async (path: string, body: unknown, cookie: string) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Answer };
    };

    beforeAll(async () => {
      server = await startTestServer(backend);
    }, 60_000);
    afterAll(() => server?.close());

    it('loads the committed set once: loading again adds nothing', async () => {
      const count = await server.store.q
        .selectFrom('puzzles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(sets.reduce((n, s) => n + s.puzzles.length, 0));
      expect(await loadPuzzles(new PuzzleRepository(server.store))).toBe(0);
    });

    it('serves a puzzle without its solution', async () => {
      const { status, body } = await get(`/api/puzzles/${twoMover.id}`);
      expect(status).toBe(200);
      expect(body.puzzle).toMatchObject({ id: twoMover.id, position: twoMover.position, moves: 2 });
      expect(JSON.stringify(body)).not.toContain('solution');
      expect((await get('/api/puzzles/no-such')).status).toBe(404);
      expect((await get('/api/puzzles/daily?game=junqi')).body.code).toBe('no-puzzles');
    });

    it('names the game in the path or (as the first routes did) in the query, Hive by default', async () => {
      const { body } = await get('/api/puzzles/games');
      expect(body.games).toEqual(
        sets.map((s) => ({ game: s.game, count: s.puzzles.length })).sort((a, b) => a.game.localeCompare(b.game)),
      );
      const byPath = await get('/api/puzzles/hive/daily');
      expect(byPath.body.puzzle.game).toBe('hive');
      expect(byPath.body.puzzle).toMatchObject({ kind: 'line', goal: 'win' });
      expect((await get('/api/puzzles/daily?game=hive')).body).toEqual(byPath.body);
      expect((await get('/api/puzzles/daily')).body).toEqual(byPath.body);
      expect((await get('/api/puzzles/hive/themes')).body).toEqual((await get('/api/puzzles/themes')).body);
      expect((await get('/api/puzzles/junqi/daily')).body.code).toBe('no-puzzles');
      const cookie = await guestCookie(server.url);
      expect((await get('/api/puzzles/hive/next?theme=beetle', cookie)).body.puzzle.themes).toContain('beetle');
    });

    it('picks the same daily puzzle all through a UTC day', async () => {
      const morning = Date.UTC(2026, 10, 26, 0, 0, 1);
      const night = Date.UTC(2026, 10, 26, 23, 59, 59);
      expect(utcDay(night)).toBe('2026-11-26');
      const a = await dailyPuzzle(new PuzzleRepository(server.store), 'hive', morning);
      expect((await dailyPuzzle(new PuzzleRepository(server.store), 'hive', night))!.id).toBe(a!.id);
      // over a month the days do not all fall on one puzzle
      const month = new Set<string>();
      for (let d = 1; d <= 30; d++)
        month.add((await dailyPuzzle(new PuzzleRepository(server.store), 'hive', Date.UTC(2026, 10, d)))!.id);
      expect(month.size).toBeGreaterThan(10);
      const { body } = await get('/api/puzzles/daily');
      expect(body.puzzle.id).toBe((await dailyPuzzle(new PuzzleRepository(server.store), 'hive', Date.now()))!.id);
    });

    it('lists themes and filters the next puzzle by one', async () => {
      const { body } = await get('/api/puzzles/themes');
      const themes = body.themes as { theme: string; count: number }[];
      expect(themes.find((t) => t.theme === 'mateIn2')?.count).toBe(set.puzzles.filter((p) => p.moves === 2).length);
      const cookie = await guestCookie(server.url);
      const beetle = await get('/api/puzzles/next?theme=beetle', cookie);
      expect(beetle.body.puzzle.themes).toContain('beetle');
      const one = await get('/api/puzzles/next?theme=mateIn1', cookie);
      expect(one.body.puzzle.moves).toBe(1);
      const other = await get(`/api/puzzles/next?theme=mateIn1&after=${one.body.puzzle.id}`, cookie);
      expect(other.body.puzzle.id).not.toBe(one.body.puzzle.id);
    });

    it('goes on to puzzles not shown yet when the player skips, then round the ones shown, the oldest first', async () => {
      // the smallest theme with a few puzzles, so that all of them are shown
      const counts = new Map<string, number>();
      for (const p of set.puzzles) for (const x of p.themes) counts.set(x, (counts.get(x) ?? 0) + 1);
      const [theme, count] = [...counts].filter(([, n]) => n >= 3).sort((a, b) => a[1] - b[1])[0]!;
      const cookie = await guestCookie(server.url);
      const shown: string[] = [];
      for (let i = 0; i < count; i++) {
        const { body } = await get(`/api/puzzles/hive/next?theme=${theme}&after=${shown.join(',')}`, cookie);
        expect(shown).not.toContain(body.puzzle.id);
        shown.unshift(body.puzzle.id);
      }
      // all shown: the one shown longest ago, then the next oldest (not back to the one before)
      const again = await get(`/api/puzzles/hive/next?theme=${theme}&after=${shown.join(',')}`, cookie);
      expect(again.body.puzzle.id).toBe(shown.at(-1));
      shown.unshift(shown.pop()!);
      const then = await get(`/api/puzzles/hive/next?theme=${theme}&after=${shown.join(',')}`, cookie);
      expect(then.body.puzzle.id).toBe(shown.at(-1));
    });

    it('judges a two-move puzzle move by move, the defender answering, and rates the first attempt only', async () => {
      const cookie = await account(server.url);
      expect((await get('/api/puzzles/rating', cookie)).body).toEqual({ rating: 1500, attempts: 0 });
      // before the attempt is over the solution is not given… unless the player gives up (a failed attempt)
      const first = await post(`/api/puzzles/${twoMover.id}/moves`, { moves: [twoMover.solution[0]] }, cookie);
      expect(first.body).toEqual({ status: 'continue', reply: twoMover.solution[1] });
      const done = await post(
        `/api/puzzles/${twoMover.id}/moves`,
        { moves: [twoMover.solution[0], twoMover.solution[2]] },
        cookie,
      );
      expect(done.body).toMatchObject({ status: 'solved', solution: twoMover.solution, rated: true });
      expect(done.body.rating.before).toBe(1500);
      expect(done.body.rating.after).toBeGreaterThan(1500);
      const after = await get('/api/puzzles/rating', cookie);
      expect(after.body).toEqual({ rating: done.body.rating.after, attempts: 1 });
      // solving it again changes nothing
      const again = await post(
        `/api/puzzles/${twoMover.id}/moves`,
        { moves: [twoMover.solution[0], twoMover.solution[2]] },
        cookie,
      );
      expect(again.body).toMatchObject({ status: 'solved', rated: false });
      expect((await get('/api/puzzles/rating', cookie)).body.rating).toBe(done.body.rating.after);
    });

    it('a wrong move fails the attempt and lowers the rating; the puzzle rises', async () => {
      const cookie = await account(server.url);
      const p = oneMovers[0]!;
      const before = (await get(`/api/puzzles/${p.id}`)).body.puzzle.rating as number;
      const failed = await post(`/api/puzzles/${p.id}/moves`, { moves: [wrongMove(p)] }, cookie);
      expect(failed.body).toMatchObject({ status: 'failed', index: 0, solution: p.solution, rated: true });
      expect(failed.body.rating.after).toBeLessThan(1500);
      expect(failed.body.puzzleRating).toBeGreaterThan(before);
      // the right move afterwards is judged right but not rated
      const later = await post(`/api/puzzles/${p.id}/moves`, { moves: [p.solution[0]] }, cookie);
      expect(later.body).toMatchObject({ status: 'solved', rated: false });
    });

    it('refuses illegal and malformed moves without ending the attempt, and gives up only on request', async () => {
      const cookie = await account(server.url);
      const p = oneMovers[1]!;
      expect((await post(`/api/puzzles/${p.id}/moves`, { moves: ['wQ nowhere'] }, cookie)).body.code).toBe('bad-move');
      expect((await post(`/api/puzzles/${p.id}/moves`, { moves: 'x' }, cookie)).status).toBe(400);
      expect((await get('/api/puzzles/rating', cookie)).body.attempts).toBe(0);
      const gaveUp = await post(`/api/puzzles/${p.id}/solution`, {}, cookie);
      expect(gaveUp.body).toMatchObject({ solution: p.solution, rated: true });
      expect(gaveUp.body.rating).toBeLessThan(1500);
      expect((await get('/api/puzzles/rating', cookie)).body.attempts).toBe(1);
    });

    it('attempts sent at the same moment all count, and the same puzzle twice at once counts once', async () => {
      const cookie = await account(server.url);
      const ps = oneMovers.slice(3, 8);
      const sent = [...ps, ps[0]!].map((p) => post(`/api/puzzles/${p.id}/moves`, { moves: [p.solution[0]] }, cookie));
      const answers = await Promise.all(sent);
      expect(answers.map((a) => a.body.status)).toEqual(Array(6).fill('solved'));
      expect(answers.filter((a) => a.body.rated).length).toBe(5);
      const { body } = await get('/api/puzzles/rating', cookie);
      expect(body.attempts).toBe(5);
      // each rated answer started from the rating the one before left: the last one's is the player's rating
      const afters = answers.filter((a) => a.body.rated).map((a) => a.body.rating.after as number);
      expect(Math.max(...afters)).toBe(body.rating);
    });

    it('guests play unrated', async () => {
      const cookie = await guestCookie(server.url);
      const p = oneMovers[2]!;
      const solved = await post(`/api/puzzles/${p.id}/moves`, { moves: [p.solution[0]] }, cookie);
      expect(solved.body).toMatchObject({ status: 'solved', rated: false, rating: null });
    });
  });
}
