import { fail, ok, type Searchable, type Seat } from '@qiyuan/core';
import { isFlip, type JunqiGame, moveFrom, moveTo, type Position } from '@qiyuan/junqi';
import type { SearchSpec } from '../../alphabeta.js';
import type { GameReview } from '../../analysis/game-review.js';
import { armyScores, teamsOf } from './evaluate.js';

/** Junqi's review: a rank value ×100 (a 师长 800, a 营长 300; docs/AI.md). */
const thresholds = { inaccuracy: 100, mistake: 300, blunder: 700, cap: 3000 };

/** Junqi with full information: own team's material and flag safety against the strongest enemy team's, ×100. */
const junqiSpec = (teams: readonly number[]): SearchSpec<number> => ({
  evaluate: (s, seat) => {
    const pos = s as Position;
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
    const pos = s as Position;
    return isFlip(m) ? 0 : pos.owner[moveTo(m)]! >= 0 ? 2 : 0;
  },
  teamOf: (seat: Seat) => teams[seat] ?? seat,
});

const position = (game: JunqiGame): Searchable<unknown> | undefined =>
  game.position?.clone() as Searchable<unknown> | undefined;

export const junqiReview: GameReview = {
  thresholds,
  position: (game) => position(game as JunqiGame),
  subject: (game) => {
    const g = game as JunqiGame;
    const pos = position(g);
    if (!pos || !g.position) return fail('not-searchable', 'the armies are not deployed yet');
    const o = g.options;
    const teams = teamsOf(o.players, o.variant, o.teams, g.position.rules.landlord);
    return ok({
      pos,
      spec: junqiSpec(teams) as SearchSpec<unknown>,
      notation: (at, m) => {
        const move = m as number;
        const name = (p: number) => (at as JunqiGame).board.points[p]?.name ?? `?${p}`;
        return isFlip(move) ? `flip ${name(moveFrom(move))}` : `${name(moveFrom(move))}-${name(moveTo(move))}`;
      },
      // the search sees every rank: in a hidden game its results are for after the game
      fullInformation: o.mode !== 'open',
      thresholds,
    });
  },
};
