import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import type { ServerMessage, UserInfo } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { changeNews } from '../src/commits.js';
import { engineFor } from '../src/games.js';
import { type Change, type Conn, Room, type RoomHost, type RoomMeta } from '../src/room.js';
import { ManualClock } from '../src/server-clock.js';

/**
 * What a process hears of another's committed changes, and how its replica follows them: a move as its actions and
 * the ply they lead to (no snapshot), anything else with the snapshot; a replica that cannot follow says so, and is
 * then reloaded from the database (replicas.ts).
 */
const alice: UserInfo = { id: 'alice', name: 'alice', guest: true };
const meta: RoomMeta = {
  id: 'g1',
  game: 'chinese-checkers',
  options: { players: 2 },
  clock: { kind: 'none' },
  speed: 'correspondence',
  rated: false,
  private: true,
  creator: alice,
  createdAt: 0,
};

/** A room whose commits all succeed, keeping the news each committed change would publish. */
const roomOf = (news: ReturnType<typeof changeNews>[]) => {
  const clock = new ManualClock(1_000);
  const host: RoomHost = {
    clock,
    commit: async () => {},
    changed: (room: Room, change: Change) => {
      news.push(changeNews(room, change));
    },
    connectionsOf: () => [],
  };
  const def = engineFor('chinese-checkers')!;
  const game = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: 2 }))));
  const seats = [
    { kind: 'user' as const, user: alice },
    { kind: 'user' as const, user: alice },
  ];
  return new Room(
    meta,
    def,
    game,
    { seq: 1, status: 'playing', seats, clock: Room.initialClock(meta.clock, 2, 0) },
    host,
  );
};

/** A watcher of the replica: the messages it was sent, parsed. */
const watcher = (): Conn & { got: ServerMessage[] } => {
  const got: ServerMessage[] = [];
  return {
    user: { id: 'spectator', name: 'spectator', guest: true },
    got,
    send: (m) => got.push(m),
    sendText: (t) => got.push(JSON.parse(t) as ServerMessage),
  };
};

const play = async (owner: Room, n: number): Promise<void> => {
  for (let i = 0; i < n; i++) {
    const seat = owner.game.turn().kind === 'seat' ? (owner.game.turn() as { seat: number }).seat : 0;
    const move = owner.game.moveToString(owner.game.legalMoves(seat)[i % 3]!);
    expect(await owner.move(alice.id, owner.seq, move, seat)).toMatchObject({ ok: true });
  }
};

describe('a replica following its owner’s news', () => {
  it('follows moves sent without the snapshot, ending with the owner’s game and frames', async () => {
    const news: ReturnType<typeof changeNews>[] = [];
    const owner = roomOf(news);
    const replica = roomOf([]);
    const w = watcher();
    replica.watchers.add(w);
    await play(owner, 6);
    expect(news).toHaveLength(6);
    for (const m of news) {
      expect(m.snapshot).toBeUndefined();
      expect(replica.replicate(m as never)).toBe(true);
    }
    expect(replica.seq).toBe(owner.seq);
    expect(JSON.stringify(replica.game.snapshot())).toBe(JSON.stringify(owner.game.snapshot()));
    const last = w.got.at(-1) as Extract<ServerMessage, { type: 'game.update' }>;
    expect(last).toMatchObject({ type: 'game.update', seq: owner.seq, ply: 6 });
    // news heard twice changes nothing
    expect(replica.replicate(news[5] as never)).toBe(true);
    expect(replica.seq).toBe(owner.seq);
  });

  it('cannot follow a move after a gap, nor one that does not lead to the owner’s ply: it asks to be reloaded', async () => {
    const news: ReturnType<typeof changeNews>[] = [];
    const owner = roomOf(news);
    await play(owner, 3);
    const gapped = roomOf([]);
    expect(gapped.replicate(news[1] as never)).toBe(false);
    expect(gapped.seq).toBe(1);
    const wrong = roomOf([]);
    expect(wrong.replicate({ ...news[0]!, ply: 2 } as never)).toBe(false);
    expect(wrong.seq).toBe(1);
  });

  it('takes the snapshot of any change but a move, and catches up through a gap with it', async () => {
    const news: ReturnType<typeof changeNews>[] = [];
    const owner = roomOf(news);
    await play(owner, 4);
    expect(await owner.resign(alice.id, owner.seq, 0)).toMatchObject({ ok: true });
    const end = news.at(-1)!;
    expect(end.snapshot).toBe(JSON.stringify(owner.game.snapshot()));
    const replica = roomOf([]);
    expect(replica.replicate(news[0] as never)).toBe(true);
    // the moves between were never heard: the snapshot of the end brings the replica there
    expect(replica.replicate(end as never)).toBe(true);
    expect(replica.status).toBe('finished');
    expect(JSON.stringify(replica.game.snapshot())).toBe(JSON.stringify(owner.game.snapshot()));
  });
});
