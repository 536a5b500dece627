import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { MIGRATIONS } from '../src/db/migrations.js';
import { openStore } from '../src/store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A SQLite database as a deployment left it before the migration at `upTo` (that one and later ones not run). */
const deployedBefore = (upTo: number): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiyuan-event-log-'));
  dirs.push(dir);
  const db = new Database(path.join(dir, 'qiyuan.sqlite'));
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)');
  for (let i = 0; i < upTo; i++) {
    for (const sql of MIGRATIONS[i]!) db.exec(sql);
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, 1)').run(i + 1);
  }
  db.prepare(
    `INSERT INTO games (id, game, options, clock, speed, rated, private, seats, creator, status, seq, created_at,
      updated_at) VALUES ('g1', 'hive', '{}', '{}', 'blitz', 0, 0, '[]', '{}', 'playing', 2, 1, 1)`,
  ).run();
  const log = db.prepare('INSERT INTO game_events (game_id, seq, kind, seat, data, at) VALUES (?, ?, ?, ?, ?, ?)');
  log.run('g1', 1, 'start', null, '{"actions":[]}', 10);
  log.run('g1', 2, 'move', 0, '{"actions":["wQ"]}', 20);
  db.close();
  return dir;
};

it('keeps every event of a deployed database when the event log loses its key', async () => {
  const last = MIGRATIONS.findIndex((m) => m.some((sql) => sql.includes('CREATE TABLE game_log')));
  expect(last).toBeGreaterThan(0);
  const dir = deployedBefore(last);
  const store = await openStore({ dataDir: dir });
  try {
    const events = await store.q.selectFrom('game_events').selectAll().orderBy('seq').execute();
    expect(events).toEqual([
      { game_id: 'g1', seq: 1, kind: 'start', seat: null, data: '{"actions":[]}', at: 10 },
      { game_id: 'g1', seq: 2, kind: 'move', seat: 0, data: '{"actions":["wQ"]}', at: 20 },
    ]);
    // the log still refuses an event of no game (its reference to the game's row is kept)
    await expect(
      store.q
        .insertInto('game_events')
        .values({ game_id: 'nope', seq: 1, kind: 'move', seat: 0, data: '{}', at: 1 })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  } finally {
    await store.close();
  }
});
