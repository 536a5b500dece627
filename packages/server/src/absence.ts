import type { Seat } from '@qiyuan/core';
import type { ClientMessage, ClockSpec, Speed } from '@qiyuan/protocol';
import { speedOf } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import { acknowledge, type Client, refuse, refuseWith } from './clients.js';
import { hasMoved } from './clock.js';
import type { StoredAbsences } from './repos/absences.js';
import { RETRY_MS, type Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import type { ClockTimer, ServerClock } from './server-clock.js';

/**
 * How long a player may be gone (no connection to the game on any process) before the game stops waiting for them,
 * by speed. As on lichess, a short game waits less than a long one; a game without a clock waits longest, since
 * nothing else ever ends it. In a game of two seats the one who stayed may then claim victory or call it a draw; in
 * a game of more seats the gone seat is out, as if it had resigned, and the others play on. A speed not listed
 * (a game by correspondence, where players come and go for days) never stops waiting: its clock governs.
 */
export const ABSENCE_MS = {
  bullet: 15_000,
  blitz: 30_000,
  rapid: 60_000,
  classical: 120_000,
  unlimited: 300_000,
} as const satisfies Partial<Record<Speed, number>>;

/**
 * The allowance of a clock's speed, or undefined when absence ends nothing. `overrideMs` (a server setting for tests,
 * which cannot wait minutes) replaces the figure of every speed that has one; a speed without one still never stops
 * waiting.
 */
export const absenceAllowance = (clock: ClockSpec, overrideMs?: number): number | undefined => {
  const speed: string = speedOf(clock);
  if (!(speed in ABSENCE_MS)) return undefined;
  return overrideMs ?? ABSENCE_MS[speed as keyof typeof ABSENCE_MS];
};

/** A gone seat as the players are told: milliseconds left before the game may be claimed or the seat is out. */
export interface GoneSeat {
  readonly seat: Seat;
  readonly claimInMs: number;
}

/** The games of more than two seats go on without a gone seat; a game of two waits for the other player's claim. */
export const skipsGoneSeats = (room: Room): boolean => room.seats.length > 2;

type Claim = Extract<ClientMessage, { type: 'game.claim' }>;

/** What the absences need of the live server (the hub): the rooms owned here, who is present, the ended games. */
export interface AbsenceHost {
  readonly rooms: Pick<RoomRegistry, 'get' | 'owns'>;
  readonly closing: boolean;
  readonly log: Logger;
  /** The server's setting for every speed's allowance (tests), else undefined: the rule's. */
  readonly absenceMs: number | undefined;
  /** Games that ended lately; `replica` false when this process owned it, and drops its stored absences. */
  readonly ended: { get(gameId: string): { readonly replica: boolean } | undefined };
  /** The seats present in a game now, on every process; `complete` false when only this one's are known. */
  readonly watchers: { presence(room: Room): Promise<{ present: ReadonlySet<Seat>; complete: boolean }> };
}

/**
 * Who is gone from which game, and since when, on the server's clock. The seats present are worked out by the
 * watchers (every process's connections, through Redis in a cluster); this module keeps, for each room, the moment
 * each human seat was last seen leaving, and acts on it: it answers a claim in a game of two seats, and puts a gone
 * seat out of a game of more seats when its allowance has passed. The owner stores the moments, so a restarted or
 * taken-over game keeps counting from when the player left, not from when the game was loaded again.
 */
export class Absences {
  private readonly timers = new Map<string, ClockTimer>();
  /** The rooms whose stored absences were read (once per room object). */
  private readonly loaded = new WeakSet<Room>();
  /** Seats no longer waited for: already out of the game (resigned, eliminated) when their time came. */
  private readonly out = new WeakMap<Room, Set<Seat>>();

  constructor(
    private readonly server: AbsenceHost,
    private readonly clock: ServerClock,
    private readonly stored: StoredAbsences,
  ) {}

  private owns(room: Room): boolean {
    return this.server.rooms.owns(room);
  }

  /**
   * The seats present now were worked out: a human seat not among them is gone from now on (unless it was gone
   * already), a seat among them is back. On the owner, a change is stored and the skip of a gone seat scheduled.
   * `complete` is false when only this process's connections are known: then nobody is newly counted as gone.
   * The moments change in the room's queue (Room.markAbsent), on the game as it is after the actions before.
   */
  async note(room: Room, present: ReadonlySet<Seat>, complete: boolean, now = this.clock.now()): Promise<void> {
    const owner = this.owns(room);
    // the stored moments of a game that ended are dropped by the process that owned it
    const ownedHere = owner || this.server.ended.get(room.id)?.replica === false;
    // the first time a process looks: what the owner stored (before a restart or a takeover, or on another process
    // for a replica here), so every process counts from the moment the player left; the owner sets its timer again
    let stored: ReadonlyMap<Seat, number> | undefined;
    if (room.status === 'playing' && !this.loaded.has(room)) {
      this.loaded.add(room);
      stored = await this.load(room);
    }
    const out = this.out.get(room);
    let store = false;
    let playing = false;
    await room.markAbsent(
      (absent, status) => {
        playing = status === 'playing';
        if (!playing) {
          store = ownedHere && absent.size > 0;
          return store ? new Map() : undefined;
        }
        const next = new Map(absent);
        // the earlier moment wins: the player left before the game was loaded here
        for (const [seat, since] of stored ?? []) next.set(seat, Math.min(since, next.get(seat) ?? since));
        let changed = stored !== undefined && owner;
        room.seats.forEach((h, seat) => {
          if (h.kind !== 'user' || present.has(seat) || out?.has(seat)) {
            if (next.delete(seat)) changed = true;
          } else if (complete && !next.has(seat)) {
            next.set(seat, now);
            changed = true;
          }
        });
        store = owner && changed;
        return changed || (stored?.size ?? 0) > 0 ? next : undefined;
      },
      (absent, status) => (store ? this.save(room.id, absent, status) : Promise.resolve()),
    );
    if (store && playing) this.schedule(room);
  }

  /**
   * The gone seats of a room at `now`, each with the time left before the game stops waiting for it. A seat that
   * has not made its first move is not listed: that game is aborted if the move does not come (first-move.ts).
   */
  gone(room: Room, now = this.clock.now()): GoneSeat[] {
    const allowance = absenceAllowance(room.meta.clock, this.server.absenceMs);
    if (room.status !== 'playing' || allowance === undefined) return [];
    return [...room.absent]
      .filter(([seat]) => hasMoved(room.clock, seat))
      .sort(([a], [b]) => a - b)
      .map(([seat, since]) => ({ seat, claimInMs: Math.max(0, since + allowance - now) }));
  }

  /** A player's claim of victory or of a draw against an opponent gone longer than the allowance. */
  async claim(client: Client, msg: Claim): Promise<void> {
    const room = this.server.rooms.get(msg.gameId);
    if (!room) return refuse(client, msg.id, 'not-found', 'no such live game here', { gameId: msg.gameId });
    if (skipsGoneSeats(room))
      return refuse(client, msg.id, 'not-allowed', 'in a game of more than two seats a gone seat is left out', {
        gameId: room.id,
      });
    // who is here is worked out afresh: a player who came back a moment ago cancels the claim
    const { present, complete } = await this.server.watchers.presence(room);
    if (!complete)
      return refuse(client, msg.id, 'unavailable', 'who is connected cannot be known now; try again', {
        gameId: room.id,
      });
    await this.note(room, present, complete);
    const allowance = absenceAllowance(room.meta.clock, this.server.absenceMs);
    if (allowance === undefined)
      return refuse(client, msg.id, 'not-allowed', 'a game at this speed waits for its clock, not for a claim', {
        gameId: room.id,
      });
    const r = await room.claim(client.user.id, msg.seq, msg.seat, msg.result, allowance);
    if (r.ok) acknowledge(client, msg.id, { gameId: room.id, seq: r.value });
    else refuseWith(client, msg.id, r.error, { gameId: room.id, seq: room.seq });
  }

  /** Sets the timer that puts the first gone seat of a game of more seats out when its allowance ends. */
  private schedule(room: Room, atLeastMs = 0): void {
    const old = this.timers.get(room.id);
    old?.cancel();
    this.timers.delete(room.id);
    const allowance = absenceAllowance(room.meta.clock, this.server.absenceMs);
    if (!skipsGoneSeats(room) || room.absent.size === 0 || this.server.closing || allowance === undefined) return;
    const first = Math.min(...room.absent.values()) + allowance;
    const timer = this.clock.after(Math.max(atLeastMs, first - this.clock.now() + 5), () => {
      this.timers.delete(room.id);
      this.skip(room).catch((e: unknown) =>
        this.server.log.error({ err: e, gameId: room.id }, 'gone seat not skipped'),
      );
    });
    this.timers.set(room.id, timer);
  }

  /**
   * Puts out the seats gone past their allowance, when somebody is still there to play on (a game everyone left
   * waits for its clocks or for a player's return), then looks again for the next one.
   */
  private async skip(room: Room): Promise<void> {
    if (!this.owns(room) || room.status !== 'playing') return;
    const { present, complete } = await this.server.watchers.presence(room);
    if (!complete) return this.schedule(room, RETRY_MS);
    await this.note(room, present, complete);
    const allowance = absenceAllowance(room.meta.clock, this.server.absenceMs);
    if (allowance === undefined) return;
    const now = this.clock.now();
    const someoneHere = room.humanSeats().some((s) => present.has(s) && !room.absent.has(s));
    let retry = false;
    if (someoneHere) {
      const out = this.out.get(room) ?? new Set<Seat>();
      this.out.set(room, out);
      for (const [seat, since] of [...room.absent]) {
        if (since + allowance > now) continue;
        const r = await room.leave(seat, allowance);
        // the seat could not be left out yet (a setup phase, a deadline handled first): looked at again soon
        if (!r.ok && r.error.code !== 'not-allowed') retry = true;
        // a seat already out (resigned, eliminated) is no longer waited for
        if (!r.ok && r.error.code === 'not-allowed') out.add(seat);
      }
      await room.markAbsent(
        (absent) => new Map([...absent].filter(([seat]) => !out.has(seat))),
        (absent, status) => this.save(room.id, absent, status),
      );
    }
    // a game everyone left is looked at again when somebody comes back (note() schedules on every change)
    if (someoneHere) this.schedule(room, retry ? RETRY_MS : 0);
  }

  /** The moments the owner stored for the game (none when they cannot be read: counted from now on). */
  private async load(room: Room): Promise<ReadonlyMap<Seat, number>> {
    try {
      return new Map(await this.stored.of(room.id));
    } catch (e) {
      this.server.log.warn({ err: e, gameId: room.id }, 'absences not read');
      return new Map();
    }
  }

  private async save(gameId: string, absent: ReadonlyMap<Seat, number>, status: Room['status']): Promise<void> {
    try {
      if (status !== 'playing') await this.stored.forget(gameId);
      else await this.stored.save(gameId, absent);
    } catch (e) {
      // not stored: a restart would count from the reload, later than the player left, never earlier
      this.server.log.warn({ err: e, gameId }, 'absences not stored');
    }
  }

  stop(): void {
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
  }
}
