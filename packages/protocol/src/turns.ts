import type { ClockSpec, Speed } from './clock.js';
import type { SeatHolder } from './messages.js';

/** One game of the "your turn" list (`GET /api/me/turns` answers `{turns: TurnEntry[]}`, most urgent first). */
export interface TurnEntry {
  readonly gameId: string;
  readonly game: string;
  readonly clock: ClockSpec;
  readonly speed: Speed;
  /** When the player's time for this move runs out, on the server's clock (absent: untimed). */
  readonly deadline?: number;
  /** Who sits where, and the player's own seats among them (the page names the others in its language). */
  readonly seats: readonly SeatHolder[];
  readonly you: readonly number[];
}
