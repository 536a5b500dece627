/**
 * What moderators and players do about abuse, apart from the HTTP routes: appointing moderators, banning (which ends
 * every session, takes the player's seeks away and resigns their games in play), muting, and the gates that chat,
 * seeks and login pass through. The queries are repos/moderation.ts's. What a mute, a ban or a block means for a
 * chat line is the chat gate's (chat-gate.ts): every change of them here tells it.
 */
import type { SeekInfo, ServerMessage, UserInfo } from '@qiyuan/protocol';
import type { ChatGate } from './chat-gate.js';
import { type Client, newId, type StandIn, standIn } from './clients.js';
import { ModerationRepo, type Role, type Standing } from './repos/moderation.js';
import { type ResignHost, resignFor } from './resign-for.js';
import { systemClock } from './server-clock.js';
import type { Sessions } from './session.js';
import type { Store } from './store.js';

/** Who acted: a moderator's account, or the operator at the server's console. */
export interface Actor {
  readonly id: string;
  readonly name: string;
}

export const CONSOLE: Actor = { id: 'console', name: 'console' };

/** What an account's login meets when it is banned or closed (HTTP 403 with this body), if anything. */
export const loginBarred = (
  row: Readonly<Record<string, unknown>>,
  passwordGood: boolean,
): { code: 'banned' | 'closed'; reason: string } | undefined => {
  if (row.closed_at !== null && row.closed_at !== undefined)
    return { code: 'closed', reason: 'this account was closed' };
  // a ban is told only to who knows the password: a guesser learns nothing from it
  if (passwordGood && row.banned_at !== null && row.banned_at !== undefined) {
    return { code: 'banned', reason: 'this account is banned' };
  }
  return undefined;
};

/** Whether the creator of a seek has blocked the player who would join it (lobby.ts refuses the join). */
export const blockedByCreator = async (store: Store, creatorId: string, userId: string): Promise<boolean> =>
  (await new ModerationRepo(store).blockersAmong([creatorId], userId)).length > 0;

/** Reads whom the client's account blocked (guests block nobody): their seeks and chat lines are not shown to it. */
export const hideBlocked = async (store: Store, client: Client): Promise<void> => {
  if (client.user.guest) return;
  const blocked = await new ModerationRepo(store).blocksOf(client.user.id);
  client.blocked = new Set(blocked.map((b) => b.id));
};

/** Whether a lobby message may go to the client: a seek made by a player it blocked is not shown to it. */
export const lobbyShows = (client: Client, msg: ServerMessage): boolean =>
  !(msg.type === 'seek.added' && client.blocked?.has(msg.seek.creator.id));

/** The operator's console (`qiyuan admin role`): appoints or removes a moderator by name, in the log. */
export const setRoleFromConsole = async (
  store: Store,
  name: string,
  role: Role,
): Promise<{ ok: true; user: Standing } | { ok: false; reason: string }> => {
  const mod = new ModerationRepo(store);
  const user = await mod.byName(name);
  if (!user || user.guest) return { ok: false, reason: `no account named ${name}` };
  if (user.closedAt !== null) return { ok: false, reason: `the account ${user.name} is closed` };
  await mod.setRole(user.id, role);
  await mod.log({
    moderator: CONSOLE,
    action: `role:${role}`,
    user,
    reason: 'set at the console',
    at: systemClock.now(),
  }); // the console has no server clock: the real time
  return { ok: true, user: { ...user, role } };
};

/**
 * What moderation uses of the live server (the hub): its connections (a block is told to the blocker's sockets; a
 * ban's stand-in is counted among them while it acts), the player's seeks, and the handling of a message in a
 * player's name with what a resignation in their name needs.
 */
export interface ModerationHost extends ResignHost {
  seeksOf(userId: string): Promise<SeekInfo[]>;
}

export class Moderation {
  /**
   * @param now the server's clock (the one the hub is given), for what moderators do and when.
   */
  constructor(
    readonly repo: ModerationRepo,
    private readonly sessions: Sessions,
    private readonly hub: ModerationHost,
    private readonly chatGate: ChatGate,
    readonly now: () => number,
  ) {}

  /** `blocker` blocks `blocked`: the chat gate of every process hears of it, and the blocker's sockets here. */
  async block(blocker: UserInfo, blocked: Standing): Promise<void> {
    await this.repo.block(blocker.id, blocked.id, this.now());
    await this.blocksChanged(blocker.id, blocked.id);
  }

  async unblock(blocker: UserInfo, blocked: Standing): Promise<void> {
    await this.repo.unblock(blocker.id, blocked.id);
    await this.blocksChanged(blocker.id, blocked.id);
  }

  /**
   * Reads again whom `userId` blocked, for its sockets on this process (it just blocked or unblocked `otherId`), and
   * has the chat gates read again who blocked `otherId`.
   */
  private async blocksChanged(userId: string, otherId: string): Promise<void> {
    await this.chatGate.changed(otherId);
    const blocked = new Set((await this.repo.blocksOf(userId)).map((b) => b.id));
    for (const c of this.hub.clients) if (c.user.id === userId) c.blocked = blocked;
  }

  /** Whether the account is a moderator now (banned or closed ones are not). */
  async isModerator(user: UserInfo): Promise<Standing | undefined> {
    if (user.guest) return undefined;
    const s = await this.repo.byId(user.id);
    return s && s.role === 'moderator' && s.bannedAt === null && s.closedAt === null ? s : undefined;
  }

  async setRole(by: Actor, user: Standing, role: Role, reason: string): Promise<void> {
    await this.repo.setRole(user.id, role);
    await this.repo.log({ moderator: by, action: `role:${role}`, user, reason, at: this.now() });
  }

  async mute(by: Actor, user: Standing, minutes: number, reason: string): Promise<number> {
    const until = this.now() + minutes * 60_000;
    await this.repo.setMute(user.id, until, reason);
    await this.chatGate.changed(user.id);
    await this.repo.log({
      moderator: by,
      action: 'mute',
      user,
      reason,
      details: { minutes, until },
      at: this.now(),
    });
    return until;
  }

  async unmute(by: Actor, user: Standing, reason: string): Promise<void> {
    await this.repo.setMute(user.id, null, null);
    await this.chatGate.changed(user.id);
    await this.repo.log({ moderator: by, action: 'unmute', user, reason, at: this.now() });
  }

  /**
   * A ban, at once on every process: the account is marked (login refused, no session speaks for it), every session
   * ends and every socket closes with the reason, its seeks are cancelled and its games in play resigned, each
   * through the process that owns it and the room's own queue.
   */
  async ban(by: Actor, user: Standing, reason: string): Promise<{ seeks: number; games: number; tournaments: number }> {
    await this.repo.setBan(user.id, this.now(), reason);
    await this.chatGate.changed(user.id);
    await this.sessions.endAllFor(user.id, `your account was banned: ${reason}`);
    const gone = await this.leaveEverything(user);
    await this.repo.log({ moderator: by, action: 'ban', user, reason, details: gone, at: this.now() });
    return gone;
  }

  async unban(by: Actor, user: Standing, reason: string): Promise<void> {
    await this.repo.setBan(user.id, null, null);
    await this.chatGate.changed(user.id);
    await this.repo.log({ moderator: by, action: 'unban', user, reason, at: this.now() });
  }

  /** Closes the player's own account: sessions end, seeks go, games in play are resigned; the name stays taken. */
  async close(user: Standing): Promise<void> {
    await this.repo.close(user.id, this.now());
    await this.chatGate.changed(user.id);
    await this.sessions.endAllFor(user.id, 'the account was closed');
    await this.leaveEverything(user);
  }

  /** Cancels the player's seeks and resigns every seat of theirs in games in play. */
  private async leaveEverything(user: Standing): Promise<{ seeks: number; games: number; tournaments: number }> {
    const who = standIn({ id: user.id, name: user.name, guest: false });
    // counted among the connections while it acts, so the answers of a game's owner on another process reach it
    this.hub.clients.add(who);
    try {
      return await this.leaveAs(who, user);
    } finally {
      this.hub.clients.delete(who);
    }
  }

  private async leaveAs(who: StandIn, user: Standing): Promise<{ seeks: number; games: number; tournaments: number }> {
    let seeks = 0;
    for (const seek of await this.hub.seeksOf(user.id)) {
      await this.hub.handle(who, { type: 'seek.cancel', seekId: seek.id });
      seeks++;
    }
    // out of the tournaments first, so that no new round pairs them while their games are resigned
    let tournaments = 0;
    for (const tournamentId of await this.repo.tournamentsOf(user.id)) {
      const rid = newId();
      const from = who.answers.length;
      await this.hub.handle(who, { type: 'tournament.withdraw', id: rid, tournamentId });
      if (
        who.answers
          .slice(from)
          .some((m) => (m as { id?: string; type?: string }).id === rid && (m as { type?: string }).type === 'ack')
      )
        tournaments++;
    }
    let games = 0;
    for (const gameId of await this.repo.playingGamesOf(user.id)) {
      if (await this.resignAll(who, gameId)) games++;
    }
    return { seeks, games, tournaments };
  }

  /** Resigns each of the player's seats in a game still in play (resignFor sends it again if a move crossed it). */
  private async resignAll(who: StandIn, gameId: string): Promise<boolean> {
    let resigned = false;
    for (const seat of await this.repo.seatsIn(gameId, who.user.id)) {
      if ((await this.repo.gameState(gameId))?.status !== 'playing') break;
      if (await resignFor(this.hub, who.user, gameId, seat)) resigned = true;
    }
    return resigned;
  }
}
