/**
 * What the store's commit of a move costs in CPU, without sockets, frames or the engine: `advanceAlone` on SQLite for
 * 16 games amid 2,000 others (a 2.5 KB snapshot each, as a Chinese Checkers game late in its play), the moves asked
 * for `perCommit` at a time so that they share one group commit, as moves arriving together do.
 * `npx tsx packages/server/bench/move-commit.ts [perCommit]` (default 5) in a fresh directory, which it removes.
 * On a loaded machine it is far steadier than `qiyuan bench server`: run it from two trees in turn to compare them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeatHolder } from '@qiyuan/protocol';
import type { ClockState } from '../src/clock.js';
import { Games } from '../src/repos/games.js';
import type { Change } from '../src/room-types.js';
import { openStore } from '../src/store.js';

const GAMES = 16;
const OTHERS = 2000;
const WARM_UP = 5_000;
const MOVES = 40_000;
const perCommit = Number(process.argv[2] ?? 5);

const dir = mkdtempSync(join(tmpdir(), 'qiyuan-move-commit-'));
// every turn that asks commits at once: the batches here decide how many moves share a commit
const store = await openStore({ dataDir: dir, sqliteCommitMs: 0 });
try {
  const games = new Games(store);
  const clock: ClockState = { remainingMs: [60_000, 60_000], running: [], since: 0, paused: false, started: true };
  const users = [1, 2].map((n) => ({ id: `u${n}`, name: `player ${n}`, guest: true }));
  const seats: SeatHolder[] = users.map((user) => ({ kind: 'user', user }));
  const snapshot = JSON.stringify({
    cells: Array.from({ length: 121 }, (_, i) => i % 7),
    record: Array.from({ length: 150 }, (_, i) => `m${i}-x${i}`),
  });
  const live: string[] = [];
  for (let i = 0; i < OTHERS + GAMES; i++) {
    const id = `g${i}`;
    await games.openSeek({
      id,
      game: 'chinese-checkers',
      options: '{}',
      clock: '{"kind":"fischer"}',
      speed: 'blitz',
      rated: false,
      private: true,
      seats,
      creator: users[0]!,
      snapshot,
      clockState: JSON.stringify(clock),
      at: 1,
      fence: 0,
      tournament: undefined,
      allowBots: false,
    });
    if (i >= OTHERS) live.push(id);
  }
  const seq = new Map(live.map((id) => [id, 0]));
  const next = (gameId: string, kind: Change['kind']): Change => {
    const from = seq.get(gameId)!;
    seq.set(gameId, from + 1);
    return {
      gameId,
      fromSeq: from,
      seq: from + 1,
      kind,
      seat: 0,
      data: { actions: ['a1-b2-c3'] },
      status: 'playing',
      seats,
      snapshot,
      clock,
      outcome: undefined,
      at: 5,
      fromPly: from,
      undone: false,
    };
  };
  for (const id of live) await games.advanceAlone(next(id, 'start'), 0);
  const play = async (moves: number): Promise<void> => {
    for (let k = 0; k < moves; ) {
      const batch: Promise<boolean>[] = [];
      for (let j = 0; j < perCommit; j++, k++) batch.push(games.advanceAlone(next(live[k % GAMES]!, 'move'), 0));
      if ((await Promise.all(batch)).includes(false)) throw new Error('a move was refused by its guard');
    }
  };
  await play(WARM_UP);
  const before = process.cpuUsage();
  await play(MOVES);
  const used = process.cpuUsage(before);
  console.log(`${perCommit} a commit: ${((used.user + used.system) / MOVES).toFixed(1)} µs of CPU a move`);
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
