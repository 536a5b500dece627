import { readFileSync } from 'node:fs';
import { actingSeats, GAME_IDS, type Game, unwrap } from '@qiyuan/core';
import { GAMES } from '@qiyuan/games';
import { describe, expect, it } from 'vitest';
import { positionOf, subjectOf, THRESHOLDS } from '../src/analysis/subjects.js';
import { PUZZLE_ENTRIES, PUZZLE_GAMES, puzzleFiles } from '../src/puzzle-games.js';
import type { PuzzleSet } from '../src/puzzles.js';
import { AIS } from '../src/registry.js';

/** A new game of `id` played by first legal moves until one seat is to move (past any deployment or roster). */
const toSeatTurn = (id: (typeof GAME_IDS)[number]): Game => {
  const def = GAMES[id].definition;
  const game = unwrap(def.create(unwrap(def.parseOptions({}))));
  for (let i = 0; i < 20 && game.turn().kind !== 'seat'; i++)
    for (const seat of actingSeats(game.turn())) unwrap(game.play(game.legalMoves(seat)[0]!, seat));
  return game;
};

/**
 * The AI's registries are complete for every game id: its AI with its review (thresholds, search position and
 * subject), and whether it has puzzles — a set and a judge that reads that set's positions. The types make a missing
 * entry a compile error; this checks that each entry is whole and belongs to its game.
 */
describe("the AI's registries", () => {
  it('have one entry per game id', () => {
    expect(Object.keys(AIS).sort()).toEqual([...GAME_IDS].sort());
    expect(Object.keys(PUZZLE_GAMES).sort()).toEqual([...GAME_IDS].sort());
    expect(Object.keys(THRESHOLDS).sort()).toEqual([...GAME_IDS].sort());
  });

  it.each(GAME_IDS)('%s: its AI plays that game and reviews it', (id) => {
    const ai = AIS[id];
    expect(ai.game).toBe(id);
    expect(ai.definition.id).toBe(id);
    expect(ai.players.length).toBeGreaterThan(0);
    const t = ai.review.thresholds;
    expect(0 < t.inaccuracy && t.inaccuracy < t.mistake && t.mistake < t.blunder && t.blunder <= t.cap).toBe(true);
    expect(THRESHOLDS[id]).toBe(t);
    const game = toSeatTurn(id);
    expect(game.turn().kind).toBe('seat');
    const subject = unwrap(subjectOf(game));
    expect(subject.thresholds).toBe(t);
    expect(positionOf(game)).toBeDefined();
    // the subject's first search move, written in the game's notation, is a move the game accepts
    const first = [...subject.pos.generateMoves()][0];
    const turn = game.turn();
    const text = subject.notation(game, first);
    expect(turn.kind === 'seat' && game.parseMove(text, turn.seat).ok, text).toBe(true);
  });

  it.each(PUZZLE_ENTRIES.map((e) => [e.game, e] as const))('%s: its puzzle set is read by its judge', (id, entry) => {
    expect(entry.judge.game).toBe(id);
    expect(puzzleFiles[id]).toBe(entry.file);
    const set = JSON.parse(readFileSync(entry.file, 'utf8')) as PuzzleSet;
    expect(set.game).toBe(id);
    expect(set.puzzles.length).toBeGreaterThan(0);
    for (const p of set.puzzles.slice(0, 20)) {
      expect(entry.judge.goals, p.id).toContain(p.goal);
      const open = entry.judge.open(p.position);
      expect(open.ok, p.id).toBe(true);
      // a goal puzzle needs a judge that can say whether the goal is still within reach
      if (p.kind === 'goal') expect(typeof entry.judge.reachable, p.id).toBe('function');
    }
  });
});
