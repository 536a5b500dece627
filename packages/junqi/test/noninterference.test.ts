import { Rng, type Seat } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import type { JunqiGame } from '../src/game.js';
import { PRESETS } from '../src/setup.js';
import { otherWorld } from '../src/worlds.js';
import { randomGame } from './random-games.js';

/**
 * Non-interference: every answer a seat gets to anything it sends — acceptance, or a refusal's code and reason — is
 * the same in every world it cannot tell from the real one (`otherWorld` draws the hidden part again). Positions come
 * from seeded random games of every mode with hidden information; at each, the seat to move and one waiting seat send
 * every pair of points as a move, a flip of every point, every call, deployments and malformed text.
 *
 * The CI run is fixed by its seeds and takes seconds. A longer run (docs/FAIRPLAY.md):
 * QIYUAN_NONINTERFERENCE_GAMES=20 QIYUAN_NONINTERFERENCE_WORLDS=4 QIYUAN_NONINTERFERENCE_ALL_PAIRS=1 npx vitest run
 * packages/junqi/test/noninterference.test.ts (games per mode, worlds per position, every pair of points as a move);
 * QIYUAN_NONINTERFERENCE_SEED picks other games.
 */

const GAMES = Number(process.env.QIYUAN_NONINTERFERENCE_GAMES ?? 1);
const ALL_PAIRS = process.env.QIYUAN_NONINTERFERENCE_ALL_PAIRS === '1';
const SEED = Number(process.env.QIYUAN_NONINTERFERENCE_SEED ?? 1);
/** Worlds drawn besides the real one, per position. */
const WORLDS = Number(process.env.QIYUAN_NONINTERFERENCE_WORLDS ?? 2);
/** Plies after which a position is checked (the bidding and the deployments of 三打一 included). */
const CHECKPOINTS = ALL_PAIRS ? [0, 1, 2, 4, 6, 12, 30, 80, 200] : [0, 3, 40];

const MODES: [string, Record<string, string>][] = [
  ['暗棋, 2 players', { players: '2', mode: 'hidden', setup: 'random' }],
  ['翻棋', { players: '2', mode: 'flip' }],
  ['暗棋, 4 players in pairs', { players: '4', mode: 'hidden', teams: 'pairs', setup: 'random' }],
  [
    '暗棋, 4 players in pairs who see each other',
    { players: '4', teams: 'pairs', partnersSee: 'true', setup: 'random' },
  ],
  ['暗棋, 4 players each for itself', { players: '4', mode: 'hidden', teams: 'ffa', setup: 'random' }],
  ['暗棋, 3 players', { players: '3', mode: 'hidden', setup: 'random' }],
  ['三打一, bidding points', { players: '4', variant: 'landlord' }],
  ['三打一, calling the landlord', { players: '4', variant: 'landlord', bidding: 'landlord', partnersSee: 'true' }],
];

/**
 * What a seat might send: moves, every flip, every call, deployments, bad text. The long run sends every pair of points
 * as a move; the quick one every move from a point holding one of the seat's own pieces (the moves whose refusal could
 * name what stands on the far end) and from a few other points drawn by `rng`.
 */
const messages = (game: JunqiGame, seat: Seat, rng: Rng): string[] => {
  const names = game.board.points.map((p) => p.name);
  const pos = game.position;
  const own = (p: number) =>
    pos !== undefined && pos.owner[p]! >= 0 && !pos.faceDown[p] && pos.seatOfArmy(pos.owner[p]!) === seat;
  const others = new Set(Array.from({ length: 6 }, () => rng.int(0, names.length - 1)));
  const from = ALL_PAIRS ? names : names.filter((_, p) => own(p) || others.has(p));
  const out: string[] = names.map((a) => `flip ${a}`);
  for (const a of from) for (const b of names) out.push(`${a}-${b}`);
  out.push('pass', 'bid 1', 'bid 2', 'bid 3', 'bid landlord', 'bid 4');
  out.push(...Object.values(PRESETS).map((text) => `setup ${text}`), 'setup 12345', 'setup ');
  out.push('', 'a1-', 'zz9-a1', 'flip', 'flip q99', '*a1', 'a1 a2', 'resign', '\u0000', 'a1-a2-a3');
  return out;
};

/** The answer to `text` from `seat`, as the server would pass it on; an accepted move is taken back. */
const answer = (game: JunqiGame, seat: Seat, text: string): string => {
  const parsed = game.parseMove(text, seat);
  if (!parsed.ok) return `refused ${parsed.error.code}: ${parsed.error.reason}`;
  const played = game.play(parsed.value, seat);
  if (!played.ok) return `refused ${played.error.code}: ${played.error.reason}`;
  game.undo();
  return 'accepted';
};

/** The seats that act now and one that waits (it is told so, and must learn nothing more). */
const senders = (game: JunqiGame): Seat[] => {
  const turn = game.turn();
  const acting = turn.kind === 'seat' ? [turn.seat] : turn.kind === 'simultaneous' ? [...turn.seats] : [];
  const waiting = [...Array(game.seatCount).keys()].find((s) => !acting.includes(s));
  return waiting === undefined ? acting : [...acting, waiting];
};

/** The first message whose answer differs between the real game and a world drawn for the seat, or undefined. */
export const firstDifference = (game: JunqiGame, rng: Rng): string | undefined => {
  for (const seat of senders(game)) {
    const texts = messages(game, seat, rng);
    const truth = texts.map((t) => answer(game, seat, t));
    for (let w = 0; w < WORLDS; w++) {
      const world = otherWorld(game, seat, rng);
      // the world is one the seat cannot tell apart: the same view; and the legal moves a frame lists are the same
      expect(world.viewFor(seat)).toEqual(game.viewFor(seat));
      const legal = (g: JunqiGame) => g.legalMoves(seat).map((m) => g.moveToString(m));
      if (JSON.stringify(legal(world)) !== JSON.stringify(legal(game))) {
        return `seat ${seat} at ply ${game.ply} (${game.phase}): the legal moves differ in another world`;
      }
      for (const [i, text] of texts.entries()) {
        const got = answer(world, seat, text);
        if (got !== truth[i]) {
          return `seat ${seat} at ply ${game.ply} (${game.phase}) sends "${text}": "${truth[i]}" in the real game, "${got}" in another`;
        }
      }
    }
  }
  return undefined;
};

describe('no answer depends on what the sender may not know', () => {
  it.each(MODES)(
    '%s',
    (_, options) => {
      let checked = 0;
      for (let g = 0; g < GAMES; g++) {
        const rng = Rng.fromSeed(`noninterference:${SEED}:${g}`);
        const last = CHECKPOINTS.at(-1)!;
        randomGame(options, SEED * 1000 + g, last, (game) => {
          if (!CHECKPOINTS.includes(game.ply) || game.outcome()) return;
          expect(firstDifference(game, rng)).toBeUndefined();
          checked++;
        });
      }
      expect(checked).toBeGreaterThan(0);
    },
    120_000,
  );
});
