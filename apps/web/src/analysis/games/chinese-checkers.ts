import { setupTag } from '../refusal-moves.js';
import type { AnalysisRefusal } from '../refusals.js';
import type { StartSpec } from '../start.js';
import type { AnalysisGame } from './types.js';

/** The star has seventeen rows: the points of each, from the top (one point) to the bottom, as its text lists them. */
const STAR_ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const CC_COLOURS = 'roygbp';

/**
 * What is wrong with a Chinese Checkers position's text, read in the engine's order (its fields, its rows, each
 * row's letters and points), so the first problem said is the one the engine found.
 */
const ccProblem = (spec: StartSpec): Omit<AnalysisRefusal, 'reason'> | undefined => {
  const text = spec.position.trim();
  const position = setupTag(text) ?? (text.startsWith('[') ? undefined : text);
  if (position === undefined) return undefined;
  const fields = position.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 3) return { code: 'cc-fields' };
  const rows = (fields[0] ?? '').split('/');
  if (rows.length !== STAR_ROWS.length)
    return { code: 'cc-rows', params: { rows: rows.length, expected: STAR_ROWS.length } };
  for (const [k, line] of rows.entries()) {
    let points = 0;
    for (const m of line.matchAll(/(\d+)|(.)/g)) {
      if (m[1]) points += Number(m[1]);
      else if (CC_COLOURS.includes(m[2] ?? '')) points++;
      else return { code: 'cc-row-letter', params: { row: k + 1, letter: m[2] ?? '' } };
    }
    const expected = STAR_ROWS[k] ?? 0;
    if (points !== expected) return { code: 'cc-row-points', params: { row: k + 1, points, expected } };
  }
  return undefined;
};

/** Chinese Checkers on the analysis board: its points are found by their labels (the overlay's default). */
export const chineseCheckersAnalysis: AnalysisGame = {
  scale: 60,
  beliefs: false,
  editorPosition: (position) => position.positionToString(),
  startRefusal: (spec, error) => {
    if (error.code !== 'bad-position') return undefined;
    const problem = ccProblem(spec);
    return problem ? { ...problem, reason: error.reason } : undefined;
  },
};
