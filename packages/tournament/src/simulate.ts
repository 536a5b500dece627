import { fail, ok, type Result, type Rng } from '@qiyuan/core';
import { pairAvailable } from './arena.js';
import { isTwoSided } from './matches.js';
import { gamesToPlay, isFinished, nextRound, standings } from './tournament.js';
import type {
  Entrant,
  EntrantId,
  GameResult,
  GameToPlay,
  History,
  Pairing,
  PlayedRound,
  Standing,
  TournamentSpec,
} from './types.js';

/** How a simulated game ends: white's score for a board, each seat's place (1 = first) for a table. */
export interface Umpire {
  board(game: GameToPlay, entrants: ReadonlyMap<EntrantId, Entrant>): number;
  table(table: readonly EntrantId[], entrants: ReadonlyMap<EntrantId, Entrant>): number[];
}

/**
 * Random results from a seeded Rng: a board game is drawn one time in five, else won by white with the Elo
 * expectation of the ratings; a table finishes in a random order weighted by rating (no shared places).
 */
export const randomUmpire = (rng: Rng): Umpire => ({
  board(game, entrants) {
    if (rng.float() < 0.2) return 0.5;
    const white = entrants.get(game.white)?.rating ?? 1500;
    const black = entrants.get(game.black)?.rating ?? 1500;
    const expected = 1 / (1 + 10 ** ((black - white) / 400));
    return rng.float() < expected ? 1 : 0;
  },
  table(table, entrants) {
    const left = [...table];
    const places = new Map<EntrantId, number>();
    for (let place = 1; left.length > 0; place++) {
      const weights = left.map((id) => 10 ** ((entrants.get(id)?.rating ?? 1500) / 400));
      let pick = rng.float() * weights.reduce((a, b) => a + b, 0);
      let i = 0;
      while (i < left.length - 1 && pick >= (weights[i] as number)) pick -= weights[i++] as number;
      places.set(left.splice(i, 1)[0] as EntrantId, place);
    }
    return table.map((id) => places.get(id) as number);
  },
});

export interface Simulation {
  /** Each round's pairings (arena: each wave of pairings). */
  readonly rounds: readonly (readonly Pairing[])[];
  readonly history: History;
  readonly standings: readonly Standing[];
}

/** Plays every game of a round's pairings, tie-breaks included, and returns the round with its results. */
const playRound = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  before: History,
  pairings: readonly Pairing[],
  umpire: Umpire,
): PlayedRound => {
  const known = new Map(entrants.map((e) => [e.id, e]));
  const games: GameResult[] = [];
  const current = (): History => [...before, { pairings, games }];
  for (const pairing of pairings) {
    if ('table' in pairing) {
      games.push({ table: pairing.table, places: umpire.table(pairing.table, known) });
      continue;
    }
    if (!isTwoSided(pairing)) continue;
    for (let left = gamesToPlay(spec, entrants, current(), pairing); left.length > 0; ) {
      for (const game of left) games.push({ white: game.white, black: game.black, score: umpire.board(game, known) });
      left = gamesToPlay(spec, entrants, current(), pairing);
    }
  }
  return { pairings, games };
};

/**
 * Runs a whole tournament with this package's own pairing and scoring and an umpire's results. An arena is run
 * as `arenaWaves` waves in which every entrant is waiting. Refused with the pairing's reason if a round cannot be
 * paired.
 */
export const simulate = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  umpire: Umpire,
  arenaWaves = 0,
): Result<Simulation> => {
  let history: PlayedRound[] = [];
  if (spec.system === 'arena') {
    const start = spec.startsAt ?? 0;
    for (let wave = 0; wave < arenaWaves; wave++) {
      const now = start + Math.floor(((spec.durationMs ?? 0) * wave) / Math.max(1, arenaWaves));
      const pairings = pairAvailable(
        spec,
        entrants,
        history,
        entrants.map((e) => e.id),
        now,
      );
      if (!pairings.ok) return pairings;
      history = [...history, playRound(spec, entrants, history, pairings.value, umpire)];
    }
  } else {
    while (!isFinished(spec, entrants, history)) {
      const round = nextRound(spec, entrants, history);
      if (!round.ok) return round;
      history = [...history, playRound(spec, entrants, history, round.value.pairings, umpire)];
      if (history.length > 1000) return fail('runaway', 'the tournament did not end');
    }
  }
  return ok({ rounds: history.map((r) => r.pairings), history, standings: standings(spec, entrants, history) });
};
