import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { MAX_FRAME_BYTES, PROTOCOL_VERSION, parseClientMessage, type ServerMessage } from '@qiyuan/protocol';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { accountDataRoutes } from './account-data-routes.js';
import { accountRoutes } from './account-routes.js';
import { AccountTokens } from './account-tokens.js';
import { type AiProvider, poolAi } from './ai.js';
import type { ApiLimits } from './api-auth.js';
import { botApiRoutes } from './bot-api.js';
import type { ChatLimits } from './chat-gate.js';
import { Cluster } from './cluster.js';
import { CLOSE, isLoopback, SocketAllowance } from './connections.js';
import { dayLengthProblem } from './correspondence.js';
import { emailRoutes } from './email-routes.js';
import { gameRoutes } from './game-routes.js';
import { type Client, Hub, newId } from './hub.js';
import { listenError } from './listen.js';
import type { MailLimits } from './mail-budget.js';
import { Moderation } from './moderation.js';
import { moderationRoutes } from './moderation-routes.js';
import { type MailSettings, mailSettingsFromEnv } from './notices.js';
import { originAllowed, parseOrigins } from './origin.js';
import { PasswordResets, passwordResetRoutes } from './password-reset-routes.js';
import { playerRoutes } from './player-routes.js';
import { parseTrustProxy } from './proxy.js';
import { puzzleRoutes } from './puzzle-routes.js';
import { loadPuzzles } from './puzzles.js';
import { ChallengeBook } from './repos/challenges.js';
import { GameHistory } from './repos/game-history.js';
import { ModerationRepo } from './repos/moderation.js';
import { PuzzleRepository } from './repos/puzzles.js';
import { ReviewsRepo } from './repos/reviews.js';
import { SessionRepo } from './repos/sessions.js';
import { AccountTokenRepo } from './repos/tokens.js';
import { UserRepo } from './repos/users.js';
import { RequestLog } from './request-log.js';
import { poolReviewer, type Reviewer, type ReviewLimits, Reviews, reviewSettings } from './reviews.js';
import { SECURITY_HEADERS } from './security.js';
import { clockReading, realTime, type ServerClock, systemClock } from './server-clock.js';
import { Sessions } from './session.js';
import { COOKIE, requestUserOf, sessionUserOf } from './session-cookie.js';
import { closeEndedSessions } from './session-ends.js';
import { openStore, type Store } from './store.js';
import type { OrganiserStanding } from './tournament-organisers.js';
import { tournamentRoutes } from './tournament-routes.js';
import { turnRoutes } from './turn-routes.js';
import { webFiles } from './web-files.js';

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
  /** What an account needs to organise a public tournament (default: a day's age and 10 rated games). */
  readonly organiserStanding?: OrganiserStanding;
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
  /** Caps on mail per address and per account in a day (default `DEFAULT_MAIL_LIMITS`, mail-budget.ts). */
  readonly mailLimits?: MailLimits;
  /** How fast chat lines may come, per user, per address and per game's spectators (default `DEFAULT_CHAT_LIMITS`). */
  readonly chatLimits?: ChatLimits;
  /**
   * Tests only: the server's one clock (server-clock.ts), a `ManualClock` a test moves on (default the system's). Game
   * time runs on it; the network's own timers (hello, message rate, cluster leases) stay on real time.
   */
  readonly clock?: ServerClock;
  /** Tests only: the time alone, with real timers (default `Date.now`; `clock` wins when both are given). */
  readonly now?: () => number;
  /** The Bot and Board API's rate limits per account (default `DEFAULT_API_LIMITS`, api-auth.ts). */
  readonly apiLimits?: ApiLimits;
  /** How long a challenge waits for its answer, in ms (default 10 minutes). */
  readonly challengeTtlMs?: number;
  /** How often the API's streams send a keep-alive newline, in ms (default 6,000). */
  readonly streamKeepAliveMs?: number;
}

export interface ServerHandle {
  readonly port: number;
  readonly url: string;
  readonly store: Store;
  readonly hub: Hub;
  /** Who each cookie speaks for; `endAllFor` ends every session of an account on every process. */
  readonly sessions: Sessions;
  /** The password resets asked for, mailed after their answers (tests wait for them). */
  readonly passwordResets: PasswordResets;
  close(): Promise<void>;
}

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
  const clock = opts.clock ?? (opts.now ? clockReading(opts.now) : systemClock);
  const sessions = await Sessions.open(new SessionRepo(store), clock).catch(async (e: unknown) => {
    await store.close();
    throw e;
  });
  const aiThreads = envNumber('QIYUAN_AI_THREADS');
  const ai = opts.ai ?? poolAi(aiThreads === undefined ? {} : { searchThreads: aiThreads });
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
  const dayProblem = dayMs === undefined ? undefined : dayLengthProblem(dayMs);
  if (dayProblem) throw new Error(dayProblem);
  const mail = opts.mail === undefined ? mailSettingsFromEnv() : (opts.mail ?? undefined);
  const hub = new Hub(store, ai, log, cluster, {
    ...(mail ? { mail } : {}),
    ...(opts.deadlinePollMs === undefined ? {} : { deadlinePollMs: opts.deadlinePollMs }),
    ...(opts.chatLimits === undefined ? {} : { chatLimits: opts.chatLimits }),
    ...(opts.mailLimits === undefined ? {} : { mailLimits: opts.mailLimits }),
    clock,
    seekExpiryMs: opts.seekExpiryMs ?? (Number(process.env.QIYUAN_SEEK_EXPIRY_MS) || undefined),
    firstMoveMs: opts.firstMoveMs ?? (Number(process.env.QIYUAN_FIRST_MOVE_MS) || undefined),
    ...(dayMs === undefined ? {} : { dayMs }),
    absenceMs: opts.absenceMs ?? (Number(process.env.QIYUAN_ABSENCE_MS) || undefined),
    ...(opts.organiserStanding ? { organiserStanding: opts.organiserStanding } : {}),
  });
  const stopSessionSweep = closeEndedSessions(hub, sessions, cluster);
  await hub.load();
  const users = new UserRepo(store);
  const links = new AccountTokens(new AccountTokenRepo(store));
  const passwordResets = new PasswordResets(hub, users, links);
  const puzzles = new PuzzleRepository(store);
  await loadPuzzles(puzzles);
  const reviews = new Reviews(
    new ReviewsRepo(store),
    opts.reviewer ?? poolReviewer(reviewLimits.workers),
    log,
    reviewLimits,
    clock,
  );

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
  // what a route other than /api/session reads: it never makes a browser's guest (session-cookie.ts)
  const requestUser = requestUserOf(sessions);
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

  accountRoutes(app, users, sessions, sessionUserOf(sessions), unavailable, opts.authPerMinute, clock);

  app.get('/api/seeks', async () => ({ seeks: hub.publicSeeks() }));
  const history = new GameHistory(store);
  turnRoutes(app, hub, history, requestUser);
  emailRoutes(app, hub, users, links, requestUser, opts.authPerMinute ?? 20);
  passwordResetRoutes(app, passwordResets, sessions, opts.authPerMinute ?? 20);
  tournamentRoutes(app, hub);
  puzzleRoutes(
    app,
    puzzles,
    requestUser,
    (req) => sessions.userOf(req.cookies[COOKIE]).catch(() => undefined),
    () => clock.now(),
  );
  app.get('/api/presence', async () => ({ online: await hub.online() }));
  gameRoutes(app, hub, history, reviews, requestUser, unavailable);
  playerRoutes(app, hub, history, store, requestUser, (req) =>
    sessions.userOf(req.cookies[COOKIE]).catch(() => undefined),
  );
  const moderation = new Moderation(new ModerationRepo(store), sessions, hub, hub.chatGate, hub.now);
  moderationRoutes(app, moderation, requestUser);
  accountDataRoutes(app, moderation, requestUser);
  botApiRoutes(app, hub, { history, challenges: new ChallengeBook(store) }, sessions, {
    ...(opts.apiLimits ? { limits: opts.apiLimits } : {}),
    ...(opts.challengeTtlMs === undefined ? {} : { challengeTtlMs: opts.challengeTtlMs }),
    ...(opts.streamKeepAliveMs === undefined ? {} : { keepAliveMs: opts.streamKeepAliveMs }),
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
    // network plumbing, not game time: real time (server-clock.ts)
    const deadline =
      helloMs > 0
        ? realTime.after(helloMs, () => {
            if (!greeted()) socket.close(CLOSE.noHello, `no hello within ${Math.round(helloMs / 1000)} s`);
          })
        : undefined;
    socket.on('close', () => {
      deadline?.cancel();
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
    const token = req.cookies[COOKIE];
    const mark = sessions.mark();
    const user = (await sessions.userOf(token).catch(() => undefined)) ?? sessions.guest().user;
    // a socket that closed while its session was looked up is never attached (the hub would keep it for good)
    if (socket.readyState !== socket.OPEN) return;
    const raw = (socket as unknown as { _socket?: import('node:net').Socket })._socket;
    let corked = false;
    let tokens = burst;
    // the message rate of a socket is measured in real time, not on the game's clock
    let last = realTime.now();
    let strikes = 0;
    const client: Client = {
      id: newId(),
      user,
      // chat counts lines per address (chat-gate.ts) where the socket cap does: not on this machine's own address
      ...(capped ? { address } : {}),
      ...(user.guest ? {} : { session: token }),
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
    // a session that ended while it was looked up is asked again, now that an end would find the socket
    if (!user.guest && sessions.endedSince(mark) && !(await sessions.userOf(token).catch(() => undefined))) {
      socket.close(CLOSE.sessionEnded, 'the session ended');
      return;
    }
    // Messages of one connection are handled in order.
    let chain: Promise<void> = Promise.resolve();
    onText = (text: string) => {
      const now = realTime.now();
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
    await webFiles(app, webDir);
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
    stopSessionSweep();
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
    sessions,
    passwordResets,
    close() {
      closed ??= (async () => {
        stopSessionSweep();
        await passwordResets.settled();
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
