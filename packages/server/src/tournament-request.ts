import { type ClientMessage, type ErrorCode, type Refusal, refusal } from '@qiyuan/protocol';
import { validateSpec } from '@qiyuan/tournament';
import { type AnyDefinition, engineFor } from './games.js';
import { newGame } from './lobby-options.js';
import { specOf } from './tournament-records.js';

/**
 * A tournament asked for, checked before anything is stored: its game is served and its options play, how the
 * game seats its players (2v2 teams, tables of more than two), and a format the library accepts. Each refusal is
 * one a player can meet, with its own code (refusals.ts).
 */
export interface AskedTournament {
  readonly def: AnyDefinition;
  /** Played by teams of two (2v2, partners opposite). */
  readonly teams: boolean;
  /** Players per table, for games of more than two seats played each for itself. */
  readonly tableSize: number | undefined;
}

type Create = Extract<ClientMessage, { type: 'tournament.create' }>;

export const checkTournament = (
  msg: Create,
  now: number,
): { ok: true; value: AskedTournament } | { ok: false; code: ErrorCode; refusal: Refusal } => {
  const bad = (r: Refusal) => ({ ok: false as const, code: 'bad-options' as const, refusal: r });
  const def = engineFor(msg.game);
  if (!def) return bad(refusal('game-not-served', `${msg.game} is not served here yet`, { game: String(msg.game) }));
  // every game of the tournament is created from these options: only those the lobby offers (lobby-options.ts)
  const probe = newGame(def, msg.options);
  if (!probe.ok) return bad(probe.refusal);
  const { game } = probe;
  // 2v2 (partners opposite: seats 0 and 2 against 1 and 3) is played by teams; other team layouts are not
  const team = (s: number) => game.teamOf?.(s);
  const teams = team(0) !== undefined;
  const pairs = game.seatCount === 4 && team(0) === team(2) && team(1) === team(3) && team(0) !== team(1);
  if (teams && !pairs) return bad(refusal('teams-pairs-only', 'only 2v2 team games are played in tournaments'));
  if (teams && msg.format.system === 'arena') {
    return bad(refusal('teams-no-arena', 'team tournaments are Swiss, round-robin or knockout'));
  }
  const tableSize = game.seatCount > 2 && !teams ? game.seatCount : undefined;
  if (tableSize !== undefined && msg.format.system !== 'swiss') {
    const why = `games of ${tableSize} players are played at tables, as a Swiss`;
    return bad(refusal('tables-swiss-only', why, { players: tableSize }));
  }
  if (msg.startsAt !== undefined && msg.startsAt < now - 60_000) {
    return bad(refusal('start-passed', 'the start time has passed'));
  }
  const valid = validateSpec(specOf(msg.format, tableSize, msg.startsAt ?? now));
  if (!valid.ok) return bad(refusal('tournament-format', valid.error.reason));
  return { ok: true, value: { def, teams, tableSize } };
};
