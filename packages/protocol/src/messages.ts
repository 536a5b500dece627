import { GAME_IDS } from '@qiyuan/core';
import * as v from 'valibot';
import { type ClockSpec, ClockSpecSchema, type Speed } from './clock.js';
import type { RefusalCode, RefusalValues } from './refusals.js';
import { TOURNAMENT_CLIENT_MESSAGES, type TournamentServerMessage } from './tournament.js';

/** Bumped on any incompatible change; the server refuses other versions in `hello`. */
export const PROTOCOL_VERSION = 1 as const;
/** Frames larger than this are refused (the socket closes with 1009). */
export const MAX_FRAME_BYTES = 64 * 1024;

const id = v.optional(v.pipe(v.string(), v.maxLength(64)));
const gameRef = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const seq = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const seat = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15));
const optionValue = v.union([v.pipe(v.string(), v.maxLength(2000)), v.number(), v.boolean()]);

export const OFFERS = ['draw', 'takeback', 'pause', 'resume'] as const;
export type Offer = (typeof OFFERS)[number];

/** Who sits in a seat of a new game: open for anyone, the creator, or the AI. */
export const SeatPlanSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('open') }),
  v.strictObject({ kind: v.literal('me') }),
  v.strictObject({ kind: v.literal('ai'), level: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)) }),
]);
export type SeatPlan = v.InferOutput<typeof SeatPlanSchema>;

// ---------------------------------------------------------------- client → server

export const ClientMessageSchema = v.variant('type', [
  v.strictObject({ type: v.literal('hello'), v: v.number(), id }),
  v.strictObject({ type: v.literal('ping'), id }),
  v.strictObject({ type: v.literal('lobby.subscribe'), id }),
  v.strictObject({ type: v.literal('lobby.unsubscribe'), id }),
  v.strictObject({
    type: v.literal('seek.create'),
    id,
    game: v.picklist(GAME_IDS),
    options: v.pipe(v.record(v.pipe(v.string(), v.maxLength(40)), optionValue), v.maxEntries(40)),
    clock: ClockSpecSchema,
    rated: v.boolean(),
    /** One plan per seat; its length must match the engine's seat count for these options. */
    seats: v.pipe(v.array(SeatPlanSchema), v.minLength(1), v.maxLength(16)),
    /** Private seeks are not listed; they are joined by their invitation link. */
    private: v.boolean(),
    /** Whether bot accounts may join (none may without it). */
    allowBots: v.optional(v.boolean()),
  }),
  v.strictObject({ type: v.literal('seek.join'), id, seekId: gameRef, seat: v.optional(seat) }),
  v.strictObject({ type: v.literal('seek.cancel'), id, seekId: gameRef }),
  /**
   * Start (or resume) following a game; `seq` is the last sequence number the client knows, if any.
   * `legal`: send the legal moves of this connection's seats in every frame (a client that cannot
   * work them out itself: hidden information); they cost the server a move generation per frame.
   */
  v.strictObject({
    type: v.literal('game.watch'),
    id,
    gameId: gameRef,
    seq: v.optional(seq),
    legal: v.optional(v.boolean()),
  }),
  v.strictObject({ type: v.literal('game.unwatch'), id, gameId: gameRef }),
  v.strictObject({
    type: v.literal('game.move'),
    id,
    gameId: gameRef,
    seq,
    /** Needed only when the client holds several seats that may act (hotseat). */
    seat: v.optional(seat),
    move: v.pipe(v.string(), v.minLength(1), v.maxLength(4000)),
  }),
  v.strictObject({ type: v.literal('game.resign'), id, gameId: gameRef, seq, seat: v.optional(seat) }),
  v.strictObject({
    type: v.literal('game.offer'),
    id,
    gameId: gameRef,
    seq,
    seat: v.optional(seat),
    offer: v.picklist(OFFERS),
  }),
  v.strictObject({
    type: v.literal('game.answer'),
    id,
    gameId: gameRef,
    seq,
    seat: v.optional(seat),
    offer: v.picklist(OFFERS),
    accept: v.boolean(),
  }),
  /**
   * In a game of two seats, once the opponent has been gone (no connection to the game) longer than the allowance
   * of the game's speed: end it as a win (the gone player's resignation) or a draw. Refused before the time.
   */
  v.strictObject({
    type: v.literal('game.claim'),
    id,
    gameId: gameRef,
    seq,
    seat: v.optional(seat),
    result: v.picklist(['win', 'draw']),
  }),
  v.strictObject({
    type: v.literal('game.chat'),
    id,
    gameId: gameRef,
    text: v.pipe(v.string(), v.minLength(1), v.maxLength(500)),
    /** `team`: only the writer's partners (and the writer) receive it — refused in a game without teams. */
    channel: v.optional(v.picklist(['all', 'team'])),
  }),
  /**
   * After the end of a game: ask its players for another game with the same settings
   * (seats turned by one). When every human player of the game has asked, it starts.
   */
  v.strictObject({ type: v.literal('game.rematch'), id, gameId: gameRef, accept: v.optional(v.boolean()) }),
  /** Correspondence games: switch the sender's vacation on or off (its clock does not run while on; see clock.ts). */
  v.strictObject({
    type: v.literal('game.vacation'),
    id,
    gameId: gameRef,
    seq,
    seat: v.optional(seat),
    on: v.boolean(),
  }),
  /**
   * Arena tournament games with a clock (as lichess): before their first move, a player halves their own clock and
   * gives up its increment; a win then scores one point more in the arena (once each game).
   */
  v.strictObject({ type: v.literal('game.berserk'), id, gameId: gameRef, seq, seat: v.optional(seat) }),
  /**
   * A seated player hides the spectators' chat lines from themselves in this game (`on: false`), or shows them again:
   * kept with the game, so a reload or another process shows the same. Spectators still read each other.
   */
  v.strictObject({ type: v.literal('game.spectatorChat'), id, gameId: gameRef, on: v.boolean() }),
  ...TOURNAMENT_CLIENT_MESSAGES,
]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];

// ---------------------------------------------------------------- server → client

export interface UserInfo {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
  /** A bot account (it plays through the Bot API): shown with a BOT tag wherever its name is. */
  readonly bot?: true;
}

/** A seat as everyone sees it. */
export type SeatHolder =
  | { readonly kind: 'open' }
  | { readonly kind: 'user'; readonly user: UserInfo; readonly rating?: number }
  | { readonly kind: 'ai'; readonly level: number };

export interface SeekInfo {
  readonly id: string;
  readonly game: (typeof GAME_IDS)[number];
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly clock: ClockSpec;
  readonly speed: Speed;
  readonly rated: boolean;
  readonly private: boolean;
  readonly seats: readonly SeatHolder[];
  readonly creator: UserInfo;
  readonly createdAt: number;
  /** Bot accounts may join this seek. */
  readonly allowBots?: boolean;
}

export interface PlayRecordInfo {
  readonly ply: number;
  readonly seat: number;
  readonly notation: string;
  readonly detail?: unknown;
}

export interface OutcomeInfo {
  readonly reason: string;
  readonly results: readonly ('win' | 'loss' | 'draw')[];
  readonly ranking?: readonly number[];
  readonly teams?: readonly (readonly number[])[];
}

export type TurnInfo =
  | { readonly kind: 'seat'; readonly seat: number }
  | { readonly kind: 'team'; readonly team: number; readonly seats: readonly number[] }
  | { readonly kind: 'simultaneous'; readonly seats: readonly number[] }
  | { readonly kind: 'over' };

export interface ClockInfo {
  /** Milliseconds left per seat at `serverTime` (for `move` clocks: of the current move). */
  readonly remainingMs: readonly number[];
  /** Seats whose time is running now. */
  readonly running: readonly number[];
  readonly serverTime: number;
  readonly paused: boolean;
  /**
   * When the running turn (or the setup phase) began, on the server's clock: with a
   * `delay` clock, the bank only runs once `delayMs` have passed since then.
   */
  readonly since?: number;
  /**
   * The first-move rule (as lichess): the seats to move that have not made their first move yet, each with the
   * instant, on the server's clock, its allowance ends. Their main clocks do not run before that first move; if it
   * is not made in time the game is aborted without a result.
   */
  readonly firstMove?: readonly { readonly seat: number; readonly deadline: number }[];
  /** Correspondence clocks: the seats on vacation now (their clocks do not run) and each seat's vacation left, in ms. */
  readonly vacation?: { readonly on: readonly number[]; readonly leftMs: readonly number[] };
  /** Arena tournament games: the seats whose players berserked (halved their clock, no increment). */
  readonly berserk?: readonly number[];
}

/** Why a game that had started ended without a result, unrated. */
export interface AbortInfo {
  /** `no-first-move`: `seats` did not make their first move within the allowance. */
  readonly reason: 'no-first-move';
  readonly seats: readonly number[];
}

export interface GameInfo {
  readonly id: string;
  readonly game: (typeof GAME_IDS)[number];
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly clock: ClockSpec;
  readonly speed: Speed;
  readonly rated: boolean;
  readonly seats: readonly SeatHolder[];
  readonly createdAt: number;
  /** SHA-256 of the server's secret seed and salt with the game's start (fairness.ts); absent in older games. */
  readonly commitment?: string;
  /** The commitment's salt, shown with the seed (in `options`) once the game is over. */
  readonly salt?: string;
  /** The tournament this game was paired in. */
  readonly tournament?: string;
}

/** Everything a viewer needs to draw a game, built from that viewer's `viewFor` and `recordFor`. */
export interface GameFrame {
  readonly gameId: string;
  readonly seq: number;
  /** Seats this connection holds in the game (empty for a spectator). */
  readonly you: readonly number[];
  /** The engine's `viewFor` of the first held seat, or of the spectator. */
  readonly view: unknown;
  /**
   * Views for further held seats (hotseat), keyed by seat; absent when the game hides nothing now (every seat's view
   * is `view`).
   */
  readonly views?: Readonly<Record<string, unknown>>;
  readonly turn: TurnInfo;
  readonly clock: ClockInfo;
  readonly outcome?: OutcomeInfo;
  /** Set when the game was aborted: it has no outcome and is not rated. */
  readonly aborted?: AbortInfo;
  /** Offers standing now, by seat. */
  readonly offers: readonly { readonly seat: number; readonly offer: Offer }[];
  readonly ply: number;
  /**
   * The legal moves (in notation) of each held seat that may act now, keyed by seat, for a
   * connection that asked with `game.watch {legal: true}` (a hidden-information game's
   * client cannot work them out from its view).
   */
  readonly legal?: Readonly<Record<string, readonly string[]>>;
}

export interface ChatLine {
  readonly from: UserInfo;
  readonly text: string;
  readonly at: number;
  /** Whether the writer held no seat in the game (a spectator). */
  readonly spectator?: boolean;
  /** A team line: the team it was written in; only that team's players ever receive it. */
  readonly team?: number;
}

export type ServerMessage =
  | {
      readonly type: 'welcome';
      readonly v: typeof PROTOCOL_VERSION;
      readonly user: UserInfo;
      readonly serverTime: number;
    }
  | { readonly type: 'pong'; readonly id?: string; readonly serverTime: number }
  | {
      readonly type: 'error';
      readonly id?: string;
      readonly code: ErrorCode;
      readonly reason: string;
      /** Which refusal this is, for the player's words (refusals.ts); `reason` is for logs. */
      readonly refusal?: RefusalCode;
      readonly values?: RefusalValues;
      readonly gameId?: string;
      /** The game's current sequence number, on `stale-seq`. */
      readonly seq?: number;
    }
  | { readonly type: 'ack'; readonly id?: string; readonly gameId?: string; readonly seq?: number }
  | { readonly type: 'lobby'; readonly seeks: readonly SeekInfo[] }
  | { readonly type: 'seek.added'; readonly seek: SeekInfo }
  /** A seek left the lobby: started (`gameId`), cancelled, or expired because its creator left (`reason`). */
  | { readonly type: 'seek.removed'; readonly seekId: string; readonly gameId?: string; readonly reason?: 'expired' }
  | { readonly type: 'seek.created'; readonly id?: string; readonly seek: SeekInfo; readonly invite: string }
  | {
      readonly type: 'game.started';
      readonly gameId: string;
      readonly seekId: string;
      readonly seats: readonly number[];
    }
  /** The whole game for this viewer: on `game.watch`, and after a take-back. */
  | ({
      readonly type: 'game.sync';
      readonly info: GameInfo;
      readonly records: readonly PlayRecordInfo[];
      /** The latest chat lines the process serving the game keeps (up to 100), oldest first. */
      readonly chat?: readonly ChatLine[];
      /** Players who asked for a rematch, by seat (after the end). */
      readonly rematch?: readonly number[];
      /** Set when this viewer turned the spectators' chat off for themselves (`game.spectatorChat`). */
      readonly spectatorChat?: false;
    } & GameFrame)
  /** What changed: new records (as this viewer may know them) and the new frame. */
  | ({
      readonly type: 'game.update';
      readonly event: GameEventKind;
      readonly records: readonly PlayRecordInfo[];
    } & GameFrame)
  | {
      readonly type: 'game.chat';
      readonly gameId: string;
      readonly from: UserInfo;
      readonly text: string;
      readonly at: number;
      readonly spectator?: boolean;
      readonly team?: number;
    }
  /** Who watches without a seat: sent to a game's watchers when that changes (at most twice a second). */
  | {
      readonly type: 'game.spectators';
      readonly gameId: string;
      readonly count: number;
      /** Up to 30 of them. */
      readonly users: readonly UserInfo[];
      /**
       * The seats whose player has the game open now, on any process (AI seats always): a seat missing here has lost
       * its connection or left the page, and its player's opponents see so at once.
       */
      readonly present?: readonly number[];
      /**
       * The seats whose player is gone while the game is played, each with the milliseconds left (from when this
       * message was sent) before the game stops waiting: then, in a game of two seats, the other player may claim
       * (`game.claim`); in a game of more seats, the gone seat is out and the others play on.
       */
      readonly gone?: readonly { readonly seat: number; readonly claimInMs: number }[];
    }
  /** A rematch asked by `seats` (after the end); `gameId` is the finished game. */
  | { readonly type: 'game.rematch'; readonly gameId: string; readonly seats: readonly number[] }
  /** The rematch started: follow `newGameId`. */
  | { readonly type: 'game.rematched'; readonly gameId: string; readonly newGameId: string }
  /**
   * To every connection of a player: it is their move in a correspondence game (`deadline`: when their time runs
   * out), or, with `reminder`, their time there is running out. For the "your turn" list and notifications.
   */
  | {
      readonly type: 'your-turn';
      readonly gameId: string;
      readonly game: string;
      readonly deadline?: number;
      readonly reminder?: boolean;
    }
  /** To both players of a challenge (the Bot and Board API): made, cancelled by its maker, or declined. */
  | { readonly type: 'challenge'; readonly event: ChallengeEvent; readonly challenge: ChallengeInfo }
  /** To every player of a game that ended (finished or aborted). */
  | {
      readonly type: 'game.finished';
      readonly gameId: string;
      readonly status: 'finished' | 'aborted';
      readonly outcome?: OutcomeInfo;
    }
  | TournamentServerMessage;

export type ChallengeEvent = 'challenge' | 'challengeCanceled' | 'challengeDeclined';

/** One player's challenge to another (the Bot and Board API, and the pages). */
export interface ChallengeInfo {
  readonly id: string;
  readonly status: 'created' | 'accepted' | 'declined' | 'canceled' | 'expired';
  readonly challenger: UserInfo;
  readonly destUser: UserInfo;
  readonly game: (typeof GAME_IDS)[number];
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly clock: ClockSpec;
  readonly speed: Speed;
  readonly rated: boolean;
  /** The challenger's seat, or null: drawn when the challenge is accepted. */
  readonly seat: number | null;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** The game it started, once accepted. */
  readonly gameId?: string;
  /** Why it was declined (a word of `DECLINE_REASONS`). */
  readonly declineReason?: string;
}

/** Why a challenge may be declined. */
export const DECLINE_REASONS = [
  'generic',
  'later',
  'tooFast',
  'tooSlow',
  'timeControl',
  'rated',
  'casual',
  'variant',
  'noBot',
  'onlyBot',
] as const;
export type ServerMessageType = ServerMessage['type'];

export const GAME_EVENTS = [
  'start',
  'move',
  'resign',
  'timeout',
  'offer',
  'decline',
  'draw',
  'takeback',
  'pause',
  'resume',
  'abort',
  'vacation',
  'berserk',
] as const;
export type GameEventKind = (typeof GAME_EVENTS)[number];

export const ERROR_CODES = [
  'bad-json',
  'bad-message',
  'bad-version',
  'too-large',
  'rate-limited',
  'not-found',
  'not-your-seat',
  'not-your-turn',
  'stale-seq',
  'illegal-move',
  'bad-notation',
  'bad-options',
  'seat-taken',
  'game-over',
  'no-offer',
  'not-allowed',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Each message's own schema by its type. The variant finds a message's schema by trying the options in turn (about
 * fifty, building a set of keys on the way), which cost more than checking the message itself, on every move; a
 * frame whose type is known is checked by its schema directly. A frame it refuses is checked again by the variant,
 * so a refusal says exactly what it always said.
 */
const schemaByType: ReadonlyMap<unknown, (typeof ClientMessageSchema.options)[number]> = new Map(
  ClientMessageSchema.options.map((o) => [o.entries.type.literal, o]),
);

/**
 * Parses one text frame from a client. Never throws: bad JSON, unknown types and
 * malformed fields come back as a failure carrying a code and a readable reason.
 */
export const parseClientMessage = (
  text: string,
): { ok: true; value: ClientMessage } | { ok: false; code: ErrorCode; reason: string; id?: string } => {
  if (text.length > MAX_FRAME_BYTES) return { ok: false, code: 'too-large', reason: 'the frame is too large' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, code: 'bad-json', reason: 'the frame is not valid JSON' };
  }
  const own = typeof raw === 'object' && raw !== null ? schemaByType.get((raw as { type?: unknown }).type) : undefined;
  if (own !== undefined) {
    const checked = v.safeParse(own, raw);
    if (checked.success) return { ok: true, value: checked.output as ClientMessage };
  }
  const reqId =
    typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string'
      ? ((raw as { id: string }).id.slice(0, 64) as string)
      : undefined;
  const parsed = v.safeParse(ClientMessageSchema, raw);
  if (parsed.success) return { ok: true, value: parsed.output };
  const issue = parsed.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  const known = typeof type === 'string' && ClientMessageSchema.options.some((o) => o.entries.type.literal === type);
  const reason = !known
    ? `unknown message type ${JSON.stringify(type)?.slice(0, 60) ?? 'undefined'}`
    : `${path ? `${path}: ` : ''}${issue.message}`;
  return reqId === undefined
    ? { ok: false, code: 'bad-message', reason }
    : { ok: false, code: 'bad-message', reason, id: reqId };
};
