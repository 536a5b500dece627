import { fail, ok, type Result } from '@qiyuan/core';
import { byId, playsIn, withdrawnBy } from './field.js';
import { isTwoSided, isTwoSidedGame, matchOf } from './matches.js';
import { rank } from './standings.js';
import type { Entrant, EntrantId, History, Pairing, Standing, TournamentSpec } from './types.js';

/**
 * Arena scoring, as lichess's arena FAQ describes it: a win scores 2, a draw 1, a loss 0. After two wins in a row
 * a player is on a streak: every further game scores double (a win 4, a draw 2) until one is not a win, which
 * ends the streak (a draw on a streak still scores its double 2).
 * Berserk (lichess): a player who halved their clock before their first move and wins having made at least 7 moves
 * of their own scores one point more, added after the streak's double (3, or 5 on a streak).
 * A draw in the first 10 moves (fewer than 20 moves on the board, both sides together) scores nothing, on a streak
 * too; like any game not won, it ends a streak (lichess counts such a draw as a game not won).
 * Moves are moves on the board, as each game counts them (a Junqi deployment, a Hive roster choice or a resignation
 * is none), given per side with the result: never worked out from the game's plies.
 * A game marked `forfeit` is one aborted because a first move never came: it scores nothing for either player and
 * leaves streaks as they were (lichess scores no aborted game; otherwise two players who never open their games
 * would farm a win each time), but it still makes the two each other's last opponent, so that they are not paired
 * together again straight away.
 */
export interface ArenaRecord {
  readonly id: EntrantId;
  points: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Wins in a row up to the last game. */
  winsInARow: number;
  whites: number;
  blacks: number;
  lastColour?: 'w' | 'b';
  lastOpponent?: EntrantId;
  opponentRatings: number;
}

export const ARENA_WIN = 2;
export const ARENA_DRAW = 1;
/** Wins in a row that put a player on a streak. */
export const STREAK_AFTER = 2;
/** The point a berserk win adds (after a streak's double). */
export const BERSERK_BONUS = 1;
/** Moves of their own a berserker must have made for a win to earn the berserk point. */
export const BERSERK_MIN_MOVES = 7;
/** A draw with fewer moves on the board than this, both sides together (the first 10 moves of each), scores nothing. */
export const QUICK_DRAW_MOVES = 20;

/** What besides the score decides a game's arena points. */
export interface ArenaGameFacts {
  /** The player berserked in this game. */
  readonly berserk?: boolean;
  /** Moves on the board the player made (absent: unknown, so no berserk point). */
  readonly ownMoves?: number;
  /** Moves on the board of the whole game, both sides (absent: unknown, so a draw scores as any draw). */
  readonly moves?: number;
}

/** Whether a draw came too early to score (fewer than `QUICK_DRAW_MOVES` moves on the board). */
export const isQuickDraw = (score: number, moves: number | undefined): boolean =>
  score === 0.5 && moves !== undefined && moves < QUICK_DRAW_MOVES;

/** Points of one game for a player with `winsInARow` wins before it. */
export const arenaGamePoints = (score: number, winsInARow: number, facts: ArenaGameFacts = {}): number => {
  if (isQuickDraw(score, facts.moves)) return 0;
  const base = score === 1 ? ARENA_WIN : score === 0.5 ? ARENA_DRAW : 0;
  const points = winsInARow >= STREAK_AFTER ? base * 2 : base;
  const berserkWin = score === 1 && facts.berserk === true && (facts.ownMoves ?? 0) >= BERSERK_MIN_MOVES;
  return berserkWin ? points + BERSERK_BONUS : points;
};

export const arenaRecords = (entrants: readonly Entrant[], history: History): Map<EntrantId, ArenaRecord> => {
  const out = new Map<EntrantId, ArenaRecord>();
  const get = (id: EntrantId): ArenaRecord => {
    let r = out.get(id);
    if (!r)
      out.set(
        id,
        (r = {
          id,
          points: 0,
          games: 0,
          wins: 0,
          draws: 0,
          losses: 0,
          winsInARow: 0,
          whites: 0,
          blacks: 0,
          opponentRatings: 0,
        }),
      );
    return r;
  };
  for (const e of entrants) get(e.id);
  const known = byId(entrants);
  // A player is in one game at a time, so the order of the waves is the order of each player's games.
  for (const round of history)
    for (const game of round.games) {
      if (!isTwoSidedGame(game)) continue;
      for (const [id, opponent, score, colour] of [
        [game.white, game.black, game.score, 'w'],
        [game.black, game.white, 1 - game.score, 'b'],
      ] as const) {
        const r = get(id);
        if (game.forfeit) {
          r.lastOpponent = opponent;
          continue;
        }
        const berserk = game.berserk?.includes(id) === true;
        const facts = game.moves && {
          ownMoves: colour === 'w' ? game.moves[0] : game.moves[1],
          moves: game.moves[0] + game.moves[1],
        };
        r.points += arenaGamePoints(score, r.winsInARow, { berserk, ...facts });
        r.winsInARow = score === 1 ? r.winsInARow + 1 : 0;
        r.games += 1;
        if (score === 1) r.wins += 1;
        else if (score === 0) r.losses += 1;
        else r.draws += 1;
        if (colour === 'w') r.whites += 1;
        else r.blacks += 1;
        r.lastColour = colour;
        r.lastOpponent = opponent;
        r.opponentRatings += known.get(opponent)?.rating ?? 0;
      }
    }
  return out;
};

/** A performance rating: the opponents' mean rating plus 400 × (wins − losses) / games; 0 before any game. */
const performance = (r: ArenaRecord): number =>
  r.games === 0 ? 0 : Math.round(r.opponentRatings / r.games + (400 * (r.wins - r.losses)) / r.games);

/** An arena's standings: points, then performance rating (as lichess ranks ties). */
export const arenaStandings = (entrants: readonly Entrant[], history: History): Standing[] => {
  const all = arenaRecords(entrants, history);
  return rank(
    entrants.map((entrant) => {
      const r = all.get(entrant.id) as ArenaRecord;
      return {
        entrant,
        primary: r.points,
        tiebreaks: [{ name: 'performance', value: performance(r) }],
        standing: {
          id: entrant.id,
          points: r.points,
          games: r.games,
          wins: r.wins,
          draws: r.draws,
          losses: r.losses,
          byes: 0,
          withdrawn: withdrawnBy(entrant, history.length + 1),
          onStreak: r.winsInARow >= STREAK_AFTER,
        },
      };
    }),
  );
};

/** Whether the arena is open for new games at `now`. */
export const arenaOpen = (spec: TournamentSpec, now: number): boolean =>
  spec.startsAt === undefined || (now >= spec.startsAt && now < spec.startsAt + (spec.durationMs ?? 0));

/** Entrants whose last pairing has no result yet (still playing). */
export const playing = (history: History): Set<EntrantId> => {
  const busy = new Set<EntrantId>();
  for (const round of history)
    for (const p of round.pairings)
      if (isTwoSided(p) && matchOf(round, p).games.length === 0) {
        busy.add(p.white);
        busy.add(p.black);
      }
  return busy;
};

/**
 * Pairs the waiting entrants now: ranked by the arena's standings, each takes the nearest below who was not their
 * last opponent (lichess avoids an immediate rematch); an odd one out waits for the next call. Who has had white
 * less often gets white (then whoever had black last, then the higher-ranked). Nothing once the time is up.
 */
export const pairAvailable = (
  spec: TournamentSpec,
  entrants: readonly Entrant[],
  history: History,
  waiting: readonly string[],
  now: number,
): Result<readonly Pairing[]> => {
  if (spec.system !== 'arena') return fail('not-arena', 'only an arena pairs players as they come');
  if (!arenaOpen(spec, now)) return ok([]);
  const known = byId(entrants);
  const busy = playing(history);
  const order = arenaStandings(entrants, history).map((s) => s.id);
  const place = new Map(order.map((id, i) => [id, i]));
  const ready = [...new Set(waiting)]
    .filter((id) => {
      const e = known.get(id);
      return e !== undefined && playsIn(e, history.length + 1) && !busy.has(id);
    })
    .sort((a, b) => (place.get(a) ?? 0) - (place.get(b) ?? 0));
  const all = arenaRecords(entrants, history);
  const pairings: Pairing[] = [];
  while (ready.length >= 2) {
    const a = ready.shift() as EntrantId;
    const ra = all.get(a) as ArenaRecord;
    const index = ready.findIndex((b) => b !== ra.lastOpponent && all.get(b)?.lastOpponent !== a);
    if (index === -1) continue;
    const b = ready.splice(index, 1)[0] as EntrantId;
    const rb = all.get(b) as ArenaRecord;
    const balance = (r: ArenaRecord) => r.whites - r.blacks;
    const aWhite =
      balance(ra) !== balance(rb)
        ? balance(ra) < balance(rb)
        : ra.lastColour !== rb.lastColour
          ? ra.lastColour === 'b' || rb.lastColour === 'w'
          : true;
    pairings.push(aWhite ? { white: a, black: b } : { white: b, black: a });
  }
  return ok(pairings);
};
