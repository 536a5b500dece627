import {
  type ClientMessage,
  refusal,
  type SeatHolder,
  type SeekInfo,
  type ServerMessage,
  speedOf,
  type UserInfo,
} from '@qiyuan/protocol';
import { isBot } from './bot-accounts.js';
import { acknowledge, type Client, newId, refuse, refuseAs } from './clients.js';
import type { Cluster } from './cluster.js';
import { type AnyDefinition, engineFor } from './games.js';
import { newGame } from './lobby-options.js';
import { blockedByCreator } from './moderation.js';
import type { Ownership } from './ownership.js';
import type { GameRatings } from './repos/game-ratings.js';
import type { GameRow, Games, SeekChange } from './repos/games.js';
import { Room, type RoomHost, type RoomMeta } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import { seatsOf } from './room-seats.js';
import { drawSalt } from './seed.js';
import type { ServerClock } from './server-clock.js';
import type { Store } from './store.js';

/** What the lobby needs of the live server (the hub): the rooms, who may join, the lobby's and the players' news. */
export interface LobbyHost {
  readonly rooms: Pick<RoomRegistry, 'get' | 'list' | 'fromRow' | 'own' | 'retire'>;
  /** What a new room calls on (the store of its changes, the clock, the length of a correspondence day). */
  readonly host: RoomHost;
  /** Read for a joiner: whether the creator blocked them, whether they are a bot. */
  readonly store: Store;
  /** In a cluster: the lease of a new game. */
  readonly cluster?: Pick<Cluster, 'acquire'> | undefined;
  /** A seek's row changed elsewhere: another process serves it now. */
  readonly ownership: Pick<Ownership, 'fencedOut'>;
  toLobby(msg: ServerMessage): void;
  toUser(userId: string, msg: ServerMessage): void;
}

/**
 * The lobby: seeks are created, joined, left and cancelled here; a seek whose
 * seats are all taken starts as a game. A seek is a room in status `seeking`,
 * stored like a game and owned (in a cluster) like one.
 */
/** Refusals met in more than one request. */
const NO_SEEK = refusal('no-seek', 'no such open seek');
const ALREADY_SEATED = refusal('already-seated', 'you already hold a seat in this seek');
const BLOCKED = refusal('blocked-by-creator', 'the creator of this seek has blocked you');
const NO_BOTS = refusal('no-bots', 'the creator of this seek does not allow bots');

export class Lobby {
  constructor(
    private readonly hub: LobbyHost,
    private readonly clock: ServerClock,
    private readonly games: Games,
    private readonly ratings: GameRatings,
  ) {}

  seekInfo(room: Room): SeekInfo {
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
      ...(room.meta.allowBots ? { allowBots: true } : {}),
    };
  }

  private restored(row: GameRow): Room | undefined {
    return this.hub.rooms.get(row.id) ?? this.hub.rooms.fromRow(row);
  }

  /** The open seeks a user created or sits in (every process's, from the database). */
  async seeksOf(userId: string): Promise<SeekInfo[]> {
    const rows = await this.games.seeksMentioning(userId);
    const out: SeekInfo[] = [];
    for (const row of rows) {
      const room = this.restored(row);
      if (room?.status !== 'seeking') continue;
      if (room.meta.creator.id === userId || room.seatsOf(userId).length > 0) out.push(this.seekInfo(room));
    }
    return out;
  }

  /** This process's public seeks. */
  publicSeeks(): SeekInfo[] {
    const out: SeekInfo[] = [];
    for (const r of this.hub.rooms.list()) if (r.status === 'seeking' && !r.meta.private) out.push(this.seekInfo(r));
    return out;
  }

  /** The public seeks: this process's, or (cluster) every process's from the database. */
  async lobbySeeks(): Promise<SeekInfo[]> {
    if (!this.hub.cluster) return this.publicSeeks();
    const rows = await this.games.publicSeeks();
    return rows
      .map((row) => {
        const room = this.restored(row);
        return room ? this.seekInfo(room) : undefined;
      })
      .filter((x): x is SeekInfo => x !== undefined);
  }

  /** A user's rating in a game and speed class, if it has one (shown in seeks and seats). */
  private async ratingOf(userId: string, game: string, speed: string): Promise<number | undefined> {
    const r = await this.ratings.ratingOf({ userId, game, speed }).catch(() => undefined);
    return r ? Math.round(r.rating) : undefined;
  }

  /** A player's seat holder, with its rating in this game and speed class when it has one. */
  async seatOf(user: UserInfo, game: string, speed: string): Promise<SeatHolder> {
    const rating = user.guest ? undefined : await this.ratingOf(user.id, game, speed);
    return rating === undefined ? { kind: 'user', user } : { kind: 'user', user, rating };
  }

  async createSeek(client: Client, msg: Extract<ClientMessage, { type: 'seek.create' }>): Promise<void> {
    const id = msg.id;
    const def = engineFor(msg.game);
    if (!def) {
      const why = `${msg.game} is not served here yet`;
      return refuseAs(client, id, 'bad-options', refusal('game-not-served', why, { game: String(msg.game) }));
    }
    // only the options the lobby offers, and a secret seed drawn for the game (lobby-options.ts)
    const created = newGame(def, msg.options);
    if (!created.ok) return refuseAs(client, id, 'bad-options', created.refusal);
    const { game, loose } = created;
    if (msg.seats.length !== game.seatCount) {
      const why = `this game has ${game.seatCount} seats, the seek lists ${msg.seats.length}`;
      return refuseAs(client, id, 'bad-options', refusal('seats-mismatch', why, { seats: game.seatCount }));
    }
    const mine = msg.seats.filter((s) => s.kind === 'me').length;
    if (mine === 0) {
      return refuseAs(client, id, 'bad-options', refusal('creator-seat', 'the creator takes at least one seat'));
    }
    if (msg.rated) {
      if (client.user.guest) {
        const why = 'guests play casual games; register to play rated';
        return refuseAs(client, id, 'not-allowed', refusal('register-to-play-rated', why));
      }
      if (mine > 1 || msg.seats.some((s) => s.kind === 'ai')) {
        const why = 'rated games are between different people, without AI seats';
        return refuseAs(client, id, 'not-allowed', refusal('rated-between-people', why));
      }
    }
    const speed = speedOf(msg.clock);
    const me = await this.seatOf(client.user, def.id, speed);
    const seats: SeatHolder[] = msg.seats.map((s) =>
      s.kind === 'me' ? me : s.kind === 'ai' ? { kind: 'ai', level: s.level } : { kind: 'open' },
    );
    const now = this.clock.now();
    const meta: RoomMeta = {
      id: newId(),
      game: def.id,
      options: loose,
      salt: drawSalt(),
      clock: msg.clock,
      speed,
      rated: msg.rated,
      private: msg.private,
      creator: client.user,
      createdAt: now,
      ...(msg.allowBots ? { allowBots: true } : {}),
    };
    const room = await this.openRoom(meta, def, game, seats, now);
    if (!room) return refuse(client, id, 'unavailable', 'the cluster could not take the new game');
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
      this.hub.toLobby({ type: 'seek.added', seek: info });
    }
  }

  /** Stores a new game as a seek and makes it live here (with its lease, in a cluster). */
  async openRoom(
    meta: RoomMeta,
    def: AnyDefinition,
    game: Room['game'],
    seats: SeatHolder[],
    now: number,
  ): Promise<Room | undefined> {
    const clock = Room.initialClock(meta.clock, game.seatCount, now, this.hub.host.dayMs?.());
    const room = new Room(meta, def, game, { seq: 0, status: 'seeking', seats, clock }, this.hub.host);
    if (this.hub.cluster) {
      const fence = await this.hub.cluster.acquire(meta.id);
      if (fence === undefined) return undefined;
      room.fence = fence;
    }
    await this.games.openSeek({
      id: meta.id,
      game: meta.game,
      // the salt is stored with the seed, both secret until the end (restore.ts takes it apart again)
      options: JSON.stringify(meta.salt === undefined ? meta.options : { ...meta.options, salt: meta.salt }),
      clock: JSON.stringify(meta.clock),
      speed: meta.speed,
      rated: meta.rated,
      private: meta.private,
      seats,
      creator: meta.creator,
      snapshot: JSON.stringify(game.snapshot()),
      clockState: JSON.stringify(clock),
      at: now,
      fence: room.fence,
      tournament: meta.tournament,
      allowBots: meta.allowBots === true,
    });
    // a new id: no other room can hold it (a tournament game's row, written twice, is refused by the store above)
    if (!this.hub.rooms.own(room)) {
      room.close();
      return undefined;
    }
    return room;
  }

  async joinSeek(client: Client, id: string | undefined, seekId: string, seat: number | undefined): Promise<void> {
    const room = this.hub.rooms.get(seekId);
    if (room?.status !== 'seeking') return refuseAs(client, id, 'not-found', NO_SEEK);
    if (room.meta.rated && client.user.guest) {
      return refuseAs(client, id, 'not-allowed', refusal('register-to-play-rated', 'guests cannot join rated games'));
    }
    // One player, one seat in someone's seek: the creator's own seats are chosen at
    // creation ('me' seats, which also make hotseat games), so joining cannot add a
    // second seat for the creator or for a joiner, and a seek cannot be filled by one person.
    if (room.meta.creator.id === client.user.id) {
      const why = 'you created this seek; wait for other players to join it';
      return refuseAs(client, id, 'not-allowed', refusal('own-seek', why));
    }
    if (room.seatsOf(client.user.id).length > 0) return refuseAs(client, id, 'not-allowed', ALREADY_SEATED);
    if (await blockedByCreator(this.hub.store, room.meta.creator.id, client.user.id))
      return refuseAs(client, id, 'not-allowed', BLOCKED);
    // a bot joins only where the creator allows bots (the store says who is a bot, whatever the session was told)
    if (
      !room.meta.allowBots &&
      !client.user.guest &&
      (client.user.bot || (await isBot(this.hub.store, client.user.id)))
    )
      return refuseAs(client, id, 'not-allowed', NO_BOTS);
    const open = room.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
    const target = seat ?? open[0];
    if (target === undefined || !open.includes(target))
      return refuse(client, id, 'seat-taken', `seat ${target ?? '?'} is not open`);
    const holder = await this.seatOf(client.user, room.meta.game, room.meta.speed);
    // the rating look-up yielded: another joiner may have taken the seat meanwhile
    if (room.status !== 'seeking' || room.seats[target]?.kind !== 'open')
      return refuse(client, id, 'seat-taken', `seat ${target} is not open`);
    if (room.seatsOf(client.user.id).length > 0) return refuseAs(client, id, 'not-allowed', ALREADY_SEATED);
    const seats = room.seats.map((s, i) => (i === target ? holder : s));
    const full = seats.every((s) => s.kind !== 'open');
    if (full) {
      const r = await this.startRoom(room, seats);
      if (!r) return refuse(client, id, 'unavailable', 'the game could not be started');
    } else {
      // in the room's queue, as seen then: a joiner queued behind this one finds the seat taken
      const user = client.user.id;
      const taken = await room.reseatSeek(
        (now) =>
          now[target]?.kind === 'open' && seatsOf(now, user).length === 0
            ? now.map((s, i) => (i === target ? holder : s))
            : undefined,
        (now) => this.writeSeek(room, { seats: now, at: this.clock.now() }),
      );
      if (taken === 'lost') return this.seekLost(client, id, room);
      if (taken !== 'reseated') return refuse(client, id, 'seat-taken', `seat ${target} is not open`);
      if (!room.meta.private) this.hub.toLobby({ type: 'seek.added', seek: this.seekInfo(room) });
    }
    acknowledge(client, id, { gameId: room.id, seq: room.seq });
  }

  /** Starts a full seek as a game and tells its players (on every process). */
  async startRoom(room: Room, seats: SeatHolder[]): Promise<boolean> {
    const r = await room.start(seats);
    if (!r.ok) return false;
    if (!room.meta.private) this.hub.toLobby({ type: 'seek.removed', seekId: room.id, gameId: room.id });
    const users = new Set(seats.flatMap((s) => (s.kind === 'user' ? [s.user.id] : [])));
    for (const u of users) {
      this.hub.toUser(u, { type: 'game.started', gameId: room.id, seekId: room.id, seats: room.seatsOf(u) });
    }
    return true;
  }

  async cancelSeek(client: Client, id: string | undefined, seekId: string): Promise<void> {
    const room = this.hub.rooms.get(seekId);
    if (room?.status !== 'seeking') return refuseAs(client, id, 'not-found', NO_SEEK);
    if (room.meta.creator.id !== client.user.id) {
      // a joiner leaves its seat; the creator cancels the seek
      const user = client.user.id;
      const creatorCancels = refusal('creator-cancels', 'only the creator cancels a seek');
      if (room.seatsOf(user).length === 0) return refuseAs(client, id, 'not-allowed', creatorCancels);
      const left = await room.reseatSeek(
        (now) => {
          const mine = seatsOf(now, user);
          return mine.length === 0 ? undefined : now.map((s, i) => (mine.includes(i) ? { kind: 'open' } : s));
        },
        (now) => this.writeSeek(room, { seats: now }),
      );
      if (left === 'lost') return this.seekLost(client, id, room);
      // the game started meanwhile: there is no seek left to leave
      if (left === 'started') return refuseAs(client, id, 'not-found', NO_SEEK);
      if (left === 'refused') return refuseAs(client, id, 'not-allowed', creatorCancels);
      acknowledge(client, id);
      if (!room.meta.private) this.hub.toLobby({ type: 'seek.added', seek: this.seekInfo(room) });
      return;
    }
    const ended = await room.abortSeek(async () =>
      (await this.writeSeek(room, { aborted: true, at: this.clock.now() })) ? 1 : 0,
    );
    if (ended === 'lost') return this.seekLost(client, id, room);
    // the last seat was taken first: the game started, and there is no seek left to cancel
    if (ended === 'started') return refuseAs(client, id, 'not-found', NO_SEEK);
    this.hub.rooms.retire(room);
    acknowledge(client, id);
    if (!room.meta.private) this.hub.toLobby({ type: 'seek.removed', seekId: room.id });
  }

  /**
   * Writes a seek's row under this process's fencing token, like a move: a
   * process that lost the seek (paused past its lease while another took it
   * over and perhaps started the game) must not re-seat or abort it. False
   * when the seek is no longer this process's to change.
   */
  private writeSeek(room: Room, change: SeekChange): Promise<boolean> {
    return this.games.changeSeek(room.id, room.fence, change);
  }

  /** A seek's row was changed elsewhere: stop serving it here and say so. */
  private seekLost(client: Client, id: string | undefined, room: Room): void {
    if (this.hub.cluster) {
      this.hub.ownership.fencedOut(room);
      refuse(client, id, 'unavailable', 'the seek is served by another process now; try again');
      return;
    }
    this.hub.rooms.retire(room);
    refuseAs(client, id, 'not-found', NO_SEEK);
  }
}
