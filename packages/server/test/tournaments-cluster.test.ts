import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { ClusterHarness } from './cluster-harness.js';
import { Bot, stopServer } from './helpers.js';
import { describeWith, needs, TEST_DATABASE_URL } from './services.js';
import {
  createTournament,
  endGame,
  expectAck,
  idOf,
  playing,
  registered,
  settled,
  until,
} from './tournament-harness.js';

/**
 * A tournament across three server processes (PostgreSQL and Redis): the process that paired round one, and so owns
 * its games, is killed; the games are taken over by the others as their players resign them there, the round's end
 * is seen on whichever process ended the last game, round two is paired once, and a watcher on a third process is
 * told of each change.
 */

let cluster: ClusterHarness | undefined;
const bots: Bot[] = [];
afterEach(async () => {
  for (const b of bots.splice(0)) b.close();
  await cluster?.close();
  cluster = undefined;
});

describeWith([needs.postgres, needs.redis], 'a tournament across processes', () => {
  it('goes on when the process that owns its games is killed, each round paired once', async () => {
    cluster = new ClusterHarness(2000);
    const [a, b, c] = await cluster.start(3);
    // four players, registered on the first process; the organiser plays there, the others elsewhere
    const first = await Promise.all([0, 1, 2, 3].map(() => registered(a!.url)));
    bots.push(...first);
    const on = (bot: Bot, url: string) => Bot.connect(url, bot.cookie);
    const players = [first[0]!, await on(first[1]!, b!.url), await on(first[2]!, c!.url), await on(first[3]!, b!.url)];
    bots.push(...players);
    const tid = await createTournament(players[0]!, { game: 'hive', format: { system: 'swiss', rounds: 2 } });
    for (const p of players) await expectAck(p, { type: 'tournament.join', tournamentId: tid });
    const watcher = await on(first[1]!, c!.url);
    bots.push(watcher);
    await expectAck(watcher, { type: 'tournament.watch', tournamentId: tid });
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const round1 = await until(c!.url, tid, (t) => t.round === 1 && settled(t), 'round 1');
    expect(playing(round1).length).toBe(2);
    // the process that started the games (and holds them) dies; its player comes back on another
    await stopServer(a!, 'SIGKILL');
    players[0] = await on(first[0]!, b!.url);
    bots.push(players[0]!);
    const byId = new Map(players.map((p) => [idOf(p), p]));
    const frames = watcher.frames.length;
    for (const p of playing(round1)) await endGame(byId, p, 'white');
    const round2 = await until(c!.url, tid, (t) => t.round === 2 && settled(t), 'round 2', 90_000);
    // the watcher on the third process heard of round two without asking
    await watcher.next((m) => m.type === 'tournament' && m.tournament.round === 2, 30_000, frames);
    for (const p of playing(round2)) await endGame(byId, p, 'black');
    const done = await until(c!.url, tid, (t) => t.status === 'finished', 'the end', 90_000);
    expect(done.pairings.filter((p) => p.gameId).length).toBe(4);
    const db = new pg.Client({ connectionString: TEST_DATABASE_URL!, options: `-c search_path=${cluster.schema}` });
    await db.connect();
    try {
      const rounds = await db.query('SELECT round FROM tournament_rounds WHERE tournament_id = $1', [tid]);
      expect(rounds.rows.map((r) => Number(r.round)).sort()).toEqual([1, 2]);
      const games = await db.query('SELECT COUNT(*) AS n FROM games WHERE tournament_id = $1 AND status = $2', [
        tid,
        'finished',
      ]);
      expect(Number(games.rows[0].n)).toBe(4);
    } finally {
      await db.end();
    }
  }, 240_000);
});
