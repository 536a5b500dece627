import type { PairingInfo, StandingInfo, TournamentPlayerInfo, TournamentView } from '@qiyuan/protocol';
import { bracket, plannedRounds, standings } from '@qiyuan/tournament';
import { pausedPlayers } from './tournament-pauses.js';
import { botsAmong, historyOf, type LoadedTournament, resultOf } from './tournament-records.js';

/**
 * The one view of a tournament every page gets: entrants, standings with their tiebreaks, every round's pairings
 * with their games, a knockout's bracket. Built from the stored tournament with the tournament library's own
 * scoring, so the page shows exactly what decides the next round.
 */
export const tournamentView = (t: LoadedTournament): TournamentView => {
  const history = historyOf(t);
  const name = (id: string) => t.names.get(id) ?? id;
  const bots = botsAmong(t.entrantRows);
  const tag = (id: string) => (bots.has(id) ? { bot: true as const } : {});
  const paused = t.spec.system === 'arena' ? pausedPlayers(t) : new Set<string>();
  const entrants: TournamentPlayerInfo[] = t.entrantRows.map((e) => ({
    user: { id: e.user_id, name: e.name, ...tag(e.user_id) },
    rating: Math.round(Number(e.rating)),
    withdrawn: e.withdrawn_round !== null && e.withdrawn_round !== undefined,
    fromRound: Number(e.from_round),
    ...(t.info.teams && e.team ? { team: e.team } : {}),
    ...(paused.has(e.user_id) ? { paused: true } : {}),
  }));
  const table: StandingInfo[] =
    t.entrants.length === 0
      ? []
      : standings(t.spec, t.entrants, history).map((s) => ({
          rank: s.rank,
          user: { id: s.id, name: name(s.id), ...tag(s.id) },
          points: s.points,
          ...(s.matchPoints === undefined ? {} : { matchPoints: s.matchPoints }),
          tiebreaks: s.tiebreaks.map((b) => ({ name: b.name, value: b.value })),
          games: s.games,
          wins: s.wins,
          draws: s.draws,
          losses: s.losses,
          byes: s.byes,
          withdrawn: s.withdrawn,
          ...(s.onStreak === undefined ? {} : { onStreak: s.onStreak }),
        }));
  const pairings: PairingInfo[] = [];
  for (const r of t.rounds) {
    r.pairings.forEach((p, i) => {
      const board = i + 1;
      if ('bye' in p) {
        pairings.push({ round: r.round, board, players: [p.bye], bye: true });
        return;
      }
      const games = t.games.filter((g) => g.round === r.round && g.board === board);
      if (games.length === 0) {
        pairings.push({ round: r.round, board, players: 'table' in p ? [...p.table] : [p.white, p.black] });
        return;
      }
      for (const g of games) {
        const res = resultOf(g);
        // an arena's aborted game scores nothing (arena.ts): it shows as aborted, not as a forfeit win
        if (res && g.status === 'aborted' && t.spec.system === 'arena') {
          const game = { gameId: g.gameId, game: g.gameNo };
          pairings.push({ round: r.round, board, players: g.players, ...game, state: 'finished', aborted: true });
          continue;
        }
        pairings.push({
          round: r.round,
          board,
          players: g.players,
          gameId: g.gameId,
          game: g.gameNo,
          ...(g.tieBreak ? { tieBreak: true } : {}),
          // a game whose row is still a seek (being started) is neither: its players cannot act in it yet
          ...(res ? { state: 'finished' as const } : g.status === 'playing' ? { state: 'playing' as const } : {}),
          ...(res && 'score' in res
            ? { result: res.score === 1 ? ['win', 'loss'] : res.score === 0 ? ['loss', 'win'] : ['draw', 'draw'] }
            : {}),
          ...(res && 'places' in res ? { places: res.places } : {}),
        });
      }
    });
  }
  const active = t.entrants.filter((e) => e.withdrawnAtRound === undefined || e.withdrawnAtRound > 1);
  let rounds: number | undefined;
  try {
    rounds = active.length >= 2 ? plannedRounds(t.spec, active) : undefined;
  } catch {
    rounds = undefined; // a field the system cannot plan yet (too few players): shown without a total
  }
  return {
    ...t.info,
    ...(rounds === undefined ? {} : { rounds }),
    entrants,
    standings: table,
    pairings,
    ...(t.spec.system === 'knockout' && t.rounds.length > 0
      ? {
          bracket: bracket(t.spec, t.entrants, history).map((b) => ({
            round: b.round,
            matches: b.matches.map((m) => ({ ...m })),
          })),
        }
      : {}),
  };
};
