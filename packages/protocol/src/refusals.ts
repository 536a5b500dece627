/**
 * The refusals a player can meet, each by a stable code that the pages put in the player's own language. An
 * `error` carries one in `refusal`, with the values its words name in `values`; its `code` stays the kind of
 * refusal (for clients that know only those) and its `reason` an English sentence for logs and tools.
 */
export const REFUSALS = [
  // a game's options (a seek or a tournament)
  'game-not-served',
  // a key the game's lobby does not offer (a seed, a deployment, a position): allow-listed per engine
  'option-not-offered',
  'game-options',
  // creating a tournament
  'register-to-organise',
  'teams-pairs-only',
  'teams-no-arena',
  'tables-swiss-only',
  'start-passed',
  'tournament-format',
  'organiser-limit',
  'tournament-not-stored',
  // joining, withdrawing, starting, following
  'register-to-play',
  'no-tournament',
  'tournament-over',
  'no-late-entries',
  'team-name-needed',
  'not-a-team-tournament',
  'team-full',
  'already-in',
  'withdrew',
  'tournament-full',
  'not-in',
  'organiser-only',
  'team-of-one',
  'too-few-players',
  'no-pairing',
  // seeks: creating, joining, leaving
  'seats-mismatch',
  'creator-seat',
  'register-to-play-rated',
  'rated-between-people',
  'no-seek',
  'own-seek',
  'already-seated',
  'creator-cancels',
  // a game's offers and claims
  'game-paused',
  'not-paused',
  'already-paused',
  'ai-declines-draws',
  'no-draw-in-setup',
  'paused-no-takeback',
  'nothing-to-take-back',
  'no-gone-opponent',
  'paused-nobody-waited',
  'no-claim-in-setup',
  'no-first-move-yet',
  'opponent-here',
  'opponent-may-return',
  'no-vacation',
  'vacation-on',
  'vacation-off',
  'vacation-used-up',
  // berserk in an arena tournament's game
  'berserk-not-arena',
  'berserk-no-clock',
  'berserk-not-seated',
  'berserk-after-move',
  'berserk-already',
  // moderation: a block, a mute
  'blocked-by-creator',
  // a bot joining a seek that does not allow bots
  'no-bots',
  'chat-muted',
  'chat-blocked',
  // organising a public tournament (tournament-organisers.ts)
  'organiser-standing',
] as const;
export type RefusalCode = (typeof REFUSALS)[number];

/** The values a refusal's words name (a team, a number of players, seconds left). */
export type RefusalValues = Readonly<Record<string, string | number>>;

/** A refusal before it is sent: its code, the values its words name, and the English sentence for logs. */
export interface Refusal {
  readonly refusal: RefusalCode;
  readonly reason: string;
  readonly values?: RefusalValues;
}

export const refusal = (code: RefusalCode, reason: string, values?: RefusalValues): Refusal =>
  values === undefined ? { refusal: code, reason } : { refusal: code, reason, values };
