import { fail, ok, type Result, Rng } from '@qiyuan/core';
import type { RootScore } from './alphabeta.js';

/**
 * Levels: beginner to strongest. A level is a search budget plus, at the low
 * end, deliberate mistakes of the kind people make: now and then it plays a
 * move that looked nearly as good to a shallow search (a plausible move that
 * misses something), never a random one.
 */
export const LEVEL_NAMES = ['beginner', 'casual', 'club', 'expert', 'master'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

export interface Budget {
  /** Wall-clock budget per move in ms. */
  readonly timeMs: number;
  /** Depth cap (plies), if any. */
  readonly depth?: number;
  /** Node cap, if any (keeps a level's strength the same on a fast or slow machine). */
  readonly nodes?: number;
  /** ISMCTS iterations cap, if any. */
  readonly iterations?: number;
  /**
   * Threads of an alpha-beta level's search (Lazy SMP, `smp.ts`), where helper threads can start; one when absent.
   * A request's `threads` overrides it.
   */
  readonly threads?: number;
}

export interface Mistakes {
  /** Chance per move of choosing among the near-best moves instead of the best. */
  readonly chance: number;
  /** How far below the best (in evaluation units) a move may be and still be chosen. */
  readonly window: number;
  /** Softmax temperature over the scores of those moves (evaluation units). */
  readonly temperature: number;
}

export interface Level {
  readonly name: LevelName;
  readonly budget: Budget;
  readonly mistakes?: Mistakes;
}

/** The other players the arena and the lobby know besides the levels. */
export const BASELINES = ['random', 'greedy', 'heuristic'] as const;
export type Baseline = (typeof BASELINES)[number];

export type PlayerSpec = (
  | { readonly kind: 'level'; readonly level: LevelName }
  | { readonly kind: 'random' }
  | { readonly kind: 'greedy' }
  | { readonly kind: 'heuristic' }
) & {
  /** An alternative evaluation the game offers (`master@basic`), to measure evaluations against each other. */
  readonly evaluation?: string;
  /** Search threads (`master*2`), where helper threads can start: to measure Lazy SMP against one thread. */
  readonly threads?: number;
};

/**
 * `beginner` … `master`, `1` … `5`, `random`, `greedy`, `heuristic`; `@name` picks another evaluation, `*N` (a level)
 * searches on N threads.
 */
export const parsePlayer = (text: string): Result<PlayerSpec> => {
  const [body = '', threadText, ...more] = String(text).trim().toLowerCase().split('*');
  const threads =
    threadText === undefined ? undefined : /^[1-9]\d?$/.test(threadText) ? Number(threadText) : Number.NaN;
  if (more.length > 0 || Number.isNaN(threads))
    return fail('bad-player', `bad player "${text}" (level*threads takes 1 to 99 threads)`);
  const [name = '', evaluation, ...extra] = body.split('@');
  if (extra.length > 0 || evaluation === '') return fail('bad-player', `bad player "${text}" (player@evaluation)`);
  const withEval = (p: PlayerSpec): Result<PlayerSpec> => {
    if (threads !== undefined && p.kind !== 'level') return fail('bad-player', `only a level searches on threads`);
    return ok({
      ...p,
      ...(evaluation === undefined ? {} : { evaluation }),
      ...(threads === undefined ? {} : { threads }),
    });
  };
  if ((BASELINES as readonly string[]).includes(name)) return withEval({ kind: name as Baseline } as PlayerSpec);
  if ((LEVEL_NAMES as readonly string[]).includes(name)) return withEval({ kind: 'level', level: name as LevelName });
  const n = /^(?:level)?([1-5])$/.exec(name);
  if (n) return withEval({ kind: 'level', level: LEVEL_NAMES[Number(n[1]) - 1]! });
  return fail(
    'bad-player',
    `unknown player "${text}" (one of ${[...LEVEL_NAMES, ...BASELINES].join(', ')}, or a level number 1-5)`,
  );
};

export const playerName = (p: PlayerSpec): string => (p.kind === 'level' ? p.level : p.kind);

/**
 * Chooses a root move from exact root scores (best first). With the level's
 * chance it samples among the moves within `window` of the best, by a softmax
 * over their scores, so the slip is a move that looks reasonable.
 */
export const chooseWithMistakes = <M>(scores: readonly RootScore<M>[], mistakes: Mistakes | undefined, rng: Rng): M => {
  const best = scores[0]!;
  if (!mistakes || scores.length === 1 || rng.float() >= mistakes.chance) return best.move;
  const near = scores.filter((s) => s.score >= best.score - mistakes.window);
  const weights = near.map((s) => Math.exp((s.score - best.score) / Math.max(1e-9, mistakes.temperature)));
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rng.float() * total;
  for (let i = 0; i < near.length; i++) {
    x -= weights[i]!;
    if (x <= 0) return near[i]!.move;
  }
  return near.at(-1)!.move;
};

/**
 * A seeded generator for the AI. The seed is scrambled (a 32-bit finaliser)
 * and the first outputs are dropped: xoroshiro128+ seeded straight from a
 * small integer starts with outputs close to 1 for every seed, which would
 * make every "random" choice the same.
 */
export const seededRng = (seed: number): Rng => {
  let x = (seed + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  x ^= x >>> 16;
  const rng = Rng.fromSeed(x | 0);
  for (let i = 0; i < 8; i++) rng.uint32();
  return rng;
};
