import type { Generated } from 'kysely';

/**
 * The tables as the queries see them, one interface per table, for Kysely's typed builder.
 * Kept by hand beside the migrations (migrations.ts): a migration that adds or changes a column changes its
 * interface here in the same commit; the store-contract tests would fail on a column the type does not know.
 * Numbers: INTEGER, BIGINT and DOUBLE PRECISION are read as JavaScript numbers on both engines (the PostgreSQL
 * pool parses int8, which every time in milliseconds fits). Flags are INTEGER 0/1 on both, not booleans.
 * `Generated` marks a column with a default, which an insert may leave out.
 */

export interface AccountTokensTable {
  hash: string;
  user_id: string;
  kind: string;
  email: string;
  expires_at: number;
}

export interface ApiTokensTable {
  id: string;
  hash: string;
  user_id: string;
  description: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

export interface ChallengesTable {
  id: string;
  challenger_id: string;
  dest_id: string;
  challenger: string;
  dest: string;
  game: string;
  options: string;
  clock: string;
  rated: number;
  seat: number | null;
  status: string;
  game_id: string | null;
  decline_reason: string | null;
  created_at: number;
  expires_at: number;
}

export interface DeadlinesTable {
  key: string;
  kind: string;
  due_at: number;
  data: string;
  version: number;
  claimed_by: string | null;
  claimed_at: number | null;
}

export interface GameChatTable {
  id: string;
  game_id: string;
  from_user: string;
  text: string;
  spectator: number;
  at: number;
  team: number | null;
}

export interface GameChatQuietTable {
  game_id: string;
  user_id: string;
}

export interface GameEventsTable {
  game_id: string;
  seq: number;
  kind: string;
  seat: number | null;
  data: string | null;
  at: number;
}

export interface GamePlayersTable {
  game_id: string;
  seat: number;
  user_id: string;
}

export interface GameReviewsTable {
  game_id: string;
  status: string;
  review: string | null;
  error: string | null;
  requested_by: string;
  requested_at: number;
  finished_at: number | null;
}

export interface GamesTable {
  id: string;
  game: string;
  options: string;
  clock: string;
  speed: string;
  rated: number;
  private: number;
  seats: string;
  creator: string;
  status: string;
  seq: number;
  /** The game at its last checkpoint; with `moves_since` replayed on it, the game now (stored-game.ts). */
  snapshot: string | null;
  /** The moves since the checkpoint, one line of JSON each (the event's data); empty when `snapshot` is the latest. */
  moves_since: Generated<string>;
  clock_state: string | null;
  outcome: string | null;
  rating_change: string | null;
  fence: Generated<number>;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  tournament_id: string | null;
  allow_bots: Generated<number>;
}

export interface MailLogTable {
  id: string;
  address: string;
  user_id: string;
  kind: string;
  at: number;
}

export interface ModLogTable {
  id: string;
  at: number;
  moderator_id: string;
  moderator_name: string;
  action: string;
  user_id: string;
  user_name: string;
  reason: string;
  details: string | null;
}

export interface PuzzleAttemptsTable {
  user_id: string;
  puzzle_id: string;
  solved: number;
  rated: number;
  at: number;
}

export interface PuzzleRatingsTable {
  user_id: string;
  game: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
}

export interface PuzzlesTable {
  id: string;
  game: string;
  position: string;
  solution: string;
  moves: number;
  themes: string;
  source: string;
  rating: number;
  rd: number;
  vol: number;
  plays: number;
  kind: Generated<string>;
  goal: Generated<string>;
}

export interface RatingsTable {
  user_id: string;
  game: string;
  speed: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
}

export interface ReportsTable {
  id: string;
  reporter_id: string;
  user_id: string;
  reason: string;
  text: string;
  game_id: string | null;
  created_at: number;
  closed_at: number | null;
  closed_by: string | null;
  note: string | null;
}

export interface SeekExpiriesTable {
  seek_id: string;
  user_id: string;
  expired_at: number;
  told: number;
}

export interface SessionsTable {
  token: string;
  user_id: string;
  created_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface TournamentGamesTable {
  tournament_id: string;
  round: number;
  board: number;
  game_no: number;
  players: string;
  tie_break: number;
  game_id: string;
  created_at: number;
}

export interface TournamentPlayersTable {
  tournament_id: string;
  user_id: string;
  name: string;
  rating: number;
  from_round: number;
  withdrawn_round: number | null;
  joined_at: number;
  team: string | null;
  paused_by: string | null;
}

export interface TournamentRoundsTable {
  tournament_id: string;
  round: number;
  pairings: string;
  created_at: number;
}

export interface TournamentsTable {
  id: string;
  name: string;
  game: string;
  options: string;
  clock: string;
  speed: string;
  format: string;
  rated: number;
  private: number;
  creator: string;
  status: string;
  round: number;
  starts_at: number | null;
  ends_at: number | null;
  max_players: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  end_reason: string | null;
}

export interface UsersTable {
  id: string;
  name: string;
  name_key: string | null;
  password_hash: string | null;
  guest: number;
  created_at: number;
  email: string | null;
  email_confirmed: Generated<number>;
  role: string | null;
  banned_at: number | null;
  ban_reason: string | null;
  muted_until: number | null;
  mute_reason: string | null;
  closed_at: number | null;
  bot: Generated<number>;
}

export interface Schema {
  account_tokens: AccountTokensTable;
  api_tokens: ApiTokensTable;
  blocks: BlocksTable;
  challenges: ChallengesTable;
  deadlines: DeadlinesTable;
  game_chat: GameChatTable;
  game_chat_quiet: GameChatQuietTable;
  game_events: GameEventsTable;
  game_players: GamePlayersTable;
  game_reviews: GameReviewsTable;
  games: GamesTable;
  mail_log: MailLogTable;
  mod_log: ModLogTable;
  puzzle_attempts: PuzzleAttemptsTable;
  puzzle_ratings: PuzzleRatingsTable;
  puzzles: PuzzlesTable;
  ratings: RatingsTable;
  reports: ReportsTable;
  seek_expiries: SeekExpiriesTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  tournament_games: TournamentGamesTable;
  tournament_players: TournamentPlayersTable;
  tournament_rounds: TournamentRoundsTable;
  tournaments: TournamentsTable;
  users: UsersTable;
}
