/**
 * A line explored off a finished game in the replay: moves played from one of its positions, and where the board is
 * (on the game or on the line).
 */
import type { Game, Seat } from '@qiyuan/core';
import { actingSeats } from '@qiyuan/core';

/** An exploration off the game: moves (in notation) played from ply `from` of the game. */
export interface Line {
  readonly from: number;
  readonly moves: readonly string[];
}

/** Where the board is: on the game or on the explored line, at an absolute ply. */
export interface Cursor {
  readonly onLine: boolean;
  readonly ply: number;
}
/** The game at `ply` of the game, then the line's moves up to the cursor. */
export const positionAt = (final: Game, line: Line | undefined, cursor: Cursor): Game | undefined => {
  const base = cursor.onLine && line ? Math.min(line.from, cursor.ply) : cursor.ply;
  const g = final.clone();
  while (g.ply > base) if (!g.undo().ok) return undefined;
  if (cursor.onLine && line) {
    for (const text of line.moves.slice(0, cursor.ply - line.from)) {
      const seat = actingSeats(g.turn()).find((s) => g.parseMove(text, s).ok);
      if (seat === undefined) return undefined;
      const m = g.parseMove(text, seat);
      if (!m.ok || !g.play(m.value, seat).ok) return undefined;
    }
  }
  return g;
};

/** The line's moves with the seat that played each, for the list beside the board. */
export const lineMoves = (final: Game, line: Line | undefined): { seat: Seat; text: string }[] => {
  if (!line) return [];
  const g = positionAt(final, line, { onLine: true, ply: line.from });
  if (!g) return [];
  const out: { seat: Seat; text: string }[] = [];
  for (const text of line.moves) {
    const seat = actingSeats(g.turn()).find((s) => g.parseMove(text, s).ok) ?? 0;
    out.push({ seat, text });
    const m = g.parseMove(text, seat);
    if (m.ok) g.play(m.value, seat);
  }
  return out;
};
