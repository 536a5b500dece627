/** A whole Junqi game as data and as text: a snapshot replayed, a game record written and read. */
import { fail, ok, type Result } from '@qiyuan/core';
import { JunqiGame } from './game.js';
import { optionsToJson } from './game-text.js';
import { type JunqiOptions, parseOptions } from './options.js';

/** Replays a list of actions on a fresh game; the first failure stops it, naming the action. */
const replay = (options: JunqiOptions, actions: readonly unknown[]): Result<JunqiGame> => {
  const created = JunqiGame.create(options);
  if (!created.ok) return created;
  const game = created.value;
  for (const [i, raw] of actions.entries()) {
    const a = raw as { seat?: unknown; move?: unknown; event?: unknown };
    const seat = Number(a?.seat);
    let r: Result<void>;
    if (typeof a?.move === 'string') {
      const m = game.parseMove(a.move);
      if (!m.ok) return fail(m.error.code, `action ${i + 1}: ${m.error.reason}`);
      r = game.play(m.value, seat);
    } else if (a?.event === 'timeout' || a?.event === 'resign') {
      r = game.apply({ type: a.event, seat });
    } else if (a?.event === 'draw-agreed') {
      r = game.apply({ type: 'draw-agreed' });
    } else return fail('bad-snapshot', `action ${i + 1} is neither a move nor an event`);
    if (!r.ok) return fail(r.error.code, `action ${i + 1}: ${r.error.reason}`);
  }
  return ok(game);
};

export const fromSnapshot = (snapshot: unknown): Result<JunqiGame> => {
  const s = snapshot as { game?: unknown; options?: unknown; actions?: unknown } | null;
  if (!s || typeof s !== 'object' || s.game !== 'junqi') return fail('bad-snapshot', 'not a Junqi snapshot');
  if (!s.options || typeof s.options !== 'object' || !Array.isArray(s.actions)) {
    return fail('bad-snapshot', 'a snapshot has options and a list of actions');
  }
  const options = parseOptions(s.options as Record<string, unknown>);
  if (!options.ok) return options;
  return replay(options.value, s.actions);
};

/**
 * Whole-game text: the first line `junqi {options as JSON}`, then one line
 * per action: `<seat> <move>` or `<seat> timeout|resign`, or `draw-agreed`.
 * A record may also carry PGN-style tag pairs (`[Event "…"]`, the players,
 * the date …) on lines of their own; the reader passes over them.
 */
export const exportGame = (game: JunqiGame): string =>
  [
    `junqi ${JSON.stringify(optionsToJson(game.options))}`,
    ...game
      .actions()
      .map((a) =>
        'move' in a
          ? `${a.seat} ${game.moveToString(a.move)}`
          : a.event.type === 'draw-agreed'
            ? 'draw-agreed'
            : `${a.seat} ${a.event.type}`,
      ),
  ].join('\n');

/** `[Name "value"]`: a value holds no quote (the writers turn one into an apostrophe). */
const TAG_PAIR = /^\[\w+\s+"[^"]*"\]$/;

export const parseGame = (text: string): Result<JunqiGame> => {
  if (typeof text !== 'string') return fail('bad-game', 'a game record is text');
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    // a tag pair says where and between whom the game was played, not what happened in it
    .filter((l) => l.length > 0 && !TAG_PAIR.test(l));
  const head = /^junqi\s+(\{.*\})$/.exec(lines[0] ?? '');
  if (!head) return fail('bad-game', 'a Junqi game record starts with "junqi {options}"');
  let raw: unknown;
  try {
    raw = JSON.parse(head[1]!);
  } catch {
    return fail('bad-game', 'the options line is not JSON');
  }
  const actions: unknown[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    if (line === 'draw-agreed') {
      actions.push({ event: 'draw-agreed' });
      continue;
    }
    const m = /^(\d)\s+(.+)$/.exec(line);
    if (!m) return fail('bad-game', `line ${i + 2} is not "<seat> <action>"`);
    actions.push(m[2] === 'timeout' || m[2] === 'resign' ? { seat: m[1], event: m[2] } : { seat: m[1], move: m[2] });
  }
  return fromSnapshot({ game: 'junqi', options: raw, actions });
};
