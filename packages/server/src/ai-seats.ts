import { actingSeats } from '@qiyuan/core';
import type { Logger } from 'pino';
import type { AiProvider } from './ai.js';
import { RETRY_MS, type Room } from './room.js';
import type { RoomRegistry } from './room-registry.js';
import { realTime } from './server-clock.js';

/** What the AI seats need of the live server (the hub): whether a room is still owned here, the log. */
export interface AiSeatsHost {
  readonly rooms: Pick<RoomRegistry, 'owns'>;
  readonly log: Logger;
}

/** Plays the AI seats of the rooms this process owns, one request at a time per seat. */
export class AiSeats {
  private readonly thinking = new Set<string>();

  constructor(
    private readonly hub: AiSeatsHost,
    private readonly ai: AiProvider,
  ) {}

  /** Lets the AI seats that may act now play. */
  drive(room: Room): void {
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
              this.hub.log.warn({ gameId: room.id, seat, error: r.error }, 'AI move refused');
            // the database refused the move: nothing else will ask the AI again (no clock may run), so ask later
            again = !r.ok && r.error.code === 'unavailable';
          }
        } catch (e) {
          this.hub.log.error({ err: e, gameId: room.id }, 'AI failed');
          again = true;
        } finally {
          this.thinking.delete(key);
          if (room.seq !== seq) this.drive(room);
          else if (again) {
            // a retry after a store or AI failure is plumbing, not game time: real time (server-clock.ts)
            realTime.after(RETRY_MS, () => {
              if (this.hub.rooms.owns(room)) this.drive(room);
            });
          }
        }
      });
    }
  }
}
