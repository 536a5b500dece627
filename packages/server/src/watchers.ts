import type { ChatLine, ClientMessage, ServerMessage, UserInfo } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import type { Absences } from './absence.js';
import { acknowledge, type Client, refuse } from './clients.js';
import type { Cluster } from './cluster.js';
import type { CorrespondenceGames } from './correspondence-games.js';
import type { Ended } from './ended.js';
import type { Replicas } from './replicas.js';
import type { GameChat } from './repos/game-chat.js';
import type { Games } from './repos/games.js';
import { loadChat } from './restore.js';
import type { Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import { chatShows } from './room-types.js';
import { type ClockTimer, realTime } from './server-clock.js';

/** What the watchers need of the live server (the hub): where a game is shown here, its absences, the cluster. */
export interface WatchersHost {
  readonly rooms: Pick<RoomRegistry, 'get' | 'has' | 'fromRow'>;
  readonly ended: Pick<Ended, 'get'>;
  readonly replicas: Pick<Replicas, 'watchable' | 'get' | 'dropIdle'>;
  readonly correspondence: Pick<CorrespondenceGames, 'load'>;
  readonly absences: Pick<Absences, 'note' | 'gone'>;
  /** In a cluster: every process's spectators of a game, and the news that they changed. */
  readonly cluster?:
    | Pick<Cluster, 'id' | 'setSpectators' | 'spectators' | 'publish' | 'ownerOf' | 'notify'>
    | undefined;
  readonly closing: boolean;
  readonly log: Logger;
}

/** How long spectator changes are gathered before the watchers are told (one message for a crowd). */
const SPECTATORS_DEBOUNCE_MS = 400;

/**
 * Who watches which game on this process: watching and unwatching, the frames
 * every watcher is sent, and the list of spectators (seatless watchers) shown
 * to all, gathered from every process.
 */
export class Watchers {
  private readonly spectatorTimers = new Map<string, ClockTimer>();
  /** Games whose spectators here changed since this process last recorded them in Redis. */
  private readonly spectatorsToRecord = new Set<string>();

  constructor(
    private readonly hub: WatchersHost,
    private readonly games: Games,
    private readonly chat: GameChat,
  ) {}

  async watch(client: Client, msg: Extract<ClientMessage, { type: 'game.watch' }>): Promise<void> {
    const hub = this.hub;
    const id = msg.id;
    const room =
      hub.ended.get(msg.gameId)?.room ??
      (hub.cluster ? await hub.replicas.watchable(msg.gameId) : await this.roomFor(msg.gameId));
    if (!room) return refuse(client, id, 'not-found', 'no such game', { gameId: msg.gameId });
    if (msg.legal) client.legalFor.add(room.id);
    else client.legalFor.delete(room.id);
    room.watchers.add(client);
    client.watching.add(room.id);
    room.sync(client);
    this.spectatorsChanged(room);
  }

  unwatch(client: Client, msg: Extract<ClientMessage, { type: 'game.unwatch' }>): void {
    const room = this.watchedRoom(msg.gameId);
    room?.watchers.delete(client);
    this.hub.replicas.dropIdle(msg.gameId);
    client.watching.delete(msg.gameId);
    client.legalFor.delete(msg.gameId);
    acknowledge(client, msg.id, { gameId: msg.gameId });
    if (room) this.spectatorsChanged(room);
  }

  /** A closed connection stops watching everything it watched. */
  leave(client: Client): void {
    for (const id of client.watching) {
      const room = this.watchedRoom(id);
      room?.watchers.delete(client);
      this.hub.replicas.dropIdle(id);
      if (room) this.spectatorsChanged(room);
    }
  }

  /** A live room, or a finished game loaded read-only for watching and replay. */
  private async roomFor(gameId: string): Promise<Room | undefined> {
    const hub = this.hub;
    const live = hub.rooms.get(gameId) ?? hub.ended.get(gameId)?.room ?? (await hub.correspondence.load(gameId));
    if (live) return live;
    const row = await this.games.game(gameId);
    if (!row) return undefined;
    const room = hub.rooms.fromRow(row);
    room?.close();
    await loadChat(this.chat, hub.log, room);
    return room;
  }

  /** The room this process shows for a game id: owned, replicated, or ended a short while ago. */
  watchedRoom(gameId: string): Room | undefined {
    return this.hub.rooms.get(gameId) ?? this.hub.replicas.get(gameId) ?? this.hub.ended.get(gameId)?.room;
  }

  /** One message to every watcher of a room, serialized once. */
  send(room: Room, msg: ServerMessage): void {
    const text = JSON.stringify(msg);
    for (const w of room.watchers) {
      if (w.sendText) w.sendText(text);
      else w.send(msg);
    }
  }

  /**
   * A chat line to the watchers who may read it: a team line only to that team's players, never to anyone else; a
   * spectator's line not to a player who turned them off.
   */
  sendChat(room: Room, line: ChatLine): void {
    const msg: ServerMessage = { type: 'game.chat', gameId: room.id, ...line };
    const anyBlocks = [...room.watchers].some((w) => !chatShows(w, line));
    if (line.team === undefined && (!line.spectator || room.spectatorChatOff.size === 0) && !anyBlocks)
      this.send(room, msg);
    else for (const w of room.watchers) if (room.mayRead(line, w.user.id) && chatShows(w, line)) w.send(msg);
  }

  /**
   * Tells a game's watchers who watches it without a seat. Debounced: a crowd
   * arriving at once costs one message per watcher, not one per arrival. With
   * several processes, each records its own spectators of the game in Redis and
   * tells the others showing it (the replicas on the game's channel, the owner
   * directly), and every process sends its watchers the union. `local` says the
   * change happened here (so this process's list must be recorded).
   */
  spectatorsChanged(room: Room, local = true): void {
    if (local) this.spectatorsToRecord.add(room.id);
    if (this.spectatorTimers.has(room.id) || this.hub.closing) return;
    // a debounce of messages, not game time: real time (server-clock.ts)
    const timer = realTime.after(SPECTATORS_DEBOUNCE_MS, () => {
      this.spectatorTimers.delete(room.id);
      this.sendSpectators(room).catch((e: unknown) =>
        this.hub.log.error({ err: e, gameId: room.id }, 'spectators not sent'),
      );
    });
    this.spectatorTimers.set(room.id, timer);
  }

  private async sendSpectators(room: Room): Promise<void> {
    const { users, present, complete } = await this.presence(room, true);
    if (this.hub.closing) return;
    // who is gone, and for how long the game still waits (absence.ts): counted from the seats present now
    await this.hub.absences.note(room, present, complete);
    const gone = this.hub.absences.gone(room);
    const msg: ServerMessage = {
      type: 'game.spectators',
      gameId: room.id,
      count: users.size,
      users: [...users.values()].slice(0, 30),
      present: [...present].sort((a, b) => a - b),
      ...(gone.length > 0 ? { gone } : {}),
    };
    this.send(room, msg);
  }

  /**
   * Who has a game open now, on every process: the spectators (seatless watchers) and the seats whose player
   * watches (AI seats always count). `record`: this process's own list changed and is written to Redis first.
   * `complete` is false when the other processes' lists could not be read (Redis away): a seat missing then may
   * well be watched elsewhere.
   */
  async presence(
    room: Room,
    record = false,
  ): Promise<{ users: Map<string, UserInfo>; present: Set<number>; complete: boolean }> {
    let complete = true;
    const users = new Map<string, UserInfo>();
    // the players watching too: their seats are present (recorded with the spectators, each process filters them)
    const here = new Map<string, UserInfo>();
    const present = new Set<number>(room.seats.flatMap((h, s) => (h.kind === 'ai' ? [s] : [])));
    for (const w of room.watchers) {
      here.set(w.user.id, w.user);
      const seats = room.seatsOf(w.user.id);
      if (seats.length === 0) users.set(w.user.id, w.user);
      for (const s of seats) present.add(s);
    }
    const cluster = this.hub.cluster;
    if (cluster) {
      try {
        if (record && this.spectatorsToRecord.delete(room.id)) {
          await cluster.setSpectators(room.id, [...here.values()]);
          const note = { kind: 'spectators', gameId: room.id, from: cluster.id };
          cluster.publish('game', note, room.id);
          // the owner does not follow its own game's channel
          if (!this.hub.rooms.has(room.id)) {
            const owner = await cluster.ownerOf(room.id);
            if (owner && owner !== cluster.id) cluster.notify(owner, note);
          }
        }
        for (const list of await cluster.spectators(room.id)) {
          for (const u of list as UserInfo[]) {
            if (typeof u?.id !== 'string') continue;
            const seats = room.seatsOf(u.id);
            if (seats.length === 0) users.set(u.id, u);
            for (const s of seats) present.add(s);
          }
        }
      } catch (e) {
        // Redis away: this process's own spectators are still worth showing
        complete = false;
        this.hub.log.warn({ err: (e as Error).message, gameId: room.id }, 'spectators not shared');
      }
    }
    return { users, present, complete };
  }

  /** Stops the pending spectator messages (the server is closing). */
  stop(): void {
    for (const t of this.spectatorTimers.values()) t.cancel();
    this.spectatorTimers.clear();
  }
}
