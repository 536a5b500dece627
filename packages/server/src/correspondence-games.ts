import { actingSeats } from '@qiyuan/core';
import type { ClientMessage, ServerMessage } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import type { AiSeats } from './ai-seats.js';
import { acknowledge, type Client, refuse, refuseWith } from './clients.js';
import { nextDeadline } from './clock.js';
import type { Cluster } from './cluster.js';
import { reminderAt } from './correspondence.js';
import type { Notices } from './notices.js';
import type { Ownership } from './ownership.js';
import type { GameChat } from './repos/game-chat.js';
import type { Games } from './repos/games.js';
import { LIVE, loadChat } from './restore.js';
import type { Change, Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import type { Deadline, Scheduler } from './scheduler.js';
import type { ClockTimer, ServerClock } from './server-clock.js';
import type { Tx } from './store.js';

/** What the correspondence games need of the live server (the hub): the rooms, the shared deadlines, the news. */
export interface CorrespondenceHost {
  readonly rooms: Pick<RoomRegistry, 'get' | 'fromRow' | 'own' | 'owns' | 'list' | 'retire'>;
  /** The shared deadlines: a game's flag, its reminder, its AI's wake-up. */
  readonly deadlines: Pick<Scheduler, 'on' | 'set' | 'cancel'>;
  readonly notices: Pick<Notices, 'yourTurn' | 'remind'>;
  /** In a cluster: the lease of a parked game is handed back. */
  readonly cluster?: Pick<Cluster, 'release'> | undefined;
  readonly ownership: Pick<Ownership, 'ownerFor'>;
  readonly aiSeats: Pick<AiSeats, 'drive'>;
  readonly log: Logger;
  toUser(userId: string, msg: ServerMessage): void;
}

/** The deadline kinds this module handles (see scheduler.ts). */
export const CLOCK_DEADLINE = 'game.clock';
export const REMINDER_DEADLINE = 'game.reminder';
export const AI_DEADLINE = 'game.ai';

const clockKey = (gameId: string) => `clock:${gameId}`;
const reminderKey = (gameId: string) => `remind:${gameId}`;
const aiKey = (gameId: string) => `ai:${gameId}`;

/** How soon after a change handing the move to an AI seat a process makes sure the game is held (and the AI plays). */
const AI_WAKE_MS = 1000;

/** Whether a stored or live game is played by correspondence. */
export const isCorrespondence = (room: Room): boolean => room.meta.clock.kind === 'correspondence';

/** How often idle correspondence games are let go of memory (they come back on demand). */
const PARK_EVERY_MS = 5000;

/**
 * Correspondence games on the server (issue #23). A game of days per move is not held in memory for days: a process
 * loads it when someone watches it, acts in it, or one of its deadlines falls due, and lets it go again when nobody
 * watches it and no AI is to move. Its flag and its reminder are deadlines in the shared scheduler, written in the
 * same transaction as each change, so they fall on time whichever process (if any) holds the game then, and once:
 * the flag is the room's own timeout, committed under the game's sequence number and its owner's fence.
 */
export class CorrespondenceGames {
  private parkTimer: ClockTimer | undefined;

  constructor(
    private readonly hub: CorrespondenceHost,
    private readonly clock: ServerClock,
    private readonly games: Games,
    private readonly chat: GameChat,
  ) {
    hub.deadlines.on(CLOCK_DEADLINE, (d) => this.clockDue(d));
    hub.deadlines.on(REMINDER_DEADLINE, (d) => this.reminderDue(d));
    hub.deadlines.on(AI_DEADLINE, (d) => this.aiDue(d));
  }

  start(): void {
    this.parkTimer = this.clock.every(PARK_EVERY_MS, () => {
      this.parkIdle().catch((e: unknown) => this.hub.log.warn({ err: e }, 'correspondence games not parked'));
    });
  }

  stop(): void {
    this.parkTimer?.cancel();
  }

  /** In the transaction of each committed change of a correspondence game: its flag and reminder deadlines. */
  async committed(tx: Tx, room: Room, c: Change): Promise<void> {
    const scheduler = this.hub.deadlines;
    const due = c.status === 'playing' ? nextDeadline(room.meta.clock, c.clock, room.game.turn()) : undefined;
    // an AI to move: some process must hold the game until the AI has played (one restarted meanwhile would not)
    const ai = c.status === 'playing' && actingSeats(room.game.turn()).some((s) => c.seats[s]?.kind === 'ai');
    if (ai) await scheduler.set(aiKey(c.gameId), AI_DEADLINE, c.at + AI_WAKE_MS, { seq: c.seq }, tx);
    else await scheduler.cancel(aiKey(c.gameId), tx);
    if (due === undefined) {
      await scheduler.cancel(clockKey(c.gameId), tx);
      await scheduler.cancel(reminderKey(c.gameId), tx);
      return;
    }
    await scheduler.set(clockKey(c.gameId), CLOCK_DEADLINE, due, { seq: c.seq }, tx);
    const turn = room.game.turn();
    const seats = actingSeats(turn).filter((s) => c.seats[s]?.kind === 'user');
    const at = reminderAt(room.meta.clock, c.clock.since, due, c.clock.dayMs);
    if (seats.length === 0 || at === undefined) await scheduler.cancel(reminderKey(c.gameId), tx);
    else await scheduler.set(reminderKey(c.gameId), REMINDER_DEADLINE, at, { seq: c.seq, seats, due }, tx);
  }

  /**
   * After a committed change that began a turn: the players to move are told, on every process (the "your turn"
   * list and notifications), and by e-mail when they gave an address.
   */
  changed(room: Room, c: Change): void {
    if (c.status !== 'playing' || !['start', 'move', 'takeback', 'timeout'].includes(c.kind)) return;
    const deadline = nextDeadline(room.meta.clock, c.clock, room.game.turn());
    const users = new Set(
      actingSeats(room.game.turn()).flatMap((s) => {
        const h = c.seats[s];
        return h?.kind === 'user' ? [h.user.id] : [];
      }),
    );
    for (const userId of users) {
      this.hub.toUser(userId, {
        type: 'your-turn',
        gameId: room.id,
        game: room.meta.game,
        ...(deadline === undefined ? {} : { deadline }),
      });
      if (deadline !== undefined) {
        this.hub.notices
          .yourTurn(userId, room.id, room.meta.game, deadline)
          .catch((e: unknown) => this.hub.log.warn({ err: e, gameId: room.id }, 'turn notice not mailed'));
      }
    }
  }

  /**
   * A correspondence game's clock deadline is due: the process that owns the game (taking it over, or loading it,
   * when nobody holds it) reports it to its room, which flags the seat whose time ran out. Owned elsewhere: that
   * process's own timer does it, and this deadline is looked at again until the game's change replaces it.
   */
  private async clockDue(d: Deadline): Promise<'done' | 'retry'> {
    const gameId = d.key.slice('clock:'.length);
    const room = await this.ownRoom(gameId);
    if (room === 'elsewhere') return 'retry';
    if (!room) return 'done'; // over, or gone
    const r = await room.tick();
    // a refused commit (the database, a fence) leaves the deadline to be tried again
    return r.ok ? 'done' : 'retry';
  }

  /**
   * An AI seat is to move in a correspondence game: the game is held by a process, whose AI plays (the AI's move,
   * committed, replaces this deadline). Looked at again every few seconds until then, so a process that died while
   * its AI thought hands the game to another.
   */
  private async aiDue(d: Deadline): Promise<'done' | 'retry'> {
    const gameId = d.key.slice('ai:'.length);
    const seq = (d.data as { seq?: number } | null)?.seq;
    const row = await this.games.progress(gameId);
    if (row?.status !== 'playing' || row.seq !== seq) return 'done';
    const room = await this.ownRoom(gameId);
    if (room === undefined) return 'done';
    if (room !== 'elsewhere') this.hub.aiSeats.drive(room);
    return 'retry';
  }

  /** The reminder of a correspondence game: its players to move are told, if the turn is still the one it was set for. */
  private async reminderDue(d: Deadline): Promise<'done' | 'retry'> {
    const gameId = d.key.slice('remind:'.length);
    const data = d.data as { seq?: number; seats?: number[]; due?: number } | null;
    const row = await this.games.game(gameId);
    if (row?.status !== 'playing' || row.seq !== data?.seq) return 'done';
    const seats = JSON.parse(row.seats) as { kind: string; user?: { id: string } }[];
    const users = (data.seats ?? []).flatMap((s) => {
      const id = seats[s]?.user?.id;
      return seats[s]?.kind === 'user' && id ? [id] : [];
    });
    const due = Number(data.due ?? d.dueAt);
    for (const userId of new Set(users)) {
      this.hub.toUser(userId, { type: 'your-turn', gameId, game: row.game, deadline: due, reminder: true });
      await this.hub.notices.remind(userId, gameId, row.game, due);
    }
    return 'done';
  }

  /**
   * The room of a live game this process owns, taking it over (a cluster) or loading it (one process) when nobody
   * holds it; `elsewhere` when another process owns it; undefined when the game is not live.
   */
  async ownRoom(gameId: string): Promise<Room | 'elsewhere' | undefined> {
    const hub = this.hub;
    const here = hub.rooms.get(gameId);
    if (here) return here;
    if (hub.cluster) {
      const where = await hub.ownership.ownerFor(gameId);
      if (where === 'here') return hub.rooms.get(gameId);
      return where === undefined ? 'elsewhere' : 'elsewhere';
    }
    return this.load(gameId);
  }

  /** A live correspondence game parked in the database, loaded into this (single) process. */
  async load(gameId: string): Promise<Room | undefined> {
    const hub = this.hub;
    const known = hub.rooms.get(gameId);
    if (known) return known;
    const pending = this.loading.get(gameId);
    if (pending) return pending;
    const p = (async () => {
      const row = await this.games.game(gameId);
      if (!row || !LIVE.has(row.status)) return undefined;
      const again = hub.rooms.get(gameId);
      if (again) return again;
      const room = hub.rooms.fromRow(row);
      if (!room) return undefined;
      await loadChat(this.chat, hub.log, room);
      // loaded meanwhile by another path (a takeover, a start-up): that room is the game's
      if (!hub.rooms.own(room)) return hub.rooms.get(gameId);
      room.schedule();
      hub.aiSeats.drive(room);
      return room;
    })().finally(() => this.loading.delete(gameId));
    this.loading.set(gameId, p);
    return p;
  }
  private readonly loading = new Map<string, Promise<Room | undefined>>();

  /**
   * Lets go of the correspondence games this process holds that nobody here watches and where no AI is to move:
   * their deadlines are in the scheduler, and any process loads them again when they are needed.
   */
  async parkIdle(): Promise<number> {
    const hub = this.hub;
    let parked = 0;
    for (const room of hub.rooms.list()) {
      if (!isCorrespondence(room) || room.status !== 'playing' || room.watchers.size > 0) continue;
      const turn = room.game.turn();
      if (actingSeats(turn).some((s) => room.seats[s]?.kind === 'ai')) continue;
      await room.run(async () => {
        if (!hub.rooms.owns(room) || room.watchers.size > 0) return;
        hub.rooms.retire(room);
        if (hub.cluster && room.fence > 0) await hub.cluster.release(room.id, room.fence);
        parked++;
      });
    }
    return parked;
  }

  /** A player switches their vacation in a correspondence game (on the process that owns it). */
  async vacation(client: Client, msg: Extract<ClientMessage, { type: 'game.vacation' }>): Promise<void> {
    const room = await this.ownRoom(msg.gameId);
    if (room === 'elsewhere')
      return refuse(client, msg.id, 'unavailable', 'the game is served by another process; try again', {
        gameId: msg.gameId,
      });
    if (!room) return refuse(client, msg.id, 'not-found', 'no such live game', { gameId: msg.gameId });
    const r = await room.vacation(client.user.id, msg.seq, msg.seat, msg.on);
    if (r.ok) acknowledge(client, msg.id, { gameId: room.id, seq: r.value });
    else refuseWith(client, msg.id, r.error, { gameId: room.id, seq: room.seq });
  }
}
