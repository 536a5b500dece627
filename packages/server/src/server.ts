import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { hash, verify } from '@node-rs/argon2';
import { SPECTATOR } from '@qiyuan/core';
import {
  type AbortInfo,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  parseClientMessage,
  type ServerMessage,
  type UserInfo,
} from '@qiyuan/protocol';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { type AiProvider, poolAi } from './ai.js';
import type { ClockState } from './clock.js';
import { Cluster } from './cluster.js';
import { CLOSE, isLoopback, SocketAllowance } from './connections.js';
import { setDayLength } from './correspondence.js';
import { engineFor } from './games.js';
import { type Client, Hub, newId } from './hub.js';
import { listenError } from './listen.js';
import { type MailSettings, mailSettingsFromEnv } from './notices.js';
import { originAllowed, parseOrigins } from './origin.js';
import { passwordProblem } from './passwords.js';
import { parseTrustProxy } from './proxy.js';
import { puzzleRoutes } from './puzzle-routes.js';
import { loadPuzzles } from './puzzles.js';
import { RequestLog } from './request-log.js';
import { poolReviewer, type Reviewer, type ReviewLimits, Reviews, reviewSettings } from './reviews.js';
import type { RoomMeta } from './room.js';
import { SECURITY_HEADERS } from './security.js';
import { commitmentFor } from './seed.js';
import { Sessions, type UserRow, userInfo } from './session.js';
import { isUniqueViolation, openStore, type Store } from './store.js';
import { tournamentRoutes } from './tournament-routes.js';
import { turnRoutes } from './turn-routes.js';

export interface ServerOptions {
  /** 0 picks a free port. Default `PORT` or 8080. */
  readonly port?: number;
  /** The address to listen on (default `HOST` or 0.0.0.0, every interface; 127.0.0.1 for this machine only). */
  readonly host?: string;
  /** SQLite directory (default `QIYUAN_DATA_DIR` or `./data`). */
  readonly dataDir?: string;
  /** `postgres://…` selects PostgreSQL (default `DATABASE_URL`). */
  readonly databaseUrl?: string;
  readonly pgSchema?: string;
  /** The built web app to serve (default `apps/web/dist` of this checkout, when it exists). */
  readonly webDir?: string;
  readonly ai?: AiProvider;
  /** Who makes computer reviews of finished games (default a worker pool of its own, one review at a time). */
  readonly reviewer?: Reviewer;
  /** Reviews per user and per minute, the queue's bound, the depth (see `ReviewLimits`). */
  readonly reviewLimits?: ReviewLimits;
  /** pino level; `silent` in tests. */
  readonly logLevel?: string;
  /** Where the log's JSON lines go (default standard output). */
  readonly logDestination?: DestinationStream;
  /** Per-connection flood limit: messages per second, and the burst allowed. */
  readonly messagesPerSecond?: number;
  readonly burst?: number;
  /** HTTP requests per minute per address on the account routes. */
  readonly authPerMinute?: number;
  /** `redis://…`: run as one of several processes (default `REDIS_URL`); needs PostgreSQL. */
  readonly redisUrl?: string;
  /** Prefix of this site's Redis keys and channels (default `QIYUAN_REDIS_PREFIX` or `qy`). */
  readonly redisPrefix?: string;
  /** Lease of a game's owner in ms (default `QIYUAN_LEASE_MS` or 10,000). */
  readonly leaseMs?: number;
  /** How long a seek's creator may be away before the seek expires, in ms (default `QIYUAN_SEEK_EXPIRY_MS` or 3 minutes). */
  readonly seekExpiryMs?: number;
  /**
   * The allowance for every seat's first move in ms (default `QIYUAN_FIRST_MOVE_MS`, else the rule's: 30 s, 60 s in
   * classical games): a seat that has not moved by then aborts the game. Meant for tests, which cannot wait 30 s.
   */
  readonly firstMoveMs?: number;
  /**
   * How long a gone player is waited for in ms, at every speed that waits (default `QIYUAN_ABSENCE_MS`, else the
   * rule's: 15 s in bullet up to 5 minutes without a clock). Meant for tests, which cannot wait that long.
   */
  readonly absenceMs?: number;
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (default `QIYUAN_TRUST_PROXY`): addresses or
   * CIDR ranges, comma-separated (`127.0.0.1`, `10.0.0.0/8`), or `loopback`. Without it those headers are ignored.
   */
  readonly trustProxy?: string;
  /**
   * Origins besides the site's own whose pages may open a WebSocket (default `QIYUAN_ALLOWED_ORIGINS`,
   * comma-separated `https://host[:port]`).
   */
  readonly allowedOrigins?: string | readonly string[];
  /** A socket that has not said `hello` within this many ms is closed (default `QIYUAN_HELLO_TIMEOUT_MS` or 10,000). */
  readonly helloTimeoutMs?: number;
  /**
   * WebSockets one address may hold open at once (default `QIYUAN_SOCKETS_PER_ADDRESS` or 50). Behind a reverse proxy
   * set `trustProxy`, or every player has the proxy's address.
   */
  readonly socketsPerAddress?: number;
  /**
   * Time a client has to send a whole HTTP request, headers and body, in ms (default `QIYUAN_REQUEST_TIMEOUT_MS` or
   * 10,000): a connection that trickles its headers (slowloris) is closed then.
   */
  readonly requestTimeoutMs?: number;
  /** Tests only: the length of a correspondence day in ms (default `QIYUAN_DAY_MS`, else a real day). */
  readonly dayMs?: number;
  /** E-mail notices (default from `QIYUAN_SMTP_URL`, `QIYUAN_MAIL_FROM`, `QIYUAN_SITE_URL`); null: never mail. */
  readonly mail?: MailSettings | null;
  /** How often shared deadlines are looked for, in ms (default 1,000). */
  readonly deadlinePollMs?: number;
}

export interface ServerHandle {
  readonly port: number;
  readonly url: string;
  readonly store: Store;
  readonly hub: Hub;
  close(): Promise<void>;
}

const COOKIE = 'qy_session';
/** An HTTP connection that stays idle this long, between requests or within one, is closed. */
const IDLE_MS = 60_000;
/**
 * A kept-alive connection waits this long for its next request. Clients reuse an idle connection until about a
 * second before the time the server announces, so a short one races them: a client whose timers ran late (a busy
 * event loop) sends its request on a connection the server is closing, and reads ECONNRESET. 72 s (fastify's own
 * default) outlasts the usual 60 s of a load balancer in front, which should close first.
 */
const KEEP_ALIVE_MS = 72_000;

/** A number from the environment, or undefined when the variable is unset or empty. */
const envNumber = (name: string): number | undefined => {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of 0 or more, not "${v}"`);
  return n;
};

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$/;

const defaultWebDir = (): string =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/web/dist');

/** Starts the HTTP + WebSocket server; resolves once it listens and its database is migrated. */
export const startServer = async (opts: ServerOptions = {}): Promise<ServerHandle> => {
  const log: Logger = pino({ level: opts.logLevel ?? process.env.LOG_LEVEL ?? 'info' }, opts.logDestination);
  // the edge's settings are read first: a mistake in them ends the start before anything is opened
  const origins = parseOrigins(opts.allowedOrigins ?? process.env.QIYUAN_ALLOWED_ORIGINS);
  if (!origins.ok) throw new Error(`QIYUAN_ALLOWED_ORIGINS: ${origins.reason}`);
  const helloMs = opts.helloTimeoutMs ?? envNumber('QIYUAN_HELLO_TIMEOUT_MS') ?? 10_000;
  const allowance = new SocketAllowance(opts.socketsPerAddress ?? envNumber('QIYUAN_SOCKETS_PER_ADDRESS') ?? 50);
  const requestMs = opts.requestTimeoutMs ?? envNumber('QIYUAN_REQUEST_TIMEOUT_MS') ?? 10_000;
  const proxies = parseTrustProxy(opts.trustProxy ?? process.env.QIYUAN_TRUST_PROXY);
  if (!proxies.ok) throw new Error(`QIYUAN_TRUST_PROXY: ${proxies.reason}`);
  const trustProxy = proxies.value;
  const reviewLimits = reviewSettings(opts.reviewLimits);
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  const store = await openStore({
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir: opts.dataDir ?? process.env.QIYUAN_DATA_DIR ?? './data',
    ...((opts.pgSchema ?? process.env.QIYUAN_PG_SCHEMA)
      ? { pgSchema: opts.pgSchema ?? process.env.QIYUAN_PG_SCHEMA }
      : {}),
  });
  const sessions = await Sessions.open(store).catch(async (e: unknown) => {
    await store.close();
    throw e;
  });
  const ai = opts.ai ?? poolAi();
  const redisUrl = opts.redisUrl ?? process.env.REDIS_URL;
  if (redisUrl && store.kind !== 'postgres') {
    await store.close();
    throw new Error('REDIS_URL (several processes) needs DATABASE_URL on PostgreSQL');
  }
  const cluster = redisUrl
    ? new Cluster(
        redisUrl,
        opts.redisPrefix ?? process.env.QIYUAN_REDIS_PREFIX ?? 'qy',
        opts.leaseMs ?? (Number(process.env.QIYUAN_LEASE_MS) || 10_000),
        log,
      )
    : undefined;
  // tests only: a shorter day for correspondence clocks, so a flag falls in seconds (see correspondence.ts)
  const dayMs = opts.dayMs ?? envNumber('QIYUAN_DAY_MS');
  if (dayMs !== undefined) setDayLength(dayMs);
  const mail = opts.mail === undefined ? mailSettingsFromEnv() : (opts.mail ?? undefined);
  const hub = new Hub(store, ai, log, cluster, {
    ...(mail ? { mail } : {}),
    ...(opts.deadlinePollMs === undefined ? {} : { deadlinePollMs: opts.deadlinePollMs }),
    seekExpiryMs: opts.seekExpiryMs ?? (Number(process.env.QIYUAN_SEEK_EXPIRY_MS) || undefined),
    firstMoveMs: opts.firstMoveMs ?? (Number(process.env.QIYUAN_FIRST_MOVE_MS) || undefined),
    absenceMs: opts.absenceMs ?? (Number(process.env.QIYUAN_ABSENCE_MS) || undefined),
  });
  await hub.load();
  await loadPuzzles(store);
  const reviews = new Reviews(store, opts.reviewer ?? poolReviewer(reviewLimits.workers), log, reviewLimits);

  const app = Fastify({
    loggerInstance: log,
    logController: new RequestLog(),
    bodyLimit: 64 * 1024,
    ...(trustProxy ? { trustProxy } : {}),
    // A connection that trickles its request (slowloris) is closed once the request's time is up, checked every
    // second; an idle one after IDLE_MS. A WebSocket leaves these timers when it is upgraded.
    requestTimeout: requestMs,
    connectionTimeout: IDLE_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
    http: { headersTimeout: requestMs, requestTimeout: requestMs, connectionsCheckingInterval: 1000 },
  });
  await app.register(fastifyHelmet, SECURITY_HEADERS);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  // ---------------------------------------------------------------- sessions
  const userOfToken = (token: string | undefined) => sessions.userOf(token);
  const newSession = (userId: string) => sessions.create(userId);
  /** The session cookie; Secure when the page was reached over HTTPS (directly, or through a trusted proxy). */
  const setCookie = (req: FastifyRequest, reply: FastifyReply, token: string): void => {
    reply.setCookie(COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 365 * 86400,
      secure: req.protocol === 'https' || process.env.QIYUAN_SECURE_COOKIES === '1',
    });
  };
  /** The request's user, or a new guest (with its cookie, and nothing stored) when there is none. */
  const sessionUser = async (req: FastifyRequest, reply: FastifyReply): Promise<UserInfo> => {
    const u = await userOfToken(req.cookies[COOKIE]);
    if (u) return u;
    const g = sessions.guest();
    setCookie(req, reply, g.token);
    return g.user;
  };
  const unavailable = (reply: FastifyReply, e: unknown) => {
    log.warn({ err: e }, 'database unavailable');
    return reply.code(503).send({ code: 'unavailable', reason: 'the database did not answer; try again' });
  };

  // ---------------------------------------------------------------- HTTP
  app.get('/healthz', async (_req, reply) => {
    const db = await store.ping();
    return reply.code(db ? 200 : 503).send({
      status: db ? 'ok' : 'unavailable',
      db: store.kind,
      games: hub.rooms.size,
      connections: hub.clients.size,
    });
  });

  app.get('/api/session', async (req, reply) => ({ user: await sessionUser(req, reply) }));
  app.get('/api/me', async (req, reply) => {
    const u = await userOfToken(req.cookies[COOKIE]);
    return u ? { user: u } : reply.code(401).send({ code: 'no-session', reason: 'not logged in' });
  });

  // Each refused try renews the minute (continueExceeding), so a guesser who keeps guessing stays shut out, and the
  // message "wait a minute" stays true whenever the window happened to start.
  const authLimit = {
    config: { rateLimit: { max: opts.authPerMinute ?? 20, timeWindow: 60_000, continueExceeding: true } },
  };
  const credentials = (body: unknown): { username: string; password: string } | undefined => {
    const b = body as { username?: unknown; password?: unknown } | null;
    if (!b || typeof b.username !== 'string' || typeof b.password !== 'string') return undefined;
    return { username: b.username, password: b.password };
  };

  app.post('/api/register', authLimit, async (req, reply) => {
    const c = credentials(req.body);
    if (!c) return reply.code(400).send({ code: 'bad-request', reason: 'send {username, password}' });
    if (!USERNAME.test(c.username)) {
      return reply.code(400).send({ code: 'bad-username', reason: 'a username has 3 to 20 letters, digits, _ or -' });
    }
    const weak = passwordProblem(c.password);
    if (weak) return reply.code(400).send(weak);
    const key = c.username.toLowerCase();
    const taken = () => reply.code(409).send({ code: 'name-taken', reason: 'this username is taken' });
    try {
      if (await store.get('SELECT id FROM users WHERE name_key = ?', [key])) return taken();
      const passwordHash = await hash(c.password, { algorithm: 2 as never });
      const current = await userOfToken(req.cookies[COOKIE]);
      // a guest keeps its id, so its games stay its own, and becomes the account
      const id = current?.guest ? current.id : newId();
      const upgraded = current?.guest
        ? await store.run(
            'UPDATE users SET name = ?, name_key = ?, password_hash = ?, guest = 0 WHERE id = ? AND guest = 1',
            [c.username, key, passwordHash, id],
          )
        : 0;
      if (upgraded === 0) {
        await store.run(
          'INSERT INTO users (id, name, name_key, password_hash, guest, created_at) VALUES (?, ?, ?, ?, 0, ?)',
          [id, c.username, key, passwordHash, Date.now()],
        );
      }
      sessions.forgetUser(id);
      setCookie(req, reply, await newSession(id));
      return { user: { id, name: c.username, guest: false } satisfies UserInfo };
    } catch (e) {
      // the name was taken between the check and the write; anything else is the database failing
      if (isUniqueViolation(e)) return taken();
      return unavailable(reply, e);
    }
  });

  app.post('/api/login', authLimit, async (req, reply) => {
    const c = credentials(req.body);
    if (!c) return reply.code(400).send({ code: 'bad-request', reason: 'send {username, password}' });
    const row = await store.get<UserRow>('SELECT * FROM users WHERE name_key = ?', [
      c.username.toLowerCase().slice(0, 40),
    ]);
    const good = row?.password_hash ? await verify(row.password_hash, c.password).catch(() => false) : false;
    if (!row || !good) return reply.code(401).send({ code: 'bad-credentials', reason: 'wrong username or password' });
    setCookie(req, reply, await newSession(row.id));
    return { user: userInfo(row) };
  });

  app.post('/api/logout', async (req, reply) => {
    const t = req.cookies[COOKIE];
    if (t) await sessions.end(t);
    reply.clearCookie(COOKIE, { path: '/' });
    return { ok: true };
  });

  app.get('/api/seeks', async () => ({ seeks: hub.publicSeeks() }));
  turnRoutes(app, hub, sessionUser);
  tournamentRoutes(app, hub);
  puzzleRoutes(app, store, sessionUser);
  app.get('/api/presence', async () => ({ online: await hub.online() }));
  /** Public games being played now (on this process; in a cluster, every process's from the database). */
  app.get('/api/live', async () => {
    const rows = await store.all<{
      id: string;
      game: string;
      speed: string;
      rated: number;
      seats: string;
      created_at: number;
    }>(
      "SELECT id, game, speed, rated, seats, created_at FROM games WHERE status = 'playing' AND private = 0 ORDER BY created_at DESC LIMIT 100",
    );
    return {
      games: rows.map((g) => ({
        id: g.id,
        game: g.game,
        speed: g.speed,
        rated: Boolean(Number(g.rated)),
        seats: JSON.parse(g.seats),
        createdAt: Number(g.created_at),
      })),
    };
  });

  interface StoredGame {
    id: string;
    game: string;
    options: string;
    clock: string;
    speed: string;
    rated: number;
    seats: string;
    status: string;
    seq: number;
    snapshot: string | null;
    outcome: string | null;
    rating_change: string | null;
    created_at: number;
    finished_at: number | null;
    [k: string]: unknown;
  }
  // a game aborted because a first move lapsed says whose (the seats are kept in its stored clock)
  const abortOf = (g: StoredGame): { aborted?: AbortInfo } => {
    if (g.status !== 'aborted' || typeof g.clock_state !== 'string') return {};
    const lapsed = (JSON.parse(g.clock_state) as ClockState | null)?.lapsed;
    return lapsed ? { aborted: { reason: 'no-first-move', seats: [...lapsed] } } : {};
  };
  const summary = (g: StoredGame) => ({
    id: g.id,
    game: g.game,
    speed: g.speed,
    rated: Boolean(Number(g.rated)),
    seats: JSON.parse(g.seats),
    status: g.status,
    outcome: g.outcome ? JSON.parse(g.outcome) : null,
    ...abortOf(g),
    ratingChange: g.rating_change ? JSON.parse(g.rating_change) : null,
    createdAt: Number(g.created_at),
    finishedAt: g.finished_at === null ? null : Number(g.finished_at),
  });

  app.get<{ Params: { id: string } }>('/api/games/:id', async (req, reply) => {
    const g = await store.get<StoredGame>('SELECT * FROM games WHERE id = ?', [req.params.id]);
    if (!g?.snapshot) return reply.code(404).send({ code: 'not-found', reason: 'no such game' });
    const def = engineFor(g.game);
    const game = def?.fromSnapshot(JSON.parse(g.snapshot));
    if (!game?.ok) return reply.code(500).send({ code: 'internal', reason: 'the game cannot be restored' });
    const over = g.status === 'finished' || g.status === 'aborted';
    const records = Array.from({ length: game.value.ply }, (_, i) => game.value.recordFor(SPECTATOR, i));
    const options = JSON.parse(g.options) as Record<string, unknown>;
    // The commitment's salt is stored with the seed; both are shown once the game is over (the salt on its own), with
    // the commitment, so that a replay can check one against the other.
    const { salt, ...engineOptions } = options;
    const shown = { ...engineOptions };
    if (!over) delete shown.seed;
    const meta = { id: g.id, game: g.game, options: engineOptions, salt } as unknown as RoomMeta;
    const commitment = def && typeof salt === 'string' ? commitmentFor(meta, def) : undefined;
    return {
      ...summary(g),
      options: shown,
      ...(commitment === undefined ? {} : { commitment }),
      ...(over && typeof salt === 'string' ? { salt } : {}),
      clock: JSON.parse(g.clock),
      records,
      // the computer review, stored with the game; only a finished game can have one
      ...(g.status === 'finished' ? { review: await reviews.state(g.id) } : {}),
    };
  });

  // Computer review (docs/PROTOCOL.md, "Computer review"): asked for with POST, followed with GET until done.
  // Besides each player's allowance per minute, an address may ask 30 times a minute (a guest is a new cookie away).
  const reviewLimit = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };
  app.post<{ Params: { id: string } }>('/api/games/:id/review', reviewLimit, async (req, reply) => {
    const user = await sessionUser(req, reply);
    try {
      const r = await reviews.request(req.params.id.slice(0, 64), user.id);
      if (!r.ok) {
        const { http, ...error } = r.error;
        if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
        return reply.code(http).send(error);
      }
      return reply.code(r.started ? 202 : 200).send(r.state);
    } catch (e) {
      return unavailable(reply, e);
    }
  });
  app.get<{ Params: { id: string } }>('/api/games/:id/review', async (req, reply) => {
    try {
      const id = req.params.id.slice(0, 64);
      const g = await store.get<{ status: string }>('SELECT status FROM games WHERE id = ?', [id]);
      if (!g) return reply.code(404).send({ code: 'not-found', reason: 'no such game' });
      return await reviews.state(id);
    } catch (e) {
      return unavailable(reply, e);
    }
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/export', async (req, reply) => {
    const g = await store.get<StoredGame>('SELECT * FROM games WHERE id = ?', [req.params.id]);
    if (!g?.snapshot) return reply.code(404).send({ code: 'not-found', reason: 'no such game' });
    if (g.status !== 'finished' && g.status !== 'aborted') {
      return reply.code(409).send({ code: 'not-over', reason: 'a game is exported once it is over' });
    }
    const def = engineFor(g.game);
    const game = def?.fromSnapshot(JSON.parse(g.snapshot));
    if (!def || !game?.ok) return reply.code(500).send({ code: 'internal', reason: 'the game cannot be restored' });
    return reply.type('text/plain; charset=utf-8').send(def.exportGame(game.value));
  });

  app.get<{ Params: { name: string } }>('/api/users/:name', async (req, reply) => {
    const u = await store.get<UserRow>('SELECT * FROM users WHERE name_key = ?', [
      req.params.name.toLowerCase().slice(0, 40),
    ]);
    if (!u) return reply.code(404).send({ code: 'not-found', reason: 'no such player' });
    const ratings = await store.all('SELECT game, speed, rating, rd, games FROM ratings WHERE user_id = ?', [u.id]);
    const games = await store.all<{ status: string; outcome: string | null; seat: number }>(
      'SELECT games.status, games.outcome, game_players.seat FROM game_players JOIN games ON games.id = game_players.game_id WHERE game_players.user_id = ?',
      [u.id],
    );
    const rated = await store.all<{
      id: string;
      game: string;
      speed: string;
      finished_at: number;
      rating_change: string;
      seat: number;
    }>(
      `SELECT games.id, games.game, games.speed, games.finished_at, games.rating_change, game_players.seat
       FROM game_players JOIN games ON games.id = game_players.game_id
       WHERE game_players.user_id = ? AND games.rating_change IS NOT NULL
       ORDER BY games.finished_at ASC LIMIT 5000`,
      [u.id],
    );
    // the rating after each rated game, per game and speed class: the profile's chart
    const history = rated.flatMap((r) => {
      const change = (JSON.parse(r.rating_change) as { before: number; after: number }[])[Number(r.seat)];
      return change
        ? [
            {
              gameId: r.id,
              game: r.game,
              speed: r.speed,
              at: Number(r.finished_at),
              before: change.before,
              rating: change.after,
            },
          ]
        : [];
    });
    const count = { games: games.length, playing: 0, wins: 0, losses: 0, draws: 0 };
    for (const g of games) {
      if (g.status === 'playing') count.playing++;
      const r = g.outcome ? (JSON.parse(g.outcome) as { results: string[] }).results[Number(g.seat)] : undefined;
      if (r === 'win') count.wins++;
      else if (r === 'loss') count.losses++;
      else if (r === 'draw') count.draws++;
    }
    return {
      user: userInfo(u),
      ratings: ratings.map((r) => ({
        game: r.game,
        speed: r.speed,
        rating: Math.round(Number(r.rating)),
        rd: Math.round(Number(r.rd)),
        games: Number(r.games),
        provisional: Number(r.rd) > 110,
      })),
      history,
      ...count,
    };
  });

  app.get<{ Params: { name: string }; Querystring: { before?: string } }>(
    '/api/users/:name/games',
    async (req, reply) => {
      const u = await store.get<UserRow>('SELECT * FROM users WHERE name_key = ?', [
        req.params.name.toLowerCase().slice(0, 40),
      ]);
      if (!u) return reply.code(404).send({ code: 'not-found', reason: 'no such player' });
      const before = Number(req.query.before ?? Number.MAX_SAFE_INTEGER) || Number.MAX_SAFE_INTEGER;
      const rows = await store.all<StoredGame>(
        `SELECT games.* FROM game_players JOIN games ON games.id = game_players.game_id
       WHERE game_players.user_id = ? AND games.created_at < ? ORDER BY games.created_at DESC LIMIT 50`,
        [u.id, before],
      );
      return { games: rows.map(summary) };
    },
  );

  /** This session's games in play and its own open seeks (guests too: they have no public profile). */
  app.get('/api/me/games', async (req, reply) => {
    const u = await sessionUser(req, reply);
    const rows = await store.all<StoredGame>(
      `SELECT games.* FROM game_players JOIN games ON games.id = game_players.game_id
       WHERE game_players.user_id = ? AND games.status = 'playing' ORDER BY games.created_at DESC LIMIT 100`,
      [u.id],
    );
    return { user: u, playing: rows.map(summary), seeks: await hub.seeksOf(u.id) };
  });

  app.get<{ Params: { id: string } }>('/api/invite/:id', async (req, reply) => {
    const room = hub.rooms.get(req.params.id);
    if (room) {
      return {
        gameId: room.id,
        status: room.status,
        game: room.meta.game,
        seats: room.seats,
        clock: room.meta.clock,
        rated: room.meta.rated,
        creator: room.meta.creator,
      };
    }
    // a finished game, or (several processes) a seek another process holds
    const row = await store.get<StoredGame>('SELECT * FROM games WHERE id = ?', [req.params.id.slice(0, 64)]);
    if (!row) return reply.code(404).send({ code: 'not-found', reason: 'no such invitation' });
    return {
      gameId: row.id,
      status: row.status,
      game: row.game,
      seats: JSON.parse(row.seats),
      clock: JSON.parse(row.clock),
      rated: Boolean(Number(row.rated)),
      creator: JSON.parse(String(row.creator)),
    };
  });

  // ---------------------------------------------------------------- WebSocket
  const rate = opts.messagesPerSecond ?? 50;
  const burst = opts.burst ?? 100;
  // a page of another site is refused before the upgrade: it never holds a socket that speaks for the player
  const sameSite = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(req.headers.origin, req.host, origins.value)) {
      log.info({ origin: req.headers.origin, host: req.host }, 'WebSocket from another site refused');
      return reply.code(403).send({ code: 'bad-origin', reason: 'WebSockets are opened by this site’s own pages' });
    }
  };
  app.get('/ws', { websocket: true, preValidation: sameSite }, async (socket, req) => {
    const address = req.ip;
    const capped = trustProxy !== undefined || !isLoopback(address);
    if (capped && !allowance.take(address)) {
      // behind a proxy that is not trusted every player has the proxy's address: the log says where to look
      log.warn(
        { address, open: allowance.count(address) },
        'WebSocket refused: too many from one address (behind a proxy? set QIYUAN_TRUST_PROXY)',
      );
      socket.close(CLOSE.tooManySockets, `more than ${allowance.perAddress} connections from this address`);
      return;
    }
    let greeted = (): boolean => false;
    // a socket that never says hello holds memory and a place for nothing: it is closed, saying why
    const deadline =
      helloMs > 0
        ? setTimeout(() => {
            if (!greeted()) socket.close(CLOSE.noHello, `no hello within ${Math.round(helloMs / 1000)} s`);
          }, helloMs)
        : undefined;
    socket.on('close', () => {
      clearTimeout(deadline);
      if (capped) allowance.release(address);
    });
    // Messages that arrive before the session is resolved wait in order.
    const early: string[] = [];
    let onText: ((text: string) => void) | undefined;
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '\u0000binary' : data.toString();
      if (onText) onText(text);
      else early.push(text);
    });
    // Without a cookie the socket gets a guest of its own, which is stored only if it comes to play.
    const user = (await userOfToken(req.cookies[COOKIE]).catch(() => undefined)) ?? sessions.guest().user;
    // a socket that closed while its session was looked up is never attached (the hub would keep it for good)
    if (socket.readyState !== socket.OPEN) return;
    const raw = (socket as unknown as { _socket?: import('node:net').Socket })._socket;
    let corked = false;
    let tokens = burst;
    let last = Date.now();
    let strikes = 0;
    const client: Client = {
      id: newId(),
      user,
      hello: false,
      lobby: false,
      watching: new Set(),
      legalFor: new Set(),
      send(msg: ServerMessage) {
        client.sendText!(JSON.stringify(msg));
      },
      sendText(text: string) {
        if (socket.readyState !== 1) return;
        // Frames sent in one tick (an ack and its update) leave in one write.
        if (raw && !corked) {
          corked = true;
          raw.cork();
          process.nextTick(() => {
            corked = false;
            raw.uncork();
          });
        }
        socket.send(text);
      },
      close(code, reason) {
        socket.close(code, reason);
      },
    };
    greeted = () => client.hello;
    hub.attach(client);
    socket.on('close', () => hub.detach(client));
    socket.on('error', () => hub.detach(client));
    // Messages of one connection are handled in order.
    let chain: Promise<void> = Promise.resolve();
    onText = (text: string) => {
      const now = Date.now();
      tokens = Math.min(burst, tokens + ((now - last) * rate) / 1000);
      last = now;
      if (tokens < 1) {
        strikes++;
        const reqId = /"id"\s*:\s*"([^"\\]{1,64})"/.exec(text.slice(0, 2000))?.[1];
        client.send({
          type: 'error',
          ...(reqId === undefined ? {} : { id: reqId }),
          code: 'rate-limited',
          reason: `more than ${rate} messages a second`,
        });
        if (strikes > burst) socket.close(1008, 'flooding');
        return;
      }
      tokens--;
      if (text === '\u0000binary') {
        client.send({ type: 'error', code: 'bad-message', reason: 'frames are JSON text' });
        return;
      }
      const parsed = parseClientMessage(text);
      if (!parsed.ok) {
        client.send({
          type: 'error',
          ...(parsed.id === undefined ? {} : { id: parsed.id }),
          code: parsed.code,
          reason: parsed.reason,
        });
        return;
      }
      const msg = parsed.value;
      // `hello` comes first: the versions are compared before anything else is done (messages are handled in
      // order, so a hello sent just before is seen here in time)
      chain = chain
        .then(() => {
          if (client.hello || msg.type === 'hello') return hub.handle(client, msg);
          client.send({
            type: 'error',
            ...(msg.id === undefined ? {} : { id: msg.id }),
            code: 'bad-message',
            reason: `say hello first: {"type":"hello","v":${PROTOCOL_VERSION}}`,
          });
        })
        // a rejected link would drop every later message of the socket, and reject unobserved
        .catch((e: unknown) => log.error({ err: e, type: msg.type }, 'message failed'));
    };
    for (const t of early.splice(0)) onText(t);
  });

  // ---------------------------------------------------------------- the web app
  const webDir = opts.webDir ?? defaultWebDir();
  if (fs.existsSync(path.join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false });
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/ws')) {
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ code: 'not-found', reason: 'no such route' });
    });
  }

  const port = opts.port ?? Number(process.env.PORT ?? 8080);
  const host = opts.host ?? (process.env.HOST || '0.0.0.0');
  try {
    await app.listen({ port, host });
  } catch (e) {
    await hub.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    await reviews.close().catch(() => undefined);
    await cluster?.close().catch(() => undefined);
    await ai.close?.();
    await store.close();
    throw listenError(e, port, host);
  }
  const actual = (app.server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    store,
    hub,
    close() {
      closed ??= (async () => {
        await hub.close();
        await app.close();
        await reviews.close();
        await cluster?.close();
        await ai.close?.();
        await store.close();
      })();
      return closed;
    },
  };
};
