import { type Game, Rng, type Seat } from '@qiyuan/core';
import type { HiveGame } from '@qiyuan/hive';
import { type JunqiGame, otherWorld, PRESETS } from '@qiyuan/junqi';
import type { ServerMessage } from '@qiyuan/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/index.js';
import { Bot, createSeek, startTestServer } from './helpers.js';

/**
 * Non-interference over the WebSocket: a seat's messages get the same frames back — acceptance or the error's code and
 * reason, and nothing else — whatever the part of the game it may not see. A real server plays a game of each mode with
 * hidden information to a position; then, world by world, the room's game is replaced by another the sender cannot
 * tell from it (Junqi's `otherWorld`; for Hive's blind roster, the other seat's roster chosen again) and the same
 * messages are sent. The engine tests (packages/junqi/test/noninterference.test.ts) check far more positions and
 * messages; this one checks that the server passes on nothing more than the engine's answer.
 *
 * QIYUAN_NONINTERFERENCE_WORLDS sets the worlds per position (docs/FAIRPLAY.md).
 */

const WORLDS = Number(process.env.QIYUAN_NONINTERFERENCE_WORLDS ?? 3);

/** The answer to `text` from `seat` on the engine alone; an accepted move is taken back. */
const engineAnswer = (game: Game, seat: Seat, text: string): string => {
  const parsed = game.parseMove(text, seat);
  if (!parsed.ok) return `refused ${parsed.error.code}`;
  const played = game.play(parsed.value, seat);
  if (!played.ok) return `refused ${played.error.code}`;
  game.undo();
  return 'accepted';
};

const BAD_TEXT = ['', 'a1-', 'zz9-a1', 'flip', 'flip q99', '*a1', 'a1 a2', 'resign', 'bid 4', 'setup 12345', 'wQ'];

/** Junqi messages worth sending: every flip and call, and every move from the sender's own pieces onto a piece. */
const junqiMessages = (game: JunqiGame, seat: Seat): string[] => {
  const names = game.board.points.map((p) => p.name);
  const pos = game.position;
  const out = ['pass', 'bid 1', 'bid 2', 'bid 3', 'bid landlord', ...BAD_TEXT];
  if (!pos) return out;
  const own = (p: number) => pos.owner[p]! >= 0 && !pos.faceDown[p] && pos.seatOfArmy(pos.owner[p]!) === seat;
  for (const [p, a] of names.entries()) {
    out.push(`flip ${a}`);
    if (!own(p)) continue;
    for (const [q, b] of names.entries()) if (pos.owner[q]! >= 0) out.push(`${a}-${b}`);
  }
  return out;
};

describe('answers over the WebSocket are the same in every world the sender cannot tell apart', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { messagesPerSecond: 1_000_000, burst: 1_000_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A game of `players` bots, each holding its seat, watched by all of them. */
  const start = async (game: string, options: Record<string, unknown>, players: number) => {
    const bots: Bot[] = [];
    for (let i = 0; i < players; i++) bots.push(await Bot.guest(server.url));
    const created = await createSeek(bots[0]!, {
      game,
      options,
      seats: Array.from({ length: players }, (_, i) => ({ kind: i === 0 ? 'me' : 'open' })),
      private: true,
    });
    const gameId = created.seek.id;
    for (let i = 1; i < players; i++) {
      expect(await bots[i]!.request({ type: 'seek.join', seekId: gameId, seat: i })).toMatchObject({ type: 'ack' });
    }
    for (const b of bots) {
      b.send({ type: 'game.watch', gameId });
      await b.next((m) => m.type === 'game.sync');
    }
    return { bots, gameId, room: server.hub.rooms.get(gameId)! };
  };

  /** Every frame `bot` gets for `texts` (sent at once), the request ids left out; and any other frame among them. */
  const answers = async (bot: Bot, gameId: string, seq: number, seat: Seat, texts: readonly string[]) => {
    const from = bot.frames.length;
    const replies = await Promise.all(
      texts.map((move) => bot.request({ type: 'game.move', gameId, seq, seat, move }, 60_000)),
    );
    const ids = new Set(replies.map((r) => (r as { id?: string }).id));
    // Who watches is public and comes when it changes: not an answer.
    const others = bot.frames
      .slice(from)
      .filter((m) => !ids.has((m as { id?: string }).id) && m.type !== 'game.spectators');
    return [
      ...replies.map((r) => {
        const { id: _, ...rest } = r as ServerMessage & { id?: string };
        return JSON.stringify(rest);
      }),
      `other frames: ${others.map((m) => m.type).join(',')}`,
    ];
  };

  /** Sends `texts` in the real game and in each world; every world must answer exactly as the real game. */
  const compare = async (
    room: { game: Game; seq: number },
    bot: Bot,
    gameId: string,
    seat: Seat,
    texts: readonly string[],
    world: () => Game,
  ) => {
    const real = room.game;
    const seq = room.seq;
    // the frames of the moves before are all in, so that only answers to these messages arrive now
    await bot.next((m) => (m.type === 'game.update' || m.type === 'game.sync') && m.seq === seq);
    const truth = await answers(bot, gameId, seq, seat, texts);
    try {
      for (let w = 0; w < WORLDS; w++) {
        room.game = world();
        const got = await answers(bot, gameId, seq, seat, texts);
        const i = got.findIndex((a, k) => a !== truth[k]);
        expect(i, `"${texts[i]}": ${truth[i]} in the real game, ${got[i]} in another`).toBe(-1);
        expect(room.seq).toBe(seq);
      }
    } finally {
      room.game = real;
    }
  };

  const junqiCases: [string, Record<string, unknown>, number, number][] = [
    ['翻棋', { players: 2, mode: 'flip' }, 2, 4],
    // each seat deploys its own army first (a creator cannot deploy the others': see the creator's options below)
    ['暗棋, 2 players', { players: 2, mode: 'hidden' }, 2, 14],
    ['暗棋, 4 players each for itself', { players: 4, mode: 'hidden', teams: 'ffa' }, 4, 16],
    ['三打一 while bidding', { players: 4, variant: 'landlord' }, 4, 1],
    ['三打一 deploying', { players: 4, variant: 'landlord', bidding: 'landlord' }, 4, 3],
  ];

  it.each(junqiCases)(
    'Junqi, %s',
    async (_, options, players, plies) => {
      const { bots, gameId, room } = await start('junqi', options, players);
      const rng = Rng.fromSeed(`noninterference:${JSON.stringify(options)}`);
      const game = () => room.game as JunqiGame;
      for (let i = 0; i < plies && room.status === 'playing'; i++) {
        const turn = game().turn();
        const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'simultaneous' ? turn.seats[0]! : -1;
        const moves = game().legalMoves(seat);
        // 翻棋: mostly flips, so that both sides soon have pieces face up beside face-down ones
        const flips = moves.filter((m) => m.type === 'flip');
        const move = flips.length > 0 && rng.int(0, 3) > 0 ? rng.pick(flips) : rng.pick(moves);
        const ack = await bots[seat]!.request({
          type: 'game.move',
          gameId,
          seq: room.seq,
          move: game().moveToString(move),
        });
        expect(ack.type, JSON.stringify(ack)).toBe('ack');
      }
      const turn = game().turn();
      const seat = turn.kind === 'seat' ? turn.seat : turn.kind === 'simultaneous' ? turn.seats.at(-1)! : 0;
      // Only messages the real game refuses are sent (an accepted one would move the game on); acceptance in every
      // world is the engine test's part, and a world that accepted one of these would fail here.
      const probe = game().clone();
      const texts = junqiMessages(game(), seat).filter((t) => engineAnswer(probe, seat, t) !== 'accepted');
      expect(texts.length).toBeGreaterThan(10);
      const real = game();
      await compare(room, bots[seat]!, gameId, seat, texts, () => otherWorld(real, seat, rng));
    },
    120_000,
  );

  /**
   * The creator's options are the attacker's input too. Every option set the creator may send leaves the joiner's army
   * as the joiner deployed it and hidden from the creator; every set that names a deployment, a seed, a salt, a
   * position or an unknown key is refused by that key's name and starts nothing.
   */
  it('Junqi 暗棋: whatever options the creator sends, the joiner’s army is its own and hidden', async () => {
    const mine = PRESETS.forward;
    const attacker = PRESETS.classic;
    const refused: [string, Record<string, unknown>][] = [
      ['setups', { setups: `${attacker},${attacker}` }],
      ['setup', { setup: 'classic' }],
      ['setup', { setup: 'random' }],
      ['seed', { seed: '0123456789abcdef0123456789abcdef' }],
      ['salt', { salt: '00' }],
      ['position', { position: 'anything' }],
      ['joinerArmy', { joinerArmy: attacker }],
    ];
    const creator = await Bot.guest(server.url);
    for (const [key, extra] of refused) {
      const answer = await creator.request({
        type: 'seek.create',
        game: 'junqi',
        options: { players: 2, mode: 'hidden', ...extra },
        clock: { kind: 'none' },
        rated: false,
        private: true,
        seats: [{ kind: 'me' }, { kind: 'open' }],
      });
      expect(answer, JSON.stringify(answer)).toMatchObject({
        type: 'error',
        code: 'bad-options',
        refusal: 'option-not-offered',
        values: { option: key },
      });
    }
    creator.close();
    const allowed: Record<string, unknown>[] = [
      { players: 2, mode: 'hidden' },
      { players: 2, mode: 'hidden', drawOffers: false, partnersSee: true },
      { players: 2, mode: 'hidden', noCaptureLimit: 0, moveLimit: 0, chaseLimit: 0, timeoutLimit: 0 },
      { players: '2', mode: 'hidden', noCaptureLimit: 1, moveLimit: 3, chaseLimit: 1, timeoutLimit: 1 },
    ];
    const joinerSees = new Set<string>();
    for (const options of allowed) {
      const { bots, gameId, room } = await start('junqi', options, 2);
      const game = () => room.game as JunqiGame;
      expect(game().turn()).toEqual({ kind: 'simultaneous', seats: [0, 1] });
      const deploy = (seat: number, army: string) =>
        bots[seat]!.request({ type: 'game.move', gameId, seq: room.seq, seat, move: `setup ${army}` });
      expect(await deploy(1, mine)).toMatchObject({ type: 'ack' });
      expect(await deploy(0, attacker)).toMatchObject({ type: 'ack' });
      const seq = room.seq;
      const last = async (bot: Bot) => {
        const f = await bot.next((m) => (m.type === 'game.update' || m.type === 'game.sync') && m.seq === seq);
        return (f as { view: { armyOfSeat: number[]; pieces: { army: number | null; rank: string | null }[] } }).view;
      };
      const joinerView = await last(bots[1]!);
      const army = joinerView.armyOfSeat[1];
      joinerSees.add(
        JSON.stringify(
          joinerView.pieces.filter((p) => p.army === army).map((p) => [(p as { point?: number }).point, p.rank]),
        ),
      );
      // the creator sees where the joiner's pieces stand, never what they are
      const creatorView = await last(bots[0]!);
      const theirs = creatorView.pieces.filter((p) => p.army === army);
      expect(theirs.length).toBe(25);
      expect(theirs.every((p) => p.rank === null)).toBe(true);
      for (const b of bots) b.close();
    }
    // the joiner's own army is the same, as it deployed it, whatever the creator chose
    expect(joinerSees.size).toBe(1);
  }, 60_000);

  it('Hive, the blind roster: the other seat has chosen, this one has not', async () => {
    const { bots, gameId, room } = await start('hive', { variant: 'Base+MLP', sides: 'advanced' }, 2);
    const rng = Rng.fromSeed('noninterference:hive');
    const hive = () => room.game as HiveGame;
    const choices = hive().rosterChoices();
    const secret = hive().moveToString(rng.pick(choices));
    expect(await bots[1]!.request({ type: 'game.move', gameId, seq: room.seq, seat: 1, move: secret })).toMatchObject({
      type: 'ack',
    });
    const real = hive();
    // A roster White may choose is accepted whatever Black chose (16 drawn, checked on the engine in every world).
    const worlds = Array.from({ length: WORLDS }, () => {
      const w = real.clone();
      expect(w.undo().ok).toBe(true);
      expect(w.play(rng.pick(choices), 1).ok).toBe(true);
      return w;
    });
    for (const choice of Array.from({ length: 16 }, () => rng.pick(choices))) {
      const text = real.moveToString(choice);
      const truth = engineAnswer(real.clone(), 0, text);
      for (const w of worlds) expect(engineAnswer(w.clone(), 0, text), text).toBe(truth);
    }
    const texts = [...BAD_TEXT, 'roster T9', 'roster -x', 'wQ', 'wA1 -wQ', 'pass', 'roster T1F2W T1'];
    let next = 0;
    await compare(room, bots[0]!, gameId, 0, texts, () => worlds[next++ % worlds.length]!.clone());
  }, 60_000);
});
