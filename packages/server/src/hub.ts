import { randomBytes } from 'node:crypto';
import { actingSeats, type GameId, type Outcome, SPECTATOR } from '@qiyuan/core';
import {
  type ClientMessage,
  type ClockSpec,
  type ErrorCode,
  PROTOCOL_VERSION,
  type SeatHolder,
  type SeekInfo,
  type ServerMessage,
  speedOf,
  type UserInfo,
} from '@qiyuan/protocol';
import type { Logger } from 'pino';
import type { AiProvider } from './ai.js';
import type { ClockState } from './clock.js';
import type { Cluster, ClusterMessage } from './cluster.js';
import { engineFor } from './games.js';
import { DEFAULT_RATING, type Rating, rate } from './ratings.js';
import { type Change, type Conn, RETRY_MS, Room, type RoomMeta, type RoomStatus } from './room.js';
import type { Store, Tx } from './store.js';

export const newId = (bytes = 9): string => randomBytes(bytes).toString('base64url');

/** How long a request forwarded to a game's owner is waited for before the client is told it is unavailable. */
const FORWARD_TIMEOUT_MS = 5000;

/** Statuses of a game that has an owner: a seek and a game being played. */
const LIVE: ReadonlySet<string> = new Set(['seeking', 'playing']);

/** Games one process takes over at the same time when it claims orphans (each a few database round trips). */
const TAKEOVERS_AT_ONCE = 8;

/** A copy of `items` in random order (Fisher–Yates). */
const shuffled = <T>(items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/** How long an ended game still takes chat and rematch requests. */
const ENDED_MS = 10 * 60_000;

/** A client connection: its user, what it follows, its flood budget. */
export interface Client extends Conn {
  readonly id: string;
  /** Set on the stand-in client that runs a request forwarded by another process. */
  readonly forwarded?: boolean;
  hello: boolean;
  lobby: boolean;
  readonly watching: Set<string>;
  readonly legalFor: Set<string>;
  close(code: number, reason: string): void;
}

interface GameRow {
  id: string;
  game: string;
  options: string;
  clock: string;
  speed: string;
  rated: number | boolean;
  private: number | boolean;
  seats: string;
  creator: string;
  status: string;
  seq: number;
  snapshot: string | null;
  clock_state: string | null;
  created_at: number | string;
  fence?: number | string;
  [k: string]: unknown;
}

/**
 * The live part of the server: rooms, the lobby and the connections, with the
 * store behind them. Single-process: every live game is owned here.
 */
export class Hub {
  readonly rooms = new Map<string, Room>();
  readonly clients = new Set<Client>();
  private readonly byUser = new Map<string, Set<Client>>();
  private closing = false;

  constructor(
    readonly store: Store,
    private readonly ai: AiProvider,
    private readonly log: Logger,
    readonly cluster?: Cluster,
  ) {
    if (cluster) cluster.handler = (channel, msg) => this.onCluster(channel, msg);
  }

  /** Read-only copies of games owned by other processes, for this process's watchers (cluster mode). */
  readonly replicas = new Map<string, Room>();
  /**
   * Games that ended here (owned or replicated) in the last minutes: their watchers keep
   * chatting ("gg") and may ask for a rematch. The owner keeps the game's lease meanwhile,
   * so the other processes still forward to it.
   */
  readonly ended = new Map<string, { room: Room; timer: NodeJS.Timeout; replica: boolean }>();
  private readonly spectatorTimers = new Map<string, NodeJS.Timeout>();
  /** Games whose spectators here changed since this process last recorded them in Redis. */
  private readonly spectatorsToRecord = new Set<string>();
  private timers: NodeJS.Timeout[] = [];

  // ------------------------------------------------------------ start-up

  /** Loads every seek and live game from the store and restarts their clocks. */
  async load(): Promise<void> {
    if (this.cluster) {
      await this.cluster.start();
      await this.claim();
      const every = Math.max(200, Math.floor(this.cluster.leaseMs / 3));
      const guard = (what: string, p: Promise<unknown> | undefined) =>
        p?.catch((e) => this.log.error({ err: e }, `${what} failed`));
      this.timers.push(setInterval(() => guard('lease renewal', this.renewAll()), every));
      this.timers.push(setInterval(() => guard('presence', this.cluster?.reportPresence(this.byUser.size)), every));
      this.timers.push(
        setInterval(() => guard('takeover', this.claim()), Math.max(300, Math.floor(this.cluster.leaseMs / 2))),
      );
      for (const t of this.timers) t.unref();
      return;
    }
    const rows = await this.store.all<GameRow>("SELECT * FROM games WHERE status IN ('seeking', 'playing')");
    for (const row of rows) {
      const room = this.roomFromRow(row);
      if (!room) continue;
      await this.loadChat(room);
      this.rooms.set(room.id, room);
      room.schedule();
      this.driveAi(room);
    }
  }

  /** The game's latest chat lines from the store, into a room restored from its row. */
  private async loadChat(room: Room | undefined): Promise<void> {
    if (!room) return;
    const rows = await this.store
      .all<{ from_user: string; text: string; spectator: number | boolean; at: number | string }>(
        'SELECT from_user, text, spectator, at FROM game_chat WHERE game_id = ? ORDER BY at DESC LIMIT 100',
        [room.id],
      )
      .catch((e: unknown) => {
        this.log.warn({ err: e, gameId: room.id }, 'chat not loaded');
        return [];
      });
    const known = new Set(room.chat.map((l) => `${l.at}|${l.from.id}|${l.text}`));
    const lines = rows
      .reverse()
      .map((r) => ({
        from: JSON.parse(r.from_user) as UserInfo,
        text: r.text,
        at: Number(r.at),
        ...(Number(r.spectator) ? { spectator: true } : {}),
      }))
      .filter((l) => !known.has(`${l.at}|${l.from.id}|${l.text}`));
    if (lines.length === 0) return;
    // lines that arrived (pub/sub) while the store was read stay, in time order
    const merged = [...lines, ...room.chat].sort((a, b) => a.at - b.at);
    room.chat.splice(0, room.chat.length);
    for (const l of merged) room.addChat(l);
  }

  private roomFromRow(row: GameRow): Room | undefined {
    try {
      return this.restoreRow(row);
    } catch (e) {
      this.log.error({ err: e, gameId: row.id }, 'cannot restore game');
      return undefined;
    }
  }

  private restoreRow(row: GameRow): Room | undefined {
    const def = engineFor(row.game);
    if (!def || row.snapshot === null) return undefined;
    const game = def.fromSnapshot(JSON.parse(row.snapshot));
    if (!game.ok) {
      this.log.error({ gameId: row.id, error: game.error }, 'cannot restore game');
      return undefined;
    }
    const clock = JSON.parse(row.clock_state ?? 'null') as ClockState;
    const meta: RoomMeta = {
      id: row.id,
      game: row.game as GameId,
      options: JSON.parse(row.options),
      clock: JSON.parse(row.clock) as ClockSpec,
      speed: row.speed as RoomMeta['speed'],
      rated: Boolean(Number(row.rated)),
      private: Boolean(Number(row.private)),
      creator: JSON.parse(row.creator) as UserInfo,
      createdAt: Number(row.created_at),
    };
    return new Room(
      meta,
      def,
      game.value,
      {
        seq: Number(row.seq),
        status: row.status as RoomStatus,
        seats: JSON.parse(row.seats),
        clock,
        snapshot: row.snapshot,
      },
      this.host,
    );
  }

  // ------------------------------------------------------------ connections

  attach(client: Client): void {
    this.clients.add(client);
    let set = this.byUser.get(client.user.id);
    if (!set) this.byUser.set(client.user.id, (set = new Set()));
    set.add(client);
  }

  detach(client: Client): void {
    this.clients.delete(client);
    this.byUser.get(client.user.id)?.delete(client);
    if (this.byUser.get(client.user.id)?.size === 0) this.byUser.delete(client.user.id);
    for (const id of client.watching) {
      const room = this.watchedRoom(id);
      room?.watchers.delete(client);
      this.dropIdleReplica(id);
      if (room) this.spectatorsChanged(room);
    }
  }

  private error(
    client: Client,
    id: string | undefined,
    code: ErrorCode,
    reason: string,
    extra: { gameId?: string; seq?: number } = {},
  ): void {
    client.send({ type: 'error', ...(id === undefined ? {} : { id }), code, reason, ...extra });
  }

  /** Handles one validated message. Never throws. */
  async handle(client: Client, msg: ClientMessage): Promise<void> {
    try {
      await this.dispatch(client, msg);
    } catch (e) {
      this.log.error({ err: e, type: msg.type }, 'message failed');
      this.error(client, msg.id, 'internal', 'the server could not handle this message');
    }
  }

  private async dispatch(client: Client, msg: ClientMessage): Promise<void> {
    const id = msg.id;
    if (msg.type === 'hello') {
      if (msg.v !== PROTOCOL_VERSION) {
        this.error(client, id, 'bad-version', `this server speaks protocol ${PROTOCOL_VERSION}`);
        client.close(4000, 'bad protocol version');
        return;
      }
      client.hello = true;
      client.send({ type: 'welcome', v: PROTOCOL_VERSION, user: client.user, serverTime: Date.now() });
      return;
    }
    if (this.closing) {
      this.error(client, id, 'unavailable', 'the server is shutting down');
      return;
    }
    if (this.cluster && 'gameId' in msg && msg.type !== 'game.watch' && msg.type !== 'game.unwatch') {
      const where = await this.ownerFor(msg.gameId);
      if (where !== 'here') return this.forward(client, msg, msg.gameId, where);
    }
    if (this.cluster && (msg.type === 'seek.join' || msg.type === 'seek.cancel')) {
      const where = await this.ownerFor(msg.seekId);
      if (where !== 'here') return this.forward(client, msg, msg.seekId, where);
    }
    switch (msg.type) {
      case 'ping':
        client.send({ type: 'pong', ...(id === undefined ? {} : { id }), serverTime: Date.now() });
        return;
      case 'lobby.subscribe':
        client.lobby = true;
        client.send({ type: 'lobby', seeks: await this.lobbySeeks() });
        return;
      case 'lobby.unsubscribe':
        client.lobby = false;
        client.send({ type: 'ack', ...(id === undefined ? {} : { id }) });
        return;
      case 'seek.create':
        return this.createSeek(client, msg);
      case 'seek.join':
        return this.joinSeek(client, id, msg.seekId, msg.seat);
      case 'seek.cancel':
        return this.cancelSeek(client, id, msg.seekId);
      case 'game.watch': {
        const room =
          this.ended.get(msg.gameId)?.room ??
          (this.cluster ? await this.watchable(msg.gameId) : await this.roomFor(msg.gameId));
        if (!room) return this.error(client, id, 'not-found', 'no such game', { gameId: msg.gameId });
        if (msg.legal) client.legalFor.add(room.id);
        else client.legalFor.delete(room.id);
        room.watchers.add(client);
        client.watching.add(room.id);
        room.sync(client);
        this.spectatorsChanged(room);
        return;
      }
      case 'game.unwatch': {
        const room = this.watchedRoom(msg.gameId);
        room?.watchers.delete(client);
        this.dropIdleReplica(msg.gameId);
        client.watching.delete(msg.gameId);
        client.legalFor.delete(msg.gameId);
        client.send({ type: 'ack', ...(id === undefined ? {} : { id }), gameId: msg.gameId });
        if (room) this.spectatorsChanged(room);
        return;
      }
      case 'game.chat': {
        const room = this.rooms.get(msg.gameId) ?? this.ended.get(msg.gameId)?.room;
        if (!room) return this.error(client, id, 'not-found', 'no such live game', { gameId: msg.gameId });
        const at = Date.now();
        const spectator = room.seatsOf(client.user.id).length === 0;
        const line = { from: client.user, text: msg.text, at, ...(spectator ? { spectator } : {}) };
        // stored before it is shown or acknowledged, like a move: a restart or a takeover keeps it
        try {
          await this.store.run(
            'INSERT INTO game_chat (id, game_id, from_user, text, spectator, at) VALUES (?, ?, ?, ?, ?, ?)',
            [newId(), room.id, JSON.stringify(client.user), msg.text, spectator ? 1 : 0, at],
          );
        } catch (e) {
          this.log.warn({ err: e, gameId: room.id }, 'chat not stored');
          return this.error(client, id, 'unavailable', 'the message could not be stored; try again', {
            gameId: room.id,
          });
        }
        room.addChat(line);
        for (const w of room.watchers) w.send({ type: 'game.chat', gameId: room.id, ...line });
        this.cluster?.publish('game', { kind: 'chat', gameId: room.id, ...line }, room.id);
        client.send({ type: 'ack', ...(id === undefined ? {} : { id }), gameId: room.id });
        return;
      }
      case 'game.rematch':
        return this.rematch(client, id, msg.gameId, msg.accept !== false);
      case 'game.move':
      case 'game.resign':
      case 'game.offer':
      case 'game.answer': {
        const room = this.rooms.get(msg.gameId);
        if (!room) {
          const stored = await this.store.get<{ status: string; seq: number }>(
            'SELECT status, seq FROM games WHERE id = ?',
            [msg.gameId],
          );
          if (stored)
            return this.error(client, id, 'game-over', 'the game is over', {
              gameId: msg.gameId,
              seq: Number(stored.seq),
            });
          return this.error(client, id, 'not-found', 'no such game', { gameId: msg.gameId });
        }
        const r =
          msg.type === 'game.move'
            ? await room.move(client.user.id, msg.seq, msg.move, msg.seat)
            : msg.type === 'game.resign'
              ? await room.resign(client.user.id, msg.seq, msg.seat)
              : await room.offer(
                  client.user.id,
                  msg.seq,
                  msg.seat,
                  msg.offer,
                  msg.type === 'game.answer' ? msg.accept : true,
                  msg.type === 'game.answer',
                );
        if (r.ok) client.send({ type: 'ack', ...(id === undefined ? {} : { id }), gameId: room.id, seq: r.value });
        else if (r.error.code === 'stale-seq' && msg.seq > room.seq && (await this.overtaken(room))) {
          this.error(client, id, 'unavailable', 'the game is served by another process now; try again', {
            gameId: room.id,
          });
        } else this.error(client, id, r.error.code, r.error.reason, { gameId: room.id, seq: room.seq });
        return;
      }
    }
  }

  /** A live room, or a finished game loaded read-only for watching and replay. */
  private async roomFor(gameId: string): Promise<Room | undefined> {
    const live = this.rooms.get(gameId) ?? this.ended.get(gameId)?.room;
    if (live) return live;
    const row = await this.store.get<GameRow>('SELECT * FROM games WHERE id = ?', [gameId]);
    if (!row) return undefined;
    const room = this.roomFromRow(row);
    room?.close();
    await this.loadChat(room);
    return room;
  }

  /** The room this process shows for a game id: owned, replicated, or ended a short while ago. */
  private watchedRoom(gameId: string): Room | undefined {
    return this.rooms.get(gameId) ?? this.replicas.get(gameId) ?? this.ended.get(gameId)?.room;
  }

  /**
   * Tells a game's watchers who watches it without a seat. Debounced: a crowd
   * arriving at once costs one message per watcher, not one per arrival. With
   * several processes, each records its own spectators of the game in Redis and
   * tells the others showing it (the replicas on the game's channel, the owner
   * directly), and every process sends its watchers the union. `local` says the
   * change happened here (so this process's list must be recorded).
   */
  private spectatorsChanged(room: Room, local = true): void {
    if (local) this.spectatorsToRecord.add(room.id);
    if (this.spectatorTimers.has(room.id) || this.closing) return;
    const timer = setTimeout(() => {
      this.spectatorTimers.delete(room.id);
      this.sendSpectators(room).catch((e: unknown) =>
        this.log.error({ err: e, gameId: room.id }, 'spectators not sent'),
      );
    }, 400);
    timer.unref();
    this.spectatorTimers.set(room.id, timer);
  }

  private async sendSpectators(room: Room): Promise<void> {
    const users = new Map<string, UserInfo>();
    for (const w of room.watchers) if (room.seatsOf(w.user.id).length === 0) users.set(w.user.id, w.user);
    const cluster = this.cluster;
    if (cluster) {
      try {
        if (this.spectatorsToRecord.delete(room.id)) {
          await cluster.setSpectators(room.id, [...users.values()]);
          const note = { kind: 'spectators', gameId: room.id, from: cluster.id };
          cluster.publish('game', note, room.id);
          // the owner does not follow its own game's channel
          if (!this.rooms.has(room.id)) {
            const owner = await cluster.ownerOf(room.id);
            if (owner && owner !== cluster.id) cluster.notify(owner, note);
          }
        }
        for (const list of await cluster.spectators(room.id)) {
          for (const u of list as UserInfo[]) {
            if (typeof u?.id === 'string' && room.seatsOf(u.id).length === 0) users.set(u.id, u);
          }
        }
      } catch (e) {
        // Redis away: this process's own spectators are still worth showing
        this.log.warn({ err: (e as Error).message, gameId: room.id }, 'spectators not shared');
      }
    }
    if (this.closing) return;
    const msg: ServerMessage = {
      type: 'game.spectators',
      gameId: room.id,
      count: users.size,
      users: [...users.values()].slice(0, 30),
    };
    this.toWatchers(room, msg);
  }

  /** One message to every watcher of a room, serialized once. */
  private toWatchers(room: Room, msg: ServerMessage): void {
    const text = JSON.stringify(msg);
    for (const w of room.watchers) {
      if (w.sendText) w.sendText(text);
      else w.send(msg);
    }
  }

  /** Keeps an ended game around for a while (chat, rematch), then lets it go. */
  private retire(room: Room, replica: boolean): void {
    const old = this.ended.get(room.id);
    if (old) clearTimeout(old.timer);
    const timer = setTimeout(() => this.forget(room.id), ENDED_MS);
    timer.unref();
    this.ended.set(room.id, { room, timer, replica });
  }

  private forget(gameId: string): void {
    const e = this.ended.get(gameId);
    if (!e) return;
    clearTimeout(e.timer);
    this.ended.delete(gameId);
    if (e.replica) this.cluster?.unfollow(gameId);
    else if (e.room.fence > 0) void this.cluster?.release(gameId, e.room.fence).catch(() => undefined);
  }

  /** A user's rating in a game and speed class, if it has one (shown in seeks and seats). */
  private async ratingOf(userId: string, game: string, speed: string): Promise<number | undefined> {
    const r = await this.store
      .get<{ rating: number }>('SELECT rating FROM ratings WHERE user_id = ? AND game = ? AND speed = ?', [
        userId,
        game,
        speed,
      ])
      .catch(() => undefined);
    return r ? Math.round(Number(r.rating)) : undefined;
  }

  private async seatOf(user: UserInfo, game: string, speed: string): Promise<SeatHolder> {
    const rating = user.guest ? undefined : await this.ratingOf(user.id, game, speed);
    return rating === undefined ? { kind: 'user', user } : { kind: 'user', user, rating };
  }

  /**
   * A rematch: when every human player of an ended game has asked, a new game with
   * the same settings starts at once, each holder moved one seat on (colours change).
   */
  private async rematch(client: Client, id: string | undefined, gameId: string, accept: boolean): Promise<void> {
    const entry = this.ended.get(gameId);
    if (!entry || entry.replica) {
      return this.error(client, id, 'not-allowed', 'a rematch is asked within ten minutes of the end', { gameId });
    }
    const room = entry.room;
    if (room.status !== 'finished')
      return this.error(client, id, 'not-allowed', 'this game did not finish', { gameId });
    if (room.next) return this.error(client, id, 'not-allowed', 'the rematch has already started', { gameId });
    const mine = room.seatsOf(client.user.id);
    if (mine.length === 0)
      return this.error(client, id, 'not-your-seat', 'you played no seat in this game', { gameId });
    const ack = () => client.send({ type: 'ack', ...(id === undefined ? {} : { id }), gameId });
    const announce = () => {
      const msg: ServerMessage = { type: 'game.rematch', gameId, seats: [...room.rematch] };
      this.toWatchers(room, msg);
      this.cluster?.publish('game', { kind: 'relay', gameId, msg }, gameId);
    };
    if (!accept) {
      room.rematch.clear();
      announce();
      return ack();
    }
    for (const s of mine) room.rematch.add(s);
    if (!room.humanSeats().every((h) => room.rematch.has(h))) {
      announce();
      return ack();
    }
    const def = engineFor(room.meta.game);
    if (!def) return this.error(client, id, 'unavailable', 'this game is not served here any more', { gameId });
    const loose = { ...room.meta.options, seed: randomBytes(4).readUInt32BE() & 0x7fffffff };
    const options = def.parseOptions(loose);
    const created = options.ok ? def.create(options.value) : options;
    if (!created.ok) return this.error(client, id, 'bad-options', created.error.reason, { gameId });
    const n = room.seats.length;
    const seats: SeatHolder[] = new Array(n);
    for (const [i, h] of room.seats.entries()) {
      seats[(i + 1) % n] = h.kind === 'user' ? await this.seatOf(h.user, room.meta.game, room.meta.speed) : h;
    }
    const now = Date.now();
    const meta: RoomMeta = { ...room.meta, id: newId(), options: loose, createdAt: now };
    const next = await this.openRoom(meta, def, created.value, seats, now);
    if (!next) return this.error(client, id, 'unavailable', 'the cluster could not take the new game', { gameId });
    room.next = meta.id;
    room.rematch.clear();
    if (!(await this.startRoom(next, seats))) {
      return this.error(client, id, 'unavailable', 'the rematch could not be started', { gameId });
    }
    const msg: ServerMessage = { type: 'game.rematched', gameId, newGameId: meta.id };
    this.toWatchers(room, msg);
    this.cluster?.publish('game', { kind: 'relay', gameId, msg }, gameId);
    ack();
  }

  // ------------------------------------------------------------ lobby

  private seekInfo(room: Room): SeekInfo {
    return {
      id: room.id,
      game: room.meta.game,
      options: room.publicOptions(),
      clock: room.meta.clock,
      speed: room.meta.speed,
      rated: room.meta.rated,
      private: room.meta.private,
      seats: room.seats,
      creator: room.meta.creator,
      createdAt: room.meta.createdAt,
    };
  }

  /** The open seeks a user created or sits in (every process's, from the database). */
  async seeksOf(userId: string): Promise<SeekInfo[]> {
    const pattern = `%${userId}%`;
    const rows = await this.store.all<GameRow>(
      "SELECT * FROM games WHERE status = 'seeking' AND (creator LIKE ? OR seats LIKE ?) ORDER BY created_at DESC LIMIT 50",
      [pattern, pattern],
    );
    const out: SeekInfo[] = [];
    for (const row of rows) {
      const room = this.rooms.get(row.id) ?? this.roomFromRow(row);
      if (room?.status !== 'seeking') continue;
      if (room.meta.creator.id === userId || room.seatsOf(userId).length > 0) out.push(this.seekInfo(room));
    }
    return out;
  }

  publicSeeks(): SeekInfo[] {
    const out: SeekInfo[] = [];
    for (const r of this.rooms.values()) if (r.status === 'seeking' && !r.meta.private) out.push(this.seekInfo(r));
    return out;
  }

  private toLobby(msg: ServerMessage, local = false): void {
    for (const c of this.clients) if (c.lobby) c.send(msg);
    if (!local) this.cluster?.publish('lobby', { kind: 'lobby', msg });
  }

  /** Sends to every connection of a user, on every process. */
  private toUser(userId: string, msg: ServerMessage, local = false): void {
    for (const c of this.byUser.get(userId) ?? []) c.send(msg);
    if (!local) this.cluster?.publish('user', { kind: 'user', userId, msg });
  }

  /** The public seeks: this process's, or (cluster) every process's from the database. */
  private async lobbySeeks(): Promise<SeekInfo[]> {
    if (!this.cluster) return this.publicSeeks();
    const rows = await this.store.all<GameRow>("SELECT * FROM games WHERE status = 'seeking' AND private = 0");
    return rows
      .map((row) => {
        const room = this.rooms.get(row.id) ?? this.roomFromRow(row);
        return room ? this.seekInfo(room) : undefined;
      })
      .filter((x): x is SeekInfo => x !== undefined);
  }

  private async createSeek(client: Client, msg: Extract<ClientMessage, { type: 'seek.create' }>): Promise<void> {
    const id = msg.id;
    const def = engineFor(msg.game);
    if (!def) return this.error(client, id, 'bad-options', `${msg.game} is not served here yet`);
    // A secret seed per game: random layouts (翻棋, random setups) must not be predictable.
    const loose: Record<string, string | number | boolean> = { ...msg.options };
    if (loose.seed === undefined) loose.seed = randomBytes(4).readUInt32BE() & 0x7fffffff;
    const options = def.parseOptions(loose);
    if (!options.ok) return this.error(client, id, 'bad-options', options.error.reason);
    const created = def.create(options.value);
    if (!created.ok) return this.error(client, id, 'bad-options', created.error.reason);
    const game = created.value;
    if (msg.seats.length !== game.seatCount) {
      return this.error(
        client,
        id,
        'bad-options',
        `this game has ${game.seatCount} seats, the seek lists ${msg.seats.length}`,
      );
    }
    const mine = msg.seats.filter((s) => s.kind === 'me').length;
    if (mine === 0) return this.error(client, id, 'bad-options', 'the creator takes at least one seat');
    if (msg.rated) {
      if (client.user.guest)
        return this.error(client, id, 'not-allowed', 'guests play casual games; register to play rated');
      if (mine > 1 || msg.seats.some((s) => s.kind === 'ai')) {
        return this.error(client, id, 'not-allowed', 'rated games are between different people, without AI seats');
      }
    }
    const speed = speedOf(msg.clock);
    const me = await this.seatOf(client.user, def.id, speed);
    const seats: SeatHolder[] = msg.seats.map((s) =>
      s.kind === 'me' ? me : s.kind === 'ai' ? { kind: 'ai', level: s.level } : { kind: 'open' },
    );
    const now = Date.now();
    const meta: RoomMeta = {
      id: newId(),
      game: def.id,
      options: loose,
      clock: msg.clock,
      speed,
      rated: msg.rated,
      private: msg.private,
      creator: client.user,
      createdAt: now,
    };
    const room = await this.openRoom(meta, def, game, seats, now);
    if (!room) return this.error(client, id, 'unavailable', 'the cluster could not take the new game');
    const info = this.seekInfo(room);
    client.send({
      type: 'seek.created',
      ...(id === undefined ? {} : { id }),
      seek: info,
      invite: `/invite/${meta.id}`,
    });
    if (seats.every((s) => s.kind !== 'open')) {
      await this.startRoom(room, seats);
    } else if (!meta.private) {
      this.toLobby({ type: 'seek.added', seek: info });
    }
  }

  /** Stores a new game as a seek and makes it live here (with its lease, in a cluster). */
  private async openRoom(
    meta: RoomMeta,
    def: NonNullable<ReturnType<typeof engineFor>>,
    game: Room['game'],
    seats: SeatHolder[],
    now: number,
  ): Promise<Room | undefined> {
    const clock = Room.initialClock(meta.clock, game.seatCount, now);
    const room = new Room(meta, def, game, { seq: 0, status: 'seeking', seats, clock }, this.host);
    if (this.cluster) {
      const fence = await this.cluster.acquire(meta.id);
      if (fence === undefined) return undefined;
      room.fence = fence;
    }
    await this.store.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO games (id, game, options, clock, speed, rated, private, seats, creator, status, seq, snapshot, clock_state, created_at, updated_at, fence)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'seeking', 0, ?, ?, ?, ?, ?)`,
        [
          meta.id,
          meta.game,
          JSON.stringify(meta.options),
          JSON.stringify(meta.clock),
          meta.speed,
          meta.rated ? 1 : 0,
          meta.private ? 1 : 0,
          JSON.stringify(seats),
          JSON.stringify(meta.creator),
          JSON.stringify(game.snapshot()),
          JSON.stringify(clock),
          now,
          now,
          room.fence,
        ],
      );
    });
    this.rooms.set(meta.id, room);
    return room;
  }

  private async joinSeek(
    client: Client,
    id: string | undefined,
    seekId: string,
    seat: number | undefined,
  ): Promise<void> {
    const room = this.rooms.get(seekId);
    if (room?.status !== 'seeking') return this.error(client, id, 'not-found', 'no such open seek');
    if (room.meta.rated && client.user.guest)
      return this.error(client, id, 'not-allowed', 'guests cannot join rated games');
    // One player, one seat in someone's seek: the creator's own seats are chosen at
    // creation ('me' seats, which also make hotseat games), so joining cannot add a
    // second seat for the creator or for a joiner, and a seek cannot be filled by one person.
    if (room.meta.creator.id === client.user.id)
      return this.error(client, id, 'not-allowed', 'you created this seek; wait for other players to join it');
    if (room.seatsOf(client.user.id).length > 0)
      return this.error(client, id, 'not-allowed', 'you already hold a seat in this seek');
    const open = room.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
    const target = seat ?? open[0];
    if (target === undefined || !open.includes(target))
      return this.error(client, id, 'seat-taken', `seat ${target ?? '?'} is not open`);
    const holder = await this.seatOf(client.user, room.meta.game, room.meta.speed);
    // the rating look-up yielded: another joiner may have taken the seat meanwhile
    if (room.status !== 'seeking' || room.seats[target]?.kind !== 'open')
      return this.error(client, id, 'seat-taken', `seat ${target} is not open`);
    if (room.seatsOf(client.user.id).length > 0)
      return this.error(client, id, 'not-allowed', 'you already hold a seat in this seek');
    const seats = room.seats.map((s, i) => (i === target ? holder : s));
    const full = seats.every((s) => s.kind !== 'open');
    if (full) {
      const r = await this.startRoom(room, seats);
      if (!r) return this.error(client, id, 'unavailable', 'the game could not be started');
    } else {
      // taken in memory at once, so a joiner arriving during the write sees it
      room.seats = seats;
      let written: number;
      try {
        written = await this.writeSeek(room, 'seats = ?, updated_at = ?', [JSON.stringify(seats), Date.now()]);
      } catch (e) {
        room.seats = room.seats.map((s, i) => (i === target ? { kind: 'open' } : s));
        throw e;
      }
      if (written !== 1) return this.seekLost(client, id, room);
      if (!room.meta.private) this.toLobby({ type: 'seek.added', seek: this.seekInfo(room) });
    }
    client.send({ type: 'ack', ...(id === undefined ? {} : { id }), gameId: room.id, seq: room.seq });
  }

  private async startRoom(room: Room, seats: SeatHolder[]): Promise<boolean> {
    const r = await room.start(seats);
    if (!r.ok) return false;
    if (!room.meta.private) this.toLobby({ type: 'seek.removed', seekId: room.id, gameId: room.id });
    const users = new Set(seats.flatMap((s) => (s.kind === 'user' ? [s.user.id] : [])));
    for (const u of users) {
      this.toUser(u, { type: 'game.started', gameId: room.id, seekId: room.id, seats: room.seatsOf(u) });
    }
    return true;
  }

  private async cancelSeek(client: Client, id: string | undefined, seekId: string): Promise<void> {
    const room = this.rooms.get(seekId);
    if (room?.status !== 'seeking') return this.error(client, id, 'not-found', 'no such open seek');
    if (room.meta.creator.id !== client.user.id) {
      // a joiner leaves its seat; the creator cancels the seek
      const mine = room.seatsOf(client.user.id);
      if (mine.length === 0) return this.error(client, id, 'not-allowed', 'only the creator cancels a seek');
      const seats = room.seats.map((s, i) => (mine.includes(i) ? ({ kind: 'open' } as SeatHolder) : s));
      if ((await this.writeSeek(room, 'seats = ?', [JSON.stringify(seats)])) !== 1) {
        return this.seekLost(client, id, room);
      }
      room.seats = seats;
      client.send({ type: 'ack', ...(id === undefined ? {} : { id }) });
      if (!room.meta.private) this.toLobby({ type: 'seek.added', seek: this.seekInfo(room) });
      return;
    }
    if ((await this.writeSeek(room, "status = 'aborted', updated_at = ?", [Date.now()])) !== 1) {
      return this.seekLost(client, id, room);
    }
    room.status = 'aborted';
    room.close();
    this.rooms.delete(room.id);
    client.send({ type: 'ack', ...(id === undefined ? {} : { id }) });
    if (!room.meta.private) this.toLobby({ type: 'seek.removed', seekId: room.id });
  }

  /**
   * Writes a seek's row under this process's fencing token, like a move: a
   * process that lost the seek (paused past its lease while another took it
   * over and perhaps started the game) must not re-seat or abort it. Returns
   * the rows written: 0 when the seek is no longer this process's to change.
   */
  private writeSeek(room: Room, set: string, params: readonly unknown[]): Promise<number> {
    return this.store.run(`UPDATE games SET ${set} WHERE id = ? AND fence = ? AND status = 'seeking'`, [
      ...params,
      room.id,
      room.fence,
    ]);
  }

  /** A seek's row was changed elsewhere: stop serving it here and say so. */
  private seekLost(client: Client, id: string | undefined, room: Room): void {
    if (this.cluster) {
      this.fencedOut(room);
      this.error(client, id, 'unavailable', 'the seek is served by another process now; try again');
      return;
    }
    room.close();
    this.rooms.delete(room.id);
    this.error(client, id, 'not-found', 'no such open seek');
  }

  // ------------------------------------------------------------ rooms' host

  readonly host = {
    commit: (room: Room, change: Change) => this.commit(room, change),
    changed: (room: Room, change: Change) => this.changed(room, change),
    connectionsOf: (userId: string) => this.byUser.get(userId) ?? [],
  };

  /** Stores one change atomically: the event, the game row and, at the end of a rated game, the ratings. */
  private async commit(room: Room, c: Change): Promise<void> {
    // PostgreSQL, the common case (a move, an offer, a clock event): one statement,
    // so one round trip and one commit instead of four.
    if (this.store.kind === 'postgres' && c.kind !== 'start' && !(c.status === 'finished' && room.meta.rated)) {
      const n = await this.store.run(
        `WITH u AS (
           UPDATE games SET seq = ?, status = ?, seats = ?, snapshot = ?, clock_state = ?, outcome = ?, updated_at = ?,
             finished_at = ?, fence = ?
           WHERE id = ? AND seq = ? AND fence <= ? RETURNING id)
         INSERT INTO game_events (game_id, seq, kind, seat, data, at)
         SELECT id, ?::integer, ?::text, ?::integer, ?::text, ?::bigint FROM u`,
        [
          c.seq,
          c.status,
          JSON.stringify(c.seats),
          c.snapshot,
          JSON.stringify(c.clock),
          c.outcome ? JSON.stringify(c.outcome) : null,
          c.at,
          c.status === 'finished' ? c.at : null,
          room.fence,
          c.gameId,
          c.fromSeq,
          room.fence,
          c.seq,
          c.kind,
          c.seat ?? null,
          JSON.stringify(c.data),
          c.at,
        ],
      );
      if (n !== 1) throw this.changedElsewhere(room);
      return;
    }
    await this.store.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE games SET seq = ?, status = ?, seats = ?, snapshot = ?, clock_state = ?, outcome = ?, updated_at = ?, finished_at = ?, fence = ?
         WHERE id = ? AND seq = ? AND fence <= ?`,
        [
          c.seq,
          c.status,
          JSON.stringify(c.seats),
          c.snapshot,
          JSON.stringify(c.clock),
          c.outcome ? JSON.stringify(c.outcome) : null,
          c.at,
          c.status === 'finished' ? c.at : null,
          room.fence,
          c.gameId,
          c.fromSeq,
          room.fence,
        ],
      );
      if (changed !== 1) throw this.changedElsewhere(room);
      await tx.run('INSERT INTO game_events (game_id, seq, kind, seat, data, at) VALUES (?, ?, ?, ?, ?, ?)', [
        c.gameId,
        c.seq,
        c.kind,
        c.seat ?? null,
        JSON.stringify(c.data),
        c.at,
      ]);
      if (c.kind === 'start') {
        for (const [seat, h] of c.seats.entries()) {
          if (h.kind === 'user') {
            // a guest's row is written when it first sits in a game that starts (see session.ts)
            if (h.user.guest) {
              await tx.run(
                'INSERT INTO users (id, name, name_key, password_hash, guest, created_at) VALUES (?, ?, NULL, NULL, 1, ?) ON CONFLICT (id) DO NOTHING',
                [h.user.id, h.user.name, c.at],
              );
            }
            await tx.run('INSERT INTO game_players (game_id, seat, user_id) VALUES (?, ?, ?)', [
              c.gameId,
              seat,
              h.user.id,
            ]);
          }
        }
      }
      if (c.status === 'finished' && c.outcome && room.meta.rated) await this.rateGame(tx, room, c.outcome);
    });
  }

  /**
   * The guarded update found the game written by someone else (a higher fence, or a later sequence number): in a
   * cluster another process owns it now. This process stops serving it at once instead of waiting for its next
   * renewal, so the actions of its clients go to the true owner from now on.
   */
  private changedElsewhere(room: Room): Error {
    this.fencedOut(room);
    return new Error('the game was changed elsewhere');
  }

  private async rateGame(tx: Tx, room: Room, outcome: Outcome): Promise<void> {
    const users = room.seats.map((s) => (s.kind === 'user' ? s.user.id : ''));
    if (users.some((u) => u === '')) return;
    const before: Rating[] = [];
    for (const u of users) {
      const rows = await tx.all<{ rating: number; rd: number; vol: number; games: number }>(
        'SELECT rating, rd, vol, games FROM ratings WHERE user_id = ? AND game = ? AND speed = ?',
        [u, room.meta.game, room.meta.speed],
      );
      const r = rows[0];
      before.push(
        r ? { rating: Number(r.rating), rd: Number(r.rd), vol: Number(r.vol), games: Number(r.games) } : DEFAULT_RATING,
      );
    }
    const after = rate(outcome, before);
    for (const [i, u] of users.entries()) {
      const a = after[i]!;
      const n = await tx.run(
        'UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = ? WHERE user_id = ? AND game = ? AND speed = ?',
        [a.rating, a.rd, a.vol, a.games, u, room.meta.game, room.meta.speed],
      );
      if (n === 0) {
        await tx.run(
          'INSERT INTO ratings (user_id, game, speed, rating, rd, vol, games) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [u, room.meta.game, room.meta.speed, a.rating, a.rd, a.vol, a.games],
        );
      }
    }
    const change = users.map((_, i) => ({
      before: Math.round(before[i]!.rating),
      after: Math.round(after[i]!.rating),
    }));
    await tx.run('UPDATE games SET rating_change = ? WHERE id = ?', [JSON.stringify(change), room.id]);
  }

  private changed(room: Room, change: Change): void {
    this.cluster?.publish(
      'game',
      {
        kind: 'change',
        gameId: room.id,
        seq: change.seq,
        event: change.kind,
        snapshot: change.snapshot,
        seats: change.seats,
        status: change.status,
        clock: change.clock,
        offers: [...room.offers],
        fromPly: change.fromPly,
        undone: change.undone,
        data: change.data,
      },
      room.id,
    );
    if (change.status === 'finished') {
      // the lease is kept while the ended game takes chat and rematch requests (see retire)
      room.close();
      this.rooms.delete(room.id);
      this.retire(room, false);
      return;
    }
    this.driveAi(room);
  }

  /** Lets the AI seats that may act now play, one request at a time per room. */
  private readonly thinking = new Set<string>();
  private driveAi(room: Room): void {
    if (room.status !== 'playing' || room.closed || room.clock.paused) return;
    const turn = room.game.turn();
    const ais = room.aiSeats().filter((a) => actingSeats(turn).includes(a.seat));
    for (const { seat, level } of ais) {
      const key = `${room.id}:${seat}`;
      if (this.thinking.has(key)) continue;
      this.thinking.add(key);
      const seq = room.seq;
      setImmediate(async () => {
        let again = false;
        try {
          const move = await this.ai.choose(room.game.clone(), seat, level);
          if (move !== undefined && room.seq === seq && !room.closed) {
            const r = await room.move(undefined, seq, move, seat);
            if (!r.ok && r.error.code !== 'stale-seq')
              this.log.warn({ gameId: room.id, seat, error: r.error }, 'AI move refused');
            // the database refused the move: nothing else will ask the AI again (no clock may run), so ask later
            again = !r.ok && r.error.code === 'unavailable';
          }
        } catch (e) {
          this.log.error({ err: e, gameId: room.id }, 'AI failed');
          again = true;
        } finally {
          this.thinking.delete(key);
          if (room.seq !== seq) this.driveAi(room);
          else if (again) {
            const retry = setTimeout(() => {
              if (this.rooms.get(room.id) === room) this.driveAi(room);
            }, RETRY_MS);
            retry.unref();
          }
        }
      });
    }
  }

  /** Players connected now (distinct users here; summed over the processes of a cluster). */
  async online(): Promise<number> {
    if (!this.cluster) return this.byUser.size;
    await this.cluster.reportPresence(this.byUser.size);
    return this.cluster.presence().catch(() => this.byUser.size);
  }

  // ------------------------------------------------------------ cluster (issue 12)

  /** Whether this process owns the game now (taking it over when nobody does). */
  /**
   * `here` when this process owns the game now (taking it over when nobody
   * does); otherwise the owner found, so forwarding needs no second look-up
   * (undefined: Redis did not answer, or nobody holds the game).
   */
  private async ownerFor(gameId: string): Promise<'here' | string | undefined> {
    if (this.rooms.has(gameId) || this.ended.get(gameId)?.replica === false) return 'here';
    let owner: string | undefined;
    try {
      owner = await this.cluster!.ownerOf(gameId);
    } catch {
      return undefined;
    }
    if (owner !== undefined) return owner;
    if ((await this.takeOver(gameId)) !== undefined) return 'here';
    // another process may have won the race for it
    return this.cluster!.ownerOf(gameId).catch(() => undefined);
  }

  /** Acquires the lease of a stored live game and loads it from the database. */
  private async takeOver(gameId: string, storedFence?: number): Promise<Room | undefined> {
    const cluster = this.cluster!;
    let floor = storedFence;
    if (floor === undefined) {
      const row = await this.store
        .get<{ status: string; fence: number | string }>('SELECT status, fence FROM games WHERE id = ?', [gameId])
        .catch(() => undefined);
      if (!row || !LIVE.has(row.status)) return undefined;
      floor = Number(row.fence ?? 0);
    }
    const fence = await cluster.acquire(gameId, floor);
    if (fence === undefined) return undefined;
    // Raise the fence first: from now on the previous owner's writes are refused.
    const raised = await this.store
      .run('UPDATE games SET fence = ? WHERE id = ? AND fence < ?', [fence, gameId, fence])
      .catch(() => 0);
    const stored =
      raised === 1
        ? await this.store.get<GameRow>('SELECT * FROM games WHERE id = ?', [gameId]).catch(() => undefined)
        : undefined;
    // the game may have ended between the claim's look and the lease
    const fresh = stored && LIVE.has(stored.status) ? stored : undefined;
    let room: Room | undefined;
    try {
      room = fresh ? this.roomFromRow(fresh) : undefined;
    } catch (e) {
      this.log.error({ err: e, gameId }, 'cannot restore game');
    }
    if (!room) {
      await cluster.release(gameId, fence);
      return undefined;
    }
    room.fence = fence;
    await this.loadChat(room);
    this.rooms.set(gameId, room);
    const replica = this.replicas.get(gameId);
    if (replica) {
      this.dropReplica(gameId);
      for (const w of replica.watchers) {
        room.watchers.add(w);
        room.sync(w);
      }
    }
    room.schedule();
    this.driveAi(room);
    this.log.info({ gameId, fence }, 'took over game');
    return room;
  }

  /** Set while `claim` runs: a slow run (many games, a slow database) must not be overlapped by the next. */
  private claiming = false;

  /**
   * Claims live games whose owner is gone. Every process runs this every half
   * lease: one query for the ids of the live games, one MGET per thousand of
   * them for their leases, and a takeover of each game nobody holds (see the
   * limits in docs/DEPLOY.md).
   */
  private async claim(): Promise<void> {
    if (this.closing || this.claiming) return;
    this.claiming = true;
    try {
      const rows = await this.store
        .all<{ id: string; fence: number | string }>(
          "SELECT id, fence FROM games WHERE status IN ('seeking', 'playing')",
        )
        .catch(() => [] as { id: string; fence: number | string }[]);
      const live = rows.filter((r) => !this.rooms.has(r.id));
      // Redis away: nobody can be told to be gone, so nothing is claimed
      const owners = await this.cluster!.owners(live.map((r) => r.id)).catch(() => undefined);
      if (!owners) return;
      // In a random order, several at a time: the games of a process that died with thousands of them come back
      // in seconds rather than one after another, and the survivors, each starting elsewhere in the list, share them
      // instead of racing for the same game (the loser of a race only pays one Redis round trip).
      const orphans = shuffled(live.filter((_, i) => owners[i] === undefined));
      const next = async (): Promise<void> => {
        for (let r = orphans.pop(); r && !this.closing; r = orphans.pop()) {
          if (!this.rooms.has(r.id)) await this.takeOver(r.id, Number(r.fence));
        }
      };
      await Promise.all(Array.from({ length: TAKEOVERS_AT_ONCE }, next));
    } finally {
      this.claiming = false;
    }
  }

  private async renewAll(): Promise<void> {
    for (const room of [...this.rooms.values()]) {
      const r = await this.cluster!.renew(room.id, room.fence);
      if (r === 'lost') await this.demote(room);
    }
    for (const [gameId, e] of [...this.ended]) {
      if (e.replica || e.room.fence === 0) continue;
      if ((await this.cluster!.renew(gameId, e.room.fence)) === 'lost') this.forget(gameId);
    }
  }

  /**
   * A write of this process to a game it believed it owned was refused: another process owns it now. Gives it up at
   * once, and hands back the lease if this process still holds one (a token below the stored one can never write, so
   * keeping it would only keep the true owner away).
   */
  private fencedOut(room: Room): void {
    const cluster = this.cluster;
    if (!cluster || this.rooms.get(room.id) !== room) return;
    this.demote(room).catch((e: unknown) => this.log.error({ err: e, gameId: room.id }, 'demotion failed'));
    void cluster.release(room.id, room.fence);
  }

  /**
   * A client knows a later seq than this process's room: in a cluster, another process may have taken the game over
   * while this one was paused, before its renewal has told it so. Such a room must not answer for the game (its
   * seq and frames are old): when the stored fence is above its own, it is given up at once.
   */
  private async overtaken(room: Room): Promise<boolean> {
    if (!this.cluster) return false;
    const row = await this.store
      .get<{ fence: number | string }>('SELECT fence FROM games WHERE id = ?', [room.id])
      .catch(() => undefined);
    if (!row || Number(row.fence) <= room.fence) return false;
    this.fencedOut(room);
    return true;
  }

  /** Gives up a game another process now owns; its watchers here follow it as a replica. */
  private async demote(room: Room): Promise<void> {
    room.close();
    this.rooms.delete(room.id);
    this.log.warn({ gameId: room.id }, 'lost the lease of a game');
    if (room.watchers.size === 0) return;
    const replica = await this.watchable(room.id).catch(() => undefined);
    for (const w of room.watchers) {
      if (!replica) continue;
      replica.watchers.add(w);
      replica.sync(w);
    }
  }

  /** A room to watch here: the owned one, or a replica kept up to date from the owner's changes. */
  private async watchable(gameId: string): Promise<Room | undefined> {
    const own = this.rooms.get(gameId) ?? this.replicas.get(gameId);
    if (own) return own;
    // follow before reading, so no change falls between the row and the first message
    await this.cluster!.follow(gameId);
    const row = await this.store.get<GameRow>('SELECT * FROM games WHERE id = ?', [gameId]).catch((e: unknown) => {
      this.cluster!.unfollow(gameId);
      throw e;
    });
    const room = row ? this.roomFromRow(row) : undefined;
    await this.loadChat(room);
    const taken = this.rooms.get(gameId);
    if (taken) {
      this.cluster!.unfollow(gameId); // taken over meanwhile: this process owns it now
      return taken;
    }
    const followed = this.replicas.get(gameId);
    if (followed) return followed; // another watcher here followed it meanwhile
    if (!room || !row || (row.status !== 'seeking' && row.status !== 'playing')) {
      this.cluster!.unfollow(gameId);
      room?.close();
      return room;
    }
    room.close();
    this.replicas.set(gameId, room);
    return room;
  }

  /** Forgets a replica and stops receiving its game's changes. */
  private dropReplica(gameId: string): void {
    if (!this.replicas.delete(gameId)) return;
    this.cluster?.unfollow(gameId);
  }

  /** A replica nobody here watches any more costs a subscription and its moves: drop it. */
  private dropIdleReplica(gameId: string): void {
    if (this.replicas.get(gameId)?.watchers.size === 0) this.dropReplica(gameId);
  }

  /** Sends a message to the owner of its game and relays the owner's answers. */
  private async forward(client: Client, msg: ClientMessage, gameId: string, owner: string | undefined): Promise<void> {
    if (client.forwarded) {
      return this.error(client, msg.id, 'unavailable', 'the game moved to another process; try again', { gameId });
    }
    if (!owner) {
      return this.error(client, msg.id, 'unavailable', 'the process that owns this game cannot be reached; try again', {
        gameId,
      });
    }
    // The owner may still carry out a request it answers too late: its answer (an ack with the new seq, or the
    // refusal) is passed on when it comes, so the client learns what happened (see PROTOCOL, Sequence numbers).
    const passOn = (answers: unknown) => {
      if (this.clients.has(client)) for (const a of answers as ServerMessage[]) client.send(a);
    };
    const r = await this.cluster!.request(owner, { user: client.user, msg }, FORWARD_TIMEOUT_MS, passOn);
    if (r === 'unheard') {
      return this.error(client, msg.id, 'unavailable', 'the process that owns this game is gone; try again', {
        gameId,
      });
    }
    if (r === 'timeout') {
      return this.error(
        client,
        msg.id,
        'unavailable',
        'the process that owns this game did not answer in time; it may still apply this, and its answer follows if it does',
        { gameId },
      );
    }
    passOn(r.reply);
  }

  private async onCluster(channel: 'proc' | 'lobby' | 'user' | 'game', m: ClusterMessage): Promise<void> {
    if (channel === 'proc' && m.kind === 'request') {
      const body = m.body as { user: UserInfo; msg: ClientMessage };
      const out: ServerMessage[] = [];
      const proxy: Client = {
        id: newId(),
        user: body.user,
        forwarded: true,
        hello: true,
        lobby: false,
        watching: new Set(),
        legalFor: new Set(),
        send: (x) => out.push(x),
        close: () => {},
      };
      await this.handle(proxy, body.msg);
      this.cluster!.reply(String(m.from), String(m.rid), out);
      return;
    }
    if (channel === 'lobby' && m.kind === 'lobby') {
      this.toLobby(m.msg as ServerMessage, true);
      return;
    }
    if (channel === 'user' && m.kind === 'user') {
      this.toUser(String(m.userId), m.msg as ServerMessage, true);
      return;
    }
    if (m.kind === 'spectators' && (channel === 'game' || channel === 'proc')) {
      if (m.from === this.cluster?.id) return;
      const room = this.watchedRoom(String(m.gameId));
      if (room) this.spectatorsChanged(room, false);
      return;
    }
    if (channel === 'game') {
      const gameId = String(m.gameId);
      if (this.rooms.has(gameId) || this.ended.get(gameId)?.replica === false) return; // our own change
      const replica = this.replicas.get(gameId) ?? this.ended.get(gameId)?.room;
      if (!replica) return;
      if (m.kind === 'chat') {
        const line = {
          from: m.from as UserInfo,
          text: String(m.text),
          at: Number(m.at),
          ...(m.spectator ? { spectator: true } : {}),
        };
        replica.addChat(line);
        this.toWatchers(replica, { type: 'game.chat', gameId, ...line });
        return;
      }
      if (m.kind === 'relay') {
        this.toWatchers(replica, m.msg as ServerMessage);
        return;
      }
      if (m.kind === 'change') {
        replica.replicate(m as never);
        if (replica.status === 'finished') {
          // still followed for a while: the players' chat and rematch after the end
          this.replicas.delete(gameId);
          this.retire(replica, true);
        } else if (replica.status === 'aborted') this.dropReplica(gameId);
      }
    }
  }

  /** Stops serving: no new actions; waits for the rooms' queues to drain. */
  async close(): Promise<void> {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    for (const t of this.spectatorTimers.values()) clearTimeout(t);
    this.spectatorTimers.clear();
    for (const gameId of [...this.ended.keys()]) this.forget(gameId);
    await Promise.all([...this.rooms.values()].map((r) => r.run(async () => r.close())));
    // hand the games over at once instead of at the end of their leases
    if (this.cluster) await Promise.all([...this.rooms.values()].map((r) => this.cluster!.release(r.id, r.fence)));
    for (const c of this.clients) c.close(1001, 'server shutting down');
  }
}

export const spectatorViewer = SPECTATOR;
