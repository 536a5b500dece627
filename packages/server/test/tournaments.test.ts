import type { PairingInfo, TournamentView } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { BACKENDS, type Bot } from './helpers.js';
import {
  askCreate,
  createTournament,
  type Decision,
  endGame,
  endTable,
  expectAck,
  idOf,
  playing,
  reconnect,
  registered,
  registeredMany,
  seeded,
  settled,
  tournamentServers,
  until,
  view,
} from './tournament-harness.js';

/**
 * Tournaments driven through the server's API, on every store this run has: players register, create, join and
 * withdraw over the WebSocket; every result comes from a game ended as players end one (a resignation, a draw
 * offered and accepted); the server pairs each next round itself, through the tournament library.
 */

const { serve, restart } = tournamentServers();

const byId = (bots: readonly Bot[]) => new Map(bots.map((b) => [idOf(b), b]));

/** Ends every game being played in the view with `decide`, then waits until the tournament has moved on. */
const playOut = async (bots: ReadonlyMap<string, Bot>, v: TournamentView, decide: (p: PairingInfo) => Decision) => {
  for (const p of playing(v)) await endGame(bots, p, decide(p));
};

const pairKey = (a: string, b: string) => [a, b].sort().join('|');

describe.each(BACKENDS)('tournaments (%s)', (backend) => {
  it('refuses a bad request with a reason: a guest, bad options, a Swiss without rounds, a sixth open tournament', async () => {
    const { server, entry } = await serve(backend);
    const organiser = await registered(server.url);
    entry.bots.push(organiser);
    const noRounds = await askCreate(organiser, {
      type: 'tournament.create',
      name: 'Cup',
      game: 'hive',
      options: {},
      clock: { kind: 'none' },
      format: { system: 'swiss' },
      rated: true,
      private: false,
    });
    expect(noRounds).toMatchObject({ type: 'error', code: 'bad-message' });
    expect((noRounds as { reason: string }).reason).toMatch(/rounds/);
    const badOption = await askCreate(organiser, {
      type: 'tournament.create',
      name: 'Cup',
      game: 'chinese-checkers',
      options: { players: 5 },
      clock: { kind: 'none' },
      format: { system: 'swiss', rounds: 3 },
      rated: true,
      private: false,
    });
    // each refusal carries its own code, which the player's page words in the player's language
    expect(badOption).toMatchObject({ type: 'error', code: 'bad-options', refusal: 'game-options' });
    const { Bot } = await import('./helpers.js');
    const guest = await Bot.guest(server.url);
    entry.bots.push(guest);
    const tid = await createTournament(organiser, { game: 'hive', format: { system: 'swiss', rounds: 3 } });
    const refused = await guest.request({ type: 'tournament.join', tournamentId: tid });
    expect(refused).toMatchObject({ type: 'error', code: 'not-allowed', refusal: 'register-to-play' });
    expect(await guest.request({ type: 'tournament.join', tournamentId: 'nope' })).toMatchObject({
      code: 'not-allowed',
      refusal: 'register-to-play',
    });
    // an organiser has at most five tournaments not yet over
    for (let i = 0; i < 4; i++)
      await createTournament(organiser, { game: 'hive', format: { system: 'swiss', rounds: 3 } });
    const sixth = await askCreate(organiser, {
      type: 'tournament.create',
      name: 'Cup',
      game: 'hive',
      options: {},
      clock: { kind: 'none' },
      format: { system: 'swiss', rounds: 3 },
      rated: true,
      private: false,
    });
    expect(sixth).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'organiser-limit',
      values: { count: 5 },
    });
    const member = await registered(server.url);
    entry.bots.push(member);
    expect(await member.request({ type: 'tournament.start', tournamentId: tid })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'organiser-only',
    });
    expect(await member.request({ type: 'tournament.join', tournamentId: 'nope' })).toMatchObject({
      type: 'error',
      code: 'not-found',
      refusal: 'no-tournament',
    });
    // the organiser alone cannot start it: a tournament needs two players
    await expectAck(organiser, { type: 'tournament.join', tournamentId: tid });
    expect(await organiser.request({ type: 'tournament.join', tournamentId: tid })).toMatchObject({
      refusal: 'already-in',
    });
    expect(await organiser.request({ type: 'tournament.start', tournamentId: tid })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'too-few-players',
    });
    expect(await member.request({ type: 'tournament.withdraw', tournamentId: tid })).toMatchObject({
      refusal: 'not-in',
    });
  });

  it('a Swiss of 13 over 5 rounds: a late join, a withdrawal, a restart; no pairing twice, one bye at most', async () => {
    const first = await serve(backend);
    let url = first.server.url;
    const players = await registeredMany(url, 13);
    const organiser = players[0]!;
    first.entry.bots.push(...players);
    const tid = await createTournament(organiser, { game: 'hive', format: { system: 'swiss', rounds: 5 } });
    // a watcher sees the standings change live
    await expectAck(players[5]!, { type: 'tournament.watch', tournamentId: tid });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(organiser, { type: 'tournament.start', tournamentId: tid });
    const rnd = seeded(23);
    const decide = (): Decision => {
      const x = rnd();
      return x < 0.45 ? 'white' : x < 0.85 ? 'black' : 'draw';
    };
    let bots = byId(players);
    let late: Bot | undefined;
    let leaver: string | undefined;
    let server = first.server;
    for (let round = 1; round <= 5; round++) {
      const v = await until(url, tid, (t) => t.round === round && settled(t), `round ${round}`);
      expect(v.status).toBe('running');
      if (round === 2) {
        // a late entrant joins during round 2: paired from round 3
        late = await registered(url);
        players.push(late);
        bots = byId(players);
        await expectAck(late, { type: 'tournament.join', tournamentId: tid });
      }
      if (round === 3) {
        // a player withdraws during round 3: plays this game out, not paired again
        leaver = playing(v)[0]!.players[0]!;
        await expectAck(bots.get(leaver)!, { type: 'tournament.withdraw', tournamentId: tid });
      }
      const frames = players[5]!.frames.length;
      await playOut(bots, await view(url, tid), decide);
      if (round === 1) {
        // the watcher was told of the new standings without asking
        await players[5]!.next(
          (m) => m.type === 'tournament' && m.tournament.standings.some((s) => s.points > 0),
          30_000,
          frames,
        );
      }
      if (round === 3) {
        // a restart between rounds: the tournament goes on from the store
        await until(url, tid, (t) => t.round === 4 || t.status === 'finished', 'round 4 paired');
        server = await restart(first.entry);
        url = server.url;
        const back = await reconnect(url, players);
        players.splice(0, players.length, ...back);
        first.entry.bots.push(...back);
        bots = byId(players);
      }
    }
    const done = await until(url, tid, (t) => t.status === 'finished', 'the end');
    expect(done.round).toBe(5);
    const seen = new Set<string>();
    const byes = new Map<string, number>();
    for (const p of done.pairings) {
      if (p.bye) {
        byes.set(p.players[0]!, (byes.get(p.players[0]!) ?? 0) + 1);
        continue;
      }
      const key = pairKey(p.players[0]!, p.players[1]!);
      expect(seen.has(key), `${key} paired twice`).toBe(false);
      seen.add(key);
    }
    for (const [who, n] of byes) expect(n, `${who} had ${n} byes`).toBeLessThanOrEqual(1);
    const lateId = idOf(late!);
    expect(done.pairings.filter((p) => p.round < 3 && p.players.includes(lateId))).toEqual([]);
    expect(done.pairings.filter((p) => p.round >= 3 && p.players.includes(lateId)).length).toBe(3);
    expect(done.pairings.filter((p) => p.round > 3 && p.players.includes(leaver!))).toEqual([]);
    expect(done.standings.find((s) => s.user.id === leaver)?.withdrawn).toBe(true);
    // every game of the tournament is a rated game of its speed, linked to the tournament
    const gameId = done.pairings.find((p) => p.gameId)!.gameId!;
    const game = (await (await fetch(`${url}/api/games/${gameId}`)).json()) as { rated: boolean; speed: string };
    expect(game).toMatchObject({ rated: true, speed: 'unlimited' });
    const profile = (await (await fetch(`${url}/api/users/${players[1]!.user!.name}`)).json()) as {
      ratings: { game: string; speed: string; games: number }[];
    };
    expect(profile.ratings.find((r) => r.game === 'hive' && r.speed === 'unlimited')?.games).toBeGreaterThan(0);
    // standings ranked from 1, points never increasing down the table
    const points = done.standings.map((s) => s.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  }, 600_000);

  it('a double round-robin of two-game matches: a three-way tie on match points broken by the games between them', async () => {
    const { server, entry } = await serve(backend);
    const [a, b, c] = await registeredMany(server.url, 3);
    entry.bots.push(a!, b!, c!);
    const tid = await createTournament(a!, {
      game: 'hive',
      format: { system: 'round-robin', double: true, matchGames: 2 },
    });
    for (const p of [a!, b!, c!]) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(a!, { type: 'tournament.start', tournamentId: tid });
    const bots = byId([a!, b!, c!]);
    const [A, B, C] = [idOf(a!), idOf(b!), idOf(c!)];
    // each beats one and loses to the other: 4 match points each. A beats B 2-0 then 1½-½; B beats C and C beats A
    // 1½-½ each time. Games between the tied (every game here): A 4½, C 4, B 3½.
    const meetings = new Map<string, number>();
    const matchOf = (p: PairingInfo) => `${p.round}/${p.board}`;
    const seenMatch = new Map<string, number>();
    const decide = (p: PairingInfo): Decision => {
      const [w, bl] = p.players as [string, string];
      const key = pairKey(w, bl);
      if (!seenMatch.has(matchOf(p))) {
        meetings.set(key, (meetings.get(key) ?? 0) + 1);
        seenMatch.set(matchOf(p), meetings.get(key)!);
      }
      const meeting = seenMatch.get(matchOf(p))!;
      const winner = key === pairKey(A, B) ? A : key === pairKey(B, C) ? B : C;
      const sweep = key === pairKey(A, B) && meeting === 1;
      if (!sweep && p.game === 2) return 'draw';
      return w === winner ? 'white' : 'black';
    };
    for (let i = 0; i < 40; i++) {
      const v = await until(server.url, tid, (t) => t.status === 'finished' || settled(t), 'a game');
      if (v.status === 'finished') break;
      await playOut(bots, v, decide);
    }
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the end');
    expect(done.standings.map((s) => s.user.id)).toEqual([A, C, B]);
    expect(done.standings.map((s) => s.matchPoints)).toEqual([4, 4, 4]);
    expect(done.standings.map((s) => s.rank)).toEqual([1, 2, 3]);
    expect(done.standings.map((s) => s.points)).toEqual([4.5, 4, 3.5]);
    // six matches of two games each, no more
    expect(done.pairings.filter((p) => p.gameId).length).toBe(12);
  }, 300_000);

  it('a 6-player Chinese Checkers table tournament: one table a round, places score by the table', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 6);
    entry.bots.push(...players);
    const tid = await createTournament(players[0]!, {
      game: 'chinese-checkers',
      options: { players: 6 },
      format: { system: 'swiss', rounds: 2 },
    });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const bots = byId(players);
    const total = new Map<string, number>();
    for (let round = 1; round <= 2; round++) {
      const v = await until(server.url, tid, (t) => t.round === round && settled(t), `round ${round}`);
      const table = playing(v)[0]!;
      expect(table.players.length).toBe(6);
      expect(new Set(table.players).size).toBe(6);
      // seats resign from the last; the first to resign takes 6th place (0 points), the one left wins (5)
      const order = round === 1 ? [5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5];
      order.forEach((seat, i) => {
        const id = table.players[seat]!;
        total.set(id, (total.get(id) ?? 0) + i);
      });
      await endTable(bots, table, order);
    }
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the end');
    for (const s of done.standings) expect(s.points, s.user.name).toBe(total.get(s.user.id));
    const places = done.pairings.filter((p) => p.places).map((p) => [...p.places!].sort());
    expect(places).toEqual([
      [1, 2, 3, 4, 5, 6],
      [1, 2, 3, 4, 5, 6],
    ]);
  }, 300_000);

  it('free-for-all Junqi at tables of four: the army that resigns takes the last place', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 4);
    entry.bots.push(...players);
    const tid = await createTournament(players[0]!, {
      game: 'junqi',
      options: { players: 4, teams: 'ffa' },
      format: { system: 'swiss', rounds: 1 },
    });
    expect((await view(server.url, tid)).tableSize).toBe(4);
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const bots = byId(players);
    const v = await until(server.url, tid, (t) => t.round === 1 && settled(t), 'round 1');
    const table = playing(v)[0]!;
    expect(table.players.length).toBe(4);
    // seats 3, 2 and 1 resign during the deployment (R13: each army is out, the others go on); the first to resign
    // takes the last place
    await endTable(bots, table, [3, 2, 1, 0]);
    const after = await until(server.url, tid, (t) => t.status === 'finished', 'the table scored');
    const scored = after.pairings.find((p) => p.places)!;
    expect(scored.places!.length).toBe(4);
    expect(scored.places![3]).toBe(Math.max(...scored.places!));
    expect(after.standings.at(-1)!.user.id).toBe(table.players[3]);
    expect(after.standings.at(-1)!.points).toBeLessThan(after.standings[0]!.points);
  }, 180_000);

  it('a 2v2 Junqi Swiss of four teams: teams of two seated opposite, scored as teams, no pairing twice', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 8);
    entry.bots.push(...players);
    const tid = await createTournament(players[0]!, {
      game: 'junqi',
      options: { players: 4, teams: 'pairs' },
      format: { system: 'swiss', rounds: 3 },
    });
    // a team needs its name, a third player is refused, an incomplete team stops the organiser's start
    expect(await players[0]!.request({ type: 'tournament.join', tournamentId: tid })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'team-name-needed',
    });
    const teamOf = (i: number) => `T${Math.floor(i / 2)}`;
    for (const [i, p] of players.entries()) {
      if (i === 7) break;
      await expectAck(p, { type: 'tournament.join', tournamentId: tid, team: teamOf(i) });
    }
    expect(await players[7]!.request({ type: 'tournament.join', tournamentId: tid, team: 'T0' })).toMatchObject({
      type: 'error',
      code: 'not-allowed',
      refusal: 'team-full',
      values: { team: 'T0' },
    });
    const early = await players[0]!.request({ type: 'tournament.start', tournamentId: tid });
    expect(early).toMatchObject({ type: 'error', code: 'not-allowed', refusal: 'team-of-one', values: { team: 'T3' } });
    expect((early as { reason: string }).reason).toContain('T3');
    await expectAck(players[7]!, { type: 'tournament.join', tournamentId: tid, team: 'T3' });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const bots = byId(players);
    const members = new Map<string, string[]>();
    for (const [i, p] of players.entries()) {
      members.set(`team:${teamOf(i)}`, [...(members.get(`team:${teamOf(i)}`) ?? []), idOf(p)]);
    }
    const seen = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const v = await until(server.url, tid, (t) => t.round === round && settled(t), `round ${round}`);
      for (const p of playing(v)) {
        expect(p.players.every((x) => x.startsWith('team:'))).toBe(true);
        const key = pairKey(p.players[0]!, p.players[1]!);
        expect(seen.has(key), `${key} twice`).toBe(false);
        seen.add(key);
        // the game seats white's players at 0 and 2, black's at 1 and 3; a pair loses when both its players resign
        // (R13: after one partner's resignation the other plays on alone)
        const game = (await (await fetch(`${server.url}/api/games/${p.gameId}`)).json()) as {
          seats: { user: { id: string } }[];
        };
        const seated = game.seats.map((h) => h.user.id);
        const [white, black] = p.players.map((x) => members.get(x)!);
        expect([seated[0], seated[2]].sort()).toEqual([...white!].sort());
        expect([seated[1], seated[3]].sort()).toEqual([...black!].sort());
        const losers = round === 1 ? black! : white!;
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        await endTable(bots, { ...p, players: [...losers, '-'] }, [...order, 2]);
      }
    }
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the end');
    expect(done.teams).toBe(true);
    expect(done.standings.length).toBe(4);
    expect(done.standings.every((s) => s.user.id.startsWith('team:'))).toBe(true);
    expect(done.standings.map((s) => s.points).reduce((a, b) => a + b)).toBe(6);
    expect(done.entrants.map((e) => e.team).sort()).toEqual(['T0', 'T0', 'T1', 'T1', 'T2', 'T2', 'T3', 'T3']);
  }, 300_000);

  it('a knockout of four: a drawn match goes to tie-break games, the bracket shows who went through', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 4);
    entry.bots.push(...players);
    const tid = await createTournament(players[0]!, { game: 'hive', format: { system: 'knockout' } });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const bots = byId(players);
    // round one: the first match is drawn, then its first tie-break game drawn and the second won by white
    let tieBroken = '';
    for (let i = 0; i < 20; i++) {
      const v = await until(server.url, tid, (t) => t.status === 'finished' || settled(t), 'a game');
      if (v.status === 'finished') break;
      await playOut(bots, v, (p) => {
        if (p.round === 1 && p.board === 1) {
          if (!p.tieBreak) return 'draw';
          if (p.game === 2) return 'draw';
          tieBroken = p.players[0]!;
          return 'white';
        }
        return 'white';
      });
    }
    const done = await until(server.url, tid, (t) => t.status === 'finished', 'the end');
    const first = done.pairings.filter((p) => p.round === 1 && p.board === 1);
    expect(first.filter((p) => p.tieBreak).length).toBeGreaterThanOrEqual(2);
    expect(done.bracket?.length).toBe(2);
    const semi = done.bracket![0]!.matches.find((m) => m.tieBreak);
    expect(semi?.winner).toBe(tieBroken);
    expect(done.bracket![1]!.matches[0]!.winner).toBeDefined();
    expect(done.standings[0]!.user.id).toBe(done.bracket![1]!.matches[0]!.winner);
  }, 300_000);
});
