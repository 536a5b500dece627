import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { actingSeats, GAME_IDS, type Game, type GameDefinition, type GameId } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalysisGame } from '../src/analysis/games.js';
import { makeStart, playLine } from '../src/analysis/start.js';

// the pages load a game's analysis entry before its board reads it (analysis/games.ts)
beforeAll(() => Promise.all(GAME_IDS.map(loadAnalysisGame)));

/**
 * "Continue from here" saves the analysis board's position as a game on this device by its snapshot: every game's
 * analysis position, from the usual start or from a position read from text, comes back from that snapshot as it
 * was, with the moves that led there.
 */
// biome-ignore lint/suspicious/noExplicitAny: each engine has its own option and game types
const DEFINITIONS: Record<GameId, GameDefinition<any, Game>> = {
  hive,
  abalone,
  'chinese-checkers': chineseCheckers,
  junqi,
};

/** The first legal move of the seat to move, in its notation. */
const firstMove = (game: Game): string => {
  const seat = actingSeats(game.turn()).find((s) => game.legalMoves(s).length > 0)!;
  return game.moveToString(game.legalMoves(seat)[0]!);
};

const roundTrip = (def: (typeof DEFINITIONS)[GameId], game: Game) => {
  const back = def.fromSnapshot(game.snapshot());
  expect(back.ok).toBe(true);
  if (!back.ok) return;
  expect(back.value.ply).toBe(game.ply);
  expect(back.value.viewFor('spectator')).toEqual(game.viewFor('spectator'));
  expect(back.value.turn()).toEqual(game.turn());
};

describe('an analysis position saved as a game on this device', () => {
  it.each(Object.keys(DEFINITIONS) as GameId[])('%s: comes back from its snapshot', (id) => {
    const def = DEFINITIONS[id];
    const start = makeStart(def as GameDefinition, id, { options: {}, position: '' });
    expect(start.ok).toBe(true);
    if (!start.ok) return;
    const moves: string[] = [];
    let game = start.value.root;
    for (let i = 0; i < 3; i++) {
      moves.push(firstMove(game));
      const line = playLine(start.value.root, moves);
      expect(line.failed).toBeUndefined();
      game = line.game;
    }
    roundTrip(def, game);
    // a Hive position read from its GameString (the import's way in), then a move from it
    if (id === 'hive') {
      const read = makeStart(def as GameDefinition, id, { options: {}, position: game.positionToString() });
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      const line = playLine(read.value.root, [...read.value.moves, firstMove(game)]);
      expect(line.failed).toBeUndefined();
      roundTrip(def, line.game);
    }
  });
});
