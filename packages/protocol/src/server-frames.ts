import { GAME_IDS } from '@qiyuan/core';
import * as v from 'valibot';
import { ERROR_CODES, GAME_EVENTS, OFFERS, type ServerMessage, type ServerMessageType } from './messages.js';
import { REFUSALS } from './refusals.js';
import { TOURNAMENT_STATUSES } from './tournament.js';

/**
 * The client's check of what the server sends (server → client), as `parseClientMessage` is the server's of what a
 * client sends. A frame that is not one of the server's messages — bad JSON, an unknown type, a field of the wrong
 * kind where the client reads it — is refused with a reason instead of being trusted as typed: a proxy that mangles a
 * frame, or a server of another version, costs the page that frame, never its state. The schemas are loose (a field
 * the client does not know is kept and ignored) so that a newer server can add fields; each checks every field the
 * web client reads.
 */

const text = v.string();
const int = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const ints = v.array(int);
const reqId = v.optional(v.string());
const game = v.picklist(GAME_IDS);
const options = v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]));
const clockSpec = v.looseObject({ kind: v.string() });
const result = v.picklist(['win', 'loss', 'draw']);

const user = v.looseObject({ id: text, name: text, guest: v.boolean(), bot: v.optional(v.boolean()) });
const seatHolder = v.variant('kind', [
  v.looseObject({ kind: v.literal('open') }),
  v.looseObject({ kind: v.literal('user'), user, rating: v.optional(v.number()) }),
  v.looseObject({ kind: v.literal('ai'), level: int }),
]);
const seek = v.looseObject({
  id: text,
  game,
  options,
  clock: clockSpec,
  speed: text,
  rated: v.boolean(),
  private: v.boolean(),
  seats: v.array(seatHolder),
  creator: user,
  createdAt: v.number(),
});
const record = v.looseObject({ ply: count, seat: int, notation: text, detail: v.optional(v.unknown()) });
const outcome = v.looseObject({
  reason: text,
  results: v.array(result),
  ranking: v.optional(ints),
  teams: v.optional(v.array(ints)),
});
const turn = v.variant('kind', [
  v.looseObject({ kind: v.literal('seat'), seat: int }),
  v.looseObject({ kind: v.literal('team'), team: int, seats: ints }),
  v.looseObject({ kind: v.literal('simultaneous'), seats: ints }),
  v.looseObject({ kind: v.literal('over') }),
]);
const clock = v.looseObject({
  remainingMs: v.array(v.number()),
  running: ints,
  serverTime: v.number(),
  paused: v.boolean(),
  since: v.optional(v.number()),
  firstMove: v.optional(v.array(v.looseObject({ seat: int, deadline: v.number() }))),
  vacation: v.optional(v.looseObject({ on: ints, leftMs: v.array(v.number()) })),
  berserk: v.optional(ints),
});
const frame = {
  gameId: text,
  seq: count,
  you: ints,
  view: v.unknown(),
  views: v.optional(v.record(v.string(), v.unknown())),
  turn,
  clock,
  outcome: v.optional(outcome),
  aborted: v.optional(v.looseObject({ reason: text, seats: ints })),
  offers: v.array(v.looseObject({ seat: int, offer: v.picklist(OFFERS) })),
  ply: count,
  legal: v.optional(v.record(v.string(), v.array(text))),
};
const gameInfo = v.looseObject({
  id: text,
  game,
  options,
  clock: clockSpec,
  speed: text,
  rated: v.boolean(),
  seats: v.array(seatHolder),
  createdAt: v.number(),
  commitment: v.optional(text),
  salt: v.optional(text),
  tournament: v.optional(text),
});
const chat = {
  from: user,
  text,
  at: v.number(),
  spectator: v.optional(v.boolean()),
  team: v.optional(int),
};
const tournamentInfo = {
  id: text,
  name: text,
  game,
  options,
  clock: clockSpec,
  speed: text,
  format: v.looseObject({ system: text }),
  rated: v.boolean(),
  private: v.boolean(),
  creator: v.looseObject({ id: text, name: text }),
  status: v.picklist(TOURNAMENT_STATUSES),
  round: count,
  players: count,
  createdAt: v.number(),
};

const SERVER_MESSAGES = [
  v.looseObject({ type: v.literal('welcome'), v: v.literal(1), user, serverTime: v.number() }),
  v.looseObject({ type: v.literal('pong'), id: reqId, serverTime: v.number() }),
  v.looseObject({
    type: v.literal('error'),
    id: reqId,
    code: v.picklist(ERROR_CODES),
    reason: text,
    // a refusal this client has no words for (a newer server's) is dropped: the reason is then said as it came
    refusal: v.fallback(v.optional(v.picklist(REFUSALS)), undefined),
    values: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
    gameId: v.optional(text),
    seq: v.optional(count),
  }),
  v.looseObject({ type: v.literal('ack'), id: reqId, gameId: v.optional(text), seq: v.optional(count) }),
  v.looseObject({ type: v.literal('lobby'), seeks: v.array(seek) }),
  v.looseObject({ type: v.literal('seek.added'), seek }),
  v.looseObject({
    type: v.literal('seek.removed'),
    seekId: text,
    gameId: v.optional(text),
    reason: v.optional(v.literal('expired')),
  }),
  v.looseObject({ type: v.literal('seek.created'), id: reqId, seek, invite: text }),
  v.looseObject({ type: v.literal('game.started'), gameId: text, seekId: text, seats: ints }),
  v.looseObject({
    type: v.literal('game.sync'),
    info: gameInfo,
    records: v.array(record),
    chat: v.optional(v.array(v.looseObject(chat))),
    rematch: v.optional(ints),
    spectatorChat: v.optional(v.literal(false)),
    ...frame,
  }),
  v.looseObject({ type: v.literal('game.update'), event: v.picklist(GAME_EVENTS), records: v.array(record), ...frame }),
  v.looseObject({ type: v.literal('game.chat'), gameId: text, ...chat }),
  v.looseObject({
    type: v.literal('game.spectators'),
    gameId: text,
    count,
    users: v.array(user),
    present: v.optional(ints),
    gone: v.optional(v.array(v.looseObject({ seat: int, claimInMs: v.number() }))),
  }),
  v.looseObject({ type: v.literal('game.rematch'), gameId: text, seats: ints }),
  v.looseObject({ type: v.literal('game.rematched'), gameId: text, newGameId: text }),
  v.looseObject({
    type: v.literal('your-turn'),
    gameId: text,
    game: text,
    deadline: v.optional(v.number()),
    reminder: v.optional(v.boolean()),
  }),
  v.looseObject({
    type: v.literal('tournament.created'),
    id: reqId,
    tournament: v.looseObject(tournamentInfo),
    invite: text,
  }),
  v.looseObject({
    type: v.literal('tournament'),
    tournament: v.looseObject({
      ...tournamentInfo,
      entrants: v.array(v.looseObject({ user: v.looseObject({ id: text, name: text }) })),
      standings: v.array(v.looseObject({ rank: int, user: v.looseObject({ id: text, name: text }) })),
      pairings: v.array(v.looseObject({ round: int, board: int, players: v.array(text) })),
      bracket: v.optional(v.array(v.looseObject({ round: int, matches: v.array(v.looseObject({})) }))),
    }),
  }),
  v.looseObject({
    type: v.literal('challenge'),
    event: v.picklist(['challenge', 'challengeCanceled', 'challengeDeclined']),
    challenge: v.looseObject({
      id: text,
      status: v.picklist(['created', 'accepted', 'declined', 'canceled', 'expired']),
      challenger: user,
      destUser: user,
      game,
      options,
      clock: clockSpec,
      speed: text,
      rated: v.boolean(),
      seat: v.nullable(int),
      createdAt: v.number(),
      expiresAt: v.number(),
      gameId: v.optional(text),
      declineReason: v.optional(text),
    }),
  }),
  v.looseObject({
    type: v.literal('game.finished'),
    gameId: text,
    status: v.picklist(['finished', 'aborted']),
    outcome: v.optional(outcome),
  }),
] as const;

export const ServerMessageSchema = v.variant('type', SERVER_MESSAGES);

/** Every server message type has its schema: a type added to `ServerMessage` without one is a compile error here. */
type Checked = v.InferOutput<typeof ServerMessageSchema>['type'];
const everyTypeChecked: [Exclude<ServerMessageType, Checked>, Exclude<Checked, ServerMessageType>] extends [
  never,
  never,
]
  ? true
  : false = true;
void everyTypeChecked;

export type ServerFrameResult =
  | { readonly ok: true; readonly value: ServerMessage }
  | { readonly ok: false; readonly reason: string };

/**
 * Parses one text frame from the server. Never throws: bad JSON, an unknown type or a field of the wrong kind comes
 * back as a failure with a readable reason (the client drops that frame and keeps its state).
 */
export const parseServerMessage = (frame: string): ServerFrameResult => {
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, reason: 'the frame is not valid JSON' };
  }
  const parsed = v.safeParse(ServerMessageSchema, raw);
  if (parsed.success) {
    // the schema checked every field the client reads, each as ServerMessage types it; fields it does not read (a
    // game's view, a tournament's standings beyond the names) pass as the server sent them
    return { ok: true, value: parsed.output as unknown as ServerMessage };
  }
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  const known = typeof type === 'string' && SERVER_MESSAGES.some((o) => o.entries.type.literal === type);
  if (!known) return { ok: false, reason: `unknown message type ${JSON.stringify(type)?.slice(0, 60) ?? 'undefined'}` };
  const issue = parsed.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, reason: `${type}: ${path ? `${path}: ` : ''}${issue.message}` };
};
