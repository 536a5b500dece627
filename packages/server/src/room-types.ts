/** What a room shares with the rest of the server: connections, its stored facts, its changes, its host. */

import {
  type Failure,
  fail,
  type GameId,
  type JsonValue,
  type Outcome,
  type PlatformEvent,
  type Result,
  type Seat,
} from '@qiyuan/core';
import type {
  ClockSpec,
  ErrorCode,
  GameEventKind,
  Refusal,
  RefusalCode,
  RefusalValues,
  SeatHolder,
  ServerMessage,
  Speed,
  UserInfo,
} from '@qiyuan/protocol';
import type { ClockState } from './clock.js';
import type { Room } from './room.js';
import type { ServerClock } from './server-clock.js';

/** A connection as a room sees it. */
export interface Conn {
  readonly user: UserInfo;
  send(msg: ServerMessage): void;
  /** Sends a message already serialized (a frame shared by every watcher with the same view). */
  sendText?(text: string): void;
  /** Games for which this connection asked for its seats' legal moves in every frame. */
  readonly legalFor?: ReadonlySet<string>;
  /**
   * The accounts this connection's account blocked (read when it says hello, again when it blocks or unblocks):
   * their seeks and chat lines are not shown to it.
   */
  blocked?: ReadonlySet<string>;
}

/** Whether a chat line may be shown to a connection: not one written by an account it blocked. */
export const chatShows = (conn: Conn, line: { readonly from: { readonly id: string } }): boolean =>
  !conn.blocked?.has(line.from.id);

export type RoomStatus = 'seeking' | 'playing' | 'finished' | 'aborted';

/** Whether a game in `status` is over: finished with a result, or aborted. */
export const isOver = (status: RoomStatus): boolean => status === 'finished' || status === 'aborted';

/** What is stored of a game besides its engine snapshot. */
export interface RoomMeta {
  readonly id: string;
  readonly game: GameId;
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly clock: ClockSpec;
  readonly speed: Speed;
  readonly rated: boolean;
  readonly private: boolean;
  readonly creator: UserInfo;
  readonly createdAt: number;
  /**
   * The salt of the commitment to the seed (seed.ts), secret until the game is over. Stored in the options column
   * beside the seed, kept apart here so that the engine's options never hold it. Absent in older games.
   */
  readonly salt?: string;
  /** The tournament that paired this game (tournaments.ts hears of its end). */
  readonly tournament?: string;
  /** Bot accounts may join this seek (bot-accounts.ts). */
  readonly allowBots?: boolean;
}

/** One action inside a committed change. */
export type Action =
  | { readonly kind: 'move'; readonly seat: Seat; readonly move: string }
  | { readonly kind: 'event'; readonly event: PlatformEvent }
  | { readonly kind: 'undo'; readonly plies: number };

/** A change ready to be stored: the room's state after it. */
export interface Change {
  readonly gameId: string;
  readonly fromSeq: number;
  readonly seq: number;
  readonly kind: GameEventKind;
  readonly seat: Seat | undefined;
  readonly data: JsonValue;
  readonly status: RoomStatus;
  readonly seats: readonly SeatHolder[];
  /** The whole game, when the change makes a checkpoint (stored-game.ts): every change but most moves. */
  readonly snapshot?: string;
  readonly clock: ClockState;
  readonly outcome: Outcome | undefined;
  readonly at: number;
  /** The ply count before the change, and whether plies were taken back (for watchers' frames). */
  readonly fromPly: number;
  readonly undone: boolean;
}

/** The room's side effects, provided by the hub: storage, the AI, the end of a game. */
export interface RoomHost {
  commit(room: Room, change: Change): Promise<void>;
  /** Called after every committed change, outside the room's queue. */
  changed(room: Room, change: Change): void;
  connectionsOf(userId: string): Iterable<Conn>;
  /** The allowance for each seat's first move, when the server sets one for every game (tests); else the rule's. */
  firstMoveMs?(): number | undefined;
  /** The length of a correspondence day, when the server shortens it (tests); else a real day (correspondence.ts). */
  dayMs?(): number | undefined;
  /** The server's clock: the time of every action and the timer of the next deadline. */
  readonly clock: ServerClock;
}

export type ActResult = Result<number, Failure & { code: ErrorCode; refusal?: RefusalCode; values?: RefusalValues }>;

/** An action refused: nothing of it was committed. */
export type Refused = Extract<ActResult, { readonly ok: false }>;

export const refuse = (code: ErrorCode, reason: string): Refused => fail(code, reason) as Refused;

/** Refuses with a refusal of its own (refusals.ts), which the player's page words in the player's language. */
export const refuseAs = (code: ErrorCode, r: Refusal): Refused => ({
  ok: false,
  error: { code, reason: r.reason, refusal: r.refusal, ...(r.values === undefined ? {} : { values: r.values }) },
});

/** A change a rule of the room made in memory (to its game, clock, offers), for the room to commit as one change. */
export interface Step {
  readonly kind: GameEventKind;
  readonly seat: Seat | undefined;
  /** The change's actions, as stored and replayed by replicas (room-replay.ts). */
  readonly data: JsonValue;
  /** The ply count before the change. */
  readonly fromPly: number;
  /** Whether plies were taken back. */
  readonly undone?: boolean;
  /** The seat that moved, whose clock the move stops. */
  readonly mover?: Seat;
}

/**
 * What a rule of the room decides: a step to commit; a refusal, the room unchanged; or a refusal after the game
 * was changed on the way (`restore`: a take-back the engine could not undo all the way), when the room goes back
 * to its last committed state.
 */
export type Ruling = Step | Refused | { readonly restore: Refused };

/** Why a rematch was refused, as the player is told. */
export interface RematchRefusal {
  readonly code: Extract<ErrorCode, 'not-allowed' | 'unavailable' | 'bad-options'>;
  readonly reason: string;
}

/** A rematch's new game: its id once it exists (with why it could not be started, if so), or only why not. */
export type RematchOpening =
  | { readonly gameId: string; readonly refused?: RematchRefusal }
  | { readonly gameId?: undefined; readonly refused: RematchRefusal };

/** What a rematch request came to: the seats that have asked now, the new game, or a refusal. */
export type RematchAnswer =
  | { readonly asked: readonly Seat[] }
  | { readonly started: string }
  | { readonly refused: RematchRefusal };
