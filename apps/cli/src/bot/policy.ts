import type { GameId } from '@qiyuan/core';

/**
 * Which challenges the bot takes. A challenge is accepted only when every rule
 * here passes and the player behind the bot (a UHP engine or a built-in level)
 * can play that game with those options; otherwise it is declined with the
 * first reason that fails, so the challenger learns why.
 */

/** A challenge as the event stream announces it (only the fields the policy reads). */
export interface ChallengeInfo {
  readonly id: string;
  readonly game: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly clock?: { readonly kind: string; readonly [k: string]: unknown };
  readonly rated?: boolean;
  readonly challenger?: { readonly name: string; readonly bot?: boolean };
}

/** Decline reasons, the words lichess bots use, so a server can show them translated. */
export const DECLINE_REASONS = ['generic', 'later', 'variant', 'timeControl', 'rated', 'casual', 'noBot'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export type Decision =
  | { readonly accept: true }
  | { readonly accept: false; readonly reason: DeclineReason; readonly detail: string };

export interface ChallengePolicy {
  /** Games the bot offers (`--games`); all the player can play when absent. */
  readonly games?: readonly string[];
  /** Clock kinds the bot takes; a UHP engine is asked for a time, so `none` is fine (it gets a fixed budget). */
  readonly clocks?: readonly string[];
  /** Rated games, casual games, or both (absent: both). */
  readonly rated?: 'only' | 'never';
  /** Challenges from other bots (absent: accepted). */
  readonly bots?: boolean;
  /** Games played at once; a challenge past it is declined with `later`. */
  readonly maxGames: number;
}

/** Whether the player itself can play a game with these options: nothing, or why not. */
export type CanPlay = (game: GameId, options: Readonly<Record<string, unknown>>) => string | undefined;

const decline = (reason: DeclineReason, detail: string): Decision => ({ accept: false, reason, detail });

export const decideChallenge = (
  c: ChallengeInfo,
  policy: ChallengePolicy,
  canPlay: CanPlay,
  playing: number,
): Decision => {
  if (policy.games && !policy.games.includes(c.game))
    return decline('variant', `this bot plays ${policy.games.join(', ')}, not ${c.game}`);
  const clock = c.clock?.kind ?? 'none';
  if (policy.clocks && !policy.clocks.includes(clock))
    return decline('timeControl', `this bot takes ${policy.clocks.join(', ')} clocks, not ${clock}`);
  if (policy.rated === 'only' && !c.rated) return decline('casual', 'this bot plays rated games only');
  if (policy.rated === 'never' && c.rated) return decline('rated', 'this bot plays casual games only');
  if (policy.bots === false && c.challenger?.bot) return decline('noBot', 'this bot does not play other bots');
  const why = canPlay(c.game as GameId, c.options ?? {});
  if (why !== undefined) return decline('variant', why);
  if (playing >= policy.maxGames)
    return decline('later', `this bot is playing ${playing} game${playing === 1 ? '' : 's'} already`);
  return { accept: true };
};
