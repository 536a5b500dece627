/**
 * The Hive AI with the reverse sides: whole games in the all-reverse roster and in the advanced game (rosters chosen
 * by the AI in the roster phase), every answer legal; the evaluation's new terms.
 */
import { unwrap } from '@qiyuan/core';
import { hive, isRosterMove, moveKind, UhpSession } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import { answer, hiveBestMove, requestFor } from '../src/index.js';
import { checkWinsInOne } from './hive-wins.js';

/** Plays AI against AI to the end (or `limit` plies); returns the plies played and the two-tile moves among them. */
const selfPlay = (variant: string, players: readonly [string, string], limit: number) => {
  const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant }))));
  let twoTile = 0;
  let plies = 0;
  for (; plies < limit && !game.outcome(); plies++) {
    const turn = game.turn();
    const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'simultaneous' ? turn.seats.at(-1)! : -1;
    const r = answer({ ...requestFor(game, seat, players[seat]!, { seed: plies }), depth: 2 });
    if (!r.ok) throw new Error(`ply ${plies}: ${r.error.reason}`);
    const m = game.parseMove(r.move, seat);
    if (!m.ok) throw new Error(`ply ${plies}: ${r.move}: ${m.error.reason}`);
    if (!isRosterMove(m.value) && moveKind(m.value) > 0) twoTile++;
    const played = game.play(m.value, seat);
    if (!played.ok) throw new Error(`ply ${plies}: ${r.move}: ${played.error.reason}`);
  }
  return { game, plies, twoTile };
};

describe('Hive AI with the reverse sides', () => {
  it('plays a complete all-reverse game without an illegal move', () => {
    const { game, plies } = selfPlay('Base+MLP:R2T2F3W3DKC', ['casual', 'club'], 400);
    expect(game.gameType).toBe('Base+MLP:R2T2F3W3DKC');
    expect(plies).toBeGreaterThan(10);
    expect(game.outcome(), game.positionToString()).toBeDefined();
  });

  it('chooses its rosters in the advanced game, then plays it to the end', () => {
    const { game, plies } = selfPlay('Base+MLP:?', ['club', 'casual'], 400);
    expect(game.inRosterPhase).toBe(false);
    expect(game.gameType).toMatch(/^Base\+MLP(:|$)/);
    expect(game.recordFor(0, 0).notation).toMatch(/^roster /);
    expect(plies).toBeGreaterThan(10);
    expect(game.outcome(), game.positionToString()).toBeDefined();
  });

  it('refuses a second roster from a seat that has chosen', () => {
    const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant: 'Base:?' }))));
    unwrap(game.play(unwrap(game.parseMove('roster F3', 0)), 0));
    expect(answer(requestFor(game, 0, 'club')).ok).toBe(false);
    const black = answer(requestFor(game, 1, 'random', { seed: 3 }));
    expect(black.ok && black.move).toMatch(/^roster /);
  });

  // Wherever one move surrounds the enemy Queen in a seeded random all-reverse game, the AI plays one such move.
  it('finds a win in one with the reverse sides', () => {
    expect(checkWinsInOne('Base+MLP:R2T2F3W3DKC', 100, 40)).toBeGreaterThan(0);
  });

  // A page that treats the advanced game as hidden information sends views: the AI rebuilds the game from them.
  it('answers from a seat’s view, in the roster phase and after it', () => {
    const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant: 'Base+MLP', sides: 'advanced' }))));
    const viewRequest = (seat: number, player: string) => ({
      game: 'hive' as const,
      player,
      seat,
      seed: 7,
      depth: 2,
      position: {
        kind: 'view' as const,
        view: game.viewFor(seat),
        records: Array.from({ length: game.ply }, (_, i) => game.recordFor(seat, i)),
      },
    });
    unwrap(game.play(unwrap(game.parseMove('roster T2F3', 1)), 1));
    const roster = answer(viewRequest(0, 'club'));
    expect(roster.ok && roster.move).toMatch(/^roster /);
    unwrap(game.play(unwrap(game.parseMove(roster.ok ? roster.move : '', 0)), 0));
    for (let ply = 0; ply < 12 && !game.outcome(); ply++) {
      const seat = (game.turn() as { seat: number }).seat;
      const r = answer(viewRequest(seat, 'casual'));
      if (!r.ok) throw new Error(r.error.reason);
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    expect(game.ply).toBe(14);
  });

  it('answers UHP bestmove with a listed move where grabs are on offer', () => {
    const session = new UhpSession(hiveBestMove);
    session.handle('newgame Base+MLP:T2');
    for (const m of ['wT1', 'bT1 wT1-', 'wQ -wT1', 'bQ bT1-']) session.handle(`play ${m}`);
    const best = session.handle('bestmove depth 3')[0]!;
    expect(session.handle('validmoves')[0]!.split(';')).toContain(best);
  });
});
