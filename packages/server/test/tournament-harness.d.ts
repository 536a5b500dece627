import type { PairingInfo, ServerMessage, TournamentView } from '@qiyuan/protocol';
import { type ServerHandle, type ServerOptions } from '../src/index.js';
import { type Backend, Bot } from './helpers.js';
/**
 * What the tournament tests do through the server's own API: register players, create and join tournaments over
 * the WebSocket, read a tournament's view over HTTP, and end its games as players do (a resignation, a draw offered
 * and accepted), so every result takes the path of a real ending.
 */
/** A server a test started, with the players' sockets to close with it. */
export interface Served {
    server: ServerHandle;
    readonly options: ServerOptions;
    readonly bots: Bot[];
}
/**
 * The servers of a test file, each on a fresh store of its backend and closed with its players' sockets after each
 * test: `serve` starts one (`extra`: further server options), `restart` stops one and starts it again on the same
 * store (its players reconnect and are pushed again).
 */
export declare const tournamentServers: () => {
    serve: (backend: Backend, extra?: ServerOptions) => Promise<{
        server: ServerHandle;
        entry: Served;
    }>;
    restart: (entry: Served) => Promise<ServerHandle>;
};
/** A registered player (an account made over HTTP) with a WebSocket of its own. */
export declare const registered: (url: string, prefix?: string) => Promise<Bot>;
export declare const registeredMany: (url: string, n: number) => Promise<Bot[]>;
/** The same players on a new server (a restart): new sockets with the same cookies. */
export declare const reconnect: (url: string, bots: readonly Bot[]) => Promise<Bot[]>;
export declare const idOf: (b: Bot) => string;
/** Sends a `tournament.create` and waits for its answer: `tournament.created`, or an error with the reason. */
export declare const askCreate: (bot: Bot, msg: Record<string, unknown>) => Promise<ServerMessage>;
/** Creates a tournament; resolves to its id. */
export declare const createTournament: (bot: Bot, fields: Record<string, unknown>) => Promise<string>;
export declare const expectAck: (bot: Bot, msg: Record<string, unknown>) => Promise<void>;
export declare const view: (url: string, tid: string) => Promise<TournamentView>;
/** Polls the tournament's view until `pred` holds. */
export declare const until: (url: string, tid: string, pred: (v: TournamentView) => boolean, what: string, timeoutMs?: number) => Promise<TournamentView>;
/** Whether every game paired so far has started (none is still being set up) and one is being played. */
export declare const settled: (v: TournamentView) => boolean;
/** The games of the view that are being played now. */
export declare const playing: (v: TournamentView) => PairingInfo[];
/** How a two-seat game ends: the first seat (white) wins, the second wins, or a draw agreed. */
export type Decision = 'white' | 'black' | 'draw';
/** Ends a two-seat game as players do: the loser resigns, or white offers a draw and black accepts. */
export declare const endGame: (bots: ReadonlyMap<string, Bot>, p: PairingInfo, how: Decision) => Promise<void>;
/** Ends a table game: the seats resign in `order` (the first to resign takes the last place); the last one wins. */
export declare const endTable: (bots: ReadonlyMap<string, Bot>, p: PairingInfo, order: readonly number[]) => Promise<void>;
/** A small seeded generator (mulberry32), so a failing run can be repeated. */
export declare const seeded: (seed: number) => () => number;
