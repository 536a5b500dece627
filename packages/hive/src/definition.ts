import { fail, type GameDefinition, ok, type Result } from '@qiyuan/core';
import { type HiveGame, parseGameString, rosterMove } from './game.js';
import { gameTypeString, parseFlips } from './gametype.js';
import { type HiveDefinitionOptions, parseHiveOptions } from './options.js';
import { isHivePgn, readHivePgn, writeHivePgn } from './record.js';
import { isSetupString, parseSetupGame } from './setup.js';

export { type HiveDefinitionOptions, parseHiveOptions } from './options.js';

const create = (options: HiveDefinitionOptions): Result<HiveGame> => {
  const { position, ...rest } = options;
  if (position !== undefined) {
    if (isSetupString(position)) return parseSetupGame(position, rest);
    return isHivePgn(position) ? readHivePgn(position, rest) : parseGameString(position, rest);
  }
  return parseGameString(gameTypeString(options), rest);
};

export const hive: GameDefinition<HiveDefinitionOptions, HiveGame> = {
  id: 'hive',
  parseOptions: parseHiveOptions,
  // not `position` (a start fixed by the creator) nor `seed`: a game between people starts from the empty table
  lobbyOptions: ['variant', 'gameType', 'sides', 'tournamentOpening', 'repetition', 'pillbugDutchRule', 'players'],
  create,
  fromSnapshot(snapshot) {
    const s = snapshot as { game?: unknown; options?: Record<string, unknown>; moves?: unknown; ended?: unknown };
    if (!s || typeof s !== 'object' || s.game !== 'hive' || !Array.isArray(s.moves))
      return fail('bad-snapshot', 'not a Hive snapshot');
    const o = s.options ?? {};
    // Older snapshots carry the expansions as flags only.
    const variant =
      typeof o.variant === 'string'
        ? o.variant
        : `Base${o.mosquito || o.ladybug || o.pillbug ? `+${o.mosquito ? 'M' : ''}${o.ladybug ? 'L' : ''}${o.pillbug ? 'P' : ''}` : ''}`;
    const setup = (s as { setup?: unknown }).setup;
    const options = parseHiveOptions({
      variant,
      tournamentOpening: o.tournamentOpening,
      repetition: o.repetition,
      pillbugDutchRule: o.pillbugDutchRule,
      ...(typeof setup === 'string' ? { position: setup } : {}),
    });
    if (!options.ok) return options;
    const created = create(options.value);
    if (!created.ok) return created;
    const game = created.value;
    const rosters = (s as { rosters?: unknown }).rosters ?? [];
    if (!Array.isArray(rosters)) return fail('bad-snapshot', 'rosters must be a list');
    for (const r of rosters as { seat?: unknown; flips?: unknown }[]) {
      const flips =
        typeof r?.flips === 'string' ? parseFlips(r.flips, options.value) : fail('bad-snapshot', 'bad roster');
      if (!flips.ok) return flips;
      const played = game.play(rosterMove(flips.value), Number(r.seat));
      if (!played.ok) return played;
    }
    for (const text of s.moves) {
      const m = typeof text === 'string' ? game.parseMove(text) : fail('bad-snapshot', 'moves must be strings');
      if (!m.ok) return m;
      const played = game.play(m.value);
      if (!played.ok) return played;
    }
    const ended = s.ended as { reason?: string; results?: string[] } | null;
    if (ended?.reason === 'draw-agreed') game.apply({ type: 'draw-agreed' });
    else if (ended?.reason === 'resignation' || ended?.reason === 'timeout')
      game.apply({
        type: ended.reason === 'resignation' ? 'resign' : 'timeout',
        seat: ended.results?.indexOf('loss') ?? -1,
      });
    return ok(game);
  },
  parseGame(text) {
    if (isHivePgn(text)) return readHivePgn(text);
    if (isSetupString(text)) return parseSetupGame(text);
    const strict = parseGameString(text);
    if (strict.ok) return strict;
    // A game decided off the board (resignation, time, agreed draw) is exported with its result, though
    // its moves alone lead to InProgress: read the result back as that platform event.
    const parts = text.trim().split(';');
    const state = parts[1];
    if (state !== 'WhiteWins' && state !== 'BlackWins' && state !== 'Draw') return strict;
    const open = parseGameString([parts[0], 'InProgress', ...parts.slice(2)].join(';'));
    if (!open.ok) return strict;
    const game = open.value;
    if (state === 'Draw') game.apply({ type: 'draw-agreed' });
    else game.apply({ type: 'resign', seat: state === 'WhiteWins' ? 1 : 0 });
    return ok(game);
  },
  // the GameString: engines read it, and the web app adds the players' tags by writing it as PGN (record.ts)
  exportGame: (game) => game.positionToString(),
  // the tags make the GameString a PGN record (Mzinga's), with White and Black first
  record: { seatTags: ['White', 'Black'], headers: writeHivePgn },
  perft(options, depth) {
    if (!Number.isInteger(depth) || depth < 0) return fail('bad-depth', 'depth must be a whole number');
    const g = create(options);
    if (!g.ok) return g;
    if (g.value.inRosterPhase) return fail('roster-phase', 'perft needs fixed rosters: give the reverse sides, not :?');
    return ok(g.value.position.perft(depth));
  },
};
