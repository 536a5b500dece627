/**
 * The detail of an engine's refusal of a start that the page reads from the text itself, so it can be said in every
 * language (the engine's own detail is an English sentence): how many rows a Chinese Checkers position has, how many
 * marbles an Abalone side has. Any other refusal keeps the engine's code and English reason (see refusals.ts).
 */
import type { GameId } from '@qiyuan/core';
import type { AnalysisRefusal } from './refusals.js';
import type { StartSpec } from './start.js';

/** Chinese Checkers' star has seventeen rows, and an Abalone side nine to fourteen marbles (see the engines). */
const CC_ROWS = 17;
const AB_FEWEST = 9;
const AB_MOST = 14;

/** A `[Setup "…"]` tag's value in a record, if the text has one. */
const setupTag = (text: string): string | undefined => /^\[Setup "([^"]*)"\]/m.exec(text)?.[1];

const ccRows = (spec: StartSpec): number | undefined => {
  const text = spec.position.trim();
  const position = setupTag(text) ?? (text.startsWith('[') ? undefined : text);
  const rows = position?.split(/\s+/)[0];
  return rows ? rows.split('/').length : undefined;
};

/** Each side's marbles in an Abalone set-up (61 cells of b, w or .), when the text is one. */
const abMarbles = (spec: StartSpec): readonly number[] | undefined => {
  const text = (spec.options.setup ?? setupTag(spec.position) ?? '').trim().replace(/\s+/g, ' ');
  const m = /^([.bw]{61}) [bw]$/.exec(text);
  if (!m) return undefined;
  return ['b', 'w'].map((letter) => [...(m[1] ?? '')].filter((c) => c === letter).length);
};

/** The engine's refusal of `spec`, with the page's own detail where it can read it. */
export const startRefusal = (
  game: GameId,
  spec: StartSpec,
  error: { readonly code: string; readonly reason: string },
): AnalysisRefusal => {
  if (game === 'chinese-checkers' && error.code === 'bad-position') {
    const rows = ccRows(spec);
    if (rows !== undefined && rows !== CC_ROWS)
      return { code: 'cc-rows', params: { rows, expected: CC_ROWS }, reason: error.reason };
  }
  if (game === 'abalone' && error.code === 'bad-setup') {
    const marbles = abMarbles(spec) ?? [];
    for (const [seat, n] of marbles.entries()) {
      if (n > AB_MOST) return { code: 'ab-too-many', params: { seat, n, most: AB_MOST }, reason: error.reason };
      if (n < AB_FEWEST) return { code: 'ab-too-few', params: { seat, n }, reason: error.reason };
    }
  }
  return error;
};
