/**
 * The detail of an engine's refusal of a start that the page reads from the text itself, so it can be said in every
 * language (the engine's own detail is an English sentence): each game reads its own texts in its analysis entry
 * (games/<game>.ts: which row of a Chinese Checkers position is wrong and how, how many marbles an Abalone side has,
 * which move of a Hive game string or an Abalone record cannot be played and why). Any other refusal keeps the
 * engine's code and English reason (see refusals.ts).
 */
import type { GameDefinition, GameId } from '@qiyuan/core';
import { analysisGame } from './games.js';
import type { AnalysisRefusal } from './refusals.js';
import type { StartSpec } from './start.js';

/** The engine's refusal of `spec`, with the page's own detail where it can read it. */
export const startRefusal = (
  game: GameId,
  spec: StartSpec,
  error: { readonly code: string; readonly reason: string },
  def?: GameDefinition,
): AnalysisRefusal => analysisGame(game).startRefusal?.(spec, error, def) ?? error;
