import type { SeatHolder, ServerMessage } from '@qiyuan/protocol';
import { acknowledge, type Client, newId, refuse } from './clients.js';
import type { Cluster } from './cluster.js';
import { engineFor } from './games.js';
import type { Lobby } from './lobby.js';
import { newGame } from './lobby-options.js';
import type { RematchOpening, Room, RoomMeta } from './room.js';
import { drawSalt } from './seed.js';
import type { ClockTimer, ServerClock } from './server-clock.js';
import type { Watchers } from './watchers.js';

/** What the ended games need of the live server (the hub): the cluster's leases and news, a rematch's new game. */
export interface EndedHost {
  readonly cluster?: Pick<Cluster, 'unfollow' | 'release' | 'publish'> | undefined;
  readonly watchers: Pick<Watchers, 'send'>;
  /** A rematch starts the way a full seek does. */
  readonly lobby: Pick<Lobby, 'seatOf' | 'openRoom' | 'startRoom'>;
}

/** How long an ended game still takes chat and rematch requests. */
const ENDED_MS = 10 * 60_000;

interface EndedGame {
  readonly room: Room;
  readonly timer: ClockTimer;
  /** Ended on another process (its owner), followed here for its watchers. */
  readonly replica: boolean;
}

/**
 * Games that ended here (owned or replicated) in the last minutes: their watchers keep
 * chatting ("gg") and may ask for a rematch. The owner keeps the game's lease meanwhile,
 * so the other processes still forward to it.
 */
export class Ended {
  private readonly games = new Map<string, EndedGame>();

  constructor(
    private readonly hub: EndedHost,
    private readonly clock: ServerClock,
  ) {}

  get(gameId: string): EndedGame | undefined {
    return this.games.get(gameId);
  }

  entries(): [string, EndedGame][] {
    return [...this.games];
  }

  /** Keeps an ended game around for a while (chat, rematch), then lets it go. */
  retire(room: Room, replica: boolean): void {
    const old = this.games.get(room.id);
    old?.timer.cancel();
    const timer = this.clock.after(ENDED_MS, () => this.forget(room.id));
    this.games.set(room.id, { room, timer, replica });
  }

  forget(gameId: string): void {
    const e = this.games.get(gameId);
    if (!e) return;
    e.timer.cancel();
    this.games.delete(gameId);
    if (e.replica) this.hub.cluster?.unfollow(gameId);
    else if (e.room.fence > 0) void this.hub.cluster?.release(gameId, e.room.fence).catch(() => undefined);
  }

  forgetAll(): void {
    for (const gameId of [...this.games.keys()]) this.forget(gameId);
  }

  /**
   * A rematch: when every human player of an ended game has asked, a new game with
   * the same settings starts at once, each holder moved one seat on (colours change).
   * The request is decided in the ended game's room queue (Room.askRematch), which
   * also opens the new game, so two requests never start two games.
   */
  async rematch(client: Client, id: string | undefined, gameId: string, accept: boolean): Promise<void> {
    const hub = this.hub;
    const entry = this.games.get(gameId);
    if (!entry || entry.replica) {
      return refuse(client, id, 'not-allowed', 'a rematch is asked within ten minutes of the end', { gameId });
    }
    const room = entry.room;
    const mine = room.seatsOf(client.user.id);
    if (mine.length === 0) return refuse(client, id, 'not-your-seat', 'you played no seat in this game', { gameId });
    const answer = await room.askRematch(mine, accept, () => this.open(room));
    if ('refused' in answer) return refuse(client, id, answer.refused.code, answer.refused.reason, { gameId });
    const msg: ServerMessage =
      'asked' in answer
        ? { type: 'game.rematch', gameId, seats: [...answer.asked] }
        : { type: 'game.rematched', gameId, newGameId: answer.started };
    hub.watchers.send(room, msg);
    hub.cluster?.publish('game', { kind: 'relay', gameId, msg }, gameId);
    acknowledge(client, id, { gameId });
  }

  /** Opens and starts the rematch of an ended game: the same settings, each holder moved one seat on. */
  private async open(room: Room): Promise<RematchOpening> {
    const hub = this.hub;
    const def = engineFor(room.meta.game);
    if (!def) return { refused: { code: 'unavailable', reason: 'this game is not served here any more' } };
    const { seed: _, ...chosen } = room.meta.options;
    const created = newGame(def, chosen);
    if (!created.ok) return { refused: { code: 'bad-options', reason: created.refusal.reason } };
    const { loose } = created;
    const n = room.seats.length;
    const seats: SeatHolder[] = new Array(n);
    for (const [i, h] of room.seats.entries()) {
      seats[(i + 1) % n] = h.kind === 'user' ? await hub.lobby.seatOf(h.user, room.meta.game, room.meta.speed) : h;
    }
    const now = this.clock.now();
    const meta: RoomMeta = { ...room.meta, id: newId(), options: loose, salt: drawSalt(), createdAt: now };
    const next = await hub.lobby.openRoom(meta, def, created.game, seats, now);
    if (!next) return { refused: { code: 'unavailable', reason: 'the cluster could not take the new game' } };
    if (!(await hub.lobby.startRoom(next, seats))) {
      return { gameId: meta.id, refused: { code: 'unavailable', reason: 'the rematch could not be started' } };
    }
    return { gameId: meta.id };
  }
}
