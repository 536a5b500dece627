/**
 * A player's actions through the Bot and Board API: a move, a resignation, an offer or its answer, a chat line. Each
 * is made into the very message a page's socket sends, checked by the same schema (parseClientMessage: the
 * allow-list), and handed to the hub by a stand-in connection of the player — so it takes the path of a socket's
 * move (hub.dispatch → play.ts, or the game's owner on another process) and runs in the room's own queue.
 */
import { type ClientMessage, parseClientMessage, type UserInfo } from '@qiyuan/protocol';
import { handleAs } from './clients.js';
import type { Hub } from './hub.js';
import type { GameHistory } from './repos/game-history.js';

export type ApiAction =
  | { readonly kind: 'move'; readonly move: string }
  | { readonly kind: 'resign' }
  | { readonly kind: 'offer'; readonly offer: 'draw' | 'takeback' }
  | { readonly kind: 'answer'; readonly offer: 'draw' | 'takeback'; readonly accept: boolean }
  | { readonly kind: 'chat'; readonly text: string; readonly channel: 'all' | 'team' };

export type ActOutcome =
  | { ok: true; seq?: number }
  | { ok: false; status: number; code: string; reason: string; refusal?: string };

/** How many times an action is sent again when the game moved on meanwhile (a clock, an offer crossed it). */
const TRIES = 3;

const messageOf = (a: ApiAction, gameId: string, seq: number): Record<string, unknown> => {
  const id = 'api';
  switch (a.kind) {
    case 'move':
      return { type: 'game.move', id, gameId, seq, move: a.move };
    case 'resign':
      return { type: 'game.resign', id, gameId, seq };
    case 'offer':
      return { type: 'game.offer', id, gameId, seq, offer: a.offer };
    case 'answer':
      return { type: 'game.answer', id, gameId, seq, offer: a.offer, accept: a.accept };
    case 'chat':
      return { type: 'game.chat', id, gameId, text: a.text, channel: a.channel };
  }
};

const STATUS: Record<string, number> = {
  'not-found': 404,
  'not-your-seat': 403,
  'not-allowed': 400,
  unavailable: 503,
  'rate-limited': 429,
  internal: 500,
};

/** Plays `action` for `user` in the game; the player must hold a seat in it (checked against the store). */
export const actFor = async (
  hub: Hub,
  history: GameHistory,
  user: UserInfo,
  gameId: string,
  action: ApiAction,
): Promise<ActOutcome> => {
  if (gameId.length > 64) return { ok: false, status: 404, code: 'not-found', reason: 'no such game' };
  for (let i = 0; i < TRIES; i++) {
    const room = hub.rooms.get(gameId);
    const stored = room ? undefined : await history.positionOf(gameId);
    const at = room ?? stored;
    if (!at) return { ok: false, status: 404, code: 'not-found', reason: 'no such game' };
    const seats = at.seats;
    if (!seats.some((s) => s.kind === 'user' && s.user.id === user.id))
      return { ok: false, status: 403, code: 'not-your-seat', reason: 'you hold no seat in this game' };
    const seq = at.seq;
    const parsed = parseClientMessage(JSON.stringify(messageOf(action, gameId, seq)));
    if (!parsed.ok) return { ok: false, status: 400, code: parsed.code, reason: parsed.reason };
    const answer = await handleAs(hub, user, parsed.value as ClientMessage & { id: string });
    if (answer?.type === 'ack') return { ok: true, ...(answer.seq === undefined ? {} : { seq: answer.seq }) };
    if (answer?.type !== 'error')
      return { ok: false, status: 500, code: 'internal', reason: 'no answer from the game' };
    // the game moved on since its sequence was read (a clock, an offer): read it again and send again
    if (answer.code === 'stale-seq' && action.kind !== 'chat') continue;
    return {
      ok: false,
      status: STATUS[answer.code] ?? 400,
      code: answer.code,
      reason: answer.reason,
      ...(answer.refusal === undefined ? {} : { refusal: answer.refusal }),
    };
  }
  return { ok: false, status: 409, code: 'stale-seq', reason: 'the game kept changing; try again' };
};
