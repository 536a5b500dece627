import type { GameDefinition } from '@qiyuan/core';
import { refusedMove, setupTag } from '../refusal-moves.js';
import type { AnalysisRefusal } from '../refusals.js';
import type { StartSpec } from '../start.js';
import type { AnalysisGame } from './types.js';

/** An Abalone side has nine to fourteen marbles (see the engine). */
const AB_FEWEST = 9;
const AB_MOST = 14;

/** Each side's marbles in an Abalone set-up (61 cells of b, w or .), when the text is one. */
const abMarbles = (spec: StartSpec): readonly number[] | undefined => {
  const text = (spec.options.setup ?? setupTag(spec.position) ?? '').trim().replace(/\s+/g, ' ');
  const m = /^([.bw]{61}) [bw]$/.exec(text);
  if (!m) return undefined;
  return ['b', 'w'].map((letter) => [...(m[1] ?? '')].filter((c) => c === letter).length);
};

/**
 * The move of an Abalone record (tag lines, then numbered moves) that cannot be read or played: the record's tags
 * read alone give its start, where its moves are played one by one, as the engine reads them.
 */
const recordMoveRefusal = (def: GameDefinition, spec: StartSpec): Omit<AnalysisRefusal, 'reason'> | undefined => {
  const lines = spec.position.split(/\r?\n/);
  const isTag = (line: string) => line.trim().startsWith('[');
  const start = def.parseGame(lines.filter(isTag).join('\n'));
  if (!start.ok) return undefined;
  const moves = lines
    .filter((line) => !isTag(line))
    .join(' ')
    .split(/\s+/)
    .filter((token) => token && !/^\d+\.$/.test(token));
  return refusedMove(start.value, moves);
};

/**
 * An Abalone move's arrow: broadside (both ends, then where the first goes) the first end's step; in-line (the rear
 * marble, then where the front one goes) the front marble's step, so a column of three that moves one cell is not
 * drawn as one marble jumping three.
 */
const moveEnds = (move: string): [string, string] | undefined => {
  const cells = move.toUpperCase().match(/[A-I][1-9]/g);
  if (!cells || cells.length < 2) return undefined;
  if (cells.length > 2) return [cells[0]!, cells.at(-1)!];
  const [rear, to] = [cells[0]!, cells[1]!];
  const dr = to.charCodeAt(0) - rear.charCodeAt(0);
  const dc = to.charCodeAt(1) - rear.charCodeAt(1);
  const n = Math.max(Math.abs(dr), Math.abs(dc));
  if (n === 0) return undefined;
  const front = String.fromCharCode(to.charCodeAt(0) - dr / n, to.charCodeAt(1) - dc / n);
  return [front, to];
};

export const abaloneAnalysis: AnalysisGame = {
  scale: 900,
  beliefs: false,
  moveEnds,
  pointElement: (board, name) => board.querySelector(`.ab-cell[data-cell="${CSS.escape(name)}"]`) ?? undefined,
  // the editor starts from the cells and the colour to move
  editorPosition: (position) => {
    const view = position.viewFor('spectator') as { cells?: string; side?: number };
    return view.cells ? `${view.cells} ${view.side === 1 ? 'w' : 'b'}` : '';
  },
  startRefusal: (spec, error, def) => {
    if (error.code === 'bad-game' && def && spec.position.trim()) {
      const move = recordMoveRefusal(def, spec);
      if (move) return { ...move, reason: error.reason };
    }
    if (error.code === 'bad-setup') {
      for (const [seat, n] of (abMarbles(spec) ?? []).entries()) {
        // the side by the key of its colour's name, which the refusal's words take
        const side = seat === 0 ? 'abalone.black' : 'abalone.white';
        if (n > AB_MOST) return { code: 'ab-too-many', params: { side, n, most: AB_MOST }, reason: error.reason };
        if (n < AB_FEWEST) return { code: 'ab-too-few', params: { side, n }, reason: error.reason };
      }
    }
    return undefined;
  },
};
