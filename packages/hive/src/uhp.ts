import { type HiveGame, parseGameString } from './game.js';
import { type Move, NEIGHBOR, PASS } from './position.js';
import { isSetupString, parseSetupGame } from './setup.js';

export interface SearchLimit {
  readonly depth?: number;
  readonly timeMs?: number;
}

/** Picks a move for the side to move; the AI package plugs its search in here. */
export type BestMoveSearch = (game: HiveGame, limit: SearchLimit) => Move;

const occupiedAround = (game: HiveGame, color: number): number => {
  const p = game.position;
  const q = p.queenCell(color);
  if (q < 0) return 0;
  let n = 0;
  for (let d = 0; d < 6; d++) if (p.height[NEIGHBOR[q * 6 + d]!]! > 0) n++;
  return n;
};

/**
 * A one-ply search: take a win, else the move that leaves the opponent's
 * Queen most surrounded and one's own least. Stands in until the AI package
 * provides a real search; `info` says so.
 */
export const onePlySearch: BestMoveSearch = (game) => {
  const me = game.position.side;
  let best = PASS;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const m of game.legalMoves()) {
    game.play(m);
    const o = game.outcome();
    const score = o
      ? o.results[me] === 'win'
        ? 1000
        : o.results[me] === 'draw'
          ? 0
          : -1000
      : occupiedAround(game, 1 - me) - occupiedAround(game, me);
    game.undo();
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
};

const TIME = /^(\d+):([0-5]\d):([0-5]\d)$/;

/** The engine's UHP options: rules of the games it starts, taking effect at the next `newgame`. */
const OPTIONS = [
  { name: 'TournamentOpening', key: 'tournamentOpening', fallback: true },
  { name: 'RepetitionDraw', key: 'repetition', fallback: true },
  { name: 'PillbugDutchRule', key: 'pillbugDutchRule', fallback: false },
] as const;
type OptionKey = (typeof OPTIONS)[number]['key'];

const uhpBool = (b: boolean): string => (b ? 'True' : 'False');

/**
 * A whole-number option of the search behind `bestmove` (its threads, its table's memory), declared and applied by
 * whoever plugs the search in; UHP lists it as `name;int;value;default;min;max`.
 */
export interface EngineOption {
  readonly name: string;
  readonly fallback: number;
  readonly min: number;
  readonly max: number;
  get(): number;
  /** Takes a value within min…max (the session checks the range first). */
  set(value: number): void;
}

/**
 * A Universal Hive Protocol session: one command line in, the answer lines
 * out, each answer ending with `ok`. Bad input answers `err …` or
 * `invalidmove …` and leaves the game as it was.
 */
export class UhpSession {
  private game: HiveGame | undefined;
  private readonly rules: Record<OptionKey, boolean> = {
    tournamentOpening: true,
    repetition: true,
    pillbugDutchRule: false,
  };

  constructor(
    private readonly search: BestMoveSearch = onePlySearch,
    private readonly engineName = 'Qiyuan Hive 0.1.0 (bestmove: one-ply search)',
    private readonly engineOptions: readonly EngineOption[] = [],
  ) {}

  /** `options`, `options get NAME`, `options set NAME VALUE`: the rules of the next game, then the search's own. */
  private options(args: readonly string[]): string[] {
    const answer = (...lines: string[]) => [...lines, 'ok'];
    const err = (reason: string) => answer(`err ${reason}`);
    // Each option as UHP writes it: name;type;value;default, and min;max for numbers (booleans have none).
    const ruleLine = (o: (typeof OPTIONS)[number]) =>
      `${o.name};bool;${uhpBool(this.rules[o.key])};${uhpBool(o.fallback)}`;
    const engineLine = (o: EngineOption) => `${o.name};int;${o.get()};${o.fallback};${o.min};${o.max}`;
    if (!args[0]) return answer(...OPTIONS.map(ruleLine), ...this.engineOptions.map(engineLine));
    if (args[0] !== 'get' && args[0] !== 'set') return err('use options, options get NAME or options set NAME VALUE');
    if (args.length < 2) return err(`options ${args[0]} needs an option name`);
    const named = args[1]!.toLowerCase();
    const rule = OPTIONS.find((o) => o.name.toLowerCase() === named);
    if (rule) {
      if (args[0] === 'set') {
        const value = (args[2] ?? '').toLowerCase();
        if (value !== 'true' && value !== 'false') return err(`${rule.name} takes True or False`);
        this.rules[rule.key] = value === 'true';
      }
      return answer(ruleLine(rule));
    }
    const engine = this.engineOptions.find((o) => o.name.toLowerCase() === named);
    if (!engine) {
      const names = [...OPTIONS.map((o) => o.name), ...this.engineOptions.map((o) => o.name)];
      return err(`unknown option ${args[1]} (${names.join(', ')})`);
    }
    if (args[0] === 'set') {
      const text = args[2] ?? '';
      const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!(value >= engine.min && value <= engine.max))
        return err(`${engine.name} takes a whole number from ${engine.min} to ${engine.max}`);
      engine.set(value);
    }
    return answer(engineLine(engine));
  }

  handle(line: string): string[] {
    const [command = '', ...args] = line.trim().split(/\s+/);
    const rest = line.trim().slice(command.length).trim();
    const answer = (...lines: string[]) => [...lines, 'ok'];
    const err = (reason: string) => answer(`err ${reason}`);
    switch (command) {
      case '':
        return [];
      case 'info':
        // The capabilities line stays UHP's own; the reverse sides are named in the id, where any client just shows them.
        return answer(
          `id ${this.engineName}; also the reverse sides R T F W D K C: newgame Base+MLP:<flips>[/<flips>] or :?`,
          'Mosquito;Ladybug;Pillbug',
        );
      case 'newgame': {
        // a position set up by hand (setup.ts) starts a game too: its GameString is the setup, then the moves
        const g = isSetupString(rest) ? parseSetupGame(rest, this.rules) : parseGameString(rest || 'Base', this.rules);
        // a move of the GameString that cannot be read or played is an invalid move, as nokamute and Mzinga answer
        if (!g.ok)
          return g.error.code === 'game-string-move' ? answer(`invalidmove ${g.error.reason}`) : err(g.error.reason);
        this.game = g.value;
        return answer(this.game.positionToString());
      }
      case 'play':
      case 'pass': {
        const game = this.game;
        if (!game) return err('no game in progress: start one with newgame');
        const text = command === 'pass' ? 'pass' : rest;
        // no MoveString is no valid move: nokamute and Mzinga answer invalidmove here too
        if (!text) return answer('invalidmove play needs a MoveString');
        if (game.outcome()) return answer(`invalidmove the game is over (${game.state()})`);
        const m = game.parseMove(text);
        if (!m.ok) return answer(`invalidmove ${m.error.reason}`);
        const played = game.play(m.value);
        if (!played.ok) return answer(`invalidmove ${played.error.reason}`);
        return answer(game.positionToString());
      }
      case 'validmoves': {
        const game = this.game;
        if (!game) return err('no game in progress: start one with newgame');
        return answer(
          game
            .legalMoves()
            .map((m) => game.moveToString(m))
            .join(';'),
        );
      }
      case 'bestmove': {
        const game = this.game;
        if (!game) return err('no game in progress: start one with newgame');
        if (game.outcome()) return err('the game is over');
        // In a roster phase the engine proposes the classic roster (every tile on its front side).
        if (game.inRosterPhase) return answer('roster -');
        let limit: SearchLimit;
        if (args[0] === 'depth' && /^\d+$/.test(args[1] ?? '') && Number(args[1]) > 0)
          limit = { depth: Number(args[1]) };
        else if (args[0] === 'time' && TIME.test(args[1] ?? '')) {
          const [, h, m, s] = TIME.exec(args[1]!)!;
          limit = { timeMs: (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000 };
        } else return err('use bestmove depth N or bestmove time hh:mm:ss');
        const move = this.search(game, limit);
        return answer(game.moveToString(move));
      }
      case 'undo': {
        const game = this.game;
        if (!game) return err('no game in progress: start one with newgame');
        const n = args[0] === undefined ? 1 : /^\d+$/.test(args[0]) ? Number(args[0]) : Number.NaN;
        if (!Number.isInteger(n) || n < 1) return err('undo takes a positive number of moves');
        if (n > game.ply) return err(`only ${game.ply} moves can be undone`);
        for (let i = 0; i < n; i++) game.undo();
        return answer(game.positionToString());
      }
      case 'options':
        return this.options(args);
      default:
        return err(`unknown command "${command}" (info, newgame, play, pass, validmoves, bestmove, undo, options)`);
    }
  }
}
