import { type Game, type JsonValue, ok, type Result } from '@qiyuan/core';

/**
 * Replays the actions of a committed change (as the room stores them in its data) on a replica's game; false when
 * one does not apply.
 */
export const replayChange = (game: Game, data: JsonValue | undefined): boolean => {
  const actions = (data as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(actions)) return false;
  for (const a of actions as { kind?: string; seat?: number; move?: string; plies?: number }[]) {
    let r: Result<void> = ok(undefined);
    switch (a.kind) {
      case 'move': {
        const m = game.parseMove(String(a.move), a.seat);
        r = m.ok ? game.play(m.value, a.seat) : m;
        break;
      }
      case 'resign':
      case 'flagged':
        r = game.apply({ type: 'resign', seat: Number(a.seat) });
        break;
      case 'timeout':
        r = game.apply({ type: 'timeout', seat: Number(a.seat) });
        break;
      case 'draw':
        r = game.apply({ type: 'draw-agreed' });
        break;
      case 'undo':
        for (let i = 0; i < Number(a.plies) && r.ok; i++) r = game.undo();
        break;
      default:
        break; // offers, answers, pauses: nothing changes on the board
    }
    if (!r.ok) return false;
  }
  return true;
};
