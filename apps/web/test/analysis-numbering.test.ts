import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { GAME_IDS, type GameDefinition, type GameId } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalysisGame } from '../src/analysis/games.js';
import { firstPly } from '../src/analysis/numbering.js';
import { makeStart } from '../src/analysis/start.js';
import { lineTree, movetext } from '../src/analysis/tree.js';

// the pages load a game's analysis entry before its board reads it (analysis/games.ts)
beforeAll(() => Promise.all(GAME_IDS.map(loadAnalysisGame)));

/** Black to move on its fourth turn: White has played four tiles, Black three. */
const SETUP = 'Base;Setup;Black[4];wS1@0,-1 bS1@1,-1 wS2@-1,0 wQ@0,0 bQ@1,0 bA1@2,0 wB1@-1,1';

const start = (def: GameDefinition, id: GameId, position: string, options: Record<string, string> = {}) => {
  const s = makeStart(def, id, { options, position });
  if (!s.ok) throw new Error(s.error.reason);
  return s.value;
};

describe('the analysis tree’s move numbers', () => {
  it('go on from a Hive setup’s own turn, as the ply after it', () => {
    expect(firstPly('hive', start(hive, 'hive', SETUP).root)).toBe(8);
    expect(firstPly('hive', start(hive, 'hive', SETUP.replace('Black[4]', 'White[5]')).root)).toBe(9);
    expect(firstPly('hive', start(hive, 'hive', SETUP.replace('Black[4]', 'Black[9]')).root)).toBe(18);
    // the colour alone: the least turn the tiles allow (Black's fourth here)
    expect(firstPly('hive', start(hive, 'hive', SETUP.replace('Black[4]', 'Black')).root)).toBe(8);
  });

  it('number a setup’s moves after it from the setup’s turn, in the tree and in the exported lines', () => {
    const read = hive.parseGame(SETUP);
    if (!read.ok) throw new Error(read.error.reason);
    const next = read.value.moveToString(read.value.legalMoves()[0]!);
    const s = start(hive, 'hive', `${SETUP};${next}`);
    // the setup is the start and its move the main line
    expect(s.moves).toEqual([next]);
    expect(s.root.ply).toBe(0);
    const n = firstPly('hive', s.root);
    expect(n).toBe(8);
    expect(movetext(lineTree([...s.moves, 'x', 'y']), n)).toBe(`8. ${next} 9. x 10. y`);
  });

  it('start from 1 for a game read from its moves or made from options', () => {
    const options = hive.parseOptions({});
    if (!options.ok) throw new Error(options.error.reason);
    const game = hive.create(options.value);
    if (!game.ok) throw new Error(game.error.reason);
    for (let i = 0; i < 3; i++) game.value.play(game.value.legalMoves()[0]!);
    const s = start(hive, 'hive', game.value.positionToString());
    expect(s.moves).toHaveLength(3);
    expect(firstPly('hive', s.root)).toBe(1);
    expect(firstPly('hive', start(hive, 'hive', '').root)).toBe(1);
    // these games' set-up positions name the side to move and no turn
    expect(firstPly('abalone', start(abalone, 'abalone', '').root)).toBe(1);
    expect(firstPly('chinese-checkers', start(chineseCheckers, 'chinese-checkers', '').root)).toBe(1);
    expect(firstPly('junqi', start(junqi, 'junqi', '').root)).toBe(1);
  });
});
