/**
 * Chat's queries apart from the lines themselves (play.ts stores those): a player's choice to hide the spectators'
 * lines of a game (`game_chat_quiet`), and what the chat gate must know of a writer — a mute, a ban or closing, and
 * who blocked them.
 */
import type { Store } from '../store.js';

/** What a chat line's writer may be refused for, as the store has it. */
export interface ChatStanding {
  /** When the writer's mute ends (ms), or null. */
  readonly mutedUntil: number | null;
  readonly muteReason: string | null;
  /** Banned or closed: the account speaks no more. */
  readonly barred: boolean;
  /** The accounts that blocked the writer. */
  readonly blockedBy: ReadonlySet<string>;
}

/** A writer the store does not know (a guest never stored): nothing stands against it. */
const CLEAR: ChatStanding = { mutedUntil: null, muteReason: null, barred: false, blockedBy: new Set() };

export class ChatRepo {
  constructor(private readonly store: Store) {}

  /** The player hides the spectators' lines of the game (again: nothing changes). */
  async hideSpectators(gameId: string, userId: string): Promise<void> {
    await this.store.q
      .insertInto('game_chat_quiet')
      .values({ game_id: gameId, user_id: userId })
      .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
      .execute();
  }

  /** The player reads the spectators' lines of the game again. */
  async showSpectators(gameId: string, userId: string): Promise<void> {
    await this.store.q
      .deleteFrom('game_chat_quiet')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** What stands against `userId`'s chat lines: its mute, its ban or closing, and who blocked it. */
  async standingOf(userId: string): Promise<ChatStanding> {
    const [user, blockers] = await Promise.all([
      this.store.q
        .selectFrom('users')
        .select(['muted_until', 'mute_reason', 'banned_at', 'closed_at'])
        .where('id', '=', userId)
        .executeTakeFirst(),
      this.store.q.selectFrom('blocks').select('blocker_id').where('blocked_id', '=', userId).execute(),
    ]);
    if (!user && blockers.length === 0) return CLEAR;
    return {
      mutedUntil: user?.muted_until ?? null,
      muteReason: user?.mute_reason ?? null,
      barred: user !== undefined && (user.banned_at !== null || user.closed_at !== null),
      blockedBy: new Set(blockers.map((b) => b.blocker_id)),
    };
  }
}
