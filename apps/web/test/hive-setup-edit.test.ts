import { describe, expect, it } from 'vitest';
import {
  applyEditorMove,
  editorMoves,
  handOf,
  hiveApplyText,
  hiveEditorText,
  hiveFormValues,
  hiveGameType,
  readEdit,
  renumber,
  rosterPosition,
  takeOff,
  writeEdit,
} from '../src/analysis/hive-setup-edit.js';

const stacksOf = (text: string) => readEdit(`Base+MLP;Setup;White;${text}`).stacks;

describe('Hive position editor: the text it reads and writes', () => {
  it.each([
    [{ variant: 'Base' }, 'Base'],
    [{ variant: 'Base+MLP', sides: 'none' }, 'Base+MLP'],
    [{ variant: 'Base+MLP', sides: 'all' }, 'Base+MLP:R2T2F3W3DKC'],
    [{ variant: 'Base+M', sides: 'T2' }, 'Base+M:T2'],
  ])('the form %j names the game type %s', (values, type) => {
    expect(hiveGameType(values)).toEqual({ type });
  });

  it('the form’s advanced game names a type the editor then refuses (rosters to choose)', () => {
    expect(hiveGameType({ variant: 'Base', sides: 'advanced' })).toEqual({ type: 'Base:?' });
  });

  it.each([
    ['Base;NotStarted;White[1]', { variant: 'Base', sides: 'none' }],
    ['Base+MLP:R2T2F3W3DKC;NotStarted;White[1]', { variant: 'Base+MLP', sides: 'all' }],
    ['Base+M:F3;InProgress;Black[1];wF1', { variant: 'Base+M', sides: 'F3' }],
    ['Base+M:F/T;NotStarted;White[1]', { variant: 'Base+M' }],
    ['Base;Setup;Black;wS1@0,0', { variant: 'Base', sides: 'none' }],
    ['', {}],
  ])('the form starts in the game of %s: %j', (shown, values) => {
    expect(hiveFormValues(shown)).toEqual(values);
  });

  it.each([
    ['nothing shown: an empty board, White to move', '', 'Base;Setup;White;'],
    ['the start of a game', 'Base;NotStarted;White[1]', 'Base;Setup;White;'],
    ['a game’s first two tiles', 'Base;InProgress;White[2];wS1;bS1 wS1-', 'Base;Setup;White;wS1@0,0 bS1@1,0'],
    // a tile moved: more turns than tiles, so the turn is written out
    [
      'a game with moves',
      'Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1\\',
      'Base;Setup;White[4];wQ@0,-1 wS1@0,0 bS1@1,0 bQ@1,1',
    ],
    ['a setup with moves', 'Base;Setup;White[2];wS1@0,0 bS1@1,0;wG1 -wS1', 'Base;Setup;Black;wG1@-1,0 wS1@0,0 bS1@1,0'],
  ])('%s: the editor starts from %s', (_, shown, text) => {
    expect(hiveEditorText(shown, 'Base')).toBe(text);
  });

  it.each([
    ['an empty board with White to move is the start of the game', 'Base;Setup;White;', 'Base', ''],
    ['the form’s game type is the position’s', 'Base+MLP;Setup;Black;wS1@0,0', 'Base', 'Base;Setup;Black;wS1@0,0'],
    ['a turn written stays', 'Base;Setup;White[7];wQ@0,0 bQ@1,0', 'Base+M', 'Base+M;Setup;White[7];wQ@0,0 bQ@1,0'],
  ])('%s', (_, text, type, applied) => {
    expect(hiveApplyText(text, { type })).toBe(applied);
  });
});

describe('Hive position editor: tiles placed, moved and taken off', () => {
  const base = rosterPosition('Base');
  const mlp = rosterPosition('Base+MLP');

  it.each([
    ['a lone second Spider becomes the first', 'wS2@0,0 bS1@1,0', 'wS1@0,0 bS1@1,0'],
    ['two Ants keep their order', 'wA3@0,0 wA2@1,0 bQ@2,0', 'wA2@0,0 wA1@1,0 bQ@2,0'],
    ['a Beetle on a stack is renamed too', 'wQ/bB2@0,0 bQ@1,0', 'wQ/bB1@0,0 bQ@1,0'],
  ])('renumbering: %s', (_, before, after) => {
    const stacks = renumber(mlp, stacksOf(before));
    expect(writeEdit(mlp, 'Base+MLP', { stacks, side: 0, turn: undefined })).toBe(`Base+MLP;Setup;White;${after}`);
  });

  it('the reserves are the tiles not on the board', () => {
    const [white, black] = handOf(base, stacksOf('wQ@0,0 bS1@1,0'));
    expect(white).toEqual(['wS1', 'wS2', 'wB1', 'wB2', 'wG1', 'wG2', 'wG3', 'wA1', 'wA2', 'wA3']);
    expect(black).toHaveLength(10);
    expect(black).not.toContain('bS1');
  });

  it.each([
    // every kind of both colours, to the centre only
    ['an empty board', '', 10, ['0,0']],
    // 9 kinds in hand (White's 4 besides the Queen, Black's 5) beside the Queen, the two Beetles also onto it; the Queen
    // alone has nowhere to go
    ['a lone Queen', 'wQ@0,0', 9 * 6 + 2, ['-1,0', '-1,1', '0,-1', '0,0', '0,1', '1,-1', '1,0']],
  ])('where tiles may go on %s', (_, text, count, cells) => {
    const moves = editorMoves(base, stacksOf(text));
    expect(moves).toHaveLength(count);
    expect([...new Set(moves.map((m) => `${m.to.q},${m.to.r}`))].sort()).toEqual(cells);
  });

  it('only climbers go onto a stack', () => {
    const onto = editorMoves(mlp, stacksOf('wQ@0,0 bQ@1,0'))
      .filter((m) => m.to.q === 0 && m.to.r === 0)
      .map((m) => m.uhp)
      .sort();
    // the Queens are no climbers: neither steps onto the other
    expect(onto).toEqual(['put bB1 0,0', 'put bM 0,0', 'put wB1 0,0', 'put wM 0,0']);
  });

  it('a put lands on top, a move leaves its cell, a removal takes the top tile', () => {
    let stacks = stacksOf('wQ@0,0 bQ@1,0');
    stacks = applyEditorMove(stacks, 'put wB1 1,0')!;
    expect(stacks.find((s) => s.q === 1)!.tiles).toEqual(['bQ', 'wB1']);
    stacks = applyEditorMove(stacks, 'move wB1 2,0')!;
    expect(stacks.map((s) => `${s.tiles.join('/')}@${s.q},${s.r}`)).toEqual(['wQ@0,0', 'bQ@1,0', 'wB1@2,0']);
    const off = takeOff(stacks, '0,0')!;
    expect(off.piece).toBe('wQ');
    expect(off.stacks).toHaveLength(2);
    expect(takeOff(stacks, '5,5')).toBeUndefined();
    expect(applyEditorMove(stacks, 'wB1 -wQ')).toBeUndefined();
  });
});
