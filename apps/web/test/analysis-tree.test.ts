import { describe, expect, it } from 'vitest';
import { decodeBoard, encodeBoard } from '../src/analysis/link.js';
import { parseMovetext } from '../src/analysis/movetext-read.js';
import {
  addMove,
  back,
  deleteAt,
  EMPTY_TREE,
  forward,
  lineEnd,
  lineTree,
  movesTo,
  movetext,
  nodeAt,
  packTree,
  promote,
  promoteToMain,
  setComment,
  sibling,
  type Tree,
  unpackTree,
} from '../src/analysis/tree.js';

/** a: main line a1 a2 a3, with b2 replacing a2 and c2 a third line; d3 replaces b3 after b2. */
const sample = (): Tree => {
  let p = { tree: lineTree(['a1', 'a2', 'a3']), path: [] as readonly number[] };
  p = addMove(p.tree, [0], 'b2');
  p = addMove(p.tree, p.path, 'b3');
  p = addMove(p.tree, [0, 1], 'd3');
  p = addMove(p.tree, [0], 'c2');
  return p.tree;
};

describe('analysis tree', () => {
  it('adds moves as main line, then side lines, and follows an existing move instead of duplicating it', () => {
    let p = addMove(EMPTY_TREE, [], 'e1');
    expect(p.path).toEqual([0]);
    p = addMove(p.tree, [], 'f1');
    expect(p.path).toEqual([1]);
    const again = addMove(p.tree, [], 'e1');
    expect(again.path).toEqual([0]);
    expect(again.tree).toBe(p.tree);
    expect(p.tree.children.map((c) => c.move)).toEqual(['e1', 'f1']);
    // the old tree is untouched: undo keeps it
    expect(EMPTY_TREE.children).toEqual([]);
  });

  it('reads the moves to a node and refuses a path that leads nowhere', () => {
    const t = sample();
    expect(movesTo(t, [0, 1, 1])).toEqual(['a1', 'b2', 'd3']);
    expect(movesTo(t, [0, 2])).toEqual(['a1', 'c2']);
    expect(nodeAt(t, [0, 5])).toBeUndefined();
    expect(addMove(t, [3], 'x').tree).toBe(t);
  });

  it('deletes a line and everything after it, showing its parent', () => {
    const t = sample();
    const d = deleteAt(t, [0, 1]);
    expect(d.path).toEqual([0]);
    expect(nodeAt(d.tree, [0])!.children.map((c) => c.move)).toEqual(['a2', 'c2']);
    expect(deleteAt(t, []).tree).toBe(t);
  });

  it('promotes a line one step at its nearest branch, and to the main line', () => {
    const t = sample();
    const once = promote(t, [0, 1, 1]);
    // d3 becomes b2's first continuation, still after b2 (a side line)
    expect(once.path).toEqual([0, 1, 0]);
    expect(movesTo(once.tree, once.path)).toEqual(['a1', 'b2', 'd3']);
    const twice = promote(once.tree, once.path);
    expect(twice.path).toEqual([0, 0, 0]);
    expect(movesTo(twice.tree, [0, 0, 0])).toEqual(['a1', 'b2', 'd3']);
    const main = promoteToMain(t, [0, 2]);
    expect(main.path).toEqual([0, 0]);
    expect(nodeAt(main.tree, [0])!.children.map((c) => c.move)).toEqual(['c2', 'a2', 'b2']);
    // the main line cannot go higher
    expect(promote(t, [0, 0, 0]).tree).toBe(t);
  });

  it('sets and clears comments, on a move and on the start', () => {
    const t = setComment(sample(), [0, 1], '  a try ').tree;
    expect((nodeAt(t, [0, 1]) as { comment?: string }).comment).toBe('a try');
    const cleared = setComment(t, [0, 1], ' ').tree;
    expect('comment' in nodeAt(cleared, [0, 1])!).toBe(false);
    expect(setComment(t, [], 'start').tree.comment).toBe('start');
  });

  it('navigates: forward along the line shown, back, between variations, to its end', () => {
    const t = sample();
    expect(forward(t, [])).toEqual([0]);
    expect(forward(t, [0, 1])).toEqual([0, 1, 0]);
    expect(forward(t, [0, 2])).toEqual([0, 2]);
    expect(back([0, 1, 0])).toEqual([0, 1]);
    expect(back([])).toEqual([]);
    expect(sibling(t, [0, 0], 1)).toEqual([0, 1]);
    expect(sibling(t, [0, 1], 1)).toEqual([0, 2]);
    expect(sibling(t, [0, 2], 1)).toEqual([0, 2]);
    expect(sibling(t, [0, 0], -1)).toEqual([0, 0]);
    // inside a line without a branch of its own, the nearest branch above decides
    expect(sibling(t, [0, 0, 0], 1)).toEqual([0, 1]);
    expect(sibling(t, [0, 1, 0], 1)).toEqual([0, 1, 1]);
    expect(lineEnd(t, [])).toEqual([0, 0, 0]);
    expect(lineEnd(t, [0, 1])).toEqual([0, 1, 0]);
  });

  it('packs for a link and reads it back; refuses what is not a tree', () => {
    const t = setComment(sample(), [0, 1, 1], 'sharp').tree;
    const back = unpackTree(JSON.parse(JSON.stringify(packTree(t))));
    expect(back).toEqual({ ok: true, value: t });
    expect(unpackTree({}).ok).toBe(false);
    const bad = unpackTree(['', ['a1', '', [3]]]);
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect([bad.code, bad.params, bad.reason]).toEqual([
        'tree-move',
        { ply: 2 },
        expect.stringMatching(/not \[move/),
      ]);
  });

  it('writes the tree as movetext with numbered plies, side lines and comments', () => {
    const t = setComment(sample(), [0, 1], 'hm').tree;
    expect(movetext(t)).toBe('1. a1 2. a2 (2. b2 {hm} 3. b3 (3. d3)) (2. c2) 3. a3');
    expect(movetext(lineTree(['wS1', 'bG1 -wS1']), 5)).toBe('5. wS1 6. bG1 -wS1');
  });

  it('reads its movetext back into the same tree, and says what is wrong with a broken one', () => {
    let t = setComment(sample(), [0, 1], 'hm').tree;
    t = setComment(t, [], 'from the start').tree;
    t = addMove(t, [0, 1, 1], 'wA1 wS1\\').tree;
    expect(parseMovetext(movetext(t))).toEqual({ ok: true, value: t });
    expect(parseMovetext('1. wS1 2. bG1 -wS1')).toEqual({ ok: true, value: lineTree(['wS1', 'bG1 -wS1']) });
    expect(parseMovetext('')).toEqual({ ok: true, value: EMPTY_TREE });
    expect(parseMovetext('wS1')).toEqual({
      ok: false,
      code: 'lines-no-number',
      params: { text: 'wS1' },
      reason: '"wS1" has no ply number before it',
    });
    expect(parseMovetext('1. a1 2. ')).toEqual({
      ok: false,
      code: 'lines-no-move',
      params: { ply: 2 },
      reason: 'a ply number without a move',
    });
    expect(parseMovetext('1. a1 (1. b1')).toEqual({
      ok: false,
      code: 'lines-unclosed',
      reason: 'a side line is not closed',
    });
    expect(parseMovetext('1. a1)')).toEqual({
      ok: false,
      code: 'lines-unopened',
      reason: 'a closing parenthesis without its opening one',
    });
  });
});

describe('analysis link', () => {
  it('reopens the same start, tree and node; says why a damaged link is refused', () => {
    const state = {
      start: { options: { variant: 'Base' }, position: 'Base;InProgress;Black[1];wS1' },
      tree: setComment(sample(), [0, 2], 'quiet').tree,
      path: [0, 2] as const,
    };
    const text = encodeBoard(state);
    expect(decodeBoard(decodeURIComponent(encodeURIComponent(text)))).toEqual({ ok: true, value: state });
    expect(decodeBoard('{"o":')).toEqual({
      ok: false,
      code: 'link-unreadable',
      reason: 'the link is damaged (not readable)',
    });
    expect(decodeBoard('{"o":{"players":2}}')).toEqual({
      ok: false,
      code: 'link-options',
      reason: 'the link’s options are damaged',
    });
    expect(decodeBoard('{"at":[-1]}')).toEqual({ ok: false, code: 'link-move', reason: 'the link’s move is damaged' });
    expect(decodeBoard('{"t":["",["a1"]]}').ok).toBe(false);
  });
});
