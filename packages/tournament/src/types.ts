/**
 * The tournament's values. Everything here is plain JSON data, so the server can store a tournament's spec,
 * entrants and history as they are and hand them back to this package to pair the next round or rank the field.
 */

/** How the field is paired: Swiss, everyone against everyone, lichess-style arena, or single elimination. */
export type System = 'swiss' | 'round-robin' | 'arena' | 'knockout';

/** An entrant: a player, or a team in a team tournament (2v2 Junqi). */
export type EntrantId = string;

export interface TournamentSpec {
  readonly system: System;
  /** Swiss and table tournaments: the number of rounds. Round-robin and knockout work theirs out from the field. */
  readonly rounds?: number;
  /** Round-robin: every pair meets twice, colours reversed in the second cycle. */
  readonly double?: boolean;
  /**
   * Games per match (round-robin, Swiss, knockout; default 1). With more than one, colours alternate inside the
   * match and the match scores 2 for a win, 1 for a draw and 0 for a loss (match points).
   */
  readonly matchGames?: number;
  /**
   * Players per table for games of more than two seats (Chinese Checkers 3, 4 or 6; free-for-all Junqi 4).
   * Absent or 2 for two-sided games. 2v2 Junqi is two-sided: its entrants are teams.
   */
  readonly tableSize?: number;
  /**
   * Points for each finishing place at a table, best place first (length = tableSize). Default: the place's
   * number of players beaten, so 3 players score 2/1/0 and 6 players 5/4/3/2/1/0; tied places share the average.
   */
  readonly placementPoints?: readonly number[];
  /** Knockout: games in the tie-break when a match is level (default 2); then single sudden-death games. */
  readonly tieBreakGames?: number;
  /** Arena: the tournament's length in milliseconds from `startsAt`. */
  readonly durationMs?: number;
  /** Arena: when the tournament starts (milliseconds since 1970, as Date.now()). */
  readonly startsAt?: number;
  /**
   * Swiss and tables: the points a pairing bye scores (default: a win, 1; at tables the average of a table's
   * placement points, so a bye at 6-player tables scores 2.5).
   */
  readonly byePoints?: number;
  /**
   * Swiss and tables: the points a late joiner gets for each round paired before they joined (default: a draw's
   * worth, ½; at tables the average of a table's placement points).
   */
  readonly lateJoinPoints?: number;
}

export interface Entrant {
  readonly id: EntrantId;
  /** The rating the seeding and the first round's pairing use. */
  readonly rating: number;
  /** The first round (1-based) this entrant can be paired in; absent or 1 for those present from the start. */
  readonly joinedAtRound?: number;
  /** The first round (1-based) this entrant is no longer paired in; absent while they play on. */
  readonly withdrawnAtRound?: number;
  /** The team this player plays for (2v2 Junqi); `teamEntrants` turns such players into one entrant per team. */
  readonly team?: string;
  /** For a team entrant: the players who make it up. */
  readonly members?: readonly EntrantId[];
}

/**
 * One pairing of a round: a two-sided game or match (white plays white in its first game), a bye, or a table of
 * three or more players in seating order.
 */
export type Pairing =
  | { readonly white: EntrantId; readonly black: EntrantId }
  | { readonly bye: EntrantId }
  | { readonly table: readonly EntrantId[] };

/**
 * One finished game. Two-sided: who had which colour in this game and white's score (1 win, ½ draw, 0 loss).
 * Table: the players as seated and each one's finishing place (1 = first; equal numbers for a shared place).
 * `forfeit` marks a game won without play (the opponent did not appear); it scores but is no game for tiebreaks.
 * In an arena a forfeit is an aborted game (no first move) and scores nothing for either player (arena.ts).
 */
export type GameResult =
  | {
      readonly white: EntrantId;
      readonly black: EntrantId;
      readonly score: number;
      readonly forfeit?: boolean;
      /**
       * Arena: the moves on the board each side made, white's then black's, as the game counts them (a Junqi
       * deployment, a Hive roster choice or a resignation is a ply but no move). Absent when unknown (then no draw is
       * too short and no berserk earns its point).
       */
      readonly moves?: readonly [white: number, black: number];
      /** Arena: the players of this game who berserked (halved their clock before their first move). */
      readonly berserk?: readonly EntrantId[];
    }
  | { readonly table: readonly EntrantId[]; readonly places: readonly number[]; readonly forfeit?: boolean };

/**
 * A round as it was paired and what has been played of it so far. Arena: each call of `pairAvailable` makes one
 * wave of pairings; store each wave as a round, its games in the order they ended.
 */
export interface PlayedRound {
  readonly pairings: readonly Pairing[];
  readonly games: readonly GameResult[];
}

/** The history of a tournament: its rounds, oldest first. */
export type History = readonly PlayedRound[];

/** A round to play: its 1-based number and its pairings. */
export interface Round {
  readonly round: number;
  readonly pairings: readonly Pairing[];
}

/** The tiebreaks, by the name the standings give them. */
export type TiebreakName =
  | 'match-points'
  | 'game-points'
  | 'mutual-games'
  | 'sonneborn-berger'
  | 'buchholz'
  | 'buchholz-cut-1'
  | 'wins'
  | 'performance'
  | 'rounds-won'
  | 'seed'
  | 'rating';

export interface Tiebreak {
  readonly name: TiebreakName;
  readonly value: number;
}

export interface Standing {
  /** 1-based; entrants level on points and every tiebreak share a rank. */
  readonly rank: number;
  readonly id: EntrantId;
  /** Game points: 1 a win, ½ a draw, byes and late-join byes as the spec says; table placement points; arena points. */
  readonly points: number;
  /** Match points (2/1/0 a match) when matches have more than one game, else absent. */
  readonly matchPoints?: number;
  /** The tiebreaks that ranked this entrant, in the order they apply. */
  readonly tiebreaks: readonly Tiebreak[];
  /** Games played (byes and forfeits not counted). */
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Byes received (pairing byes; late-join rounds not counted). */
  readonly byes: number;
  readonly withdrawn: boolean;
  /** Arena: whether the entrant is on a streak (the next win counts double). */
  readonly onStreak?: boolean;
}

/** A knockout match in the bracket: the two seeds' places, who is in it once known, and who went through. */
export interface BracketMatch {
  /** Seeds (1 = top) of the two bracket places this match joins; a bye's missing seed is absent. */
  readonly a?: EntrantId;
  readonly b?: EntrantId;
  readonly seedA?: number;
  readonly seedB?: number;
  /** Game points of a and b in this match, tie-breaks included. */
  readonly scoreA: number;
  readonly scoreB: number;
  readonly winner?: EntrantId;
  /** Whether the match went to tie-break games. */
  readonly tieBreak: boolean;
}

export interface BracketRound {
  /** 1-based round; the last round is the final. */
  readonly round: number;
  readonly matches: readonly BracketMatch[];
}

/** A game of a match still to be started: the colours it is played with. */
export interface GameToPlay {
  readonly white: EntrantId;
  readonly black: EntrantId;
  /** Whether it is a tie-break game (knockout). */
  readonly tieBreak: boolean;
}
