import { Rng } from '@qiyuan/core';
import type { JunqiGame } from '@qiyuan/junqi';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { Bot, createSeek, startTestServer } from './helpers.js';

/**
 * Hidden information end to end: complete Junqi games are played over real
 * WebSockets, every frame sent to every seat and to a spectator is recorded,
 * and each frame is checked against the rules of what that viewer may know —
 * an oracle written here, independent of the engine's own `canSee`.
 */

interface PieceView {
  id: number;
  point: number;
  army: number | null;
  rank: string | null;
  faceDown?: boolean;
}
interface JunqiView {
  armyOfSeat?: number[];
  pieces?: PieceView[];
  dead?: { id: number; army: number; rank: string | null }[];
  flagsRevealed?: number[];
}
type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

const cases: [string, Record<string, string | number | boolean>][] = [
  // 暗棋, two players: only your own ranks (and a revealed flag) ever reach you
  ['暗棋 2 players', { players: 2, mode: 'hidden', moveLimit: 400 }],
  // 暗棋, four players in pairs without shared sight: partners' ranks stay hidden too
  ['暗棋 4 players (pairs)', { players: 4, mode: 'hidden', teams: 'pairs', moveLimit: 400 }],
  // 暗棋, four players each for itself
  ['暗棋 4 players (ffa)', { players: 4, mode: 'hidden', teams: 'ffa', moveLimit: 400 }],
  // 翻棋: a face-down piece shows neither colour nor rank to anyone
  ['翻棋 2 players', { players: 2, mode: 'flip', moveLimit: 400 }],
];

describe('hidden information never leaves the server', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { messagesPerSecond: 10_000, burst: 10_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(cases)(
    '%s: every frame to every seat and spectator',
    async (_, options) => {
      const players = Number(options.players);
      const bots: Bot[] = [];
      for (let i = 0; i < players; i++) bots.push(await Bot.guest(server.url));
      const spectator = await Bot.connect(server.url);
      const created = await createSeek(bots[0]!, {
        game: 'junqi',
        options,
        clock: { kind: 'none' },
        rated: false,
        seats: Array.from({ length: players }, (_, i) => ({ kind: i === 0 ? 'me' : 'open' })),
        private: true,
      });
      const gameId = created.seek.id;
      for (let i = 1; i < players; i++) {
        expect(await bots[i]!.request({ type: 'seek.join', seekId: gameId, seat: i })).toMatchObject({ type: 'ack' });
      }
      for (const b of [...bots, spectator]) {
        b.send({ type: 'game.watch', gameId });
        await b.next((m) => m.type === 'game.sync');
      }
      const room = server.hub.rooms.get(gameId)!;
      const game = () => room.game as JunqiGame;
      const rng = Rng.fromSeed(players * 7 + (options.mode === 'flip' ? 1 : 0));
      let plies = 0;
      while (room.status === 'playing' && plies < 2000) {
        const turn = room.game.turn();
        const seats = turn.kind === 'seat' ? [turn.seat] : turn.kind === 'over' ? [] : turn.seats;
        const seat = seats[0]!;
        const moves = room.game.legalMoves(seat);
        const move = room.game.moveToString(moves[rng.int(0, moves.length - 1)]);
        const ack = await bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, move });
        expect(ack.type, JSON.stringify(ack)).toBe('ack');
        plies++;
      }
      expect(room.status).toBe('finished');
      // let the last frames arrive
      const last = room.seq;
      for (const b of [...bots, spectator]) await b.next((m) => m.type === 'game.update' && m.seq === last);

      // the truth, from the server's own game: every piece's army and rank
      const pos = game().position!;
      const truthArmy = (id: number) => pos.pieceArmy[id]!;
      const truthRank = (id: number) => 'FMB123456789XRD'[pos.pieceRank[id]!]!;
      const board = game().board;
      const flip = options.mode === 'flip';

      let checkedRanks = 0;
      let sawEnd = 0;
      for (const [viewerIndex, bot] of [...bots, spectator].entries()) {
        const seat = viewerIndex < players ? viewerIndex : undefined;
        let previous: JunqiView | undefined;
        for (const raw of bot.raw) {
          const m = JSON.parse(raw) as ServerMessage;
          if (m.type !== 'game.sync' && m.type !== 'game.update') continue;
          const f = m as Frame;
          const view = f.view as JunqiView;
          // the seed decides the hidden layouts: never sent while the game goes on
          if (m.type === 'game.sync' && !f.outcome) expect(m.info.options.seed).toBeUndefined();
          expect(f.you).toEqual(seat === undefined ? [] : [seat]);
          const myArmy = seat === undefined ? undefined : view.armyOfSeat?.[seat];
          // once the game is over the board is shown face up to everyone (亮棋)
          const over = f.outcome !== undefined && f.outcome !== null;
          if (over) {
            expect(
              (view.pieces ?? []).filter((p) => p.rank === null || p.army === null),
              'the final board face up',
            ).toEqual([]);
            // and the whole record again, every deployment shown, so the page can replay the game face up
            if (m.type === 'game.update') expect(f.records[0]?.ply).toBe(0);
            expect(f.records.filter((r) => r.notation === 'setup')).toEqual([]);
            sawEnd++;
          }
          const mayKnow = (army: number, rank: string, faceDown: boolean): boolean => {
            if (over) return true;
            if (flip) return !faceDown;
            if (rank === 'F' && view.flagsRevealed?.includes(army)) return true;
            return myArmy !== undefined && army === myArmy;
          };
          for (const p of view.pieces ?? []) {
            if (p.faceDown) expect(p.army, 'a face-down piece shows no colour').toBeNull();
            if (p.rank === null) continue;
            checkedRanks++;
            expect(p.rank, 'a shown rank is the true rank').toBe(truthRank(p.id));
            expect(
              mayKnow(truthArmy(p.id), p.rank, p.faceDown === true),
              `piece ${p.id} to ${seat ?? 'spectator'}`,
            ).toBe(true);
          }
          for (const d of view.dead ?? []) {
            if (d.rank === null) continue;
            expect(d.rank).toBe(truthRank(d.id));
            expect(
              over || flip || d.rank === 'F' || d.army === myArmy,
              `dead piece ${d.id} to ${seat ?? 'spectator'}`,
            ).toBe(true);
          }
          for (const r of over ? [] : f.records) {
            const detail = (r.detail ?? {}) as { attackerRank?: string; defenderRank?: string };
            if (r.notation.startsWith('setup ')) expect(r.seat, 'a deployment reaches only its owner').toBe(seat);
            if (flip) continue;
            if (detail.attackerRank !== undefined && detail.attackerRank !== 'F') {
              expect(r.seat, 'an attacker rank reaches only the attacker').toBe(seat);
            }
            if (detail.defenderRank !== undefined && detail.defenderRank !== 'F') {
              // the defender was this viewer's own piece on the destination point
              const to = board.byName(r.notation.split(/[-x:]/)[1]!.trim());
              const mine = previous?.pieces?.find((p) => p.point === to);
              expect(
                mine !== undefined && myArmy !== undefined && mine.army === myArmy,
                `defender rank to ${seat ?? 'spectator'}`,
              ).toBe(true);
            }
          }
          previous = view;
        }
      }
      // the check looked at real data: seats saw their own ranks
      expect(checkedRanks).toBeGreaterThan(100);
      // every seat and the spectator received the final, face-up frame
      expect(sawEnd).toBeGreaterThanOrEqual(players + 1);
      for (const b of [...bots, spectator]) b.close();
    },
    120_000,
  );
});
