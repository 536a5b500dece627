import { SPECTATOR } from '@qiyuan/core';
import type { SeekInfo } from '@qiyuan/protocol';
import { type ClientMessage, PROTOCOL_VERSION, type ServerMessage } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import { Absences } from './absence.js';
import type { AiProvider } from './ai.js';
import { AiSeats } from './ai-seats.js';
import { ChatGate, type ChatLimits } from './chat-gate.js';
import { SpectatorChat } from './chat-settings.js';
import { acknowledge, type Client, refuse } from './clients.js';
import type { Cluster, ClusterMessage } from './cluster.js';
import { Commits } from './commits.js';
import { CorrespondenceGames } from './correspondence-games.js';
import { Ended } from './ended.js';
import { Lobby } from './lobby.js';
import type { MailLimits } from './mail-budget.js';
import { hideBlocked, lobbyShows } from './moderation.js';
import { type MailSettings, Notices } from './notices.js';
import { Ownership } from './ownership.js';
import { Play } from './play.js';
import { Replicas } from './replicas.js';
import { StoredAbsences } from './repos/absences.js';
import { ChatRepo } from './repos/chat.js';
import { DeadlinesRepo } from './repos/deadlines.js';
import { GameChat } from './repos/game-chat.js';
import { GameRatings } from './repos/game-ratings.js';
import { Games } from './repos/games.js';
import { SeekExpiries } from './repos/seeks.js';
import { TournamentRepository } from './repos/tournaments.js';
import { loadChat } from './restore.js';
import type { Change, Room, RoomHost } from './room.js';
import { RoomRegistry } from './room-registry.js';
import { Scheduler } from './scheduler.js';
import { DEFAULT_SEEK_EXPIRY_MS, SeekExpiry } from './seek-expiry.js';
import { clockReading, type ServerClock, systemClock } from './server-clock.js';
import type { Store } from './store.js';
import { DEFAULT_ORGANISER_STANDING, type OrganiserStanding } from './tournament-organisers.js';
import { Tournaments } from './tournaments.js';
import { Watchers } from './watchers.js';

export { type Client, newId } from './clients.js';

/** The hub's settings. */
export interface HubOptions {
  /** How long a seek's creator may be connected to no process before the seek expires (default 3 minutes). */
  readonly seekExpiryMs?: number;
  /** The allowance for every seat's first move (default: the rule's, by the clock's speed; see first-move.ts). */
  readonly firstMoveMs?: number;
  /** The length of a correspondence day (tests only shorten it; default a real day, see correspondence.ts). */
  readonly dayMs?: number;
  /** How long a gone player is waited for at every speed that waits (default: the rule's, by speed; see absence.ts). */
  readonly absenceMs?: number;
  /** E-mail notices (correspondence games); none are mailed without it. */
  readonly mail?: MailSettings;
  /** How often this process looks for due shared deadlines (scheduler.ts; default 1,000 ms). */
  readonly deadlinePollMs?: number;
  /** How fast chat lines may come (chat-gate.ts; default `DEFAULT_CHAT_LIMITS`). */
  readonly chatLimits?: ChatLimits;
  /** Caps on mail per address and per account (mail-budget.ts; default `DEFAULT_MAIL_LIMITS`). */
  readonly mailLimits?: MailLimits;
  /** The server's one clock (server-clock.ts): game time, deadlines and their timers (default the system's). */
  readonly clock?: ServerClock;
  /** Only the time read, with real timers (older tests; `clock` wins when both are given). */
  readonly now?: () => number;
  /** What an account needs to organise a public tournament (tournament-organisers.ts). */
  readonly organiserStanding?: OrganiserStanding;
}

/**
 * The live part of the server: the connections, and the routing of each
 * client message to the module that serves it (the lobby, play, watchers,
 * ended games, and in a cluster the game's owner). It holds the room registry
 * (the rooms this process owns) and builds the modules; each module declares
 * the little it needs of the hub as its own host interface (`LobbyHost`, …).
 */
export class Hub {
  /** The games (seeks and games being played) this process owns: made, taken in and let go by the registry only. */
  readonly rooms: RoomRegistry;
  readonly clients = new Set<Client>();
  private readonly byUser = new Map<string, Set<Client>>();
  closing = false;

  readonly lobby: Lobby;
  readonly play: Play;
  readonly watchers: Watchers;
  readonly absences: Absences;
  readonly ended: Ended;
  readonly commits: Commits;
  readonly replicas: Replicas;
  readonly ownership: Ownership;
  readonly tournaments: Tournaments;
  readonly spectatorChat: SpectatorChat;
  /** Who may write in a game's chat, and how fast (every line passes it before it is stored). */
  readonly chatGate: ChatGate;
  /** The server's one clock: every module that reads the time or sets a deadline is handed it (tests drive it). */
  readonly clock: ServerClock;
  /** The time on `clock` (kept as a function: routes and modules built with the hub read it). */
  readonly now: () => number;
  readonly aiSeats: AiSeats;
  readonly seekExpiry: SeekExpiry;
  /** Deadlines every process shares through the database (scheduler.ts). */
  readonly deadlines: Scheduler;
  readonly notices: Notices;
  readonly correspondence: CorrespondenceGames;

  /** The live games' rows and chat (repos/), for the start-up load. */
  private readonly games: Games;
  private readonly chat: GameChat;

  /** What the rooms call on: the store, the news after a change, the connections of a player. */
  readonly host: RoomHost;
  /** The server's setting for every first move's allowance (tests), else undefined: the rule's (first-move.ts). */
  private readonly firstMoveMs: number | undefined;
  readonly organiserStanding: OrganiserStanding;
  /** The server's setting for how long a gone player is waited for (tests), else undefined: the rule's (absence.ts). */
  readonly absenceMs: number | undefined;

  constructor(
    readonly store: Store,
    ai: AiProvider,
    readonly log: Logger,
    readonly cluster?: Cluster,
    options: HubOptions = {},
  ) {
    this.clock = options.clock ?? (options.now ? clockReading(options.now) : systemClock);
    const clock = this.clock;
    this.now = () => clock.now();
    // the live games' repositories, handed to the modules that store and read them
    const games = new Games(store);
    const chat = new GameChat(store);
    const ratings = new GameRatings(store);
    this.games = games;
    this.chat = chat;
    // what every room calls on; its calls reach the modules below only once the rooms act, after the constructor
    this.host = {
      commit: (room: Room, change: Change) => this.commits.commit(room, change),
      changed: (room: Room, change: Change) => this.changed(room, change),
      connectionsOf: (userId: string) => this.byUser.get(userId) ?? [],
      firstMoveMs: () => this.firstMoveMs,
      dayMs: () => options.dayMs,
      clock,
    };
    this.rooms = new RoomRegistry(this.host, log);
    this.play = new Play(this, games, chat);
    this.commits = new Commits(this, store, games, ratings);
    this.replicas = new Replicas(this, games, chat);
    this.ownership = new Ownership(this, games, chat);
    this.lobby = new Lobby(this, clock, games, ratings);
    this.watchers = new Watchers(this, games, chat);
    this.absences = new Absences(this, clock, new StoredAbsences(store));
    this.ended = new Ended(this, clock);
    this.tournaments = new Tournaments(this, clock, new TournamentRepository(store));
    // who may write in a game's chat, and who hides the spectators' lines (the chat's lines are `chat` above)
    const chatSettings = new ChatRepo(store);
    this.chatGate = new ChatGate(chatSettings, options.chatLimits, this.now, cluster);
    this.spectatorChat = new SpectatorChat(this, chatSettings);
    this.firstMoveMs = options.firstMoveMs;
    this.absenceMs = options.absenceMs;
    this.organiserStanding = options.organiserStanding ?? DEFAULT_ORGANISER_STANDING;
    this.aiSeats = new AiSeats(this, ai);
    this.deadlines = new Scheduler(new DeadlinesRepo(store), log, cluster?.id, {
      pollMs: options.deadlinePollMs ?? 1000,
      clock,
    });
    this.notices = new Notices(store, log, options.mail, {
      ...(options.mailLimits ? { limits: options.mailLimits } : {}),
      now: this.now,
    });
    this.correspondence = new CorrespondenceGames(this, clock, games, chat);
    this.seekExpiry = new SeekExpiry(
      this,
      options.seekExpiryMs ?? DEFAULT_SEEK_EXPIRY_MS,
      clock,
      new SeekExpiries(store),
    );
    if (cluster) {
      cluster.handler = (channel, msg) => this.onCluster(channel, msg);
      cluster.resubscribed = () => {
        this.replicas.check(true).catch((e: unknown) => this.log.warn({ err: e }, 'replica check failed'));
      };
    }
  }

  /** After a committed change: the commits' own follow-up, and a tournament game's end counts in its tournament. */
  private changed(room: Room, change: Change): void {
    this.commits.changed(room, change);
    const over = change.status === 'finished' || change.status === 'aborted';
    if (over && room.meta.tournament !== undefined) this.tournaments.gameEnded(room.meta.tournament);
    // the players hear of the end wherever they are connected (the API's event stream says gameFinish)
    if (change.status === 'finished' || change.status === 'aborted') {
      const msg: ServerMessage = {
        type: 'game.finished',
        gameId: room.id,
        status: change.status,
        ...(change.outcome ? { outcome: change.outcome } : {}),
      };
      for (const u of new Set(change.seats.flatMap((s) => (s.kind === 'user' ? [s.user.id] : [])))) this.toUser(u, msg);
    }
  }

  // ------------------------------------------------------------ start-up

  /** Loads every seek and live game from the store and restarts their clocks. */
  async load(): Promise<void> {
    this.seekExpiry.start();
    this.deadlines.start();
    this.correspondence.start();
    this.tournaments.start();
    if (this.cluster) return this.ownership.start();
    // correspondence games being played stay in the database until needed (correspondence-games.ts)
    for (const row of await this.games.held()) {
      const room = this.rooms.fromRow(row);
      if (!room) continue;
      await loadChat(this.chat, this.log, room);
      if (!this.rooms.own(room)) continue;
      room.schedule();
      this.aiSeats.drive(room);
    }
  }

  // ------------------------------------------------------------ connections

  attach(client: Client): void {
    this.clients.add(client);
    let set = this.byUser.get(client.user.id);
    if (!set) this.byUser.set(client.user.id, (set = new Set()));
    set.add(client);
    // seen by the other processes at once: a creator coming back there keeps its seeks here
    this.cluster?.markConnected([client.user.id]).catch(() => undefined);
  }

  detach(client: Client): void {
    this.clients.delete(client);
    this.byUser.get(client.user.id)?.delete(client);
    if (this.byUser.get(client.user.id)?.size === 0) this.byUser.delete(client.user.id);
    this.watchers.leave(client);
    this.tournaments.leave(client);
  }

  /** Distinct users connected to this process. */
  usersHere(): number {
    return this.byUser.size;
  }

  /** Whether a user has a connection to this process. */
  connectedHere(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** The users connected to this process. */
  usersConnectedHere(): string[] {
    return [...this.byUser.keys()];
  }

  /** Handles one validated message. Never throws. */
  async handle(client: Client, msg: ClientMessage): Promise<void> {
    try {
      await this.dispatch(client, msg);
    } catch (e) {
      this.log.error({ err: e, type: msg.type }, 'message failed');
      refuse(client, msg.id, 'internal', 'the server could not handle this message');
    }
  }

  private async dispatch(client: Client, msg: ClientMessage): Promise<void> {
    const id = msg.id;
    if (msg.type === 'hello') {
      if (msg.v !== PROTOCOL_VERSION) {
        refuse(client, id, 'bad-version', `this server speaks protocol ${PROTOCOL_VERSION}`);
        client.close(4000, 'bad protocol version');
        return;
      }
      client.hello = true;
      client.send({ type: 'welcome', v: PROTOCOL_VERSION, user: client.user, serverTime: this.now() });
      // whom the account blocked, so that their chat lines are not shown to this socket
      await hideBlocked(this.store, client).catch((e: unknown) => this.log.warn({ err: e }, 'blocks not read'));
      return;
    }
    if (this.closing) return refuse(client, id, 'unavailable', 'the server is shutting down');
    // in a cluster, a request about a game goes to the process that owns it
    if (this.cluster && 'gameId' in msg && msg.type !== 'game.watch' && msg.type !== 'game.unwatch') {
      const where = await this.ownership.ownerFor(msg.gameId);
      if (where !== 'here') return this.ownership.forward(client, msg, msg.gameId, where);
    }
    if (this.cluster && (msg.type === 'seek.join' || msg.type === 'seek.cancel')) {
      const where = await this.ownership.ownerFor(msg.seekId);
      if (where !== 'here') return this.ownership.forward(client, msg, msg.seekId, where);
    }
    switch (msg.type) {
      case 'ping':
        client.send({ type: 'pong', ...(id === undefined ? {} : { id }), serverTime: this.now() });
        return;
      case 'lobby.subscribe':
        client.lobby = true;
        await hideBlocked(this.store, client);
        client.send({
          type: 'lobby',
          seeks: (await this.lobby.lobbySeeks()).filter((seek) => lobbyShows(client, { type: 'seek.added', seek })),
        });
        return this.seekExpiry.tellReturning(client);
      case 'lobby.unsubscribe':
        client.lobby = false;
        acknowledge(client, id);
        return;
      case 'seek.create':
        return this.lobby.createSeek(client, msg);
      case 'seek.join':
        return this.lobby.joinSeek(client, id, msg.seekId, msg.seat);
      case 'seek.cancel':
        return this.lobby.cancelSeek(client, id, msg.seekId);
      case 'game.watch':
        return this.watchers.watch(client, msg);
      case 'game.unwatch':
        return this.watchers.unwatch(client, msg);
      case 'game.chat':
        return this.play.chat(client, msg);
      case 'game.spectatorChat':
        return this.spectatorChat.set(client, msg);
      case 'tournament.create':
        return this.tournaments.create(client, msg);
      case 'tournament.join':
        return this.tournaments.join(client, msg);
      case 'tournament.withdraw':
        return this.tournaments.withdraw(client, msg);
      case 'tournament.start':
        return this.tournaments.startNow(client, msg);
      case 'tournament.watch':
        return this.tournaments.watch(client, msg);
      case 'tournament.unwatch':
        return this.tournaments.unwatch(client, msg);
      case 'game.claim':
        return this.absences.claim(client, msg);
      case 'game.vacation':
        return this.correspondence.vacation(client, msg);
      case 'game.berserk':
        return this.play.berserk(client, msg);
      case 'game.rematch':
        return this.ended.rematch(client, id, msg.gameId, msg.accept !== false);
      case 'game.move':
      case 'game.resign':
      case 'game.offer':
      case 'game.answer':
        return this.play.act(client, msg);
    }
  }

  // ------------------------------------------------------------ messages to many

  /** Sends to every lobby subscriber, on every process. */
  toLobby(msg: ServerMessage, local = false): void {
    for (const c of this.clients) if (c.lobby && lobbyShows(c, msg)) c.send(msg);
    if (!local) this.cluster?.publish('lobby', { kind: 'lobby', msg });
  }

  /** Sends to every connection of a user, on every process. */
  toUser(userId: string, msg: ServerMessage, local = false): void {
    for (const c of this.byUser.get(userId) ?? []) c.send(msg);
    if (!local) this.cluster?.publish('user', { kind: 'user', userId, msg });
  }

  /** The open seeks a user created or sits in (every process's, from the database). */
  seeksOf(userId: string): Promise<SeekInfo[]> {
    return this.lobby.seeksOf(userId);
  }

  /** This process's public seeks. */
  publicSeeks(): SeekInfo[] {
    return this.lobby.publicSeeks();
  }

  /** Players connected now (distinct users here; summed over the processes of a cluster). */
  async online(): Promise<number> {
    if (!this.cluster) return this.byUser.size;
    await this.cluster.reportPresence(this.byUser.size);
    return this.cluster.presence().catch(() => this.byUser.size);
  }

  /** What the other processes send: forwarded requests, lobby and user messages, game news. */
  private async onCluster(channel: 'proc' | 'lobby' | 'user' | 'game', m: ClusterMessage): Promise<void> {
    if (channel === 'proc' && m.kind === 'request') return this.ownership.serveForwarded(m);
    if (channel === 'lobby' && m.kind === 'lobby') return this.toLobby(m.msg as ServerMessage, true);
    if (channel === 'lobby' && m.kind === 'tournament') return this.tournaments.tellWatchers(String(m.tournamentId));
    if (channel === 'user' && m.kind === 'user') return this.toUser(String(m.userId), m.msg as ServerMessage, true);
    if (m.kind === 'spectators' && (channel === 'game' || channel === 'proc')) {
      if (m.from === this.cluster?.id) return;
      const room = this.watchers.watchedRoom(String(m.gameId));
      if (room) this.watchers.spectatorsChanged(room, false);
      return;
    }
    if (channel === 'game') this.replicas.onGameNews(m);
  }

  /** Stops serving: no new actions; waits for the rooms' queues to drain. */
  async close(): Promise<void> {
    this.closing = true;
    this.ownership.stop();
    this.seekExpiry.stop();
    this.deadlines.stop();
    this.correspondence.stop();
    this.notices.close();
    this.tournaments.stop();
    this.watchers.stop();
    this.absences.stop();
    this.ended.forgetAll();
    await Promise.all(this.rooms.list().map((r) => r.run(async () => r.close())));
    await this.ownership.releaseAll();
    for (const c of this.clients) c.close(1001, 'server shutting down');
  }
}

export const spectatorViewer = SPECTATOR;
