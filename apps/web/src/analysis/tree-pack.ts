/**
 * The tree of variations in the compact JSON form of the analysis board's links, and the empty tree: a module of its
 * own, so that a page that only writes a link to the board (a replay's "Analyse" at the ply shown) does not carry
 * the tree's editing (tree.ts).
 */
import type { AnalysisRefusal, Read } from './refusals.js';
import type { Tree, TreeNode } from './tree.js';

export const EMPTY_TREE: Tree = { children: [] };

/** The tree in a compact JSON form for links: `[move, comment, ...children]` per node. */
type Packed = [string, string, ...Packed[]];

const pack = (n: TreeNode): Packed => [n.move, n.comment ?? '', ...n.children.map(pack)];

export const packTree = (tree: Tree): unknown => [tree.comment ?? '', ...tree.children.map(pack)];

/** The deepest line a link may hold (a longer one is refused rather than overflow the reader's stack). */
const MAX_DEPTH = 2000;

/** Reads `packTree`'s form back, with the refusal's code (and an English reason for logs) when it is not one. */
export const unpackTree = (data: unknown): Read<Tree> => {
  type Damage = { ok: false; reason: string } & AnalysisRefusal;
  const node = (x: unknown, depth: number): TreeNode | Damage => {
    if (depth > MAX_DEPTH)
      return { ok: false, code: 'tree-too-deep', params: { max: MAX_DEPTH }, reason: 'the tree is too deep' };
    if (!Array.isArray(x) || typeof x[0] !== 'string' || typeof x[1] !== 'string' || x[0] === '')
      return {
        ok: false,
        code: 'tree-move',
        params: { ply: depth },
        reason: 'a move of the tree is not [move, comment, …lines]',
      };
    const children: TreeNode[] = [];
    for (const c of x.slice(2)) {
      const n = node(c, depth + 1);
      if ('ok' in n) return n;
      children.push(n);
    }
    return x[1] ? { move: x[0], comment: x[1], children } : { move: x[0], children };
  };
  if (!Array.isArray(data) || typeof data[0] !== 'string')
    return { ok: false, code: 'tree-unreadable', reason: 'not a tree of moves' };
  const children: TreeNode[] = [];
  for (const c of data.slice(1)) {
    const n = node(c, 1);
    if ('ok' in n) return n;
    children.push(n);
  }
  return { ok: true, value: data[0] ? { comment: data[0], children } : { children } };
};
