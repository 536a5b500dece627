/**
 * The analysis board's tree of variations, as plain immutable data: every node is a move (in the game's notation)
 * with an optional comment and its continuations, the first of which is the main line. A place in the tree is a
 * path of child indices from the root (`[]` is the start position). Every change returns a new tree and the path
 * to show next, so the page keeps its undo history as a list of trees. No game rules here: the page checks a move
 * against the engine before it adds it.
 */

// the empty tree and the links' compact form live in tree-pack.ts, which a replay's link to the board needs alone
export { EMPTY_TREE, packTree, unpackTree } from './tree-pack.js';

export interface TreeNode {
  readonly move: string;
  readonly comment?: string;
  readonly children: readonly TreeNode[];
}

export interface Tree {
  /** A comment on the start position. */
  readonly comment?: string;
  readonly children: readonly TreeNode[];
}

export type Path = readonly number[];

/** A tree and the place shown in it, what every change returns. */
export interface Place {
  readonly tree: Tree;
  readonly path: Path;
}

/** A tree holding one line (a game's moves) as its main line. */
export const lineTree = (moves: readonly string[]): Tree => {
  let children: readonly TreeNode[] = [];
  for (let i = moves.length - 1; i >= 0; i--) children = [{ move: moves[i]!, children }];
  return { children };
};

/** The node at `path`, the root for `[]`; undefined when the path leads nowhere. */
export const nodeAt = (tree: Tree, path: Path): Tree | TreeNode | undefined => {
  let node: Tree | TreeNode = tree;
  for (const i of path) {
    const next: TreeNode | undefined = node.children[i];
    if (!next) return undefined;
    node = next;
  }
  return node;
};

/** The moves from the start to the node at `path`. */
export const movesTo = (tree: Tree, path: Path): string[] => {
  const out: string[] = [];
  let node: Tree | TreeNode = tree;
  for (const i of path) {
    const next: TreeNode | undefined = node.children[i];
    if (!next) break;
    out.push(next.move);
    node = next;
  }
  return out;
};

/** Rebuilds the branch along `path` with the node at its end replaced by `f` of it (structural sharing elsewhere). */
const updateAt = <N extends Tree | TreeNode>(node: N, path: Path, f: (n: Tree | TreeNode) => Tree | TreeNode): N => {
  if (path.length === 0) return f(node) as N;
  const [head, ...rest] = path;
  const child = node.children[head!];
  if (!child) return node;
  const children = node.children.slice();
  children[head!] = updateAt(child, rest, f) as TreeNode;
  return { ...node, children };
};

/**
 * Plays `move` at `path`: an existing continuation with that move is followed (no duplicate lines); otherwise the
 * move becomes a new continuation, the main line when there was none, else the last side line.
 */
export const addMove = (tree: Tree, path: Path, move: string): Place => {
  const node = nodeAt(tree, path);
  if (!node) return { tree, path };
  const existing = node.children.findIndex((c) => c.move === move);
  if (existing >= 0) return { tree, path: [...path, existing] };
  const next = updateAt(tree, path, (n) => ({ ...n, children: [...n.children, { move, children: [] }] }));
  return { tree: next, path: [...path, node.children.length] };
};

/** Deletes the node at `path` with everything after it; the place shown becomes its parent. */
export const deleteAt = (tree: Tree, path: Path): Place => {
  if (path.length === 0 || !nodeAt(tree, path)) return { tree, path };
  const parent = path.slice(0, -1);
  const index = path.at(-1)!;
  const next = updateAt(tree, parent, (n) => ({ ...n, children: n.children.filter((_, i) => i !== index) }));
  return { tree: next, path: parent };
};

/**
 * Promotes the line through `path` one step, as lichess does: at the branch nearest the node where its line is not
 * the first continuation, it becomes the first. Repeated, the line becomes the main line. The same node stays shown.
 */
export const promote = (tree: Tree, path: Path): Place => {
  if (!nodeAt(tree, path)) return { tree, path };
  let at = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i] !== 0) {
      at = i;
      break;
    }
  }
  if (at < 0) return { tree, path };
  const index = path[at]!;
  const next = updateAt(tree, path.slice(0, at), (n) => {
    const children = n.children.slice();
    const [moved] = children.splice(index, 1);
    children.splice(index - 1, 0, moved!);
    return { ...n, children };
  });
  const moved = path.slice();
  moved[at] = index - 1;
  return { tree: next, path: moved };
};

/** Makes the line through `path` the main line at every branch. */
export const promoteToMain = (tree: Tree, path: Path): Place => {
  let place: Place = { tree, path };
  for (let guard = 0; guard < 10_000 && place.path.some((i) => i !== 0); guard++)
    place = promote(place.tree, place.path);
  return place;
};

/** Sets (or, when blank, removes) the comment of the node at `path`. */
export const setComment = (tree: Tree, path: Path, comment: string): Place => {
  if (!nodeAt(tree, path)) return { tree, path };
  const text = comment.trim();
  const next = updateAt(tree, path, (n) => {
    const { comment: _, ...rest } = n as TreeNode;
    return text ? { ...rest, comment: text } : rest;
  });
  return { tree: next, path };
};

/** Keyboard navigation: → the next move of the line shown, ← back one, ↑/↓ the neighbouring variation, Home, End. */
export const forward = (tree: Tree, path: Path): Path => {
  const node = nodeAt(tree, path);
  return node && node.children.length > 0 ? [...path, 0] : path;
};

export const back = (path: Path): Path => path.slice(0, -1);

/**
 * The neighbouring variation: the sibling before (`-1`) or after (`+1`) at the branch nearest the node that has
 * siblings, so ↑/↓ move between the lines of that branch point.
 */
export const sibling = (tree: Tree, path: Path, step: -1 | 1): Path => {
  for (let depth = path.length; depth >= 1; depth--) {
    const parent = nodeAt(tree, path.slice(0, depth - 1));
    if (!parent || parent.children.length < 2) continue;
    const i = path[depth - 1]! + step;
    if (i < 0 || i >= parent.children.length) return path;
    return [...path.slice(0, depth - 1), i];
  }
  return path;
};

/** The end of the line shown: its first continuations followed to the last. */
export const lineEnd = (tree: Tree, path: Path): Path => {
  let p = path;
  for (let next = forward(tree, p); next !== p; next = forward(tree, p)) p = next;
  return p;
};

export const samePath = (a: Path, b: Path): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether `path` passes through (or is) `prefix`. */
export const within = (path: Path, prefix: Path): boolean => prefix.every((x, i) => path[i] === x);

/**
 * The tree as readable text, in the manner of PGN's movetext: moves numbered by ply (`3.`), side lines in
 * parentheses after the move they replace, comments in braces. Moves may hold spaces (Hive's `bG1 -wS1`), so each
 * move is written after its number.
 */
export const movetext = (tree: Tree, firstPly = 1): string => {
  const out: string[] = [];
  if (tree.comment) out.push(`{${tree.comment}}`);
  const line = (children: readonly TreeNode[], ply: number): void => {
    const [main, ...sides] = children;
    if (!main) return;
    out.push(`${ply}. ${main.move}`);
    if (main.comment) out.push(`{${main.comment}}`);
    for (const s of sides) {
      out.push('(');
      out.push(`${ply}. ${s.move}`);
      if (s.comment) out.push(`{${s.comment}}`);
      line(s.children, ply + 1);
      out.push(')');
    }
    line(main.children, ply + 1);
  };
  line(tree.children, firstPly);
  return out.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
};
