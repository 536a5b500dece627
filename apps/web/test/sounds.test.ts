import { type AbaloneGame, abalone, CELLS, DIRECTION_NAMES } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import type { Game, GameDefinition, GameId } from '@qiyuan/core';
import { junqi, PRESETS } from '@qiyuan/junqi';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GameModule, loadGame } from '../src/games/types.js';
import { initI18n } from '../src/i18n/index.js';

/**
 * Which moves sound as captures: each game module's `captured` against its engine — a Junqi attack (whoever wins
 * it), an Abalone marble pushed off, a 食棋 capture in Chinese Checkers; a plain move never, and Hive never.
 */

const modules = new Map<GameId, GameModule>();
beforeAll(async () => {
  await initI18n('en');
  for (const id of ['junqi', 'abalone', 'chinese-checkers', 'hive'] as const) modules.set(id, await loadGame(id));
});

const created = <G extends Game>(def: GameDefinition, options: Record<string, unknown>): G => {
  const o = def.parseOptions(options);
  if (!o.ok) throw new Error(o.error.reason);
  const g = def.create(o.value);
  if (!g.ok) throw new Error(g.error.reason);
  return g.value as G;
};

/** Plays `moves` (each by the seat to move) and says, move by move, whether the module heard a capture. */
const heard = (mod: GameModule, game: Game, moves: readonly string[]): boolean[] =>
  moves.map((text) => {
    const turn = game.turn();
    const seat = turn.kind === 'seat' ? turn.seat : 0;
    const before = game.viewFor(seat);
    const m = game.parseMove(text, seat);
    if (!m.ok) throw new Error(`${text}: ${m.error.reason}`);
    const r = game.play(m.value, seat);
    if (!r.ok) throw new Error(`${text}: ${r.error.reason}`);
    return mod.captured?.(before, game.viewFor(seat), game.recordFor(seat, game.ply - 1)) ?? false;
  });

describe('capture sounds', () => {
  // Red's 司令 on a6 attacks Blue's brigadier on a7; Blue answers with a quiet step
  it('Junqi: an attack is a capture, a step is not', () => {
    const blue = '78951/6+7+1/B5+61/4+4+2/B3322/M3MFM';
    const red = `98711/${PRESETS.forward.split('/').slice(1).join('/')}`;
    const game = created(junqi as unknown as GameDefinition, { mode: 'open', setups: `${red},${blue}` });
    expect(heard(modules.get('junqi')!, game, ['a6-a7', 'c8-d8'])).toEqual([true, false]);
  });

  // Belgian Daisy: Black steps A1 A2 east, then White pushes the marble on A3 off with two against one
  it('Abalone: a marble pushed off is a capture', () => {
    const game = created<AbaloneGame>(abalone as unknown as GameDefinition, { start: 'belgian-daisy' });
    const mod = modules.get('abalone')!;
    const sounds = heard(mod, game, [notationOf(game, ['A1', 'A2'], 'E')]);
    // White's move is read in the position after Black's
    sounds.push(...heard(mod, game, [notationOf(game, ['B4', 'C5'], 'SW')]));
    expect(sounds).toEqual([false, true]);
  });

  it('Chinese Checkers: a 食棋 capture is written with an x, and is a capture', () => {
    const game = created(chineseCheckers as unknown as GameDefinition, {});
    const step = game.moveToString(game.legalMoves()[0]!);
    expect(heard(modules.get('chinese-checkers')!, game, [step])).toEqual([false]);
    const mod = modules.get('chinese-checkers')!;
    expect(mod.captured?.(null, null, { ply: 0, seat: 0, notation: 'e3xe5' })).toBe(true);
  });

  it('Hive: never', () => {
    expect(modules.get('hive')!.captured).toBeUndefined();
  });
});

/** The notation of the Abalone move of `marbles` (ascending) in direction `dir`, from the engine's own selections. */
const notationOf = (game: AbaloneGame, marbles: readonly string[], dir: string): string => {
  for (const sel of game.selections())
    if (sel.marbles.map((m) => CELLS[m]!.name).join(' ') === marbles.join(' '))
      for (const c of sel.choices) if (DIRECTION_NAMES[c.direction] === dir) return game.moveToString(c.move);
  throw new Error(`${marbles.join(' ')} ${dir} is not legal here`);
};
