import { fail, ok, type Result, type Rng } from '@qiyuan/core';
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

export type PlayerSpec =
  | { readonly kind: 'level'; readonly level: LevelName }
  | { readonly kind: 'random' }
  | { readonly kind: 'greedy' }
  | { readonly kind: 'heuristic' };

/** `beginner` … `master`, `1` … `5`, `random`, `greedy`, `heuristic`. */
export const parsePlayer = (text: string): Result<PlayerSpec> => {
  const t = String(text).trim().toLowerCase();
  if ((BASELINES as readonly string[]).includes(t)) return ok({ kind: t as Baseline } as PlayerSpec);
  if ((LEVEL_NAMES as readonly string[]).includes(t)) return ok({ kind: 'level', level: t as LevelName });
  const n = /^(?:level)?([1-5])$/.exec(t);
  if (n) return ok({ kind: 'level', level: LEVEL_NAMES[Number(n[1]) - 1]! });
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
