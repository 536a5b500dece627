import { randomBytes } from 'node:crypto';
import type {
  ClientMessage,
  ErrorCode,
  Refusal,
  RefusalCode,
  RefusalValues,
  ServerMessage,
  UserInfo,
} from '@qiyuan/protocol';
import type { Conn } from './room.js';

export const newId = (bytes = 9): string => randomBytes(bytes).toString('base64url');

/** A client connection: its user, what it follows, its flood budget. */
export interface Client extends Conn {
  readonly id: string;
  /** Set on the stand-in client that runs a request forwarded by another process. */
  readonly forwarded?: boolean;
  /** The socket's address, where chat counts lines per address (chat-gate.ts); unset on this machine's own. */
  readonly address?: string;
  /** The account session token the socket was opened with (none for a guest): it is closed when that session ends. */
  readonly session?: string;
  hello: boolean;
  lobby: boolean;
  readonly watching: Set<string>;
  readonly legalFor: Set<string>;
  close(code: number, reason: string): void;
}

/** A silent connection through which the server acts in a player's name (a ban, a withdrawal); it keeps its answers. */
export interface StandIn extends Client {
  readonly answers: ServerMessage[];
}

export const standIn = (user: UserInfo): StandIn => {
  const answers: ServerMessage[] = [];
  return {
    id: newId(),
    user,
    hello: true,
    lobby: false,
    watching: new Set(),
    legalFor: new Set(),
    answers,
    send: (m) => answers.push(m),
    close: () => {},
  };
};

/** What `handleAs` needs of the hub. */
interface Handler {
  readonly clients: Set<Client>;
  handle(client: Client, msg: ClientMessage): Promise<void>;
}

/**
 * Handles one request in `user`'s name, as their own socket's would be (the hub hands it to the room that owns the
 * game, on another process in a cluster), and gives back the answer to it: the message carrying the request's id.
 */
export const handleAs = async (
  hub: Handler,
  user: UserInfo,
  msg: ClientMessage & { readonly id: string },
): Promise<ServerMessage | undefined> => {
  const who = standIn(user);
  // counted among the connections while it acts, so that the answer of a game's owner on another process reaches it
  hub.clients.add(who);
  try {
    await hub.handle(who, msg);
  } finally {
    hub.clients.delete(who);
  }
  return who.answers.find((a) => 'id' in a && a.id === msg.id);
};

/** Refuses a client's request with a reason (the request's id, when it had one, tells the client which). */
export const refuse = (
  client: Client,
  id: string | undefined,
  code: ErrorCode,
  reason: string,
  extra: { gameId?: string; seq?: number; refusal?: RefusalCode; values?: RefusalValues } = {},
): void => {
  client.send({ type: 'error', ...(id === undefined ? {} : { id }), code, reason, ...extra });
};

/** Refuses with a room's refusal as it came: its kind and reason, and its own code and values when it has them. */
export const refuseWith = (
  client: Client,
  id: string | undefined,
  e: { code: ErrorCode; reason: string; refusal?: RefusalCode; values?: RefusalValues },
  extra: { gameId?: string; seq?: number } = {},
): void =>
  refuse(client, id, e.code, e.reason, {
    ...extra,
    ...(e.refusal === undefined ? {} : { refusal: e.refusal }),
    ...(e.values === undefined ? {} : { values: e.values }),
  });

/** Refuses with a refusal of its own (refusals.ts), which the player's page words in the player's language. */
export const refuseAs = (client: Client, id: string | undefined, code: ErrorCode, r: Refusal): void =>
  refuse(client, id, code, r.reason, { refusal: r.refusal, ...(r.values === undefined ? {} : { values: r.values }) });

/** Acknowledges a client's request. */
export const acknowledge = (client: Client, id: string | undefined, extra: { gameId?: string; seq?: number } = {}) =>
  client.send({ type: 'ack', ...(id === undefined ? {} : { id }), ...extra });
