import type { Outcome, RecordForm } from '@qiyuan/core';
import type { ClockSpec } from './clock.js';
import type { SeatHolder } from './messages.js';

/**
 * The headers of an exported game, as PGN's seven-tag roster and its common extras (the tag pairs chess's and
 * Hive's record tools read): where, when and between whom a game was played, its result, its clock and how it
 * ended. The engines write only what the game itself knows (its options and moves); the page knows the rest. The
 * server's export (`/api/games/:id/export`) and the pages' write them with these same functions.
 */
export interface RecordContext {
  /** `Qiyuan rated blitz game`, `Qiyuan game against the AI` … */
  readonly event: string;
  /** The site's address. */
  readonly site: string;
  readonly date: Date;
  /** Who held each seat, in seat order. */
  readonly players: readonly string[];
  readonly outcome: Outcome | undefined;
  /** The game's clock; undefined for a game without one (at one screen, against the AI). */
  readonly clock: ClockSpec | undefined;
  /**
   * The server's commitment to its seed (docs/FAIRPLAY.md), with the seed and the salt once the game is over: with
   * them in the record, anyone holding only the export can check the deal.
   */
  readonly fairDeal?: { readonly commitment: string; readonly seed?: string | number; readonly salt?: string };
}

/** The event of a game played on the server: `Qiyuan rated blitz game`. */
export const serverGameEvent = (rated: boolean, speed: string): string =>
  `Qiyuan ${rated ? 'rated' : 'casual'} ${speed} game`;

/** A seat's holder as an exported record names it: the player's name, the AI and its level, `?` for a seat not taken. */
export const recordPlayerName = (h: SeatHolder): string =>
  h.kind === 'user' ? h.user.name : h.kind === 'ai' ? `Qiyuan AI level ${h.level}` : '?';

/** PGN's date: `2026.11.25`. */
export const pgnDate = (d: Date): string =>
  `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;

/** PGN's TimeControl: `-` for none, `600+5` for Fischer, `1/30` for a limit per move, `?` for a delay clock. */
export const timeControl = (c: ClockSpec | undefined): string => {
  if (!c || c.kind === 'none') return '-';
  if (c.kind === 'fischer') return `${c.initialMs / 1000}+${c.incrementMs / 1000}`;
  if (c.kind === 'move') return `1/${c.moveMs / 1000}`;
  // PGN has no form for a simple delay
  return '?';
};

/** PGN's Result for two seats (`1-0`, `0-1`, `1/2-1/2`, `*` while unfinished). */
const result = (o: Outcome | undefined): string => {
  if (o?.results.length !== 2) return '*';
  const [a, b] = o.results;
  return a === 'draw' ? '1/2-1/2' : a === 'win' || b === 'loss' ? '1-0' : '0-1';
};

/** The seats' tags: the game's own for two seats (Abalone's Black and White, Hive's White and Black), else Seat1 … */
const seatTags = (form: Pick<RecordForm, 'seatTags'>, count: number): readonly string[] =>
  form.seatTags && count === 2 ? form.seatTags : Array.from({ length: count }, (_, i) => `Seat${i + 1}`);

/** A tag's value: the engines' readers take no escapes, so a quote or backslash becomes an apostrophe or slash. */
const quote = (s: string): string => s.replace(/"/g, "'").replace(/\\/g, '/');

/** The header tags of a game whose record has the form `form` (its engine's `record`), in PGN's order. */
export const headerTags = (form: Pick<RecordForm, 'seatTags'>, c: RecordContext): [string, string][] => {
  const tags: [string, string][] = [
    ['Event', c.event],
    ['Site', c.site],
    ['Date', pgnDate(c.date)],
    ['Round', '-'],
    ...seatTags(form, c.players.length).map((tag, i): [string, string] => [tag, c.players[i] ?? '?']),
    ['Result', result(c.outcome)],
    ['TimeControl', timeControl(c.clock)],
  ];
  if (c.outcome) {
    tags.push(['Termination', c.outcome.reason]);
    if (c.outcome.ranking && c.players.length > 2) tags.push(['Ranking', c.outcome.ranking.join(',')]);
  }
  if (c.fairDeal) {
    tags.push(['Commitment', c.fairDeal.commitment]);
    if (c.fairDeal.seed !== undefined && c.fairDeal.salt !== undefined)
      tags.push(['Seed', String(c.fairDeal.seed)], ['Salt', c.fairDeal.salt]);
  }
  return tags;
};

/**
 * The engine's export with the headers, where its record form (`GameDefinition.record`) puts them: leading the
 * record, where a tag the engine writes of the same name (Abalone's Result and Termination) stays the engine's;
 * after its first line (Junqi's `junqi {options}` line, which its readers look for); or by the game's own writer
 * (Hive's, which makes the UHP GameString the PGN record Mzinga and the Hive sites read).
 */
export const withHeaders = (form: RecordForm, exported: string, c: RecordContext): string => {
  const tags = headerTags(form, c);
  if (typeof form.headers === 'function') return form.headers(exported, tags);
  if (form.headers === 'after-first-line') {
    const [head = '', ...actions] = exported.split('\n');
    return [head, ...tags.map(([name, value]) => `[${name} "${quote(value)}"]`), ...actions].join('\n');
  }
  const own = new Set([...exported.matchAll(/^\s*\[(\w+)\s/gm)].map((m) => m[1]!));
  const lines = tags.filter(([name]) => !own.has(name)).map(([name, value]) => `[${name} "${quote(value)}"]`);
  return `${lines.join('\n')}\n${exported}`;
};
