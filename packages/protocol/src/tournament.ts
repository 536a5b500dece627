import { GAME_IDS } from '@qiyuan/core';
import * as v from 'valibot';
import { type ClockSpec, ClockSpecSchema, type Speed } from './clock.js';

/**
 * Tournaments on the wire: what a player sends to create, join, leave, start and
 * follow one, and the one view of a tournament the server sends back. Pairing and
 * scoring are the tournament library's; this is only their shape.
 */

export const TOURNAMENT_SYSTEMS = ['swiss', 'round-robin', 'arena', 'knockout'] as const;
export type TournamentSystem = (typeof TOURNAMENT_SYSTEMS)[number];

export const TOURNAMENT_STATUSES = ['upcoming', 'running', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

const tournamentRef = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const id = v.optional(v.pipe(v.string(), v.maxLength(64)));
const count = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const optionValue = v.union([v.pipe(v.string(), v.maxLength(2000)), v.number(), v.boolean()]);
const MINUTE = 60_000;

/**
 * How a tournament is run (the tournament library's spec, less what the server decides). `rounds`: Swiss (required);
 * `double`: round-robin played twice with colours turned; `matchGames`: games per match (round-robin, Swiss,
 * knockout; scored 2/1/0 as match points when more than one); `tieBreakGames`: knockout games when a match is level;
 * `durationMs`: arena (required). Games of more than two seats are played at tables of the game's seat count.
 */
export const TournamentFormatSchema = v.variant('system', [
  v.strictObject({ system: v.literal('swiss'), rounds: count(1, 30), matchGames: v.optional(count(1, 9)) }),
  v.strictObject({
    system: v.literal('round-robin'),
    double: v.optional(v.boolean()),
    matchGames: v.optional(count(1, 9)),
  }),
  v.strictObject({ system: v.literal('arena'), durationMs: count(5 * MINUTE, 7 * 24 * 60 * MINUTE) }),
  v.strictObject({
    system: v.literal('knockout'),
    matchGames: v.optional(count(1, 9)),
    tieBreakGames: v.optional(count(1, 9)),
  }),
]);
export type TournamentFormat = v.InferOutput<typeof TournamentFormatSchema>;

export const TournamentCreateSchema = v.strictObject({
  type: v.literal('tournament.create'),
  id,
  name: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(60)),
  game: v.picklist(GAME_IDS),
  options: v.pipe(v.record(v.pipe(v.string(), v.maxLength(40)), optionValue), v.maxEntries(40)),
  clock: ClockSpecSchema,
  format: TournamentFormatSchema,
  rated: v.boolean(),
  /** Private tournaments are not listed; players join by the link. */
  private: v.boolean(),
  /** When round one starts by itself (ms since the epoch); without it the organiser starts it. */
  startsAt: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15))),
  maxPlayers: v.optional(count(2, 512)),
});

/** The tournament messages a client sends (members of `ClientMessageSchema`). */
export const TOURNAMENT_CLIENT_MESSAGES = [
  TournamentCreateSchema,
  /** `team`: in a team tournament (2v2 Junqi) the team's name; two players who give the same name make a team. */
  v.strictObject({
    type: v.literal('tournament.join'),
    id,
    tournamentId: tournamentRef,
    team: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(30))),
  }),
  v.strictObject({ type: v.literal('tournament.withdraw'), id, tournamentId: tournamentRef }),
  /** The organiser starts round one now (or the next round of a tournament whose rounds it starts). */
  v.strictObject({ type: v.literal('tournament.start'), id, tournamentId: tournamentRef }),
  /** Follow a tournament: its view now, and again after every change. */
  v.strictObject({ type: v.literal('tournament.watch'), id, tournamentId: tournamentRef }),
  v.strictObject({ type: v.literal('tournament.unwatch'), id, tournamentId: tournamentRef }),
] as const;

export interface TournamentUser {
  readonly id: string;
  readonly name: string;
  /** A bot account: shown with a BOT tag. */
  readonly bot?: true;
}

export interface TournamentPlayerInfo {
  readonly user: TournamentUser;
  /** The rating in this game and speed class when the player joined (seeding). */
  readonly rating: number;
  readonly withdrawn: boolean;
  /** The first round the player could be paired in (1 for those who joined before the start). */
  readonly fromRound: number;
  /** The player's team, in a team tournament. */
  readonly team?: string;
  /** Arena: paused after letting a first move lapse; not paired again until they join again. */
  readonly paused?: boolean;
}

export interface StandingInfo {
  readonly rank: number;
  readonly user: TournamentUser;
  readonly points: number;
  /** Match points (2 a match won, 1 drawn) when matches have more than one game. */
  readonly matchPoints?: number;
  /** Tiebreak values in the order they are applied, by the library's names. */
  readonly tiebreaks: readonly { readonly name: string; readonly value: number }[];
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly byes: number;
  readonly withdrawn: boolean;
  /** Arena: the next win counts double. */
  readonly onStreak?: boolean;
}

/** One game of a round (two seats or a table), or a bye. */
export interface PairingInfo {
  readonly round: number;
  /** The pairing's number in its round (1-based). */
  readonly board: number;
  /** Player ids by seat; one id for a bye. */
  readonly players: readonly string[];
  readonly bye?: boolean;
  readonly gameId?: string;
  /** Game number within a match or a knockout tie (1-based). */
  readonly game?: number;
  readonly tieBreak?: boolean;
  /** `playing` while the game is played, `finished` once it is over; absent while it is being started. */
  readonly state?: 'playing' | 'finished';
  /** Points per seat once the game is over (1 / ½ / 0; table places score as the standings say). */
  readonly result?: readonly ('win' | 'loss' | 'draw')[];
  /** Finishing place per seat at a table. */
  readonly places?: readonly number[];
  /** Arena: the game was aborted (a first move never came) and scores nothing for anyone. */
  readonly aborted?: boolean;
}

/** A knockout's bracket, round by round. */
export interface BracketRoundInfo {
  readonly round: number;
  readonly matches: readonly {
    readonly a?: string;
    readonly b?: string;
    readonly seedA?: number;
    readonly seedB?: number;
    readonly scoreA: number;
    readonly scoreB: number;
    readonly winner?: string;
    readonly tieBreak: boolean;
  }[];
}

export interface TournamentInfo {
  readonly id: string;
  readonly name: string;
  readonly game: (typeof GAME_IDS)[number];
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly clock: ClockSpec;
  readonly speed: Speed;
  readonly format: TournamentFormat;
  /** Players per table (games of more than two seats). */
  readonly tableSize?: number;
  /**
   * A team tournament (2v2 Junqi): the entrants are teams of two (pairings, standings and the bracket name teams by
   * the ids `team:<name>`); `entrants` lists the players with their team.
   */
  readonly teams?: boolean;
  readonly rated: boolean;
  readonly private: boolean;
  readonly creator: TournamentUser;
  readonly status: TournamentStatus;
  /** The round being played (0 before the start). */
  readonly round: number;
  /** Rounds in all when known (Swiss, round-robin, knockout once seeded). */
  readonly rounds?: number;
  readonly startsAt?: number;
  readonly endsAt?: number;
  readonly maxPlayers?: number;
  /** Entrants not withdrawn. */
  readonly players: number;
  readonly createdAt: number;
  /** Set when the tournament ended before its planned end, saying why. */
  readonly endedEarly?: TournamentEndedEarly;
}

/**
 * Why a tournament ended before its planned end: `no-pairing` (no pairing of the next round avoids a repeated game
 * or a second bye), `too-few-players` (fewer than two players left to pair), `no-field` (too few players at its
 * start). `round`: the round that could not be paired.
 */
export const TOURNAMENT_END_REASONS = ['no-pairing', 'too-few-players', 'no-field'] as const;
export type TournamentEndReason = (typeof TOURNAMENT_END_REASONS)[number];
export interface TournamentEndedEarly {
  readonly reason: TournamentEndReason;
  readonly round: number;
}

/** Everything a tournament page shows. */
export interface TournamentView extends TournamentInfo {
  readonly entrants: readonly TournamentPlayerInfo[];
  readonly standings: readonly StandingInfo[];
  readonly pairings: readonly PairingInfo[];
  readonly bracket?: readonly BracketRoundInfo[];
}

/** What the server sends about tournaments (members of `ServerMessage`). */
export type TournamentServerMessage =
  | {
      readonly type: 'tournament.created';
      readonly id?: string;
      readonly tournament: TournamentInfo;
      readonly invite: string;
    }
  /** A watched tournament as it is now: sent on `tournament.watch` and after each change. */
  | { readonly type: 'tournament'; readonly tournament: TournamentView };
