import { pairScore, type Seat } from '@qiyuan/core';
import {
  BOMB as BOMB_RANK,
  ENGINEER as ENGINEER_RANK,
  FLAG as FLAG_RANK,
  MINE as MINE_RANK,
  type Position,
  RANK_COUNT,
} from '@qiyuan/junqi';

// Local copies: imported bindings read per piece are getter calls under vitest.
const BOMB = BOMB_RANK;
const ENGINEER = ENGINEER_RANK;
const FLAG = FLAG_RANK;
const MINE = MINE_RANK;
const RANKS = RANK_COUNT;

/**
 * Static judgement of a full-information Junqi position (a sampled world):
 * material by rank, engineers worth more while enemy mines stand, and the
 * danger to each flag from enemy movers near it.
 */
export const RANK_VALUE: readonly number[] = [
  0, // flag (its loss ends the game)
  4, // mine
  6, // bomb
  4, // engineer (工兵)
  1, // 排长
  2, // 连长
  3, // 营长
  4.5, // 团长
  6, // 旅长
  8, // 师长
  11, // 军长
  14, // 司令
  16, // 元帅
  4, // 堡垒
  7, // 导弹
];

/** Team number per seat, as the rules fix it for the mode. */
export const teamsOf = (players: number, variant: string, teams: string, landlord: number): number[] => {
  if (players === 2) return [0, 1];
  if (variant === 'landlord') return [0, 1, 2, 3].map((s) => (s === landlord ? 0 : 1));
  if (players === 3 || teams === 'ffa') return Array.from({ length: players }, (_, s) => s);
  return [0, 1, 0, 1];
};

/** Points within two steps of each point (by road or rail), for flag danger. */
const nearCache = new WeakMap<object, Int16Array[]>();
const nearOf = (pos: Position): Int16Array[] => {
  let near = nearCache.get(pos.board);
  if (!near) {
    near = pos.board.adjacent.map((first, p) => {
      const set = new Set<number>([...first]);
      for (const q of first) for (const r of pos.board.adjacent[q]!) if (r !== p) set.add(r);
      return Int16Array.from(set);
    });
    nearCache.set(pos.board, near);
  }
  return near;
};

/** Material and flag safety of each army, in rank-value units. */
export const armyScores = (pos: Position): number[] => {
  const scores = [0, 0, 0, 0];
  const mines = [0, 0, 0, 0];
  const flags = [-1, -1, -1, -1];
  for (let p = 0; p < pos.n; p++) {
    const army = pos.owner[p]!;
    if (army < 0) continue;
    const rank = pos.rank[p]!;
    if (rank === MINE) mines[army]!++;
    if (rank === FLAG) flags[army] = p;
  }
  const near = nearOf(pos);
  for (let p = 0; p < pos.n; p++) {
    const army = pos.owner[p]!;
    if (army < 0) continue;
    const rank = pos.rank[p]!;
    let v = RANK_VALUE[rank] ?? 0;
    if (rank === ENGINEER) {
      let enemyMines = 0;
      for (let a = 0; a < 4; a++) if (a !== army) enemyMines += mines[a]!;
      v += enemyMines > 0 ? 1.5 : 0;
    }
    scores[army]! += v;
  }
  // An enemy piece that can move near a flag is a threat to it.
  for (let army = 0; army < 4; army++) {
    const f = flags[army]!;
    if (f < 0) continue;
    let danger = 0;
    for (const q of near[f]!) {
      const other = pos.owner[q]!;
      if (other >= 0 && other !== army && pos.teamOfArmy(other) !== pos.teamOfArmy(army)) {
        const r = pos.rank[q]!;
        if (r !== MINE && r !== FLAG && r !== BOMB && r < RANKS) danger += 1;
      }
    }
    scores[army]! -= danger * 3;
  }
  return scores;
};

/** `armyScores` with the knowledge variants' further per-army terms added, when there are any. */
const armyScoresWith = (pos: Position, extra?: (pos: Position) => readonly number[]): number[] => {
  const army = armyScores(pos);
  if (extra) {
    const more = extra(pos);
    for (let a = 0; a < army.length; a++) army[a]! += more[a] ?? 0;
  }
  return army;
};

/** The odds of a side that leads by `lead` rank-value units (material and safety), one scale for both rewards. */
const oddsOver = (lead: number): number => 1 / (1 + Math.exp(-lead / 12));

/**
 * Per seat, a reward in [0, 1]: its team's material and safety against the best-placed enemy team's. `extra` adds
 * further per-army terms (the knowledge variants' evaluation).
 */
export const junqiReward = (
  pos: Position,
  teams: readonly number[],
  extra?: (pos: Position) => readonly number[],
): number[] => {
  const outcome = pos.outcome();
  if (outcome) return outcome.results.map((r) => (r === 'win' ? 1 : r === 'loss' ? 0 : 0.5));
  return leadOdds(pos, teams, armyScoresWith(pos, extra));
};

/** `junqiReward` of a position still in play, from its army scores. */
const leadOdds = (pos: Position, teams: readonly number[], army: readonly number[]): number[] => {
  const teamScore = new Map<number, number>();
  for (let seat = 0; seat < teams.length; seat++) {
    if (pos.isOut(seat)) continue;
    const a = pos.armyOfSeat[seat]!;
    teamScore.set(teams[seat]!, (teamScore.get(teams[seat]!) ?? 0) + (a >= 0 ? army[a]! : 0));
  }
  return teams.map((team, seat) => {
    if (pos.isOut(seat)) return 0;
    const own = teamScore.get(team) ?? 0;
    let enemy = 0;
    for (const [t, s] of teamScore) if (t !== team) enemy = Math.max(enemy, s);
    return oddsOver(own - enemy);
  });
};

/**
 * Per seat, the share of its opponents it may expect to finish ahead of: what the ratings and the arena score in a
 * game of more than two sides (`pairScore`), where the plain reward sees only the strongest enemy. A finished game
 * gives its places; a seat out is behind every seat still in, and behind the seats that went out after it; between
 * two armies still in, the odds follow their material and safety as in `junqiReward`. Seats of one team are not
 * each other's opponents.
 *
 * `settled` marks the seats already out where the search began. Every pair with one of them is decided for the whole
 * tree, so they are left out of the shares: each seat's reward then spans all of [0, 1] over what is still at stake.
 * Counted in, they would squeeze a last duel into [⅔, 1], and the tree, whose exploration is set for rewards that span
 * [0, 1], would explore it three times as much as it means to.
 */
export const placesReward = (
  pos: Position,
  teams: readonly number[],
  extra?: (pos: Position) => readonly number[],
  settled?: readonly boolean[],
): number[] => {
  const pair = pairOdds(pos, extra);
  return teams.map((_, s) => placesShare(teams, s, pair, settled));
};

/**
 * Seat `s`'s odds of finishing ahead of `o`: by the places of a finished game, else by who is out and the armies
 * (`scored`, when the caller has scored them already).
 */
const pairOdds = (
  pos: Position,
  extra?: (pos: Position) => readonly number[],
  scored?: readonly number[],
): ((s: Seat, o: Seat) => number) => {
  const outcome = pos.outcome();
  if (outcome) return (s, o) => pairScore(outcome, s, o);
  const army = scored ?? armyScoresWith(pos, extra);
  const order = pos.outOrder;
  return (s, o) => {
    const sOut = pos.isOut(s);
    const oOut = pos.isOut(o);
    if (sOut || oOut) return sOut && oOut ? (order.indexOf(s) > order.indexOf(o) ? 1 : 0) : sOut ? 0 : 1;
    const own = army[pos.armyOfSeat[s]!] ?? 0;
    const their = army[pos.armyOfSeat[o]!] ?? 0;
    return oddsOver(own - their);
  };
};

/** Seat `s`'s places reward: its pair odds averaged over the opponents whose pairs are not `settled`. */
const placesShare = (
  teams: readonly number[],
  s: Seat,
  pair: (s: Seat, o: Seat) => number,
  settled: readonly boolean[] | undefined,
): number => {
  let total = 0;
  let count = 0;
  for (let o = 0; o < teams.length; o++) {
    if (teams[o] === teams[s] || settled?.[o] === true) continue;
    total += pair(s, o);
    count++;
  }
  return count > 0 ? total / count : 0.5;
};

/**
 * `placesReward` for the searching seat and `junqiReward` for every other: the search then expects its rivals to play
 * as the plain search and most people play a free-for-all, each for its lead over its strongest enemy (so a leader
 * draws everyone's fire), while it plays for its own places. The army scores are read once for both.
 *
 * `mix` below 1 weighs our seat's places share with its own lead over the strongest enemy (that share of places, the
 * rest the lead): the enemy still strongest is the one a seat that outlasts the others meets in the last duel.
 */
export const ownPlacesReward = (
  pos: Position,
  teams: readonly number[],
  seat: Seat,
  extra?: (pos: Position) => readonly number[],
  settled?: readonly boolean[],
  mix = 1,
): number[] => {
  const army = pos.outcome() ? undefined : armyScoresWith(pos, extra);
  const rivals = army ? leadOdds(pos, teams, army) : junqiReward(pos, teams);
  const share = placesShare(teams, seat, pairOdds(pos, extra, army), settled);
  rivals[seat] = mix * share + (1 - mix) * rivals[seat]!;
  return rivals;
};

export const seatScore = (pos: Position, seat: Seat, teams: readonly number[]): number =>
  junqiReward(pos, teams)[seat]!;
