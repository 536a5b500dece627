import type { ServerMessage } from '@qiyuan/protocol';
import { standings } from '@qiyuan/tournament';
import { describe, expect, it } from 'vitest';
import { resultOf, type TournamentGame } from '../src/tournament-records.js';
import { BACKENDS, type Bot } from './helpers.js';
import {
  askCreate,
  createTournament,
  expectAck,
  idOf,
  playing,
  registeredMany,
  settled,
  tournamentServers,
  until,
} from './tournament-harness.js';

/**
 * Berserk and 2v2 teams. A team tournament is a Swiss, a round-robin or a knockout, never an arena
 * (tournament-request.ts), so no seat of a team game may berserk and its clock stays whole. The scoring a team
 * arena would use is still pinned: a berserk at either partner's seat counts for the team, and the library's +1 for
 * a berserked win needs the team's own moves on the board (its two players' together) to reach seven.
 */

const { serve } = tournamentServers();
const CLOCK = { kind: 'fischer', initialMs: 120_000, incrementMs: 2000 } as const;
const TEAMS = { players: 4, teams: 'pairs' } as const;
type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

const watch = async (bot: Bot, gameId: string): Promise<Frame> => {
  const from = bot.frames.length;
  bot.send({ type: 'game.watch', gameId });
  return (await bot.next((m) => m.type === 'game.sync' && m.gameId === gameId, 20_000, from)) as Frame;
};

describe.each(BACKENDS)('berserk and 2v2 teams (%s)', (backend) => {
  it('a team tournament cannot be an arena, and no seat of a 2v2 team game may berserk', async () => {
    const { server, entry } = await serve(backend);
    const players = await registeredMany(server.url, 4);
    entry.bots.push(...players);
    const arena = await askCreate(players[0]!, {
      type: 'tournament.create',
      name: 'Team arena',
      game: 'junqi',
      options: TEAMS,
      clock: CLOCK,
      rated: true,
      private: false,
      format: { system: 'arena', durationMs: 30 * 60_000 },
    });
    expect(arena).toMatchObject({ type: 'error', code: 'bad-options', refusal: 'teams-no-arena' });

    // the same teams in a Swiss with a time bank: each of the four seats is refused, and no bank is halved
    const tid = await createTournament(players[0]!, {
      game: 'junqi',
      options: TEAMS,
      clock: CLOCK,
      format: { system: 'swiss', rounds: 1 },
    });
    for (const [i, p] of players.entries()) {
      await expectAck(p, { type: 'tournament.join', tournamentId: tid, team: i < 2 ? 'Red' : 'Blue' });
    }
    await expectAck(players[0]!, { type: 'tournament.start', tournamentId: tid });
    const gameId = playing(await until(server.url, tid, (t) => settled(t), 'the team game'))[0]!.gameId!;
    const game = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as {
      seats: { user: { id: string } }[];
    };
    const bots = new Map(players.map((b) => [idOf(b), b]));
    const seated = game.seats.map((s) => bots.get(s.user.id)!);
    expect(new Set(seated).size).toBe(4);
    for (const [seat, bot] of seated.entries()) {
      const frame = await watch(bot, gameId);
      expect(frame.clock.remainingMs).toEqual([120_000, 120_000, 120_000, 120_000]);
      const answer = await bot.request({ type: 'game.berserk', gameId, seq: frame.seq, seat });
      expect(answer, `seat ${seat}`).toMatchObject({ type: 'error', refusal: 'berserk-not-arena' });
    }
    const after = await watch(seated[0]!, gameId);
    expect(after.clock.berserk).toBeUndefined();
    expect(after.clock.remainingMs).toEqual([120_000, 120_000, 120_000, 120_000]);
  }, 120_000);
});

describe('a 2v2 game berserked as an arena would score it', () => {
  const RED = 'team:Red';
  /** Ten moves on the board at each seat. */
  const TEN = [10, 10, 10, 10];
  const BLUE = 'team:Blue';
  const entrants = [
    { id: RED, rating: 1500 },
    { id: BLUE, rating: 1500 },
  ];
  /**
   * A finished 2v2 game: Red (seats 0 and 2) against Blue (1 and 3), `winner` the team that won; `moves`: each seat's
   * moves on the board.
   */
  const teamGame = (winner: 'Red' | 'Blue', berserk: number[], moves: number[]): TournamentGame => {
    const red = winner === 'Red' ? 'win' : 'loss';
    const blue = winner === 'Red' ? 'loss' : 'win';
    return {
      round: 1,
      board: 1,
      gameNo: 1,
      players: [RED, BLUE],
      tieBreak: false,
      gameId: 'g1',
      status: 'finished',
      outcome: {
        reason: 'flag-captured',
        results: [red, blue, red, blue],
        teams: [
          [0, 2],
          [1, 3],
        ],
      },
      lapsed: [],
      berserk,
      moves,
      finishedAt: 0,
    };
  };
  const points = (g: TournamentGame): Record<string, number> => {
    const result = resultOf(g)!;
    const table = standings({ system: 'arena', durationMs: 60_000 }, entrants, [{ pairings: [], games: [result] }]);
    return Object.fromEntries(table.map((s) => [s.id, s.points]));
  };

  it('a berserk at either partner seat is the team', () => {
    expect(resultOf(teamGame('Red', [2], TEN))).toMatchObject({ white: RED, black: BLUE, berserk: [RED] });
    expect(resultOf(teamGame('Red', [3], TEN))).toMatchObject({ berserk: [BLUE] });
    // both partners berserking is still one team that berserked
    expect(resultOf(teamGame('Red', [0, 2, 1], TEN))).toMatchObject({ berserk: [RED, BLUE] });
    // a team's moves are its two players'
    expect(resultOf(teamGame('Red', [2], [4, 3, 2, 1]))).toMatchObject({ moves: [6, 4] });
  });

  it('a berserked win scores 2 + 1 with the team seven moves of its own, 2 with six; a berserked loss 0', () => {
    // Red's seats made 4 + 3 moves, then 3 + 3
    expect(points(teamGame('Red', [2], [4, 3, 3, 3]))).toEqual({ [RED]: 3, [BLUE]: 0 });
    expect(points(teamGame('Red', [0], [3, 3, 3, 3]))).toEqual({ [RED]: 2, [BLUE]: 0 });
    // Blue's seats made 4 + 3 moves, then 3 + 3
    expect(points(teamGame('Blue', [1], [4, 4, 3, 3]))).toEqual({ [RED]: 0, [BLUE]: 3 });
    expect(points(teamGame('Blue', [3], [4, 3, 3, 3]))).toEqual({ [RED]: 0, [BLUE]: 2 });
    expect(points(teamGame('Blue', [0, 2], TEN))).toEqual({ [RED]: 0, [BLUE]: 2 });
  });
});
