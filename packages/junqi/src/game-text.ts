/**
 * The text of a Junqi game's moves and actions: a move read from and written in its notation, the position as one
 * line, and the JSON a snapshot keeps.
 */
import { fail, type JsonObject, ok, type Result } from '@qiyuan/core';
import type { Board } from './board.js';
import type { JunqiGame } from './game.js';
import type { Action, JunqiMove, State } from './game-state.js';
import type { Call } from './landlord.js';
import type { JunqiOptions } from './options.js';
import { rankLetter } from './piece.js';

export const parseMoveText = (board: Board, text: string): Result<JunqiMove> => {
  if (typeof text !== 'string') return fail('bad-notation', 'a move is text');
  const t = text.trim();
  const point = (name: string): Result<number> => {
    const id = board.byName(name);
    return id === undefined ? fail('bad-notation', `"${name}" is not a point of this board`) : ok(id);
  };
  let m: RegExpExecArray | null;
  if ((m = /^([A-Za-z]{1,2}\d{1,2})\s*[-x:]\s*([A-Za-z]{1,2}\d{1,2})$/.exec(t))) {
    const from = point(m[1]!);
    if (!from.ok) return from;
    const to = point(m[2]!);
    if (!to.ok) return to;
    return ok({ type: 'move', from: from.value, to: to.value });
  }
  if ((m = /^(?:flip\s+|\*)([A-Za-z]{1,2}\d{1,2})$/.exec(t))) {
    const at = point(m[1]!);
    return at.ok ? ok({ type: 'flip', at: at.value }) : at;
  }
  if ((m = /^setup\s+(\S+)$/.exec(t))) return ok({ type: 'setup', setup: m[1]! });
  if ((m = /^(?:bid\s+)?(pass|1|2|3|landlord)$/.exec(t))) return ok({ type: 'bid', call: m[1] as Call });
  return fail('bad-notation', `cannot read "${t}" as a Junqi move (e.g. "a4-a5", "flip c3", "setup …", "bid 2")`);
};

export const moveText = (board: Board, move: JunqiMove): string => {
  const name = (p: number) => board.points[p]?.name ?? `?${p}`;
  switch (move.type) {
    case 'move':
      return `${name(move.from)}-${name(move.to)}`;
    case 'flip':
      return `flip ${name(move.at)}`;
    case 'setup':
      return `setup ${move.setup}`;
    case 'bid':
      return `bid ${move.call}`;
  }
};

/** The whole position as one line (every rank shown: for tests and logs, never for players). */
export const positionText = (board: Board, s: State): string => {
  if (!s.pos) return `${s.phase} ${s.setups.map((x) => (x ? 'deployed' : 'waiting')).join(',')}`;
  const pos = s.pos;
  const cells = board.points.map((p) => {
    const owner = pos.owner[p.id]!;
    if (owner < 0) return '.';
    return `${owner}${rankLetter(pos.rank[p.id]!)}${pos.faceDown[p.id] ? '*' : ''}`;
  });
  return `${cells.join(' ')} | ${pos.toMove} ${pos.noCapture} ${pos.plies}`;
};

export const optionsToJson = (o: JunqiOptions): JsonObject => JSON.parse(JSON.stringify(o)) as JsonObject;

export const actionToJson = (game: JunqiGame, a: Action): JsonObject =>
  'move' in a ? { seat: a.seat, move: game.moveToString(a.move) } : { seat: a.seat, event: a.event.type };
