/**
 * The schema's history. Each entry is one migration: a list of statements run in one transaction, identical for
 * both engines; `schema_migrations` records how many have run (store.ts applies them on start, under an advisory
 * lock on PostgreSQL). Append only: a deployed database has run the entries before yours. A column added here is
 * added to its table's interface in schema.ts in the same commit.
 */
export const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE users (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT UNIQUE,
      password_hash TEXT,
      guest INTEGER NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE sessions (
      token TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE games (
      id TEXT PRIMARY KEY,
      game TEXT NOT NULL,
      options TEXT NOT NULL,
      clock TEXT NOT NULL,
      speed TEXT NOT NULL,
      rated INTEGER NOT NULL,
      private INTEGER NOT NULL,
      seats TEXT NOT NULL,
      creator TEXT NOT NULL,
      status TEXT NOT NULL,
      seq INTEGER NOT NULL,
      snapshot TEXT,
      clock_state TEXT,
      outcome TEXT,
      rating_change TEXT,
      fence BIGINT NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      finished_at BIGINT
    )`,
    'CREATE INDEX games_status ON games(status)',
    `CREATE TABLE game_events (
      game_id TEXT NOT NULL REFERENCES games(id),
      seq INTEGER NOT NULL,
      kind TEXT NOT NULL,
      seat INTEGER,
      data TEXT,
      at BIGINT NOT NULL,
      PRIMARY KEY (game_id, seq)
    )`,
    `CREATE TABLE game_players (
      game_id TEXT NOT NULL REFERENCES games(id),
      seat INTEGER NOT NULL,
      user_id TEXT NOT NULL,
      PRIMARY KEY (game_id, seat)
    )`,
    'CREATE INDEX game_players_user ON game_players(user_id)',
    `CREATE TABLE ratings (
      user_id TEXT NOT NULL,
      game TEXT NOT NULL,
      speed TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      rd DOUBLE PRECISION NOT NULL,
      vol DOUBLE PRECISION NOT NULL,
      games INTEGER NOT NULL,
      PRIMARY KEY (user_id, game, speed)
    )`,
  ],
  [
    // a game's chat is part of its record: kept across restarts and takeovers, shown again after the end
    `CREATE TABLE game_chat (
      id TEXT PRIMARY KEY,
      game_id TEXT NOT NULL REFERENCES games(id),
      from_user TEXT NOT NULL,
      text TEXT NOT NULL,
      spectator INTEGER NOT NULL,
      at BIGINT NOT NULL
    )`,
    'CREATE INDEX game_chat_game ON game_chat(game_id, at)',
  ],
  [
    // the site's own values, such as the secret that signs guests' cookies (shared by every process)
    'CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  ],
  [
    // seeks that expired while their creator was away, until the creator has been told (see seek-expiry.ts)
    `CREATE TABLE seek_expiries (
      seek_id TEXT PRIMARY KEY REFERENCES games(id),
      user_id TEXT NOT NULL,
      expired_at BIGINT NOT NULL,
      told INTEGER NOT NULL
    )`,
    'CREATE INDEX seek_expiries_user ON seek_expiries(user_id, told)',
  ],
  [
    // team chat (2v2 Junqi): the team a line was written in; NULL for lines to everyone
    'ALTER TABLE game_chat ADD COLUMN team INTEGER',
  ],
  [
    // computer reviews of finished games (reviews.ts): pending while one process makes it, then done or failed
    `CREATE TABLE game_reviews (
      game_id TEXT PRIMARY KEY REFERENCES games(id),
      status TEXT NOT NULL,
      review TEXT,
      error TEXT,
      requested_by TEXT NOT NULL,
      requested_at BIGINT NOT NULL,
      finished_at BIGINT
    )`,
  ],
  [
    // tournaments (tournaments.ts): the event, its entrants, and every pairing of every round with its game
    `CREATE TABLE tournaments (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      game TEXT NOT NULL,
      options TEXT NOT NULL,
      clock TEXT NOT NULL,
      speed TEXT NOT NULL,
      format TEXT NOT NULL,
      rated INTEGER NOT NULL,
      private INTEGER NOT NULL,
      creator TEXT NOT NULL,
      status TEXT NOT NULL,
      round INTEGER NOT NULL,
      starts_at BIGINT,
      ends_at BIGINT,
      max_players INTEGER,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      finished_at BIGINT
    )`,
    'CREATE INDEX tournaments_status ON tournaments(status, starts_at)',
    `CREATE TABLE tournament_players (
      tournament_id TEXT NOT NULL REFERENCES tournaments(id),
      user_id TEXT NOT NULL,
      name TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      from_round INTEGER NOT NULL,
      withdrawn_round INTEGER,
      joined_at BIGINT NOT NULL,
      PRIMARY KEY (tournament_id, user_id)
    )`,
    // one row per round, written once (its primary key is what makes a round paired exactly once across processes)
    `CREATE TABLE tournament_rounds (
      tournament_id TEXT NOT NULL REFERENCES tournaments(id),
      round INTEGER NOT NULL,
      pairings TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (tournament_id, round)
    )`,
    // every game a round started: its pairing (board), its number in a match, its players by seat
    `CREATE TABLE tournament_games (
      tournament_id TEXT NOT NULL REFERENCES tournaments(id),
      round INTEGER NOT NULL,
      board INTEGER NOT NULL,
      game_no INTEGER NOT NULL,
      players TEXT NOT NULL,
      tie_break INTEGER NOT NULL,
      game_id TEXT NOT NULL UNIQUE,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (tournament_id, round, board, game_no)
    )`,
    // a game paired by a tournament names it
    'ALTER TABLE games ADD COLUMN tournament_id TEXT',
  ],
  [
    // deadlines every process shares (scheduler.ts): a correspondence game's flag, a reminder, a tournament's round
    `CREATE TABLE deadlines (
      key TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      due_at BIGINT NOT NULL,
      data TEXT NOT NULL,
      version INTEGER NOT NULL,
      claimed_by TEXT,
      claimed_at BIGINT
    )`,
    'CREATE INDEX deadlines_due ON deadlines(due_at)',
    // the address a player gave for e-mail notices (correspondence reminders); NULL: none
    'ALTER TABLE users ADD COLUMN email TEXT',
  ],
  [
    // puzzles (puzzles.ts): the committed sets, loaded on start; each puzzle's own Glicko-2 rating
    `CREATE TABLE puzzles (
      id TEXT PRIMARY KEY,
      game TEXT NOT NULL,
      position TEXT NOT NULL,
      solution TEXT NOT NULL,
      moves INTEGER NOT NULL,
      themes TEXT NOT NULL,
      source TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      rd DOUBLE PRECISION NOT NULL,
      vol DOUBLE PRECISION NOT NULL,
      plays INTEGER NOT NULL
    )`,
    'CREATE INDEX puzzles_game ON puzzles(game, rating)',
    // a player's first attempt at a puzzle, the one that is rated (its primary key makes it once per player)
    `CREATE TABLE puzzle_attempts (
      user_id TEXT NOT NULL,
      puzzle_id TEXT NOT NULL REFERENCES puzzles(id),
      solved INTEGER NOT NULL,
      rated INTEGER NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (user_id, puzzle_id)
    )`,
    // a player's puzzle rating per game, apart from the ratings of games played
    `CREATE TABLE puzzle_ratings (
      user_id TEXT NOT NULL,
      game TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      rd DOUBLE PRECISION NOT NULL,
      vol DOUBLE PRECISION NOT NULL,
      games INTEGER NOT NULL,
      PRIMARY KEY (user_id, game)
    )`,
  ],
  [
    // team tournaments (2v2 Junqi, tournaments.ts): the team a player entered with; NULL in other tournaments
    'ALTER TABLE tournament_players ADD COLUMN team TEXT',
  ],
  [
    // puzzles of every game (puzzle-judge.ts): how a puzzle is judged (`line` or `goal`) and what the solver must reach
    "ALTER TABLE puzzles ADD COLUMN kind TEXT NOT NULL DEFAULT 'line'",
    "ALTER TABLE puzzles ADD COLUMN goal TEXT NOT NULL DEFAULT 'win'",
  ],
  [
    // the players of a game who turned the spectators' chat off for themselves (chat-settings.ts)
    `CREATE TABLE game_chat_quiet (
      game_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      PRIMARY KEY (game_id, user_id)
    )`,
    // an address is mailed nothing but its confirmation link until its owner follows it (account-mail.ts)
    'ALTER TABLE users ADD COLUMN email_confirmed INTEGER NOT NULL DEFAULT 0',
    // single-use links mailed to a player (confirm an address, reset a password): only the token's hash is kept
    `CREATE TABLE account_tokens (
      hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      email TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    'CREATE INDEX account_tokens_user ON account_tokens(user_id, kind)',
    // every mail sent, by address and account, so the daily caps hold across processes and restarts (mail-budget.ts)
    `CREATE TABLE mail_log (
      id TEXT PRIMARY KEY,
      address TEXT NOT NULL,
      user_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      at BIGINT NOT NULL
    )`,
    'CREATE INDEX mail_log_address ON mail_log(address, at)',
    'CREATE INDEX mail_log_user ON mail_log(user_id, at)',
    // a password reset finds the account by its address, in any case
    'CREATE INDEX users_email ON users(LOWER(email))',
  ],
  [
    // moderation (repos/moderation.ts): an account's role, ban, mute and closing; NULL for none
    'ALTER TABLE users ADD COLUMN role TEXT',
    'ALTER TABLE users ADD COLUMN banned_at BIGINT',
    'ALTER TABLE users ADD COLUMN ban_reason TEXT',
    'ALTER TABLE users ADD COLUMN muted_until BIGINT',
    'ALTER TABLE users ADD COLUMN mute_reason TEXT',
    'ALTER TABLE users ADD COLUMN closed_at BIGINT',
    // a player's report about another, open until a moderator closes it with a note
    `CREATE TABLE reports (
      id TEXT PRIMARY KEY,
      reporter_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      reason TEXT NOT NULL,
      text TEXT NOT NULL,
      game_id TEXT,
      created_at BIGINT NOT NULL,
      closed_at BIGINT,
      closed_by TEXT,
      note TEXT
    )`,
    'CREATE INDEX reports_open ON reports(closed_at, created_at)',
    'CREATE INDEX reports_user ON reports(user_id, created_at)',
    'CREATE INDEX reports_reporter ON reports(reporter_id, created_at)',
    // who blocked whom (each way is its own row)
    `CREATE TABLE blocks (
      blocker_id TEXT NOT NULL,
      blocked_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (blocker_id, blocked_id)
    )`,
    // every moderator action: who, when, whom, what and why
    `CREATE TABLE mod_log (
      id TEXT PRIMARY KEY,
      at BIGINT NOT NULL,
      moderator_id TEXT NOT NULL,
      moderator_name TEXT NOT NULL,
      action TEXT NOT NULL,
      user_id TEXT NOT NULL,
      user_name TEXT NOT NULL,
      reason TEXT NOT NULL,
      details TEXT
    )`,
    'CREATE INDEX mod_log_at ON mod_log(at)',
    'CREATE INDEX mod_log_user ON mod_log(user_id, at)',
  ],
  [
    // an arena player whose first move lapsed is paused (tournament-pauses.ts): the aborted game that paused them,
    // so that the same game never pauses them again once they have come back
    'ALTER TABLE tournament_players ADD COLUMN paused_by TEXT',
    // why a tournament ended before its planned end (tournaments.ts), as JSON {reason, round}; NULL otherwise
    'ALTER TABLE tournaments ADD COLUMN end_reason TEXT',
  ],
  [
    // the Bot and Board API (api-tokens.ts, challenges.ts): personal tokens, kept as their SHA-256 only
    `CREATE TABLE api_tokens (
      id TEXT PRIMARY KEY,
      hash TEXT NOT NULL UNIQUE,
      user_id TEXT NOT NULL,
      description TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      last_used_at BIGINT
    )`,
    'CREATE INDEX api_tokens_user ON api_tokens(user_id)',
    // a bot account (1) plays through the Bot API only, for good; a seek says whether bots may join it
    'ALTER TABLE users ADD COLUMN bot INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE games ADD COLUMN allow_bots INTEGER NOT NULL DEFAULT 0',
    // one player's challenge to another, until it is answered, cancelled or expires
    `CREATE TABLE challenges (
      id TEXT PRIMARY KEY,
      challenger_id TEXT NOT NULL,
      dest_id TEXT NOT NULL,
      challenger TEXT NOT NULL,
      dest TEXT NOT NULL,
      game TEXT NOT NULL,
      options TEXT NOT NULL,
      clock TEXT NOT NULL,
      rated INTEGER NOT NULL,
      seat INTEGER,
      status TEXT NOT NULL,
      game_id TEXT,
      decline_reason TEXT,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    'CREATE INDEX challenges_dest ON challenges(dest_id, status)',
    'CREATE INDEX challenges_challenger ON challenges(challenger_id, status)',
  ],
  [
    // The event log loses its key on (game_id, seq): nothing reads it by game (a game's record is its snapshot), and
    // the guarded update of the game's row, in the same transaction, already admits one event per sequence number.
    // The key's index put every move in a page of its own, chosen by the game's id, which the commit then wrote to
    // the WAL; without it the moves of a commit append to the same last page (SQLite, 5 moves a commit: about
    // 21-24 -> 14 us of CPU a move, docs/BENCHMARKS.md). Rebuilt, as SQLite cannot drop a primary key.
    `CREATE TABLE game_log (
      game_id TEXT NOT NULL REFERENCES games(id),
      seq INTEGER NOT NULL,
      kind TEXT NOT NULL,
      seat INTEGER,
      data TEXT,
      at BIGINT NOT NULL
    )`,
    'INSERT INTO game_log (game_id, seq, kind, seat, data, at) SELECT game_id, seq, kind, seat, data, at FROM game_events',
    'DROP TABLE game_events',
    'ALTER TABLE game_log RENAME TO game_events',
  ],
  [
    // A game's row keeps the snapshot of a checkpoint and the moves played since (each the event's data, a line of
    // JSON), replayed when the game is read: serializing the whole game on every move was the move's largest cost
    // after the sockets and the commit (docs/BENCHMARKS.md). Empty whenever the snapshot is the game's latest.
    "ALTER TABLE games ADD COLUMN moves_since TEXT NOT NULL DEFAULT ''",
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;
