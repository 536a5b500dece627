import type { Logger } from 'pino';
import type { GameRow } from './repos/games.js';
import { roomFromRow } from './restore.js';
import type { Room, RoomHost } from './room.js';

/**
 * The rooms this process owns (seeks and games being played), and their one keeper: a room is made from its stored
 * row here, taken in when this process becomes its owner, and let go when it ends, is parked or is lost to another
 * process. No other module edits the set, so "is this room ours?" has one answer.
 *
 * A room made from a row is not owned until it is taken in: watchers and replicas use such rooms read-only.
 */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();

  constructor(
    /** What every room made here calls on (the store, the news after a change, the clock). */
    private readonly host: RoomHost,
    private readonly log: Logger,
  ) {}

  /** A room rebuilt from its stored row, not yet owned; undefined (logged) when the row cannot be played here. */
  fromRow(row: GameRow): Room | undefined {
    return roomFromRow(row, this.host, this.log);
  }

  /**
   * Takes a room in as owned here. Taking the same room in again changes nothing; a different room under an id
   * already owned is refused (false), so two rooms never answer for one game: the caller drops its copy.
   */
  own(room: Room): boolean {
    const held = this.rooms.get(room.id);
    if (held) return held === room;
    this.rooms.set(room.id, room);
    return true;
  }

  /**
   * Lets a room go: it is closed (its timers stop, it takes no more actions) and, when it is the one owned under its
   * id, no longer owned. False when another room (or none) was owned under that id: that one stays.
   */
  retire(room: Room): boolean {
    room.close();
    if (this.rooms.get(room.id) !== room) return false;
    this.rooms.delete(room.id);
    return true;
  }

  /** The room owned here under a game's id. */
  get(gameId: string): Room | undefined {
    return this.rooms.get(gameId);
  }

  has(gameId: string): boolean {
    return this.rooms.has(gameId);
  }

  /** Whether this very room is the one owned here (not a stale copy of its game). */
  owns(room: Room): boolean {
    return this.rooms.get(room.id) === room;
  }

  /** The rooms owned now, as a list of its own (a room retired while the caller goes through it stays in it). */
  list(): Room[] {
    return [...this.rooms.values()];
  }

  get size(): number {
    return this.rooms.size;
  }
}
