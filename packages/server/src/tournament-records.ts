import type { GameId, Outcome } from '@qiyuan/core';
import {
  type ClockSpec,
  type Refusal,
  refusal,
  type Speed,
  type TournamentEndedEarly,
  type TournamentFormat,
  type TournamentInfo,
  type TournamentStatus,
  type TournamentUser,
} from '@qiyuan/protocol';
import {
  type Entrant,
  type GameResult,
  type History,
  type Pairing,
  type TournamentSpec,
  teamEntrants,
} from '@qiyuan/tournament';
import type { EntrantRow, TournamentRepository, TournamentRow } from './repos/tournaments.js';

/**
 * A tournament as stored: its row, entrants, rounds and games, read in one go, and turned into the tournament
 * library's values (spec, entrants, history). Results are never copied into the tournament's tables: a game's
 * result is read from the game's own row, so a tournament cannot disagree with its games, and a result that was
 * committed just before a crash is seen by whichever process looks next.
 */

export type { EntrantRow, TournamentRow } from './repos/tournaments.js';

/** The bot accounts among a tournament's entrants, by id. */
export const botsAmong = (rows: readonly EntrantRow[]): Set<string> =>
  new Set(rows.filter((e) => e.bot === 1).map((e) => e.user_id));

/** One game a tournament started, with its state read from the game's row. */
export interface TournamentGame {
  readonly round: number;
  readonly board: number;
  readonly gameNo: number;
  readonly players: readonly string[];
  readonly tieBreak: boolean;
  readonly gameId: string;
  /** The game row's status; undefined while the game's row is not written yet (a crash between the two). */
  readonly status: string | undefined;
  readonly outcome: Outcome | undefined;
  /** Seats whose first move lapsed (an aborted game). */
  readonly lapsed: readonly number[];
  /** Seats that berserked (arena games). */
  readonly berserk: readonly number[];
  /**
   * The moves on the board each seat had made when the game ended (absent for games that ended before they were
   * kept, and for those that kept only their plies: those counted deployments and roster choices as moves).
   */
  readonly moves?: readonly number[];
  readonly finishedAt: number;
}

export interface LoadedTournament {
  readonly row: TournamentRow;
  readonly info: Omit<TournamentInfo, 'rounds'>;
  readonly spec: TournamentSpec;
  /** The library's entrants: the players, or in a team tournament the teams (`team:<name>`) with their members. */
  readonly entrants: readonly Entrant[];
  /** Display names of players and teams, by id. */
  readonly names: ReadonlyMap<string, string>;
  /** A team tournament's teams: their players, in the order they joined. */
  readonly members: ReadonlyMap<string, readonly string[]>;
  /** Why the teams cannot be paired yet (a team of one), in a team tournament. */
  readonly teamProblem?: Refusal;
  readonly entrantRows: readonly EntrantRow[];
  readonly rounds: readonly { readonly round: number; readonly pairings: readonly Pairing[] }[];
  readonly games: readonly TournamentGame[];
}

/** A team's entrant id: its name, marked so that it never meets a player's id. */
export const teamId = (name: string): string => `team:${name}`;

/** The library's spec from the stored format: tables for games of more than two seats, the arena's start. */
export const specOf = (format: TournamentFormat, tableSize: number | undefined, startsAt?: number): TournamentSpec => {
  const base: { -readonly [K in keyof TournamentSpec]: TournamentSpec[K] } = { system: format.system };
  if (format.system === 'swiss') base.rounds = format.rounds;
  if (format.system === 'round-robin' && format.double) base.double = true;
  if (format.system !== 'arena' && format.matchGames !== undefined) base.matchGames = format.matchGames;
  if (format.system === 'knockout' && format.tieBreakGames !== undefined) base.tieBreakGames = format.tieBreakGames;
  if (format.system === 'arena') {
    base.durationMs = format.durationMs;
    if (startsAt !== undefined) base.startsAt = startsAt;
  }
  if (tableSize !== undefined && tableSize > 2) base.tableSize = tableSize;
  return base;
};

/** What a finished (or aborted) game counts for in the tournament; undefined while it is being played. */
export const resultOf = (g: TournamentGame): GameResult | undefined => {
  if (g.status === 'finished' && g.outcome) {
    const o = g.outcome;
    if (g.players.length === 2) {
      const r = o.results[0];
      const score = r === 'win' ? 1 : r === 'draw' ? 0.5 : 0;
      // a team game seats white's players at even seats, black's at odd ones
      const berserk = [...new Set(g.berserk.map((s) => g.players[s % 2]!))];
      const side = (colour: number) => (g.moves ?? []).reduce((sum, n, s) => (s % 2 === colour ? sum + n : sum), 0);
      return {
        white: g.players[0]!,
        black: g.players[1]!,
        score,
        ...(g.moves === undefined ? {} : { moves: [side(0), side(1)] as const }),
        ...(berserk.length > 0 ? { berserk } : {}),
      };
    }
    // a table: the engine's places, else winners first and everyone else level behind them
    const places = o.ranking ? [...o.ranking] : o.results.map((r) => (r === 'loss' ? 2 : 1));
    return { table: g.players, places };
  }
  if (g.status === 'aborted') {
    // the first move never came (first-move.ts): who let it lapse loses by forfeit, as lichess's arenas count it
    const lapsed = new Set(g.lapsed);
    if (g.players.length === 2) {
      const white = lapsed.has(0);
      const black = lapsed.has(1);
      const score = white === black ? 0.5 : white ? 0 : 1;
      return { white: g.players[0]!, black: g.players[1]!, score, forfeit: true };
    }
    return { table: g.players, places: g.players.map((_, s) => (lapsed.has(s) ? 2 : 1)), forfeit: true };
  }
  return undefined;
};

/** What a game's stored clock tells the tournament: lapsed first moves, berserks, each seat's moves at the end. */
const clockFacts = (text: string | null): Pick<TournamentGame, 'lapsed' | 'berserk' | 'moves'> => {
  const c = text ? (JSON.parse(text) as { lapsed?: number[]; berserk?: number[]; moves?: number[] } | null) : null;
  return { lapsed: c?.lapsed ?? [], berserk: c?.berserk ?? [], ...(c?.moves === undefined ? {} : { moves: c.moves }) };
};

/** Whether a game still counts as being played (its row is live, or not written yet). */
export const isOpen = (g: TournamentGame): boolean => resultOf(g) === undefined;

/** The library's history: every round's pairings, and its games that ended, in the order they ended. */
export const historyOf = (t: Pick<LoadedTournament, 'rounds' | 'games'>): History =>
  t.rounds.map((r) => ({
    pairings: r.pairings,
    games: t.games
      .filter((g) => g.round === r.round)
      .map((g) => ({ g, result: resultOf(g) }))
      .filter((x): x is { g: TournamentGame; result: GameResult } => x.result !== undefined)
      .sort((a, b) => a.g.finishedAt - b.g.finishedAt || a.g.board - b.g.board || a.g.gameNo - b.g.gameNo)
      .map((x) => x.result),
  }));

/** Reads a whole tournament; undefined when there is none with this id. */
export const loadTournament = async (
  tournaments: TournamentRepository,
  id: string,
): Promise<LoadedTournament | undefined> => {
  const stored = await tournaments.load(id);
  if (!stored) return undefined;
  const { row, entrants: entrantRows, rounds: roundRows, games: gameRows } = stored;
  const format = JSON.parse(row.format) as TournamentFormat & { tableSize?: number; teams?: boolean };
  const { tableSize, teams, ...plain } = format;
  const startsAt = row.starts_at ?? undefined;
  const creator = JSON.parse(row.creator) as TournamentUser;
  const players: Entrant[] = entrantRows.map((e) => {
    const withdrawn = e.withdrawn_round ?? undefined;
    const from = e.from_round;
    return {
      id: e.user_id,
      rating: e.rating,
      ...(from > 1 ? { joinedAtRound: from } : {}),
      ...(withdrawn === undefined ? {} : { withdrawnAtRound: withdrawn }),
      ...(teams && e.team ? { team: teamId(e.team) } : {}),
    };
  });
  const names = new Map(entrantRows.map((e) => [e.user_id, e.name]));
  const members = new Map<string, string[]>();
  let entrants: readonly Entrant[] = players;
  let teamProblem: Refusal | undefined;
  if (teams) {
    for (const e of entrantRows) {
      if (!e.team) continue;
      names.set(teamId(e.team), e.team);
      members.set(teamId(e.team), [...(members.get(teamId(e.team)) ?? []), e.user_id]);
    }
    // a team still waiting for its second player is not paired (and stops an organiser's start, saying why)
    const alone = [...members].filter(([, m]) => m.length < 2).map(([team]) => names.get(team) ?? team);
    if (alone.length > 0) {
      const team = alone.map((n) => JSON.stringify(n)).join(', ');
      teamProblem = refusal('team-of-one', `team ${team} has one player`, { team: alone.join(', ') });
    }
    const complete = players.filter((p) => p.team !== undefined && (members.get(p.team)?.length ?? 0) >= 2);
    const grouped = complete.length === 0 ? { ok: true as const, value: [] } : teamEntrants(complete);
    entrants = grouped.ok ? grouped.value : [];
    if (!grouped.ok) teamProblem = refusal('no-pairing', grouped.error.reason);
  }
  const info: Omit<TournamentInfo, 'rounds'> = {
    id: row.id,
    name: row.name,
    game: row.game as GameId,
    options: JSON.parse(row.options),
    clock: JSON.parse(row.clock) as ClockSpec,
    speed: row.speed as Speed,
    format: plain,
    ...(tableSize !== undefined ? { tableSize } : {}),
    ...(teams ? { teams: true } : {}),
    rated: row.rated === 1,
    private: row.private === 1,
    creator: { id: creator.id, name: creator.name },
    status: row.status as TournamentStatus,
    round: row.round,
    ...(startsAt === undefined ? {} : { startsAt }),
    ...(row.ends_at === null ? {} : { endsAt: row.ends_at }),
    ...(row.max_players === null ? {} : { maxPlayers: row.max_players }),
    players: entrantRows.filter((e) => e.withdrawn_round === null).length,
    createdAt: row.created_at,
    ...(row.end_reason ? { endedEarly: JSON.parse(row.end_reason) as TournamentEndedEarly } : {}),
  };
  return {
    row,
    info,
    spec: specOf(plain, tableSize, info.status === 'upcoming' ? undefined : startsAt),
    entrants,
    names,
    members,
    ...(teamProblem === undefined ? {} : { teamProblem }),
    entrantRows,
    rounds: roundRows.map((r) => ({ round: r.round, pairings: JSON.parse(r.pairings) as Pairing[] })),
    games: gameRows.map((g) => ({
      ...clockFacts(g.clock_state),
      round: g.round,
      board: g.board,
      gameNo: g.game_no,
      players: JSON.parse(g.players) as string[],
      tieBreak: g.tie_break === 1,
      gameId: g.game_id,
      status: g.status ?? undefined,
      outcome: g.outcome ? (JSON.parse(g.outcome) as Outcome) : undefined,
      finishedAt: g.finished_at ?? g.updated_at ?? 0,
    })),
  };
};
