import { fail, ok } from '@qiyuan/core';
import {
  type BestMoveSearch,
  type EngineOption,
  type HiveGame,
  hive,
  type Move,
  PASS,
  REVERSE_BUGS,
  rosterOfMove,
} from '@qiyuan/hive';
import { type SearchSpec, spendDeadline } from '../alphabeta.js';
import type { Level, LevelName } from '../levels.js';
import { parsePlayer, seededRng } from '../levels.js';
import { type GameAi, positionSearchAi } from '../search-ai.js';
import { type HelperFactory, LazySmp } from '../smp.js';
import { ttBitsFor } from '../tt.js';
import { basicSpec, fullSpec, noReverseSpec } from './hive-evaluation.js';
import { ringCounterSpec, ringDeepSpec, ringReducedSpec, ringSpec, ringTunedSpec } from './hive-ring.js';

export { pinnedCells } from './hive-evaluation.js';

/**
 * The queen-ring evaluation plays (it beat the classic one +24 =4 −2 at 200 ms a move, docs/AI.md), with late-move
 * reductions (+56 =7 −37 against it without them over 100 games at 200 ms, docs/AI.md); `@ring` is the one without,
 * and the classic one stays as `@classic`, with its first and reverse-less forms, to measure against. A time the
 * request gives (the arena's `--time`) is spent to its end, as `qiyuan uhp` spends `bestmove time`; `@ringlmr` is the
 * search that stops starting depths after 45% of it.
 */
const spec: SearchSpec<Move> = { ...ringReducedSpec, spendRequestTime: true };

export const HIVE_LEVELS: Readonly<Record<LevelName, Level>> = {
  beginner: {
    name: 'beginner',
    budget: { timeMs: 1000, depth: 1 },
    mistakes: { chance: 0.4, window: 60, temperature: 20 },
  },
  casual: {
    name: 'casual',
    budget: { timeMs: 2000, depth: 2 },
    mistakes: { chance: 0.15, window: 30, temperature: 10 },
  },
  club: { name: 'club', budget: { timeMs: 3000, depth: 3 } },
  expert: { name: 'expert', budget: { timeMs: 5000, depth: 4 } },
  // A node budget rather than a time so that master plays the same on any machine (1–3 s here at the queen-ring
  // evaluation's 400–700 k nodes/s); the time is only a cap for a slow device.
  master: { name: 'master', budget: { timeMs: 8000, nodes: 1_000_000 } },
};

const searchPlayer: GameAi = positionSearchAi<HiveGame, Move>({
  game: 'hive',
  definition: hive,
  spec,
  evaluations: {
    basic: basicSpec,
    classic: fullSpec,
    noreverse: noReverseSpec,
    ring: ringSpec,
    ringlmr: ringReducedSpec,
    ringtuned: ringTunedSpec,
    ringcounter: ringCounterSpec,
    deeplmr: ringDeepSpec,
  },
  levels: HIVE_LEVELS,
});

/**
 * The advanced game's roster phase is no search: every player draws its roster from the seeded generator, each
 * kind of tile showing its back with even odds per tile, so the AI plays every piece it can meet; `random` picks
 * uniformly among all rosters.
 */
const chooseRoster = (game: HiveGame, player: string, seed: number): string => {
  const choices = game.rosterChoices();
  const rng = seededRng(seed);
  if (player.startsWith('random')) return game.moveToString(rng.pick([...choices]));
  const maxima = new Map<string, number>();
  for (const m of choices) {
    const f = rosterOfMove(m);
    for (const b of REVERSE_BUGS) maxima.set(b, Math.max(maxima.get(b) ?? 0, f[b] ?? 0));
  }
  let text = '';
  for (const b of REVERSE_BUGS) {
    let n = 0;
    for (let i = 0; i < (maxima.get(b) ?? 0); i++) if (rng.float() < 0.5) n++;
    if (n > 0) text += n === 1 ? b : `${b}${n}`;
  }
  return `roster ${text || '-'}`;
};

/**
 * A game rebuilt from a seat's view and records (what a page that treats the advanced game as hidden information
 * sends): the GameTypeString of the view, the public rules if given, then every move record after the rosters.
 */
const fromView = (
  view: { gameType?: unknown },
  records: readonly { notation: string; seat: number }[],
  rules: Readonly<Record<string, unknown>>,
) => {
  const options = hive.parseOptions({
    variant: String(view.gameType ?? ''),
    ...(rules.tournamentOpening !== undefined ? { tournamentOpening: rules.tournamentOpening } : {}),
    ...(rules.repetition !== undefined ? { repetition: rules.repetition } : {}),
    ...(rules.pillbugDutchRule !== undefined ? { pillbugDutchRule: rules.pillbugDutchRule } : {}),
  });
  if (!options.ok) return options;
  const created = hive.create(options.value);
  if (!created.ok || created.value.inRosterPhase) return created;
  const game = created.value;
  for (const r of records) {
    if (r.notation.startsWith('roster')) continue;
    const m = game.parseMove(r.notation);
    if (!m.ok) return m;
    const played = game.play(m.value);
    if (!played.ok) return played;
  }
  return ok(game);
};

export const hiveAi: GameAi = {
  ...searchPlayer,
  publicRules: (game) => {
    const o = (game as HiveGame).options;
    return { tournamentOpening: o.tournamentOpening, repetition: o.repetition, pillbugDutchRule: o.pillbugDutchRule };
  },
  choose(request) {
    let game: HiveGame | undefined;
    if (request.position.kind === 'snapshot') {
      const restored = hive.fromSnapshot(request.position.snapshot);
      if (restored.ok) game = restored.value;
    } else {
      const rebuilt = fromView(
        request.position.view as { gameType?: unknown },
        request.position.records,
        request.position.rules ?? {},
      );
      if (!rebuilt.ok) return rebuilt;
      game = rebuilt.value;
      if (!game.inRosterPhase) {
        const snapshot = game.snapshot();
        return searchPlayer.choose({ ...request, position: { kind: 'snapshot', snapshot } });
      }
    }
    if (game?.inRosterPhase) {
      const player = parsePlayer(request.player);
      if (!player.ok) return player;
      if (request.position.kind === 'snapshot' && !game.legalMoves(request.seat).length)
        return fail('not-your-turn', `seat ${request.seat} has already chosen its roster`);
      const started = performance.now();
      const move = chooseRoster(game, request.player, request.seed ?? request.seat + 1);
      return ok({ move, info: { timeMs: performance.now() - started } });
    }
    return searchPlayer.choose(request);
  },
};
/** The table memory `qiyuan uhp` starts with: 2^20 slots (about 19 MiB) fit in 32 MiB. */
const UHP_TABLE_MIB = 32;

/**
 * The search behind `qiyuan uhp` and its UHP options: `TableSizeMiB` (the transposition table's memory; a new
 * table, empty, from the next `bestmove`) and `NumThreads` (Lazy SMP threads sharing that table, from 1 to the
 * factory's most; only 1 without a `threads` factory, as in a browser). `bestmove depth N` searches exactly N plies;
 * `bestmove time` uses all of the time given (the unfinished depth may still change the move) unless the move is
 * forced or a win is proven. With several threads the main thread's answer is given and its clock alone decides when.
 */
export const hiveUhpEngine = (
  threadFactory?: HelperFactory,
): { search: BestMoveSearch; options: EngineOption[]; close(): Promise<void> } => {
  let mib = UHP_TABLE_MIB;
  let threads = 1;
  const fresh = () => new LazySmp<Move>(spec, 'hive', ttBitsFor(mib), threads, undefined, threadFactory);
  let searcher = fresh();
  const renew = () => {
    void searcher.close();
    searcher = fresh();
  };
  const search: BestMoveSearch = (game, limit) => {
    const pos = game.position.clone();
    const r = searcher.search(
      pos,
      () => game.snapshot(),
      limit.depth !== undefined
        ? { depth: limit.depth }
        : { timeMs: spendDeadline(limit.timeMs ?? 3000), useAllTime: true },
    );
    return r.move ?? PASS;
  };
  const options: EngineOption[] = [
    {
      name: 'TableSizeMiB',
      fallback: UHP_TABLE_MIB,
      min: 1,
      max: 1024,
      get: () => mib,
      set: (value) => {
        if (value === mib) return;
        mib = value;
        renew();
      },
    },
    {
      name: 'NumThreads',
      fallback: 1,
      min: 1,
      max: threadFactory?.maxThreads ?? 1,
      get: () => threads,
      set: (value) => {
        if (value === threads) return;
        threads = value;
        renew();
      },
    },
  ];
  return { search, options, close: () => searcher.close() };
};

/** UHP `bestmove` with the default options (one engine shared by the callers that take no options). */
export const hiveBestMove: BestMoveSearch = hiveUhpEngine().search;
