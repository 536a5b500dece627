import type { ServerMessage } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import type { Client } from './clients.js';
import type { Cluster } from './cluster.js';
import type { SeekExpiries } from './repos/seeks.js';
import type { Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import type { ClockTimer, ServerClock } from './server-clock.js';

/** How long a seek's creator may be away (connected to no process) before the seek expires, by default. */
export const DEFAULT_SEEK_EXPIRY_MS = 3 * 60_000;

/** What the seek expiry needs of the live server (the hub): the seeks owned here, who is connected, the lobby. */
export interface SeekExpiryHost {
  readonly rooms: Pick<RoomRegistry, 'list' | 'owns' | 'retire'>;
  readonly closing: boolean;
  readonly log: Logger;
  /** In a cluster: who is connected to the other processes (their marks in Redis). */
  readonly cluster?: Pick<Cluster, 'connected'> | undefined;
  connectedHere(userId: string): boolean;
  toLobby(msg: ServerMessage): void;
  /** A write refused by a higher fencing token: the seek is another process's now. */
  readonly ownership: { fencedOut(room: Room): void };
}

/**
 * Seeks whose creator left: a seek waits for players only while the person who
 * made it can still play. Each process checks the seeks it owns; a creator
 * counts as there while connected to any process (this one's connections, or
 * the others' marks in Redis). A seek whose creator has been gone for the
 * expiry is aborted and leaves the lobby, and its creator is told on coming
 * back to the lobby (once). When Redis does not answer, nothing expires.
 */
export class SeekExpiry {
  /** When each seek owned here was first found without its creator. */
  private readonly goneSince = new Map<string, number>();
  private timer: ClockTimer | undefined;
  private sweeping = false;

  constructor(
    private readonly server: SeekExpiryHost,
    readonly expiryMs: number,
    private readonly clock: ServerClock,
    private readonly expiries: SeekExpiries,
  ) {}

  /** Checks the seeks a few times per expiry period. */
  start(): void {
    const every = Math.min(30_000, Math.max(50, Math.floor(this.expiryMs / 4)));
    this.timer = this.clock.every(every, () => {
      this.sweep().catch((e: unknown) => this.server.log.error({ err: e }, 'seek expiry failed'));
    });
  }

  stop(): void {
    this.timer?.cancel();
  }

  /** Expires the seeks owned here whose creator has been away for the expiry period. */
  async sweep(now = this.clock.now()): Promise<void> {
    if (this.sweeping || this.server.closing) return;
    this.sweeping = true;
    try {
      const seeks = this.server.rooms.list().filter((r) => r.status === 'seeking');
      const live = new Set(seeks.map((r) => r.id));
      for (const id of this.goneSince.keys()) if (!live.has(id)) this.goneSince.delete(id);
      const away = seeks.filter((r) => {
        const here = this.server.connectedHere(r.meta.creator.id);
        if (here) this.goneSince.delete(r.id);
        return !here;
      });
      if (away.length === 0) return;
      let elsewhere = away.map(() => false);
      const cluster = this.server.cluster;
      if (cluster) {
        try {
          elsewhere = await cluster.connected(away.map((r) => r.meta.creator.id));
        } catch {
          return; // Redis away: nobody can be known to be gone
        }
      }
      for (const [i, room] of away.entries()) {
        if (elsewhere[i]) {
          this.goneSince.delete(room.id);
          continue;
        }
        const since = this.goneSince.get(room.id) ?? now;
        this.goneSince.set(room.id, since);
        if (now - since >= this.expiryMs) await this.expire(room);
      }
    } finally {
      this.sweeping = false;
    }
  }

  /** Aborts a seek whose creator is gone, under this process's fencing token, and says so in the lobby. */
  private async expire(room: Room): Promise<void> {
    const server = this.server;
    if (!server.rooms.owns(room) || room.status !== 'seeking') return;
    const at = this.clock.now();
    const ended = await room.abortSeek(async () =>
      (await this.expiries.expire(room.id, room.meta.creator.id, room.fence, at)) ? 1 : 0,
    );
    this.goneSince.delete(room.id);
    // started meanwhile: a game now, nothing to expire
    if (ended === 'started') return;
    // changed elsewhere (started, or taken over): not this process's to expire
    if (ended === 'lost') {
      if (server.rooms.owns(room)) server.ownership.fencedOut(room);
      return;
    }
    server.rooms.retire(room);
    server.log.info({ seekId: room.id }, 'seek expired: its creator left');
    if (!room.meta.private) server.toLobby({ type: 'seek.removed', seekId: room.id, reason: 'expired' });
  }

  /** Tells a creator back in the lobby which of its seeks expired while it was away (each once). */
  async tellReturning(client: Client): Promise<void> {
    for (const seekId of await this.expiries.untold(client.user.id)) {
      if (await this.expiries.markTold(seekId)) client.send({ type: 'seek.removed', seekId, reason: 'expired' });
    }
  }
}
