/**
 * Challenges: one player asks another for a game of given options and clock (the Bot and Board API, and the pages).
 * The request is checked as a seek is (`seek.create`'s schema, then lobby-options.ts `newGame`); accepting one starts
 * the game the way a full seek starts (Lobby.openRoom, then startRoom). A challenge is a row of the store, so any
 * process answers it; the first answer wins, by a conditional write. It expires unanswered after `ttlMs`.
 */
import {
  type ChallengeEvent,
  type ChallengeInfo,
  type ClockSpec,
  DECLINE_REASONS,
  parseClientMessage,
  type SeatHolder,
  type ServerMessage,
  speedOf,
  type UserInfo,
} from '@qiyuan/protocol';
import { newId } from './clients.js';
import { engineFor } from './games.js';
import type { Lobby } from './lobby.js';
import { newGame } from './lobby-options.js';
import { blockedByCreator } from './moderation.js';
import type { ChallengeBook, ChallengeRecord } from './repos/challenges.js';
import type { RoomMeta } from './room.js';
import { drawSalt } from './seed.js';
import type { Store } from './store.js';

/** How long a challenge waits for its answer by default. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** Challenges one player may have waiting at once. */
export const MAX_OPEN_CHALLENGES = 20;

export type ChallengeResult =
  | { ok: true; challenge: ChallengeInfo }
  | { ok: false; status: number; code: string; reason: string; refusal?: string };

const fail = (status: number, code: string, reason: string, refusal?: string): ChallengeResult => ({
  ok: false,
  status,
  code,
  reason,
  ...(refusal === undefined ? {} : { refusal }),
});

const BODY_KEYS = new Set(['game', 'options', 'clock', 'rated', 'seat']);

export interface ChallengeDeps {
  /** For the blocks between players (moderation.ts). */
  readonly store: Store;
  readonly book: ChallengeBook;
  readonly lobby: Lobby;
  /** Sends to every connection and event stream of a user, on every process. */
  readonly tell: (userId: string, msg: ServerMessage) => void;
  readonly now: () => number;
  readonly ttlMs?: number;
}

export class Challenges {
  private readonly ttlMs: number;

  constructor(private readonly deps: ChallengeDeps) {
    this.ttlMs = deps.ttlMs ?? CHALLENGE_TTL_MS;
  }

  private infoOf(r: ChallengeRecord): ChallengeInfo {
    const expiresAt = r.expires_at;
    const expired = r.status === 'created' && expiresAt <= this.deps.now();
    const clock = JSON.parse(r.clock) as ClockSpec;
    return {
      id: r.id,
      status: (expired ? 'expired' : r.status) as ChallengeInfo['status'],
      challenger: JSON.parse(r.challenger) as UserInfo,
      destUser: JSON.parse(r.dest) as UserInfo,
      game: r.game as ChallengeInfo['game'],
      options: JSON.parse(r.options) as Record<string, string | number | boolean>,
      clock,
      speed: speedOf(clock),
      rated: Boolean(r.rated),
      seat: r.seat,
      createdAt: r.created_at,
      expiresAt,
      ...(r.game_id ? { gameId: r.game_id } : {}),
      ...(r.decline_reason === null ? {} : { declineReason: r.decline_reason }),
    };
  }

  private tellBoth(c: ChallengeInfo, event: ChallengeEvent): void {
    const msg: ServerMessage = { type: 'challenge', event, challenge: c };
    this.deps.tell(c.challenger.id, msg);
    this.deps.tell(c.destUser.id, msg);
  }

  async get(id: string): Promise<ChallengeInfo | undefined> {
    const row = await this.deps.book.find(id);
    return row ? this.infoOf(row) : undefined;
  }

  /** The challenges waiting for an answer that a user made (`out`) and received (`in`). */
  async openOf(userId: string): Promise<{ in: ChallengeInfo[]; out: ChallengeInfo[] }> {
    const rows = await this.deps.book.waitingFor(userId, this.deps.now());
    const all = rows.map((r) => this.infoOf(r));
    return { in: all.filter((c) => c.destUser.id === userId), out: all.filter((c) => c.challenger.id === userId) };
  }

  /** A challenge from `from` to the player named `name`, checked like a seek. */
  async create(from: UserInfo, name: string, body: unknown): Promise<ChallengeResult> {
    if (from.guest) return fail(401, 'no-session', 'guests cannot challenge; log in first');
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return fail(400, 'bad-request', 'send {game, options, clock, rated}');
    const b = body as Record<string, unknown>;
    const extra = Object.keys(b).find((k) => !BODY_KEYS.has(k));
    if (extra !== undefined) return fail(400, 'bad-request', `"${extra}" is not a challenge's field`);
    // the very schema of a seek: a challenge offers nothing a seek may not
    const asSeek = parseClientMessage(
      JSON.stringify({
        type: 'seek.create',
        game: b.game,
        options: b.options ?? {},
        clock: b.clock,
        rated: b.rated ?? false,
        seats: [{ kind: 'me' }],
        private: true,
      }),
    );
    if (!asSeek.ok || asSeek.value.type !== 'seek.create')
      return fail(400, 'bad-options', asSeek.ok ? '' : asSeek.reason);
    const msg = asSeek.value;
    const def = engineFor(msg.game);
    if (!def) return fail(400, 'bad-options', `${msg.game} is not served here yet`, 'game-not-served');
    const created = newGame(def, msg.options);
    if (!created.ok) return fail(400, 'bad-options', created.refusal.reason, created.refusal.refusal);
    if (created.game.seatCount !== 2)
      return fail(400, 'bad-options', 'a challenge is a game of two seats: seek games of more players in the lobby');
    let seat: number | null = null;
    if (b.seat !== undefined && b.seat !== null) {
      if (b.seat !== 0 && b.seat !== 1) return fail(400, 'bad-options', 'seat: 0 or 1, or null for a drawn seat');
      seat = b.seat;
    }
    const dest = await this.deps.book.challengeable(name);
    if (!dest) return fail(404, 'not-found', 'no such player');
    if (dest.id === from.id) return fail(400, 'bad-request', 'you cannot challenge yourself');
    if (await blockedByCreator(this.deps.store, dest.id, from.id))
      return fail(403, 'blocked', 'this player has blocked you', 'blocked-by-creator');
    const now = this.deps.now();
    if ((await this.deps.book.waitingFrom(from.id, now)) >= MAX_OPEN_CHALLENGES)
      return fail(429, 'rate-limited', `at most ${MAX_OPEN_CHALLENGES} challenges wait for an answer at once`);
    const id = newId(6);
    await this.deps.book.add({
      id,
      challenger_id: from.id,
      dest_id: dest.id,
      challenger: JSON.stringify(from),
      dest: JSON.stringify(dest),
      game: def.id,
      options: JSON.stringify(msg.options),
      clock: JSON.stringify(msg.clock),
      rated: msg.rated ? 1 : 0,
      seat,
      created_at: now,
      expires_at: now + this.ttlMs,
    });
    const c = (await this.get(id))!;
    this.tellBoth(c, 'challenge');
    return { ok: true, challenge: c };
  }

  /** Moves a waiting challenge to `status` when `who` may; the first answer wins. */
  private async answer(
    id: string,
    who: UserInfo,
    side: 'dest' | 'challenger',
    status: 'accepted' | 'declined' | 'canceled',
    declineReason?: string,
  ): Promise<ChallengeResult> {
    const c = await this.get(id);
    const mine = c && (side === 'dest' ? c.destUser.id : c.challenger.id) === who.id;
    if (!c || (!mine && c.challenger.id !== who.id && c.destUser.id !== who.id))
      return fail(404, 'not-found', 'no such challenge');
    if (!mine)
      return fail(
        403,
        'not-allowed',
        side === 'dest' ? 'only the challenged player answers a challenge' : 'only the challenger cancels a challenge',
      );
    if (c.status !== 'created') return fail(409, 'not-open', `the challenge is ${c.status}`);
    if (!(await this.deps.book.answer(id, status, this.deps.now(), declineReason)))
      return fail(409, 'not-open', 'the challenge was answered or expired meanwhile');
    return { ok: true, challenge: (await this.get(id))! };
  }

  async decline(id: string, who: UserInfo, reason: unknown): Promise<ChallengeResult> {
    const why = reason === undefined ? 'generic' : reason;
    if (typeof why !== 'string' || !(DECLINE_REASONS as readonly string[]).includes(why))
      return fail(400, 'bad-request', `reason: one of ${DECLINE_REASONS.join(', ')}`);
    const r = await this.answer(id, who, 'dest', 'declined', why);
    if (r.ok) this.tellBoth(r.challenge, 'challengeDeclined');
    return r;
  }

  async cancel(id: string, who: UserInfo): Promise<ChallengeResult> {
    const r = await this.answer(id, who, 'challenger', 'canceled');
    if (r.ok) this.tellBoth(r.challenge, 'challengeCanceled');
    return r;
  }

  /** Accepts: the game starts as a full seek does, and both players hear `game.started` (gameStart). */
  async accept(id: string, who: UserInfo): Promise<ChallengeResult> {
    const r = await this.answer(id, who, 'dest', 'accepted');
    if (!r.ok) return r;
    const c = r.challenge;
    const started = await this.start(c).catch(() => undefined);
    if (!started) {
      await this.deps.book.cancelAccepted(id);
      const gone = (await this.get(id))!;
      this.tellBoth(gone, 'challengeCanceled');
      return fail(503, 'unavailable', 'the game could not be started; challenge again');
    }
    await this.deps.book.started(id, started);
    return { ok: true, challenge: { ...c, gameId: started } };
  }

  /** Opens and starts the challenge's game; its id, or undefined when it could not start. */
  private async start(c: ChallengeInfo): Promise<string | undefined> {
    const { lobby } = this.deps;
    const def = engineFor(c.game);
    if (!def) return undefined;
    // a fresh seed for the game (the options were checked when the challenge was made)
    const created = newGame(def, c.options);
    if (!created.ok) return undefined;
    const speed = speedOf(c.clock);
    const challengerSeat = c.seat ?? (Math.random() < 0.5 ? 0 : 1);
    const seats: SeatHolder[] = [];
    seats[challengerSeat] = await lobby.seatOf(c.challenger, def.id, speed);
    seats[1 - challengerSeat] = await lobby.seatOf(c.destUser, def.id, speed);
    const now = this.deps.now();
    const meta: RoomMeta = {
      id: newId(),
      game: def.id,
      options: created.loose,
      salt: drawSalt(),
      clock: c.clock,
      speed,
      rated: c.rated,
      private: true,
      creator: c.challenger,
      createdAt: now,
      allowBots: true,
    };
    const room = await lobby.openRoom(meta, def, created.game, seats, now);
    if (!room) return undefined;
    return (await lobby.startRoom(room, seats)) ? room.id : undefined;
  }
}
