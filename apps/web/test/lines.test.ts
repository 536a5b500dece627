import { AbaloneGame, parseAbaloneOptions } from '@qiyuan/abalone';
import { chineseCheckers, POINTS } from '@qiyuan/chinese-checkers';
import { describe, expect, it } from 'vitest';
import { newHive } from './harness.js';
import { ABALONE_SIX, CC_CHAIN_PLY, CC_RACE, HIVE_PASS } from './lines.js';

/** The browser tests' scripted games, replayed on their engines: each is legal and ends as the tests expect. */
describe('scripted lines', () => {
  it('races Red into Green’s corner', () => {
    const o = chineseCheckers.parseOptions({});
    if (!o.ok) throw new Error(o.error.reason);
    const g = chineseCheckers.create(o.value);
    if (!g.ok) throw new Error(g.error.reason);
    const game = g.value;
    for (const [i, m] of CC_RACE.entries()) {
      expect(game.outcome(), `over before ply ${i}`).toBeUndefined();
      if (i === CC_CHAIN_PLY) {
        const from = POINTS.find((p) => p.name === m.split('-')[0])!.id;
        const chains = game.destinations(from).filter((d) => d.path.length > 2);
        expect(chains.map((d) => POINTS[d.to]!.name).sort()).toEqual(['e5', 'e7', 'g7']);
      }
      const move = game.parseMove(m);
      expect(move.ok && game.play(move.value).ok, `${m} at ply ${i}`).toBe(true);
    }
    expect(game.outcome()).toMatchObject({ reason: 'goal-filled', results: ['win', 'loss'] });
    // a complete race: every red piece stands in Green's corner
    const view = game.viewFor('spectator');
    const goal = POINTS.filter((p) => p.corner === 3).map((p) => view.cells[p.id]);
    expect(goal).toEqual(Array(10).fill('red'));
  });

  it('pushes six black marbles off', () => {
    const o = parseAbaloneOptions({ start: 'belgian-daisy' });
    if (!o.ok) throw new Error(o.error.reason);
    const game = new AbaloneGame(o.value);
    for (const [i, m] of ABALONE_SIX.entries()) {
      expect(game.outcome(), `over before ply ${i}`).toBeUndefined();
      const move = game.parseMove(m);
      expect(move.ok && game.play(move.value).ok, `${m} at ply ${i}`).toBe(true);
    }
    expect(game.outcome()).toMatchObject({ reason: 'six-ejected', results: ['loss', 'win'] });
  });

  it('leaves Black nothing but a pass in Hive', () => {
    const game = newHive('Base');
    for (const [i, m] of HIVE_PASS.entries()) {
      const move = game.parseMove(m);
      expect(move.ok && game.play(move.value).ok, `${m} at ply ${i}`).toBe(true);
    }
    expect(game.outcome()).toBeUndefined();
    expect(game.legalMoves().map((m) => game.moveToString(m))).toEqual(['pass']);
  });
});
