import { readFileSync } from 'node:fs';
import { hivePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { PUZZLE_GIVE_UPS_PER_MINUTE, PUZZLE_READS_PER_MINUTE } from '../src/puzzle-routes.js';
import { BACKENDS, guestCookie, startTestServer } from './helpers.js';

/**
 * The puzzle routes cost an abuser, not the site: a give-up without a session shows the solution and stores nothing
 * (it used to make a new guest and a row each time), and one address is answered 429 past its allowance a minute.
 */
const set = JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet;
const puzzle = set.puzzles[0]!;

describe.each(BACKENDS)('puzzles open to strangers (%s)', (backend) => {
  const servers: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  const serve = async () => {
    const s = await startTestServer(backend);
    servers.push(s);
    return s;
  };
  const attempts = async (server: ServerHandle) =>
    (
      await server.store.q
        .selectFrom('puzzle_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const giveUp = (server: ServerHandle, cookie?: string) =>
    fetch(`${server.url}/api/puzzles/${puzzle.id}/solution`, {
      method: 'POST',
      headers: cookie ? { cookie } : {},
    });

  it('stores nothing for a give-up without a session, and one attempt for a guest who has one', async () => {
    const server = await serve();
    const before = await attempts(server);
    for (let i = 0; i < 20; i++) {
      const res = await giveUp(server);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { solution: string[] }).solution).toEqual(puzzle.solution);
      // nor is a guest's cookie handed out for it
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(await attempts(server)).toBe(before);
    const cookie = await guestCookie(server.url);
    for (let i = 0; i < 3; i++) expect((await giveUp(server, cookie)).status).toBe(200);
    expect(await attempts(server)).toBe(before + 1);
  });

  it('answers 429 past an address’s allowance a minute', async () => {
    const server = await serve();
    const codes: number[] = [];
    for (let i = 0; i <= PUZZLE_GIVE_UPS_PER_MINUTE; i++) codes.push((await giveUp(server)).status);
    expect(codes.slice(0, PUZZLE_GIVE_UPS_PER_MINUTE).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const reads: number[] = [];
    for (let i = 0; i <= PUZZLE_READS_PER_MINUTE; i++)
      reads.push((await fetch(`${server.url}/api/puzzles/${puzzle.id}`)).status);
    expect(reads.at(-2)).toBe(200);
    expect(reads.at(-1)).toBe(429);
  });
});
