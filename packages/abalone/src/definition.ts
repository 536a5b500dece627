import { fail, type GameDefinition, ok, type Result } from '@qiyuan/core';
import { AbaloneGame, type AbaloneOptions } from './game.js';
import { parseAbaloneOptions } from './options.js';

export { parseAbaloneOptions, parseSetup } from './options.js';

/** Whole-game notation: tag lines, then numbered move pairs. */
export const exportAbaloneGame = (game: AbaloneGame): string => {
  const o = game.options;
  const out = game.outcome();
  const tags = [`[Game "Abalone"]`, `[Start "${o.start}"]`];
  if (o.setup) tags.push(`[Setup "${o.setup}"]`);
  if (o.repetition) tags.push(`[Repetition "on"]`);
  if (o.maxPlies) tags.push(`[MaxPlies "${o.maxPlies}"]`);
  if (out)
    tags.push(
      `[Result "${out.results.map((r) => (r === 'win' ? 1 : r === 'draw' ? '½' : 0)).join('-')}"]`,
      `[Termination "${out.reason}"]`,
    );
  const moves = game.moves();
  const body: string[] = [];
  for (let i = 0; i < moves.length; i += 2) body.push(`${i / 2 + 1}. ${moves.slice(i, i + 2).join(' ')}`);
  return `${tags.join('\n')}\n\n${body.join(' ')}\n`;
};

export const parseAbaloneGame = (text: string): Result<AbaloneGame> => {
  const tags: Record<string, string> = {};
  const body: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const tag = /^\s*\[(\w+)\s+"([^"]*)"\]\s*$/.exec(line);
    if (tag) tags[tag[1]!] = tag[2]!;
    else if (line.trim().startsWith('[')) return fail('bad-game', `malformed tag line: ${line.trim()}`);
    else body.push(line);
  }
  if (tags.Game !== undefined && tags.Game !== 'Abalone')
    return fail('bad-game', `this is a record of ${tags.Game}, not Abalone`);
  const options = parseAbaloneOptions({
    start: tags.Start ?? 'standard',
    repetition: tags.Repetition ?? 'off',
    maxPlies: tags.MaxPlies ?? 0,
    ...(tags.Setup ? { setup: tags.Setup } : {}),
  });
  if (!options.ok) return options;
  const game = new AbaloneGame(options.value);
  const tokens = body
    .join(' ')
    .split(/\s+/)
    .filter((t) => t && !/^\d+\.$/.test(t));
  for (const [i, token] of tokens.entries()) {
    const move = game.parseMove(token);
    if (!move.ok) return fail('bad-game', `move ${i + 1}: ${move.error.reason}`);
    const played = game.play(move.value);
    if (!played.ok) return fail('bad-game', `move ${i + 1} (${token}): ${played.error.reason}`);
  }
  return ok(game);
};

export const abalone: GameDefinition<AbaloneOptions, AbaloneGame> = {
  id: 'abalone',
  parseOptions: parseAbaloneOptions,
  // not `setup` (a position set up by hand, for analysis and local games) nor `seed`
  lobbyOptions: ['start', 'variant', 'repetition', 'maxPlies', 'max-plies', 'players'],
  create: (options) => ok(new AbaloneGame(options)),
  fromSnapshot(snapshot) {
    const s = snapshot as { game?: unknown; options?: Record<string, unknown>; moves?: unknown; ended?: unknown };
    if (!s || typeof s !== 'object' || s.game !== 'abalone' || !Array.isArray(s.moves))
      return fail('bad-snapshot', 'not an Abalone snapshot');
    const options = parseAbaloneOptions(s.options ?? {});
    if (!options.ok) return options;
    const game = new AbaloneGame(options.value);
    for (const text of s.moves) {
      const move = typeof text === 'string' ? game.parseMove(text) : fail('bad-snapshot', 'moves must be strings');
      if (!move.ok) return move;
      const played = game.play(move.value);
      if (!played.ok) return played;
    }
    const ended = s.ended as { reason?: string; results?: string[] } | null | undefined;
    if (ended?.reason === 'draw-agreed') game.apply({ type: 'draw-agreed' });
    else if (ended?.reason === 'resignation' || ended?.reason === 'timeout') {
      const loser = ended.results?.indexOf('loss') ?? -1;
      game.apply({ type: ended.reason === 'resignation' ? 'resign' : 'timeout', seat: loser });
    }
    return ok(game);
  },
  parseGame: parseAbaloneGame,
  exportGame: exportAbaloneGame,
  // the record is tag lines and moves; Black moves first
  record: { seatTags: ['Black', 'White'], headers: 'lead' },
  perft(options, depth) {
    if (!Number.isInteger(depth) || depth < 0) return fail('bad-depth', 'depth must be a whole number');
    return ok(new AbaloneGame(options).position.perft(depth));
  },
};
