import { type JsonObject, Rng, SPECTATOR, unwrap, type Viewer } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { determinize, hiddenPieces, knownRanks, sampleAssignment } from '../src/determinize.js';
import type { JunqiGame } from '../src/game.js';
import { FLAG, GENERAL, RANK_COUNT, rankFromLetter, rankLetter } from '../src/piece.js';
import { randomGame } from './random-games.js';

/**
 * What a viewer may know, decided here from the full state alone (not with the
 * engine's own `canSee`): own pieces; partners' when they see each other; in
 * 翻棋 face-up pieces; a flag whose army lost its 司令; 三打一 farmers' flags;
 * everything once the game is over.
 */
const allowed = (game: JunqiGame, viewer: Viewer, army: number, rank: number, faceDown: boolean): boolean => {
  const o = game.options;
  const pos = game.position!;
  if (o.mode === 'open' || game.outcome()) return true;
  if (o.mode === 'flip') return !faceDown;
  const landlord = game.internals.state.landlord;
  if (rank === FLAG) {
    if (o.variant === 'landlord' && army !== landlord) return true;
    const generalDead = pos.deadPieces().some((id) => pos.pieceArmy[id] === army && pos.pieceRank[id] === GENERAL);
    if (generalDead && o.variant !== 'landlord') return true;
  }
  if (viewer === SPECTATOR) return false;
  if (army === viewer) return true;
  if (o.partnersSee && o.players === 4) {
    if (o.variant === 'landlord') return army !== landlord && viewer !== landlord;
    return army % 2 === viewer % 2;
  }
  return false;
};

const MODES: Record<string, string>[] = [
  { players: '2', mode: 'hidden' },
  { players: '2', mode: 'flip' },
  { players: '2', mode: 'open' },
  { players: '4', mode: 'hidden', teams: 'pairs' },
  { players: '4', mode: 'hidden', teams: 'pairs', partnersSee: 'true' },
  { players: '4', mode: 'hidden', teams: 'ffa' },
  { players: '3', mode: 'hidden' },
  { players: '4', mode: 'hidden', variant: 'landlord' },
  { players: '4', mode: 'hidden', variant: 'landlord', bidding: 'landlord', partnersSee: 'true' },
];

const checkViews = (game: JunqiGame, leaks: string[]) => {
  const pos = game.position;
  const viewers: Viewer[] = [...Array(game.seatCount).keys(), SPECTATOR];
  for (const viewer of viewers) {
    const view = game.viewFor(viewer) as JsonObject & {
      pieces?: { id: number; point: number; army: number | null; rank: string | null; faceDown?: boolean }[];
      dead?: { id: number; army: number; rank: string | null }[];
      hand?: string;
    };
    if (pos) {
      for (const p of view.pieces ?? []) {
        const truth = { army: pos.owner[p.point]!, rank: pos.rank[p.point]!, faceDown: pos.faceDown[p.point] === 1 };
        if (p.faceDown && p.army !== null) leaks.push(`colour of face-down ${p.id} shown to ${viewer}`);
        if (p.rank === null) continue;
        if (rankFromLetter(p.rank) !== truth.rank) leaks.push(`wrong rank for ${p.id}`);
        if (!allowed(game, viewer, truth.army, truth.rank, truth.faceDown)) {
          leaks.push(`${viewer} sees ${p.rank} of army ${truth.army} (ply ${game.ply})`);
        }
      }
      for (const d of view.dead ?? []) {
        if (d.rank !== null && !allowed(game, viewer, d.army, pos.pieceRank[d.id]!, false)) {
          leaks.push(`${viewer} sees dead ${d.rank} of army ${d.army}`);
        }
      }
    }
    // The newest record, as this viewer gets it.
    const rec = game.recordFor(viewer, game.ply - 1);
    const detail = (rec.detail ?? {}) as { attackerRank?: string; defenderRank?: string };
    // the newest entry alone: `actions()` copies the whole history, and this runs for every viewer at every ply
    const action = game.internals.history[game.ply - 1]!.action;
    if ('move' in action && action.move.type === 'setup' && game.options.mode !== 'open' && viewer !== action.seat) {
      if (rec.notation !== 'setup') leaks.push(`setup of ${action.seat} shown to ${viewer}`);
    }
    if ('move' in action && action.move.type === 'move' && pos) {
      const effect = game.internals.history[game.ply - 1]!.effect!;
      if (detail.attackerRank && !allowed(game, viewer, effect.attacker!.army, effect.attacker!.rank, false)) {
        leaks.push(`${viewer} told attacker rank ${detail.attackerRank}`);
      }
      if (
        detail.defenderRank &&
        effect.defender!.rank !== FLAG &&
        !allowed(game, viewer, effect.defender!.army, effect.defender!.rank, false)
      ) {
        leaks.push(`${viewer} told defender rank ${detail.defenderRank}`);
      }
    }
  }
};

/**
 * Random games a mode. Every view of every seat and of a spectator, and every viewer's newest record, are checked at
 * every ply; building those views is most of the file's time (the games alone are a fifth of it), so the number of
 * games is the test's budget. It was 200; 80 still reach a combat in most games of every mode (checked below).
 */
const GAMES = 80;

describe('no view and no record leaks a rank (property test)', () => {
  for (const options of MODES) {
    it(`${JSON.stringify(options)}: ${GAMES} seeded random games`, () => {
      const leaks: string[] = [];
      let fights = 0;
      for (let seed = 1; seed <= GAMES; seed++) {
        const g = randomGame(options, seed, 90, (game) => checkViews(game, leaks));
        if (g.internals.history.some((h) => h.effect?.combat)) fights++;
      }
      expect(leaks.slice(0, 5)).toEqual([]);
      // the games are real games: most of them reach combats, where leaks could happen
      expect(fights).toBeGreaterThan(GAMES / 2);
    });
  }
});

describe('the board is shown face up once the game is over (亮棋)', () => {
  it.each([
    [{ players: '2', mode: 'hidden' }],
    [{ players: '2', mode: 'flip' }],
    [{ players: '4', mode: 'hidden', teams: 'pairs' }],
  ])('%j: hidden until the last move, then every rank to every seat and spectator', (options) => {
    const game = randomGame(options, 3, 60);
    expect(game.outcome()).toBeUndefined();
    const hiddenCount = (viewer: Viewer) => {
      const view = game.viewFor(viewer) as JsonObject & { pieces: { rank: string | null; army: number | null }[] };
      return view.pieces.filter((p) => p.rank === null || p.army === null).length;
    };
    const viewers: Viewer[] = [...Array(game.seatCount).keys(), SPECTATOR];
    for (const v of viewers) expect(hiddenCount(v)).toBeGreaterThan(0);
    const setupOf1 = game.actions().findIndex((a) => 'move' in a && a.move.type === 'setup' && a.seat === 1);
    if (options.mode === 'hidden') expect(game.recordFor(0, setupOf1).notation).toBe('setup');
    // one side resigns (in 2v2 both partners)
    for (const seat of [0, 2]) if (!game.outcome()) unwrap(game.apply({ type: 'resign', seat }));
    expect(game.outcome()).toBeDefined();
    for (const v of viewers) expect(hiddenCount(v)).toBe(0);
    // the deployments are part of the record from now on, for the replay
    if (options.mode === 'hidden') expect(game.recordFor(0, setupOf1).notation).not.toBe('setup');
    // and hidden again if the end is taken back
    game.undo();
    expect(game.outcome()).toBeUndefined();
    expect(hiddenCount(0)).toBeGreaterThan(0);
  });
});

describe('determinization', () => {
  it.each([
    [{ players: '2', mode: 'hidden' }],
    [{ players: '2', mode: 'flip' }],
    [{ players: '4', mode: 'hidden', teams: 'pairs' }],
    [{ players: '4', mode: 'hidden', variant: 'landlord' }],
  ])(
    '%j: a view plus sampled ranks rebuilds a playable position that agrees with everything the seat knows',
    (options) => {
      for (let seed = 1; seed <= 20; seed++) {
        const game = randomGame(options, seed, 60);
        if (game.outcome() || game.phase !== 'play') continue;
        const seat = game.position!.toMove;
        const view = game.viewFor(seat);
        const assignment = sampleAssignment(view, Rng.fromSeed(seed));
        // every hidden piece gets an identity, and nothing known is overwritten
        expect([...assignment.keys()].sort()).toEqual(hiddenPieces(view).sort());
        const pos = unwrap(determinize(view, assignment));
        const truth = game.position!;
        for (let p = 0; p < truth.n; p++) expect(pos.owner[p] === -1).toBe(truth.owner[p] === -1);
        for (const [id, rank] of knownRanks(view)) {
          const at = truth.pid.indexOf(id);
          if (at >= 0) expect(pos.rank[at]).toBe(rank);
        }
        // the seat's own moves are the same in the determinization as in the real game
        expect([...pos.movesFor(seat)].sort()).toEqual([...truth.movesFor(seat)].sort());
        // and the position can be searched
        for (const m of [...pos.generateMoves()].slice(0, 5)) {
          pos.makeMove(m);
          pos.unmakeMove();
        }
      }
    },
  );

  it('a sampled 暗棋 assignment respects the public constraints', () => {
    // flags only in headquarters, mines and flags never on a piece that moved
    for (let seed = 1; seed <= 20; seed++) {
      const game = randomGame({ players: '2', mode: 'hidden' }, seed, 80);
      if (game.phase !== 'play') continue;
      const view = game.viewFor(0) as JsonObject & { pieces: { id: number; point: number; moved: boolean }[] };
      const a = sampleAssignment(view, Rng.fromSeed(seed));
      for (const p of view.pieces) {
        const h = a.get(p.id);
        if (!h) continue;
        if (h.rank === FLAG) expect(game.board.points[p.point]!.kind).toBe('hq');
        if (p.moved) expect(['F', 'M']).not.toContain(rankLetter(h.rank));
      }
      const counts = new Array(RANK_COUNT).fill(0);
      for (const h of a.values()) counts[h.rank]++;
      expect(counts[FLAG]).toBeLessThanOrEqual(1);
    }
  });
});
