import type { TournamentInfo } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORGANISER_STANDING } from '../src/tournament-organisers.js';
import { BACKENDS } from './helpers.js';
import {
  askCreate,
  createTournament,
  expectAck,
  idOf,
  registered,
  registeredMany,
  tournamentServers,
} from './tournament-harness.js';

/**
 * Throwaway accounts cannot crowd the public tournaments list: a public tournament needs an organiser with some
 * standing (a private one does not), and the list puts the tournaments with players first, a page at a time, so a
 * pile of empty ones does not push a real one off it.
 */

const { serve } = tournamentServers();

type Lists = Record<'upcoming' | 'running' | 'finished', TournamentInfo[]> & { more: Record<string, boolean> };
const lists = async (url: string, query = ''): Promise<Lists> =>
  (await (await fetch(`${url}/api/tournaments${query}`)).json()) as Lists;

const cup = { type: 'tournament.create', name: 'Public cup', game: 'hive', clock: { kind: 'none' }, rated: true };

describe.each(BACKENDS)('the public tournaments list (%s)', (backend) => {
  it('a new account may organise a private tournament, and a public one only once it has standing', async () => {
    const { server, entry } = await serve(backend, { organiserStanding: DEFAULT_ORGANISER_STANDING });
    const fresh = await registered(server.url);
    entry.bots.push(fresh);
    const format = { system: 'swiss', rounds: 3 };
    const refused = await askCreate(fresh, { ...cup, format, options: {}, private: false });
    expect(refused).toMatchObject({ type: 'error', code: 'not-allowed', refusal: 'organiser-standing' });
    expect(refused).toMatchObject({ values: { games: 10, days: 1 } });
    const hidden = await askCreate(fresh, { ...cup, format, options: {}, private: true });
    expect(hidden.type).toBe('tournament.created');
    // a day old with ten rated games: the account may organise in public
    await server.store.q
      .updateTable('users')
      .set((eb) => ({ created_at: eb('created_at', '-', 2 * 86_400_000) }))
      .where('id', '=', idOf(fresh))
      .execute();
    await server.store.q
      .insertInto('ratings')
      .values({ user_id: idOf(fresh), game: 'hive', speed: 'blitz', rating: 1500, rd: 80, vol: 0.06, games: 10 })
      .execute();
    const listed = await askCreate(fresh, { ...cup, format, options: {}, private: false });
    expect(listed.type).toBe('tournament.created');
    expect((await lists(server.url)).upcoming.map((x) => x.name)).toEqual(['Public cup']);
  });

  it('forty empty tournaments of eight throwaway accounts do not push off the one people joined', async () => {
    const { server, entry } = await serve(backend);
    const [organiser, ...field] = await registeredMany(server.url, 4);
    entry.bots.push(organiser!, ...field);
    const real = await createTournament(organiser!, { game: 'abalone', format: { system: 'swiss', rounds: 3 } });
    for (const p of field) await expectAck(p, { type: 'tournament.join', tournamentId: real });
    const throwaways = await registeredMany(server.url, 8);
    entry.bots.push(...throwaways);
    for (const [i, b] of throwaways.entries())
      for (let k = 0; k < 5; k++)
        await createTournament(b, { name: `Spam ${i}-${k}`, game: 'hive', format: { system: 'swiss', rounds: 1 } });
    // a sixth one of the same account is refused
    const sixth = await askCreate(throwaways[0]!, {
      ...cup,
      format: { system: 'swiss', rounds: 1 },
      options: {},
      private: false,
    });
    expect(sixth).toMatchObject({ type: 'error', refusal: 'organiser-limit' });
    // the real tournament, the oldest, is on top of the first page; the rest come a page at a time
    const first = await lists(server.url);
    expect(first.upcoming[0]!.id).toBe(real);
    expect(first.upcoming).toHaveLength(20);
    expect(first.more).toEqual({ upcoming: true });
    const second = await lists(server.url, '?status=upcoming&page=2');
    const third = await lists(server.url, '?status=upcoming&page=3');
    expect(second.upcoming).toHaveLength(20);
    expect(second.more).toEqual({ upcoming: true });
    expect(third.upcoming).toHaveLength(1);
    expect(third.more).toEqual({});
    const all = [...first.upcoming, ...second.upcoming, ...third.upcoming].map((x) => x.id);
    expect(new Set(all).size).toBe(41);
    expect((await fetch(`${server.url}/api/tournaments?page=0`)).status).toBe(400);
    expect((await fetch(`${server.url}/api/tournaments?status=everything`)).status).toBe(400);
  }, 120_000);
});
