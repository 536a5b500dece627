import { type JsonObject, type PlayRecord, Rng, unwrap } from '@qiyuan/core';
import { BOMB, FLAG, type JunqiGame, junqi, MINE, RANK_COUNT, rankFromLetter } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { trackBeliefs } from '../src/games/junqi/beliefs.js';
import { enemyViewSampler } from '../src/games/junqi/enemy-view.js';
import { answer, requestFor } from '../src/index.js';

const newGame = (seed: string) =>
  unwrap(junqi.create(unwrap(junqi.parseOptions({ setup: 'random', seed })))) as JunqiGame;

interface ViewPiece {
  id: number;
  point: number;
  army: number | null;
  rank: string | null;
  moved: boolean;
  origin: number;
}

/** A 暗棋 game the heuristic player has played for `plies` plies, both sides deployed by the AI. */
const midGame = (seed: string, plies: number): JunqiGame => {
  const game = newGame(seed);
  for (let step = 0; step < plies + 2 && !game.outcome(); step++) {
    const seat = step < 2 ? step : game.position!.sideToMove();
    const r = answer(requestFor(game, seat, 'heuristic', { seed: step }));
    if (!r.ok) throw new Error(r.error.reason);
    unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
  }
  return game;
};

describe('Junqi: our army as the enemy sees it (enemy-view worlds)', () => {
  const game = midGame('4', 30);
  const req = requestFor(game, 0, 'master');
  if (req.position.kind !== 'view') throw new Error('a view');
  const view = req.position.view as JsonObject;
  const records = (req.position.records ?? []) as PlayRecord[];
  const beliefs = trackBeliefs(view, records, 0);
  const pieces = (view as unknown as { pieces: ViewPiece[] }).pieces;
  const ours = pieces.filter((p) => p.army === 0);
  const fought = new Set(beliefs.tokens.filter((t) => t.fought && t.alive && t.army === 0).map((t) => t.id));
  const sampler = enemyViewSampler(view, beliefs)!;

  it('the game has fought and unfought pieces of ours, so there is something to keep and something to hide', () => {
    expect(sampler).toBeDefined();
    expect(fought.size).toBeGreaterThan(0);
    expect(ours.length - fought.size).toBeGreaterThan(5);
  });

  it('shuffles only what the enemy has not learned, within the rules it knows, keeping the army and its pieces', () => {
    const rng = Rng.fromSeed(2);
    const truth = new Map(ours.map((p) => [p.id, rankFromLetter(p.rank!)!]));
    const counts = (ranks: number[]) => {
      const c = new Array<number>(RANK_COUNT).fill(0);
      for (const r of ranks) c[r]!++;
      return c;
    };
    let changed = 0;
    let flagElsewhere = 0;
    for (let i = 0; i < 200; i++) {
      const w = sampler.world(rng);
      const drawn = ours.map((p) => w.rank[p.point]!);
      expect(counts(drawn)).toEqual(counts([...truth.values()]));
      for (const p of ours) {
        const r = w.rank[p.point]!;
        expect(w.owner[p.point]).toBe(0);
        if (fought.has(p.id)) expect(r).toBe(truth.get(p.id));
        if (r !== truth.get(p.id)) changed++;
        const point = beliefs.board.points[p.origin]!;
        if (p.moved) expect([FLAG, MINE]).not.toContain(r);
        if (r === FLAG) {
          expect(point.kind).toBe('hq');
          if (truth.get(p.id) !== FLAG) flagElsewhere++;
        }
        if (r === MINE) expect(point.row).toBeLessThanOrEqual(2);
        if (r === BOMB) expect(point.row).not.toBe(6);
      }
      // the enemy's own pieces are drawn from our beliefs as ever
      for (const t of beliefs.tokens) {
        if (t.alive && t.army === 1) expect((t.mask >> w.rank[t.point]!) & 1).toBe(1);
      }
    }
    expect(changed).toBeGreaterThan(200 * 2);
    // the enemy cannot tell which headquarters holds our flag
    expect(flagElsewhere).toBeGreaterThan(40);
    expect(flagElsewhere).toBeLessThan(160);
  });

  it('a guess names only pieces the enemy has not learned', () => {
    const guess = sampler.guess(Rng.fromSeed(1));
    for (const id of guess.keys()) expect(fought.has(id)).toBe(false);
    expect(guess.size).toBe(ours.length - fought.size);
  });

  it('nothing to hide in 翻棋 (face-down pieces are hidden from all alike)', () => {
    const flip = unwrap(junqi.create(unwrap(junqi.parseOptions({ mode: 'flip', seed: '3' })))) as JunqiGame;
    const r = requestFor(flip, 0, 'master');
    if (r.position.kind !== 'view') throw new Error('a view');
    const v = r.position.view as JsonObject;
    expect(enemyViewSampler(v, trackBeliefs(v, [], 0))).toBeUndefined();
  });
});
