import { type ChildProcess } from 'node:child_process';
import type { Game } from '@qiyuan/core';
import type { ClientMessage, ServerMessage } from '@qiyuan/protocol';
import WebSocket from 'ws';
import { type ServerHandle, type ServerOptions } from '../src/index.js';
export type Backend = 'sqlite' | 'postgres';
/** The backends this run can test: SQLite always, PostgreSQL when the CI variable is set. */
export declare const BACKENDS: Backend[];
/** A fresh PostgreSQL schema name, unique to this process and run. */
export declare const freshSchema: () => string;
export declare const tempDir: () => string;
/** Options for a test server on a free port with a fresh database of `backend`. */
export declare const testOptions: (backend: Backend, extra?: ServerOptions) => ServerOptions;
/**
 * Options for processes of one cluster on the test PostgreSQL: a fresh schema, which also prefixes the Redis keys, so
 * clusters of different tests never meet.
 */
export declare const clusterOptions: (redisUrl: string, leaseMs: number, extra?: ServerOptions) => ServerOptions;
export declare const startTestServer: (backend: Backend, extra?: ServerOptions) => Promise<ServerHandle>;
/** A server in its own process (`child-server.ts`), for tests that kill it. */
export interface ChildServer {
    readonly child: ChildProcess;
    readonly url: string;
}
/** Starts `child-server.ts` with `env` added (PORT, QIYUAN_DATA_DIR, DATABASE_URL, …) and waits until it listens. */
export declare const spawnServer: (env: Record<string, string>) => Promise<ChildServer>;
/** Sends `signal` to a child server and waits until it has exited (at once if it already has). */
export declare const stopServer: (p: ChildServer, signal: NodeJS.Signals) => Promise<void>;
/** A new guest session: its cookie header. */
export declare const guestCookie: (url: string) => Promise<string>;
/** A WebSocket client that records every frame it receives and can wait for one. */
export declare class Bot {
    readonly ws: WebSocket;
    readonly cookie?: string | undefined;
    readonly frames: ServerMessage[];
    readonly raw: string[];
    private waiters;
    private counter;
    closed: {
        code: number;
        reason: string;
    } | undefined;
    private constructor();
    static connect(url: string, cookie?: string): Promise<Bot>;
    /** A bot with a fresh guest session of its own (its cookie kept for reconnecting). */
    static guest(url: string): Promise<Bot>;
    get user(): import("@qiyuan/protocol").UserInfo | undefined;
    send(msg: ClientMessage | Record<string, unknown>): void;
    sendRaw(text: string | Buffer): void;
    /** The first frame (already received after `from`, or to come) matching `pred`. */
    next(pred: (m: ServerMessage) => boolean, timeoutMs?: number, from?: number): Promise<ServerMessage>;
    /** Sends a request with a fresh id and waits for its `ack` or `error`. */
    request(msg: Record<string, unknown>, timeoutMs?: number): Promise<ServerMessage>;
    close(): void;
}
/**
 * A TCP proxy in front of a database or Redis, which a test can take down
 * (every connection cut, new ones refused) and bring back on the same port.
 */
export declare class TcpProxy {
    private readonly targetHost;
    private readonly targetPort;
    private server;
    private readonly sockets;
    port: number;
    constructor(targetHost: string, targetPort: number);
    up(): Promise<void>;
    down(): Promise<void>;
}
export type SeekCreated = Extract<ServerMessage, {
    type: 'seek.created';
}>;
/** Creates a seek (casual, public, no clock unless `spec` says otherwise); throws with the answer when refused. */
export declare const createSeek: (bot: Bot, spec: Record<string, unknown>) => Promise<SeekCreated>;
/**
 * A casual two-seat game with no clock between two bots: `a` seeks it with the first seat, `b` joins the second.
 * Returns the game's id once the join is acknowledged.
 */
export declare const startPairGame: (a: Bot, b: Bot, game?: string, options?: Record<string, unknown>) => Promise<string>;
/**
 * A two-seat game played through the server by `bots` (seat i's player is `bots[i]`), mirrored in a local copy of the
 * game that picks each move: `play` retries a refused move until it is acknowledged (an outage, a takeover), each
 * refusal a clear error, never a half-applied move.
 */
export declare class Match {
    readonly gameId: string;
    readonly mirror: Game;
    readonly bots: Bot[];
    seq: number;
    readonly notations: string[];
    constructor(gameId: string, mirror: Game, bots: Bot[]);
    /** Plays the mirror's first legal move; `refusal` is the error code expected while the game is unavailable. */
    play(deadlineMs: number, refusal?: string): Promise<void>;
}
