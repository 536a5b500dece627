/**
 * Why an army's deployment text cannot be read, read by the page in the engine's order (its rows, then each row's
 * points, then each point's letter), so it can be said in every language with where the problem is: the engine's
 * own detail is an English sentence. A text the page finds no such problem in keeps the engine's code.
 */
import { COLS, kindAt, ROWS, rankFromLetter } from '@qiyuan/junqi';
import type { AnalysisRefusal } from './refusals.js';

export const unreadArmy = (
  text: string,
  error: { readonly code: string; readonly reason: string },
): AnalysisRefusal => {
  const rows = text.trim().split('/');
  const reason = error.reason;
  if (rows.length !== ROWS) return { code: 'jq-rows', params: { rows: rows.length, expected: ROWS }, reason };
  for (const [i, line] of rows.entries()) {
    // the text runs from the front row (6) to the back row (1)
    const row = ROWS - i;
    const points = [...line];
    if (points.length !== COLS)
      return { code: 'jq-row-points', params: { row, points: points.length, expected: COLS }, reason };
    for (const [col, letter] of points.entries()) {
      if (letter === '+' && kindAt(row, col) !== 'camp')
        return { code: 'jq-camp-mark', params: { row, point: col + 1 }, reason };
      if (letter !== '+' && letter !== '.' && rankFromLetter(letter) === undefined)
        return { code: 'jq-letter', params: { row, letter }, reason };
    }
  }
  return error;
};
