import type { UserInfo } from '@qiyuan/protocol';
import type { Store } from '../store.js';

/** A game's chat line as stored. */
export interface StoredLine {
  readonly id: string;
  readonly gameId: string;
  readonly from: UserInfo;
  readonly text: string;
  readonly spectator: boolean;
  readonly at: number;
  /** The team the line was written to; undefined for a line to everyone. */
  readonly team: number | undefined;
}

/**
 * A game's chat as live play keeps it: each line stored before it is shown, and read back (the latest lines, and who
 * hides the spectators' ones) when a game is restored after a restart or a takeover.
 */
export class GameChat {
  constructor(private readonly store: Store) {}

  async add(line: StoredLine): Promise<void> {
    await this.store.q
      .insertInto('game_chat')
      .values({
        id: line.id,
        game_id: line.gameId,
        from_user: JSON.stringify(line.from),
        text: line.text,
        spectator: line.spectator ? 1 : 0,
        at: line.at,
        team: line.team ?? null,
      })
      .execute();
  }

  /** A game's latest `limit` lines, oldest first. */
  async latest(gameId: string, limit = 100): Promise<Omit<StoredLine, 'id' | 'gameId'>[]> {
    const rows = await this.store.q
      .selectFrom('game_chat')
      .select(['from_user', 'text', 'spectator', 'at', 'team'])
      .where('game_id', '=', gameId)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({
      from: JSON.parse(r.from_user) as UserInfo,
      text: r.text,
      spectator: r.spectator !== 0,
      at: r.at,
      team: r.team ?? undefined,
    }));
  }

  /** The players of a game who hide the spectators' lines from their own view, by id. */
  async quietIn(gameId: string): Promise<string[]> {
    const rows = await this.store.q
      .selectFrom('game_chat_quiet')
      .select('user_id')
      .where('game_id', '=', gameId)
      .orderBy('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }
}
