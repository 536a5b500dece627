/** What a room's watchers are sent: the game's description, records, each connection's frame, a change to all. */
import { actingSeats, type Game, type Seat, SPECTATOR, type Viewer } from '@qiyuan/core';
import type { GameEventKind, GameFrame, GameInfo, PlayRecordInfo, ServerMessage } from '@qiyuan/protocol';
import { clockInfo } from './clock.js';
import type { Room } from './room.js';
import { type Conn, chatShows, isOver } from './room-types.js';
import { commitmentFor } from './seed.js';

/** The game as every watcher sees it: the seed kept secret until the end, the commitment to it, the salt after. */
export const infoOf = (room: Room): GameInfo => {
  const commitment = commitmentFor(room.meta, room.def);
  return {
    id: room.id,
    game: room.meta.game,
    options: room.publicOptions(),
    clock: room.meta.clock,
    speed: room.meta.speed,
    rated: room.meta.rated,
    seats: room.seats,
    createdAt: room.meta.createdAt,
    ...(commitment === undefined ? {} : { commitment }),
    // revealed with the seed, so that anyone can check the commitment
    ...(isOver(room.status) && room.meta.salt !== undefined ? { salt: room.meta.salt } : {}),
    ...(room.meta.tournament === undefined ? {} : { tournament: room.meta.tournament }),
  };
};

const viewerOf = (seats: readonly Seat[]): Viewer => {
  return seats.length > 0 ? seats[0]! : SPECTATOR;
};

/** The records of plies `from` to `to` as `viewer` may read them. */
export const recordsOf = (game: Game, viewer: Viewer, from: number, to: number): PlayRecordInfo[] => {
  const out: PlayRecordInfo[] = [];
  for (let p = Math.max(0, from); p < to; p++) {
    const r = game.recordFor(viewer, p);
    out.push(r.detail === undefined ? { ply: r.ply, seat: r.seat, notation: r.notation } : { ...r });
  }
  return out;
};

/** The legal moves of the held seats that may act now (a hidden-information client cannot derive them). */
const legalOf = (
  game: Game,
  you: readonly Seat[],
  turn: ReturnType<Game['turn']>,
): Record<string, string[]> | undefined => {
  const acting = actingSeats(turn).filter((s) => you.includes(s));
  if (acting.length === 0) return undefined;
  const out: Record<string, string[]> = {};
  for (const s of acting) out[String(s)] = game.legalMoves(s).map((m) => game.moveToString(m));
  return out;
};

/**
 * The one view every watcher is sent when the game hides nothing now (`Game.viewIsShared`), or undefined: each
 * viewer's is then built for it. A change's frames share it, so it is built (and serialized) once per change.
 */
export const sharedViewOf = (game: Game): unknown => (game.viewIsShared?.() ? game.viewFor(SPECTATOR) : undefined);

/**
 * What `conn` is sent of the game now: its seats' views, the turn, the clock, the offers, its legal moves. With a
 * shared view (`sharedViewOf`) a connection holding several seats gets no `views`: each would be the same as `view`.
 */
export const frameOf = (room: Room, conn: Conn, now: number, shared = sharedViewOf(room.game)): GameFrame => {
  const you = room.seatsOf(conn.user.id);
  const viewer = viewerOf(you);
  const turn = room.game.turn();
  const outcome = room.game.outcome();
  const legal =
    room.status === 'playing' && !outcome && conn.legalFor?.has(room.id) ? legalOf(room.game, you, turn) : undefined;
  const base: GameFrame = {
    gameId: room.id,
    seq: room.seq,
    you,
    view: shared === undefined ? room.game.viewFor(viewer) : shared,
    turn,
    clock: clockInfo(room.meta.clock, room.clock, turn, now),
    offers: [...room.offers].map(([seat, offer]) => ({ seat, offer })),
    ply: room.game.ply,
    ...(outcome ? { outcome } : {}),
    ...(room.status === 'aborted' && room.clock.lapsed
      ? { aborted: { reason: 'no-first-move' as const, seats: [...room.clock.lapsed] } }
      : {}),
    ...(legal ? { legal } : {}),
  };
  if (you.length > 1 && shared === undefined) {
    const views: Record<string, unknown> = {};
    for (const s of you.slice(1)) views[String(s)] = room.game.viewFor(s);
    return { ...base, views };
  }
  return base;
};

/** The whole game for a new watcher (or one that missed a change): its description, every record, the chat. */
export const syncOf = (room: Room, conn: Conn): void => {
  const you = room.seatsOf(conn.user.id);
  const chat = room.chat.filter((l) => room.mayRead(l, conn.user.id) && chatShows(conn, l));
  conn.send({
    type: 'game.sync',
    info: room.info(),
    records: recordsOf(room.game, viewerOf(you), 0, room.game.ply),
    ...(chat.length > 0 ? { chat } : {}),
    ...(room.rematch.size > 0 ? { rematch: [...room.rematch] } : {}),
    ...(room.spectatorChatOff.has(conn.user.id) ? { spectatorChat: false as const } : {}),
    ...room.frame(conn),
  });
};

/**
 * Sends the change to every watcher. Watchers holding the same seats see the
 * same frame, so it is built and serialized once per distinct seat list (all
 * spectators share one), not once per socket.
 */
export const broadcastOf = (room: Room, kind: GameEventKind, fromPly: number, undone: boolean): void => {
  const now = room.now();
  const frames = new Map<string, { msg: ServerMessage; text?: string }>();
  // built at the first frame that needs it; its text at the first socket that is sent text
  let view: { value: unknown; text?: string } | undefined;
  for (const conn of room.watchers) {
    if (undone) {
      room.sync(conn);
      continue;
    }
    const you = room.seatsOf(conn.user.id);
    const key = `${you.join(',')}${conn.legalFor?.has(room.id) ? '+legal' : ''}`;
    let entry = frames.get(key);
    if (!entry) {
      view ??= { value: sharedViewOf(room.game) };
      entry = {
        msg: {
          type: 'game.update',
          event: kind,
          records: recordsOf(room.game, viewerOf(you), fromPly, room.game.ply),
          ...room.frame(conn, now, view.value),
        },
      };
      frames.set(key, entry);
    }
    if (conn.sendText) {
      entry.text ??= view?.value === undefined ? JSON.stringify(entry.msg) : withSharedView(entry.msg, view);
      conn.sendText(entry.text);
    } else conn.send(entry.msg);
  }
};

/**
 * A frame's text with the shared view's text put in instead of serializing the view again: the frames of one change
 * (each player's, the spectators') differ in their seats and legal moves, not in the view.
 */
const withSharedView = (msg: ServerMessage, view: { value: unknown; text?: string }): string => {
  const { view: _, ...rest } = msg as ServerMessage & { view: unknown };
  view.text ??= JSON.stringify(view.value);
  const text = JSON.stringify(rest);
  return `${text.slice(0, -1)},"view":${view.text}}`;
};
