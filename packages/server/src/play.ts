import { type ClientMessage, refusal } from '@qiyuan/protocol';
import type { Logger } from 'pino';
import { type ChatGate, refuseLine } from './chat-gate.js';
import { acknowledge, type Client, newId, refuse, refuseAs, refuseWith } from './clients.js';
import type { Cluster } from './cluster.js';
import type { CorrespondenceGames } from './correspondence-games.js';
import type { Ended } from './ended.js';
import type { Ownership } from './ownership.js';
import type { GameChat } from './repos/game-chat.js';
import type { Games } from './repos/games.js';
import type { RoomRegistry } from './room-registry.js';
import type { Watchers } from './watchers.js';

/** What play needs of the live server (the hub): the rooms here, the chat's gate and watchers, the cluster. */
export interface PlayHost {
  readonly rooms: Pick<RoomRegistry, 'get'>;
  readonly ended: Pick<Ended, 'get'>;
  readonly cluster?: Pick<Cluster, 'publish'> | undefined;
  readonly correspondence: Pick<CorrespondenceGames, 'load'>;
  readonly ownership: Pick<Ownership, 'overtaken'>;
  readonly chatGate: Pick<ChatGate, 'admit' | 'barred'>;
  readonly watchers: Pick<Watchers, 'sendChat'>;
  readonly log: Logger;
  now(): number;
}

type GameAction = Extract<ClientMessage, { type: 'game.move' | 'game.resign' | 'game.offer' | 'game.answer' }>;

/** A player's requests in a game this process owns: moves, resignations, offers and answers, chat. */
export class Play {
  constructor(
    private readonly hub: PlayHost,
    private readonly games: Games,
    private readonly chatLines: GameChat,
  ) {}

  /** A move, a resignation, an offer or an answer to one, played by the room that owns the game. */
  async act(client: Client, msg: GameAction): Promise<void> {
    const hub = this.hub;
    const id = msg.id;
    // one process: a correspondence game waiting in the database is loaded (a cluster's owner took it already)
    const room = hub.rooms.get(msg.gameId) ?? (hub.cluster ? undefined : await hub.correspondence.load(msg.gameId));
    if (!room) {
      const stored = await this.games.progress(msg.gameId);
      if (stored) return refuse(client, id, 'game-over', 'the game is over', { gameId: msg.gameId, seq: stored.seq });
      return refuse(client, id, 'not-found', 'no such game', { gameId: msg.gameId });
    }
    const r =
      msg.type === 'game.move'
        ? await room.move(client.user.id, msg.seq, msg.move, msg.seat)
        : msg.type === 'game.resign'
          ? await room.resign(client.user.id, msg.seq, msg.seat)
          : await room.offer(
              client.user.id,
              msg.seq,
              msg.seat,
              msg.offer,
              msg.type === 'game.answer' ? msg.accept : true,
              msg.type === 'game.answer',
            );
    if (r.ok) acknowledge(client, id, { gameId: room.id, seq: r.value });
    else if (r.error.code === 'stale-seq' && msg.seq > room.seq && (await hub.ownership.overtaken(room))) {
      refuse(client, id, 'unavailable', 'the game is served by another process now; try again', { gameId: room.id });
    } else refuseWith(client, id, r.error, { gameId: room.id, seq: room.seq });
  }

  /**
   * Berserk (room-berserk.ts): only a seated player, in a game an arena tournament paired; the tournament's system is
   * read from the store, as any process may serve the game.
   */
  async berserk(client: Client, msg: Extract<ClientMessage, { type: 'game.berserk' }>): Promise<void> {
    const hub = this.hub;
    const room = hub.rooms.get(msg.gameId);
    if (!room) return refuse(client, msg.id, 'not-found', 'no such live game', { gameId: msg.gameId });
    if (room.seatsOf(client.user.id).length === 0)
      return refuseAs(client, msg.id, 'not-your-seat', refusal('berserk-not-seated', 'only a player can berserk'));
    const tid = room.meta.tournament;
    const format = tid ? await this.games.tournamentFormat(tid) : undefined;
    const arena = format !== undefined && (JSON.parse(format) as { system?: string }).system === 'arena';
    const r = await room.berserk(client.user.id, msg.seq, msg.seat, arena);
    if (r.ok) acknowledge(client, msg.id, { gameId: room.id, seq: r.value });
    else refuseWith(client, msg.id, r.error, { gameId: room.id, seq: room.seq });
  }

  /** A chat line, stored before it is shown or acknowledged (like a move: a restart or a takeover keeps it). */
  async chat(client: Client, msg: Extract<ClientMessage, { type: 'game.chat' }>): Promise<void> {
    const hub = this.hub;
    const id = msg.id;
    const room =
      hub.rooms.get(msg.gameId) ??
      hub.ended.get(msg.gameId)?.room ??
      (hub.cluster ? undefined : await hub.correspondence.load(msg.gameId));
    if (!room) return refuse(client, id, 'not-found', 'no such live game', { gameId: msg.gameId });
    const barred = await hub.chatGate.barred(client, room);
    if (barred) return refuseLine(client, id, room, barred);
    const spectator = room.seatsOf(client.user.id).length === 0;
    let team: number | undefined;
    if (msg.channel === 'team') {
      if (spectator)
        return refuse(client, id, 'not-allowed', 'only a player with a partner can write to a team', {
          gameId: room.id,
        });
      team = room.teamOfUser(client.user.id);
      if (team === undefined)
        return refuse(client, id, 'not-allowed', 'this game has no teams: write to everyone instead', {
          gameId: room.id,
        });
    }
    const refused = hub.chatGate.admit(client, room);
    if (refused) return refuse(client, id, refused.code, refused.reason, { gameId: room.id });
    const at = room.chatTime(hub.now());
    const line = {
      from: client.user,
      text: msg.text,
      at,
      ...(spectator ? { spectator } : {}),
      ...(team !== undefined ? { team } : {}),
    };
    try {
      await this.chatLines.add({
        id: newId(),
        gameId: room.id,
        from: client.user,
        text: msg.text,
        spectator,
        at,
        team,
      });
    } catch (e) {
      hub.log.warn({ err: e, gameId: room.id }, 'chat not stored');
      return refuse(client, id, 'unavailable', 'the message could not be stored; try again', { gameId: room.id });
    }
    room.addChat(line);
    hub.watchers.sendChat(room, line);
    // the other processes showing the game filter team lines for their own watchers the same way
    hub.cluster?.publish('game', { kind: 'chat', gameId: room.id, ...line }, room.id);
    acknowledge(client, id, { gameId: room.id });
  }
}
