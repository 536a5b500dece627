import type { AbaloneGame } from '@qiyuan/abalone';
import { type ChineseCheckersGame, moveFrom as ccFrom, moveTo as ccTo, PASS } from '@qiyuan/chinese-checkers';
import { fail, type Game, ok, type Result, type Searchable, type Seat } from '@qiyuan/core';
import type { HiveGame } from '@qiyuan/hive';
import { isFlip, type JunqiGame, type Position as JunqiPosition, moveFrom, moveTo } from '@qiyuan/junqi';
import type { SearchSpec } from '../alphabeta.js';
import { abaloneSearchSpec } from '../games/abalone.js';
import { chineseCheckersSearchSpec } from '../games/chinese-checkers.js';
import { ringSpec } from '../games/hive-ring.js';
import { armyScores, teamsOf } from '../games/junqi/evaluate.js';
import type { Thresholds } from './score.js';

/**
 * What analysis needs of one game at one moment: a private fast position to search, the evaluation the AI plays
 * with, and the way back from a search move to the game's notation. Moves are the engine's own search values.
 */
export interface Subject {
  readonly pos: Searchable<unknown>;
  readonly spec: SearchSpec<unknown>;
  /** The move in the notation `game.parseMove` reads, written in `game`'s current position. */
  notation(game: Game, move: unknown): string;
  /** The search sees what some players could not (Junqi's hidden ranks): its results are for after the game. */
  readonly fullInformation: boolean;
  readonly thresholds: Thresholds;
}

/**
 * Review thresholds per game, in each evaluation's units (docs/AI.md, "Review"): Hive's ring tile weighs 60 and a
 * queen's hand value 24; an Abalone marble 1,000, a step towards the centre 12; a Chinese Checkers step of one
 * piece towards its goal 10–20 (a capture in 食棋 100); a Junqi rank value ×100 (a 师长 800, a 营长 300).
 */
export const THRESHOLDS: Readonly<Record<Game['id'], Thresholds>> = {
  hive: { inaccuracy: 40, mistake: 120, blunder: 300, cap: 1000 },
  abalone: { inaccuracy: 50, mistake: 200, blunder: 600, cap: 3000 },
  'chinese-checkers': { inaccuracy: 30, mistake: 80, blunder: 200, cap: 1000 },
  junqi: { inaccuracy: 100, mistake: 300, blunder: 700, cap: 3000 },
};

/** Junqi with full information: own team's material and flag safety against the strongest enemy team's, ×100. */
const junqiSpec = (teams: readonly number[]): SearchSpec<number> => ({
  evaluate: (s, seat) => {
    const pos = s as JunqiPosition;
    const army = armyScores(pos);
    const byTeam = new Map<number, number>();
    for (let other = 0; other < teams.length; other++) {
      if (pos.isOut(other)) continue;
      const a = pos.armyOfSeat[other]!;
      byTeam.set(teams[other]!, (byTeam.get(teams[other]!) ?? 0) + (a >= 0 ? army[a]! : 0));
    }
    const own = byTeam.get(teams[seat]!) ?? 0;
    let enemy = 0;
    for (const [t, v] of byTeam) if (t !== teams[seat]) enemy = Math.max(enemy, v);
    return Math.round((own - enemy) * 100);
  },
  moveKey: (m) => m,
  orderHint: (s, m) => {
    const pos = s as JunqiPosition;
    return isFlip(m) ? 0 : pos.owner[moveTo(m)]! >= 0 ? 2 : 0;
  },
  teamOf: (seat: Seat) => teams[seat] ?? seat,
});

/** The engine's fast position behind `game` (a private copy), at any moment, the end included; none before it exists. */
export const positionOf = (game: Game): Searchable<unknown> | undefined => {
  switch (game.id) {
    case 'hive':
      return (game as HiveGame).inRosterPhase
        ? undefined
        : ((game as HiveGame).position.clone() as Searchable<unknown>);
    case 'abalone':
      return (game as AbaloneGame).position.clone() as Searchable<unknown>;
    case 'chinese-checkers':
      return (game.clone() as ChineseCheckersGame).searchable as Searchable<unknown>;
    case 'junqi':
      return (game as JunqiGame).position?.clone() as Searchable<unknown> | undefined;
  }
};

/** The subject of `game` as it stands, or why it cannot be searched now (a setup, a roster choice, the end). */
export const subjectOf = (game: Game): Result<Subject> => {
  const turn = game.turn();
  if (turn.kind === 'over') return fail('game-over', 'the game is over: there is nothing to analyse');
  if (turn.kind !== 'seat') return fail('not-searchable', 'the players act together here (a setup or a roster)');
  switch (game.id) {
    case 'hive': {
      const g = game as HiveGame;
      if (g.inRosterPhase) return fail('not-searchable', 'the players are choosing their rosters');
      return ok({
        pos: positionOf(g)!,
        spec: ringSpec as SearchSpec<unknown>,
        notation: (at, m) => (at as HiveGame).moveToString(m as never),
        fullInformation: false,
        thresholds: THRESHOLDS.hive,
      });
    }
    case 'abalone':
      return ok({
        pos: positionOf(game)!,
        spec: abaloneSearchSpec as SearchSpec<unknown>,
        notation: (at, m) => (at as AbaloneGame).moveToString(m as never),
        fullInformation: false,
        thresholds: THRESHOLDS.abalone,
      });
    case 'chinese-checkers':
      return ok({
        pos: positionOf(game)!,
        spec: chineseCheckersSearchSpec as SearchSpec<unknown>,
        notation: (at, m) => {
          const move = m as number;
          return (at as ChineseCheckersGame).moveToString(
            move === PASS ? { kind: 'pass' } : { kind: 'move', from: ccFrom(move), to: ccTo(move) },
          );
        },
        fullInformation: false,
        thresholds: THRESHOLDS['chinese-checkers'],
      });
    case 'junqi': {
      const g = game as JunqiGame;
      const pos = g.position;
      if (!pos) return fail('not-searchable', 'the armies are not deployed yet');
      const o = g.options;
      const teams = teamsOf(o.players, o.variant, o.teams, pos.rules.landlord);
      return ok({
        pos: positionOf(g)!,
        spec: junqiSpec(teams) as SearchSpec<unknown>,
        notation: (at, m) => {
          const move = m as number;
          const name = (p: number) => (at as JunqiGame).board.points[p]?.name ?? `?${p}`;
          return isFlip(move) ? `flip ${name(moveFrom(move))}` : `${name(moveFrom(move))}-${name(moveTo(move))}`;
        },
        fullInformation: o.mode !== 'open',
        thresholds: THRESHOLDS.junqi,
      });
    }
  }
};
