import {
  fail,
  type Game,
  type GameDefinition,
  type GameId,
  type JsonObject,
  ok,
  type Result,
  type Searchable,
} from '@qiyuan/core';
import { AlphaBeta, type SearchLimits, type SearchSpec, spendDeadline } from './alphabeta.js';
import { chooseWithMistakes, LEVEL_NAMES, type Level, type LevelName, parsePlayer, seededRng } from './levels.js';
import type { AiInfo, AiRequest } from './protocol.js';
import { helperThreads, LazySmp, registerHelperSubject } from './smp.js';

/** A game's AI as the request handler sees it. */
export interface GameAi {
  readonly game: GameId;
  // biome-ignore lint/suspicious/noExplicitAny: each engine has its own options and game types
  readonly definition: GameDefinition<any, any>;
  /** `snapshot` for perfect information; `view` when the AI may only see its seat's view. */
  readonly input: 'snapshot' | 'view';
  /** The players it offers: levels and baselines. */
  readonly players: readonly string[];
  choose(request: AiRequest): Result<{ move: string; info: AiInfo }>;
  /** Public rules of `game` the view does not carry, sent along with a view (never anything hidden). */
  publicRules?(game: Game): JsonObject;
  /**
   * Forgets what the searchers learnt (transposition tables, history), so an arena game does not depend on the games
   * its worker played before.
   */
  reset?(): void;
}

/** What a perfect-information game gives the alpha-beta player. */
export interface SearchGameConfig<G extends Game, M> {
  readonly game: GameId;
  // biome-ignore lint/suspicious/noExplicitAny: each engine has its own options type
  readonly definition: GameDefinition<any, G>;
  /** A private copy of the game's fast position, to search on. */
  searchable(game: G): Searchable<M>;
  /** The move in the game's notation (what `game.parseMove` reads). */
  notation(game: G, move: M): string;
  /** The evaluation and ordering of the strong levels. */
  readonly spec: SearchSpec<M>;
  /** The one-ply greedy baseline's evaluation (default: `spec`). */
  readonly greedy?: SearchSpec<M>;
  /** Other evaluations a player may ask for by name (`master@basic`), to measure one against another. */
  readonly evaluations?: Readonly<Record<string, SearchSpec<M>>>;
  readonly levels: Readonly<Record<LevelName, Level>>;
  /** log2 of the transposition table slots for the strongest levels. */
  readonly ttBits?: number;
}

/**
 * The alpha-beta player of a perfect-information game: the levels search
 * with their budgets (mistakes at the low end), `greedy` searches one ply,
 * `random` plays a uniform legal move. Searchers keep their tables between
 * moves in the same process (worker).
 */
export const searchAi = <G extends Game, M>(config: SearchGameConfig<G, M>): GameAi => {
  const searchers = new Map<string, AlphaBeta<M>>();
  const searcher = (name: string, spec: SearchSpec<M>, bits: number): AlphaBeta<M> => {
    let s = searchers.get(name);
    if (!s) searchers.set(name, (s = new AlphaBeta(spec, bits)));
    return s;
  };
  // Searchers of more than one thread, by level, evaluation and thread count; their helper threads live as long.
  const parallel = new Map<string, LazySmp<M>>();
  const parallelSearcher = (name: string, spec: SearchSpec<M>, bits: number, threads: number, evaluation?: string) => {
    const key = `${name}#${threads}`;
    let s = parallel.get(key);
    if (!s) parallel.set(key, (s = new LazySmp(spec, config.game, bits, threads, evaluation)));
    return s;
  };
  registerHelperSubject<M>({
    game: config.game,
    restore: (snapshot) => {
      const g = config.definition.fromSnapshot(snapshot);
      return g.ok ? config.searchable(g.value as G) : undefined;
    },
    spec: (evaluation) => (evaluation === undefined ? config.spec : config.evaluations?.[evaluation]),
  });
  return {
    game: config.game,
    definition: config.definition,
    input: 'snapshot',
    players: [...LEVEL_NAMES, 'greedy', 'random'],
    reset: () => {
      searchers.clear();
      // The helper threads stay (starting them takes seconds); their table and the main thread's history go.
      for (const s of parallel.values()) s.forget();
    },
    choose(request) {
      const player = parsePlayer(request.player);
      if (!player.ok) return player;
      if (request.position.kind !== 'snapshot') return fail('bad-request', `${config.game} AI needs a snapshot`);
      const restored = config.definition.fromSnapshot(request.position.snapshot);
      if (!restored.ok) return restored;
      const game = restored.value;
      const turn = game.turn();
      if (turn.kind !== 'seat' || turn.seat !== request.seat) {
        return fail('not-your-turn', `seat ${request.seat} is not to move`);
      }
      const pos = config.searchable(game);
      const moves = [...pos.generateMoves()];
      if (moves.length === 0) return fail('no-move', 'the side to move has no move');
      const rng = seededRng(request.seed ?? game.ply);
      const started = performance.now();
      const p = player.value;
      const alternative = p.evaluation === undefined ? undefined : config.evaluations?.[p.evaluation];
      if (p.evaluation !== undefined && !alternative) {
        const known = Object.keys(config.evaluations ?? {});
        return fail('bad-player', `${config.game} has no evaluation "${p.evaluation}" (${known.join(', ') || 'none'})`);
      }
      const tag = p.evaluation === undefined ? '' : `@${p.evaluation}`;
      if (p.kind === 'random' || p.kind === 'heuristic') {
        // `heuristic` is Junqi's rule-based baseline; elsewhere `greedy` is the baseline to use.
        if (p.kind === 'heuristic') return fail('bad-player', `${config.game} has no heuristic player; use greedy`);
        const move = rng.pick(moves);
        return ok({ move: config.notation(game, move), info: { timeMs: performance.now() - started } });
      }
      if (p.kind === 'greedy') {
        const spec = alternative ?? config.greedy ?? config.spec;
        const r = searcher(`greedy${tag}`, spec, 12).search(pos, { depth: 1, rootScores: true });
        // Ties are broken at random so the baseline is not one fixed line.
        const top = r.rootScores!.filter((s) => s.score === r.rootScores![0]!.score);
        const move = rng.pick(top).move;
        return ok({
          move: config.notation(game, move),
          info: { timeMs: r.timeMs, depth: 1, score: r.score, nodes: r.nodes },
        });
      }
      const level = config.levels[p.level];
      const exact = request.depth !== undefined;
      // A node budget alone lifts the level's time limit (the same move anywhere); with a time too, both hold. So does
      // `budgetOnly` for a level with a depth or node budget.
      const uncapped =
        request.nodes !== undefined ||
        (request.budgetOnly === true && (level.budget.depth !== undefined || level.budget.nodes !== undefined));
      const spec = alternative ?? config.spec;
      // A time the request gives is a time to spend (when the spec asks), not a cap: the search runs to its deadline.
      const spend =
        !exact && request.timeMs !== undefined && spec.spendRequestTime === true && level.mistakes === undefined;
      const limits: SearchLimits = {
        timeMs: exact
          ? undefined
          : spend
            ? spendDeadline(request.timeMs!)
            : (request.timeMs ?? (uncapped ? undefined : level.budget.timeMs)),
        ...(spend ? { useAllTime: true } : {}),
        depth: request.depth ?? level.budget.depth,
        // The level's own node budget keeps it machine-independent when nothing else is asked; a time to spend
        // replaces it (as `qiyuan uhp` spends `bestmove time`), or master would stop at 1 M nodes well inside 5 s.
        nodes: exact ? undefined : (request.nodes ?? (spend ? undefined : level.budget.nodes)),
        rootScores: level.mistakes !== undefined,
      };
      const bits = p.level === 'master' || p.level === 'expert' ? (config.ttBits ?? 20) : 16;
      // More than one thread only where helper threads can start (a Node process that plugged them in).
      const threads = Math.min(
        request.threads ?? p.threads ?? level.budget.threads ?? 1,
        helperThreads()?.maxThreads ?? 1,
      );
      const snapshot = request.position.snapshot;
      const r =
        threads > 1
          ? parallelSearcher(`${p.level}${tag}`, spec, bits, threads, p.evaluation).search(pos, () => snapshot, limits)
          : searcher(`${p.level}${tag}`, spec, bits).search(pos, limits);
      const move = level.mistakes && r.rootScores ? chooseWithMistakes(r.rootScores, level.mistakes, rng) : r.move!;
      return ok({
        move: config.notation(game, move),
        info: {
          timeMs: r.timeMs,
          depth: r.depth,
          score: r.score,
          nodes: r.nodes,
          pv: move === r.move ? pvNotation(config, game, pos, r.pv) : [config.notation(game, move)],
          ...(r.clockBound ? { clockBound: true as const } : {}),
        },
      });
    },
  };
};

/** A game that carries its fast position as `position` and writes moves with `moveToString` (Abalone, Hive). */
export interface PositionGame<M> extends Game {
  readonly position: Searchable<M> & { clone(): Searchable<M> };
  moveToString(move: M): string;
}

/**
 * The alpha-beta player of a `PositionGame`: the search runs on a clone of the
 * game's position and answers in the game's own notation. One helper for the
 * games whose adapters differed only in these two lines.
 */
export const positionSearchAi = <G extends PositionGame<M>, M>(
  config: Omit<SearchGameConfig<G, M>, 'searchable' | 'notation'>,
): GameAi =>
  searchAi<G, M>({
    ...config,
    searchable: (game) => game.position.clone(),
    notation: (game, move) => game.moveToString(move),
  });

/** The principal variation in notation: each move is written in the position before it. */
const pvNotation = <G extends Game, M>(
  config: SearchGameConfig<G, M>,
  game: G,
  pos: Searchable<M>,
  pv: readonly M[],
): string[] => {
  const out: string[] = [];
  const copy = game.clone() as G;
  for (const m of pv) {
    const text = config.notation(copy, m);
    out.push(text);
    const parsed = copy.parseMove(text);
    if (!parsed.ok || !copy.play(parsed.value).ok) break;
  }
  void pos;
  return out;
};
