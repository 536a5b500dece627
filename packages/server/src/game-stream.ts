/**
 * `GET /api/bot/game/stream/:id` and `/api/board/game/stream/:id`: one game for one of its players, as NDJSON lines.
 * The stream watches the game as the player's own page does (`game.watch` through the hub: the owner's room, or a
 * replica of it on another process), and turns what the page would be sent into lines: `gameFull` first, then a
 * `gameState` after every change, and `chatLine`. Every frame is the one the player's socket gets — the same
 * per-seat view and records — so a Junqi stream tells no more than the board on the player's screen.
 */
import type { ChatLine, GameFrame, GameInfo, PlayRecordInfo, ServerMessage, UserInfo } from '@qiyuan/protocol';
import { apiSeat, listener } from './event-stream.js';
import type { Hub } from './hub.js';
import type { Ndjson } from './ndjson.js';
import type { RoomStatus } from './room.js';

type Status = 'started' | 'finished' | 'aborted';

const statusOf = (s: RoomStatus | undefined, frame: GameFrame): Status => {
  if (s === 'finished' || frame.outcome) return 'finished';
  if (s === 'aborted' || frame.aborted) return 'aborted';
  return 'started';
};

/** A chat line as the stream tells it. */
export const chatLineOf = (l: ChatLine) => ({
  type: 'chatLine',
  username: l.from.name,
  bot: Boolean(l.from.bot),
  text: l.text,
  room: l.spectator ? 'spectator' : l.team !== undefined ? 'team' : 'player',
  at: l.at,
});

export const streamGame = (hub: Hub, user: UserInfo, gameId: string, out: Ndjson): void => {
  const moves: string[] = [];
  // the plies as this seat may read them (a Junqi combat's result as the seat saw it), for clients that keep beliefs
  const records: PlayRecordInfo[] = [];
  let full = false;
  const stateOf = (frame: GameFrame) => {
    const status = statusOf(hub.watchers.watchedRoom(gameId)?.status, frame);
    return {
      type: 'gameState',
      moves: [...moves],
      records: [...records],
      status,
      ...(frame.outcome ? { result: frame.outcome } : {}),
      ...(frame.aborted ? { aborted: frame.aborted } : {}),
      clock: frame.clock,
      seq: frame.seq,
      ply: frame.ply,
      turn: frame.turn,
      you: frame.you,
      // the seat's own view, exactly as its socket has it (hidden pieces hidden)
      view: frame.view,
      ...(frame.views ? { views: frame.views } : {}),
      offers: frame.offers,
      ...(frame.legal ? { legal: frame.legal } : {}),
    };
  };
  const written = (state: { status: Status }) => {
    // the game is over: its last state was the stream's last line
    if (state.status !== 'started') out.end();
  };
  const keep = (sent: readonly PlayRecordInfo[], ply: number) => {
    for (const r of sent) {
      moves[r.ply] = r.notation;
      records[r.ply] = r;
    }
    moves.length = ply;
    records.length = ply;
  };
  const receive = (m: ServerMessage) => {
    if (out.closed) return;
    if (m.type === 'game.sync') {
      const { type: _t, info, records: sent, chat: _c, rematch: _r, spectatorChat: _s, ...frame } = m;
      moves.length = 0;
      records.length = 0;
      keep(sent, frame.ply);
      const state = stateOf(frame as GameFrame);
      if (!full) {
        full = true;
        out.write(fullOf(info, state));
      } else out.write(state);
      written(state);
    } else if (m.type === 'game.update') {
      const { type: _t, event: _e, records: sent, ...frame } = m;
      keep(sent, frame.ply);
      const state = stateOf(frame as GameFrame);
      out.write(state);
      written(state);
    } else if (m.type === 'game.chat' && m.gameId === gameId) {
      out.write(chatLineOf(m));
    } else if (m.type === 'error' && m.gameId === gameId) {
      out.write({ type: 'error', code: m.code, reason: m.reason });
      out.end();
    }
  };
  const client = listener(user, receive, out);
  hub.attach(client);
  // leaving the hub stops the watching too
  out.onClose(() => hub.detach(client));
  hub
    .handle(client, { type: 'game.watch', gameId, legal: true })
    .catch((e: unknown) => hub.log.warn({ err: e, gameId }, 'game stream not opened'));
};

const fullOf = (info: GameInfo, state: { status: Status }) => ({
  type: 'gameFull',
  id: info.id,
  game: info.game,
  options: info.options,
  rated: info.rated,
  speed: info.speed,
  clock: info.clock,
  createdAt: info.createdAt,
  seats: info.seats.map(apiSeat),
  ...(info.tournament === undefined ? {} : { tournament: info.tournament }),
  ...(info.commitment === undefined ? {} : { commitment: info.commitment }),
  state,
});
