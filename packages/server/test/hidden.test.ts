import { Rng, unwrap } from '@qiyuan/core';
import { type JunqiGame, junqi, RANK_CHINESE, RANKS } from '@qiyuan/junqi';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { BACKENDS, Bot, createSeek, startTestServer } from './helpers.js';

/**
 * Hidden information end to end: complete Junqi games are played over real
 * WebSockets, every message sent to every seat and to a spectator is recorded
 * (frames, acknowledgements, errors, lobby and start notices), and each is
 * checked against the rules of what that viewer may know — an oracle written
 * here, independent of the engine's own `canSee` and of the frames' own flags:
 * the truth is the server's game (which army each seat plays, each piece's
 * rank), and what 翻棋 has turned face up is followed from the records.
 */

interface PieceView {
  id: number;
  point: number;
  army: number | null;
  rank: string | null;
  faceDown?: boolean;
}
interface JunqiView {
  pieces?: PieceView[];
  dead?: { id: number; army: number; rank: string | null }[];
  flagsRevealed?: number[];
  hand?: string;
}
type Frame = Extract<ServerMessage, { type: 'game.sync' | 'game.update' }>;

const cases: [string, Record<string, string | number | boolean>][] = [
  // 暗棋, two players: only your own ranks (and a revealed flag) ever reach you
  ['暗棋 2 players', { players: 2, mode: 'hidden', moveLimit: 400 }],
  // 暗棋, four players in pairs without shared sight: partners' ranks stay hidden too
  ['暗棋 4 players (pairs)', { players: 4, mode: 'hidden', teams: 'pairs', moveLimit: 400 }],
  // 暗棋, four players each for itself
  ['暗棋 4 players (ffa)', { players: 4, mode: 'hidden', teams: 'ffa', moveLimit: 400 }],
  // 暗棋, three players each for itself
  ['暗棋 3 players', { players: 3, mode: 'hidden', moveLimit: 300 }],
  // 三打一: the bidding, the hands, the landlord's deployment, the farmers' flags shown all game
  ['三打一', { players: 4, variant: 'landlord', moveLimit: 400 }],
  // 翻棋: a face-down piece shows neither colour nor rank to anyone
  ['翻棋 2 players', { players: 2, mode: 'flip', moveLimit: 400 }],
];

/** Rank names in any language a server message could use: none may name a piece its viewer cannot know. */
const RANK_WORDS = new RegExp(`\\b(${RANKS.join('|')})\\b|${RANK_CHINESE.join('|')}`, 'i');
/** Keys that carry the board or a deployment: never in a message other than a game frame. */
const BOARD_KEYS = /"(pieces|rank|dead|mySetup|hand|snapshot|seed|detail)"\s*:/;

describe.each(BACKENDS)('hidden information never leaves the server on %s', (backend) => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer(backend, { messagesPerSecond: 10_000, burst: 10_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(cases)(
    '%s: every message to every seat and spectator',
    async (_, options) => {
      const players = Number(options.players);
      const bots: Bot[] = [];
      for (let i = 0; i < players; i++) bots.push(await Bot.guest(server.url));
      const spectator = await Bot.connect(server.url);
      for (const b of [...bots, spectator]) b.send({ type: 'lobby.subscribe' });
      const created = await createSeek(bots[0]!, {
        game: 'junqi',
        options,
        clock: { kind: 'none' },
        rated: false,
        seats: Array.from({ length: players }, (_, i) => ({ kind: i === 0 ? 'me' : 'open' })),
        private: false,
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
      const board = game().board;
      const rng = Rng.fromSeed(players * 7 + (options.mode === 'flip' ? 1 : 0) + (options.variant ? 2 : 0));
      let plies = 0;
      while (room.status === 'playing' && plies < 2000) {
        const turn = room.game.turn();
        const seats = turn.kind === 'seat' ? [turn.seat] : turn.kind === 'over' ? [] : turn.seats;
        const seat = seats[0]!;
        if (plies % 13 === 5 && game().position) {
          // a wrong move now and then: another army's piece, or a seat out of turn; the refusal tells nothing
          const theirs = game()
            .position!.pieces()
            .filter((p) => p.army !== game().position!.armyOfSeat[seat]);
          const from = theirs[rng.int(0, theirs.length - 1)];
          const to = board.points[rng.int(0, board.points.length - 1)]!;
          const wrong = from ? `${board.points[from.point]!.name}-${to.name}` : 'flip a1';
          const waiting = bots.findIndex((_, i) => !seats.includes(i));
          for (const [bot, move] of [
            [bots[seat]!, wrong],
            ...(waiting >= 0 ? [[bots[waiting]!, wrong] as const] : []),
          ] as const) {
            expect((await bot.request({ type: 'game.move', gameId, seq: room.seq, move })).type).toBe('error');
          }
        }
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

      // the truth, from the server's own game: each piece's army and rank, each seat's army, revealed flags
      const pos = game().position!;
      const truthArmy = (id: number) => pos.pieceArmy[id]!;
      const truthRank = (id: number) => 'FMB123456789XRD'[pos.pieceRank[id]!]!;
      const armyOfSeat = pos.armyOfSeat;
      const flagsEverRevealed = (army: number) => ((pos.flagRevealed >> army) & 1) === 1;
      const flip = options.mode === 'flip';
      // 翻棋: a face-down piece never moves, so the piece a "flip X" turns up is the one dealt to X
      const dealt = new Map<number, number>(
        flip
          ? unwrap(junqi.create(unwrap(junqi.parseOptions(room.meta.options))))
              .position!.pieces()
              .map((p) => [p.point, p.id])
          : [],
      );

      let checkedRanks = 0;
      let sawEnd = 0;
      let others = 0;
      const errors: string[] = [];
      for (const [viewerIndex, bot] of [...bots, spectator].entries()) {
        const seat = viewerIndex < players ? viewerIndex : undefined;
        const myArmy = seat === undefined ? undefined : armyOfSeat[seat];
        const turnedUp = new Set<number>();
        let previous: JunqiView | undefined;
        for (const raw of bot.raw) {
          const m = JSON.parse(raw) as ServerMessage;
          if (m.type !== 'game.sync' && m.type !== 'game.update') {
            // lobby notices, the start, acks, errors, spectators: no board, no seed, no rank named
            others++;
            expect(raw, `${m.type} to ${seat ?? 'spectator'}`).not.toMatch(BOARD_KEYS);
            if (m.type === 'error') {
              errors.push(m.code);
              expect(m.reason, `error to ${seat ?? 'spectator'}`).not.toMatch(RANK_WORDS);
            }
            continue;
          }
          const f = m as Frame;
          const view = f.view as JunqiView;
          // the seed decides the hidden layouts: never sent while the game goes on
          if (m.type === 'game.sync' && !f.outcome) expect(m.info.options.seed).toBeUndefined();
          expect(f.you).toEqual(seat === undefined ? [] : [seat]);
          // a hand (三打一's pieces still to deploy) is its own seat's only
          if (seat === undefined) expect(view.hand).toBeUndefined();
          for (const army of view.flagsRevealed ?? []) expect(flagsEverRevealed(army)).toBe(true);
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
          for (const r of f.records) {
            const at = /^flip\s+(\S+)$/.exec(r.notation)?.[1];
            if (at !== undefined) turnedUp.add(dealt.get(board.byName(at)!)!);
          }
          const mayKnow = (id: number, rank: string): boolean => {
            if (over) return true;
            if (flip) return turnedUp.has(id);
            const army = truthArmy(id);
            if (rank === 'F' && flagsEverRevealed(army)) return true;
            return myArmy !== undefined && army === myArmy;
          };
          for (const p of view.pieces ?? []) {
            if (flip && !over) {
              // the frame's own flag must agree with the records, and a face-down piece shows no colour
              expect(p.faceDown === true, `piece ${p.id} face down`).toBe(!turnedUp.has(p.id));
              if (!turnedUp.has(p.id)) expect(p.army, 'a face-down piece shows no colour').toBeNull();
            }
            if (p.rank === null) continue;
            checkedRanks++;
            expect(p.rank, 'a shown rank is the true rank').toBe(truthRank(p.id));
            expect(mayKnow(p.id, p.rank), `piece ${p.id} to ${seat ?? 'spectator'}`).toBe(true);
          }
          for (const d of view.dead ?? []) {
            if (d.rank === null) continue;
            expect(d.rank).toBe(truthRank(d.id));
            expect(mayKnow(d.id, d.rank), `dead piece ${d.id} to ${seat ?? 'spectator'}`).toBe(true);
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
                mine !== undefined && myArmy !== undefined && truthArmy(mine.id) === myArmy,
                `defender rank to ${seat ?? 'spectator'}`,
              ).toBe(true);
            }
          }
          previous = view;
        }
      }
      // the check looked at real data: seats saw their own ranks, and every kind of message was read
      expect(checkedRanks).toBeGreaterThan(100);
      expect(others).toBeGreaterThan(players * 3);
      expect(errors.length).toBeGreaterThan(0);
      // every seat and the spectator received the final, face-up frame
      expect(sawEnd).toBeGreaterThanOrEqual(players + 1);
      for (const b of [...bots, spectator]) b.close();
    },
    120_000,
  );
});
