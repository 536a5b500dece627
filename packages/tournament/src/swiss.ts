/// <reference path="../types/edmonds-blossom-fixed.d.ts" />
import { fail, ok, type Result } from '@qiyuan/core';
import blossom from 'edmonds-blossom-fixed';
import { byId, playsIn } from './field.js';
import { type EntrantRecord, pairedBefore, records } from './records.js';
import { scoresMatches } from './spec.js';
import { rankedStandings } from './standings.js';
import type { Entrant, EntrantId, History, Pairing, TournamentSpec } from './types.js';

/**
 * Swiss pairing as one maximum-weight matching over the whole field (edmonds-blossom-fixed), in the manner of
 * the Dutch system's criteria, by cost, heaviest first:
 * 1. no pair meets twice and nobody gets a second bye (such edges are left out of the graph: absolute);
 * 2. nobody gets a third game in a row of one colour, nor a colour surplus beyond 2 (a pair that would force it
 *    costs COLOUR_ABSOLUTE);
 * 3. players meet others on the same score (the squared score difference, in half points, costs SCORE);
 * 4. colour preferences are met (COLOUR_PREFERENCE when both want the same colour);
 * 5. inside a score group the top half meets the bottom half (the distance from half the group costs 1).
 * The bye (odd fields) is a vertex of its own that only players without a bye can take; it costs like a game
 * against someone one point below the lowest score, so it goes to the lowest-ranked player who can have it.
 */
const COLOUR_ABSOLUTE = 10_000_000;
const SCORE = 1_000;
const COLOUR_PREFERENCE = 400;
/** Every edge weighs BASE less its cost, so the matching first takes as many pairs as it can. */
const BASE = 1_000_000_000_000;

/** What a player's colour history asks for the next game: +1 white, −1 black, and whether it is a must. */
interface ColourNeed {
  readonly want: -1 | 0 | 1;
  readonly must: boolean;
  /** Whites minus blacks. */
  readonly balance: number;
}

export const colourNeed = (colours: readonly ('w' | 'b')[]): ColourNeed => {
  const balance = colours.filter((c) => c === 'w').length - colours.filter((c) => c === 'b').length;
  const last = colours.at(-1);
  const twoInARow = colours.length >= 2 && colours.at(-2) === last;
  if (balance >= 2 || (twoInARow && last === 'w')) return { want: -1, must: true, balance };
  if (balance <= -2 || (twoInARow && last === 'b')) return { want: 1, must: true, balance };
  if (balance !== 0) return { want: balance > 0 ? -1 : 1, must: false, balance };
  if (last) return { want: last === 'w' ? -1 : 1, must: false, balance };
  return { want: 0, must: false, balance };
};

/**
 * Who has white: the one whose colours call for it more strongly (a must, then the lower balance, then the
 * one who had black last); with nothing between them, the higher-ranked player alternates from their last
 * colour, and in round one boards alternate from the top board's higher-ranked player taking white.
 */
const allocate = (
  a: { id: EntrantId; need: ColourNeed; colours: readonly ('w' | 'b')[] },
  b: { id: EntrantId; need: ColourNeed; colours: readonly ('w' | 'b')[] },
  board: number,
): Pairing => {
  const asPair = (white: typeof a, black: typeof a): Pairing => ({ white: white.id, black: black.id });
  const strength = (n: ColourNeed) => n.want * (n.must ? 2 : 1);
  if (strength(a.need) !== strength(b.need)) return strength(a.need) > strength(b.need) ? asPair(a, b) : asPair(b, a);
  // Equal needs: look back for the last round their colours differed.
  for (let i = 1; i <= Math.min(a.colours.length, b.colours.length); i++) {
    const ca = a.colours.at(-i);
    const cb = b.colours.at(-i);
    if (ca !== cb) return ca === 'b' ? asPair(a, b) : asPair(b, a);
  }
  const last = a.colours.at(-1);
  if (last) return last === 'b' ? asPair(a, b) : asPair(b, a);
  return board % 2 === 0 ? asPair(a, b) : asPair(b, a);
};

/** A player as the pairing sees them: place in the standings, score in half points, colours, byes. */
interface Player {
  readonly id: EntrantId;
  readonly index: number;
  readonly score: number;
  readonly need: ColourNeed;
  readonly colours: readonly ('w' | 'b')[];
  readonly byes: number;
}

/**
 * Within this many places of each other in the standings players may be paired at the first attempt: a large
 * field's graph then has n·NEAR edges, not n²/2 (512 players: about a second a round, not ten). Only when that
 * graph has no perfect matching is the whole field tried.
 */
const NEAR = 64;

/** The maximum-weight matching of the field as a graph (see the costs above), or undefined if not everyone is paired. */
const matching = (
  info: readonly Player[],
  groupSize: ReadonlyMap<number, number>,
  groupPlace: readonly number[],
  met: ReadonlyMap<EntrantId, ReadonlySet<EntrantId>>,
  near: number,
): number[] | undefined => {
  const edges: [number, number, number][] = [];
  for (let i = 0; i < info.length; i++)
    for (let j = i + 1; j < Math.min(info.length, i + 1 + near); j++) {
      const a = info[i] as Player;
      const b = info[j] as Player;
      if (met.get(a.id)?.has(b.id)) continue;
      let cost = SCORE * (a.score - b.score) ** 2;
      if (a.need.must && b.need.must && a.need.want === b.need.want) cost += COLOUR_ABSOLUTE;
      else if (a.need.want !== 0 && a.need.want === b.need.want) cost += COLOUR_PREFERENCE;
      if (a.score === b.score) {
        const half = Math.floor((groupSize.get(a.score) ?? 0) / 2);
        cost += Math.abs((groupPlace[j] as number) - (groupPlace[i] as number) - half);
      }
      edges.push([i, j, BASE - cost]);
    }
  const odd = info.length % 2 === 1;
  const byeVertex = info.length;
  if (odd) {
    const lowest = Math.min(...info.map((p) => p.score));
    info.forEach((p, i) => {
      if (p.byes > 0 || i < info.length - 1 - 2 * near) return;
      // One point below the lowest score, and the lower the rank the cheaper.
      edges.push([i, byeVertex, BASE - SCORE * (p.score - lowest + 2) ** 2 - (info.length - i)]);
    });
  }
  const mate = blossom(edges, true);
  const size = info.length + (odd ? 1 : 0);
  for (let v = 0; v < size; v++) if ((mate[v] ?? -1) === -1) return undefined;
  return mate;
};

/**
 * Pairs round `round` (1-based) of a Swiss between two-sided entrants. The field is ranked by the standings so
 * far (round one by rating). Refused when no pairing avoids a repeated game or a second bye.
 */
export const pairSwiss = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  round: number,
): Result<Pairing[]> => {
  const table = rankedStandings(spec, entrants, history);
  const known = byId(entrants);
  const players = table.map((s) => known.get(s.id) as Entrant).filter((e) => playsIn(e, round));
  if (players.length < 2) return fail('too-few-players', 'fewer than two players are left to pair');
  const all = records(spec, entrants, history);
  const met = pairedBefore(history);
  const matches = scoresMatches(spec);
  const score = (id: EntrantId) => {
    const r = all.get(id) as EntrantRecord;
    return Math.round(2 * (matches ? r.matchPoints : r.points));
  };
  const info = players.map((e, index) => {
    const r = all.get(e.id) as EntrantRecord;
    return { id: e.id, index, score: score(e.id), need: colourNeed(r.colours), colours: r.colours, byes: r.byes };
  });
  // Each score group's size and each player's place in it, for the top-half-against-bottom-half term.
  const groupSize = new Map<number, number>();
  const groupPlace = info.map((p) => {
    const place = groupSize.get(p.score) ?? 0;
    groupSize.set(p.score, place + 1);
    return place;
  });
  // Small fields (up to 2·NEAR) are always matched whole.
  const whole = () => matching(info, groupSize, groupPlace, met, info.length);
  const mate = info.length <= 2 * NEAR ? whole() : (matching(info, groupSize, groupPlace, met, NEAR) ?? whole());
  if (!mate) return fail('no-pairing', `no pairing of round ${round} avoids a repeated game or a second bye`);
  const odd = info.length % 2 === 1;
  const byeVertex = info.length;
  const pairings: Pairing[] = [];
  let bye: EntrantId | undefined;
  for (let i = 0; i < info.length; i++) {
    const m = mate[i] ?? -1;
    if (m === -1) return fail('no-pairing', `no pairing of round ${round} avoids a repeated game or a second bye`);
    if (m === byeVertex) bye = (info[i] as (typeof info)[number]).id;
    else if (m > i) pairings.push(allocate(info[i]!, info[m]!, pairings.length));
  }
  if (odd && bye === undefined) return fail('no-pairing', `no player can take the bye in round ${round}`);
  // Boards in order of the pair's higher score, then the higher rank; the bye last.
  const rankOf = new Map(info.map((p) => [p.id, p]));
  const key = (p: Pairing) => {
    if (!('white' in p)) return [0, 0];
    const w = rankOf.get(p.white)!;
    const b = rankOf.get(p.black)!;
    return [Math.max(w.score, b.score), -Math.min(w.index, b.index)];
  };
  pairings.sort((x, y) => {
    const [xs, xi] = key(x) as [number, number];
    const [ys, yi] = key(y) as [number, number];
    return ys - xs || yi - xi;
  });
  if (bye !== undefined) pairings.push({ bye });
  return ok(pairings);
};
