import { fail, GAME_IDS, ok, type Result } from '@qiyuan/core';
import type { Command } from 'commander';
import { AiPlayer } from '../bot/ai-player.js';
import { BotApi } from '../bot/api.js';
import { type BotRun, runBot } from '../bot/bot.js';
import { botLog } from '../bot/log.js';
import type { BotPlayer } from '../bot/player.js';
import { UhpPlayer } from '../bot/uhp-player.js';

/**
 * `qiyuan bot`: puts a UHP engine or a built-in AI level online on a Qiyuan
 * server through its Bot API (docs/BOTS.md). Stops on Ctrl-C (SIGINT) or
 * SIGTERM, letting the games it is in go on without it.
 */

export interface BotCommandOptions {
  readonly server: string;
  readonly token: string;
  readonly engine?: string;
  readonly ai?: string;
  /** Comma-separated game ids. */
  readonly games?: string;
  readonly depth?: number;
  readonly json?: boolean;
  readonly maxGames?: number;
  /** A move's time when the clock does not run (ms). */
  readonly moveTime?: number;
  readonly rated?: 'only' | 'never';
  readonly noBots?: boolean;
  /** Play through the Board API's routes instead of the Bot API's (an ordinary account). */
  readonly board?: boolean;
}

export interface BotCommandIo {
  readonly signal: AbortSignal;
  readonly write: (line: string) => void;
  readonly fetch?: typeof fetch;
  readonly onGameEnd?: BotRun['onGameEnd'];
  readonly backoff?: BotRun['backoff'];
}

const checkOptions = (o: BotCommandOptions): Result<string[] | undefined> => {
  if (!/^https?:\/\/\S+$/.test(o.server))
    return fail('bad-server', `--server must be an http(s) address, not "${o.server}"`);
  if (!o.token)
    return fail('no-token', 'give --token (or QIYUAN_TOKEN): create one on the site under Account → API tokens');
  if ((o.engine === undefined) === (o.ai === undefined))
    return fail('bad-player', 'give exactly one of --engine and --ai');
  if (o.depth !== undefined && !(Number.isInteger(o.depth) && o.depth > 0))
    return fail('bad-depth', '--depth must be a whole number above 0');
  if (o.maxGames !== undefined && !(Number.isInteger(o.maxGames) && o.maxGames > 0))
    return fail('bad-max-games', '--max-games must be a whole number above 0');
  if (o.games === undefined) return ok(undefined);
  const list = o.games
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  const unknown = list.find((g) => !(GAME_IDS as readonly string[]).includes(g));
  if (unknown !== undefined) return fail('bad-games', `unknown game "${unknown}" (one of ${GAME_IDS.join(', ')})`);
  return ok(list);
};

/** The command itself, callable in process: resolves when stopped through `io.signal` or refused by the server. */
export const runBotCommand = async (o: BotCommandOptions, io: BotCommandIo): Promise<Result<void>> => {
  const checked = checkOptions(o);
  if (!checked.ok) return checked;
  let player: BotPlayer;
  if (o.engine !== undefined) {
    const started = await UhpPlayer.start(o.engine, o.depth !== undefined ? { depth: o.depth } : {});
    if (!started.ok) return started;
    player = started.value;
  } else {
    const created = AiPlayer.create(o.ai ?? '');
    if (!created.ok) return created;
    player = created.value;
  }
  try {
    return await runBot({
      api: new BotApi({
        server: o.server,
        token: o.token,
        kind: o.board ? 'board' : 'bot',
        ...(io.fetch ? { fetch: io.fetch } : {}),
      }),
      player,
      policy: {
        ...(checked.value ? { games: checked.value } : {}),
        ...(o.rated ? { rated: o.rated } : {}),
        ...(o.noBots ? { bots: false } : {}),
        // A UHP engine holds one game at a time, so its games wait for each other: a few at most.
        maxGames: o.maxGames ?? (o.engine !== undefined ? 2 : 4),
      },
      log: botLog(o.json ?? false, io.write),
      signal: io.signal,
      budget: { fallbackMs: o.moveTime ?? 5000, maxMs: 60_000 },
      ...(io.onGameEnd ? { onGameEnd: io.onGameEnd } : {}),
      ...(io.backoff ? { backoff: io.backoff } : {}),
    });
  } finally {
    await player.close();
  }
};

const whole = (text: string): number => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

export const registerBot = (program: Command): void => {
  program
    .command('bot')
    .description('play on a Qiyuan server as a bot: a UHP engine (Hive) or a built-in AI level (every game)')
    .requiredOption('--server <url>', 'the server, e.g. https://qiyuan.example.org')
    .option('--token <token>', 'an API token with the bot:play scope (default: $QIYUAN_TOKEN)')
    .option('--engine <command>', 'a UHP engine to run, with its arguments: "nokamute uhp"')
    .option('--ai <level>', 'a built-in AI level: beginner, casual, club, expert, master (or 1-5)')
    .option('--games <ids>', `games to accept, comma-separated (${GAME_IDS.join(',')})`)
    .option('--depth <n>', 'ask the UHP engine for bestmove depth N instead of a time', whole)
    .option('--move-time <ms>', 'a move’s time when the game has no running clock', whole)
    .option('--max-games <n>', 'games played at once; more challenges are declined with "later"', whole)
    .option('--rated <only|never>', 'accept rated games only, or casual games only')
    .option('--no-bots', 'decline challenges from other bots')
    .option('--board', 'play through the Board API (an ordinary account) instead of the Bot API')
    .option('--json', 'log one JSON object a line')
    .action(async (flags: Record<string, unknown>) => {
      const stop = new AbortController();
      process.once('SIGINT', () => stop.abort());
      process.once('SIGTERM', () => stop.abort());
      const rated = flags.rated;
      if (rated !== undefined && rated !== 'only' && rated !== 'never') program.error('--rated takes only or never');
      const r = await runBotCommand(
        {
          server: String(flags.server),
          token: String(flags.token ?? process.env.QIYUAN_TOKEN ?? ''),
          ...(typeof flags.engine === 'string' ? { engine: flags.engine } : {}),
          ...(typeof flags.ai === 'string' ? { ai: flags.ai } : {}),
          ...(typeof flags.games === 'string' ? { games: flags.games } : {}),
          ...(typeof flags.depth === 'number' ? { depth: flags.depth } : {}),
          ...(typeof flags.moveTime === 'number' ? { moveTime: flags.moveTime } : {}),
          ...(typeof flags.maxGames === 'number' ? { maxGames: flags.maxGames } : {}),
          ...(rated === 'only' || rated === 'never' ? { rated } : {}),
          ...(flags.bots === false ? { noBots: true } : {}),
          ...(flags.board === true ? { board: true } : {}),
          ...(flags.json === true ? { json: true } : {}),
        },
        { signal: stop.signal, write: (line) => process.stdout.write(line) },
      );
      if (!r.ok) program.error(r.error.reason);
    });
};
