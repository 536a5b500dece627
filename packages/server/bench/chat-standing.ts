/**
 * What the chat gate's check of a writer costs per line (chat-gate.ts): reading the writer's mute and the blocks of
 * the game's players from the store for every line (as before the standings were kept), against the standing kept
 * per account. `npx tsx packages/server/bench/chat-standing.ts` on SQLite in a fresh directory; with
 * `QIYUAN_BENCH_DATABASE_URL=postgres://…` on PostgreSQL, in a schema of its own that it drops at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { ChatGate } from '../src/chat-gate.js';
import { standIn } from '../src/clients.js';
import { ChatRepo } from '../src/repos/chat.js';
import { ModerationRepo } from '../src/repos/moderation.js';
import { openStore } from '../src/store.js';

const LINES = 2000;
const url = process.env.QIYUAN_BENCH_DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'qiyuan-chat-standing-'));
const schema = `bench_chat_${process.pid}`;
const store = url
  ? await openStore({ databaseUrl: url, pgSchema: schema, dataDir: '' })
  : await openStore({ dataDir: dir });
try {
  for (const id of ['writer', 'player'])
    await store.q.insertInto('users').values({ id, name: id, name_key: id, guest: 0, created_at: 1 }).execute();
  const user = (id: string) => ({ id, name: id, guest: false });
  const room = {
    seats: [
      { kind: 'user' as const, user: user('writer') },
      { kind: 'user' as const, user: user('player') },
    ],
  };
  const writer = standIn(user('writer'));
  const moderation = new ModerationRepo(store);
  const read = performance.now();
  for (let i = 0; i < LINES; i++) {
    await moderation.byId('writer');
    await moderation.blockersAmong(['player'], 'writer');
  }
  const readUs = ((performance.now() - read) * 1000) / LINES;
  const gate = new ChatGate(new ChatRepo(store), undefined, () => 0);
  const kept = performance.now();
  for (let i = 0; i < LINES; i++) await gate.barred(writer, room);
  const keptUs = ((performance.now() - kept) * 1000) / LINES;
  console.log(
    `${store.kind}: a chat line's check of its writer, ${LINES} lines: read from the store ${readUs.toFixed(1)} µs, kept ${keptUs.toFixed(1)} µs`,
  );
} finally {
  // DDL has no builder: the schema's name goes in as an identifier
  if (url) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(store.q);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
