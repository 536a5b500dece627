/**
 * The analysis board's lines read back from text (the import box's paste of every line): a module of the position
 * editor's chunk, since only its import reads lines, so the board's first load goes without it.
 */
import type { Read } from './refusals.js';
import { addMove, EMPTY_TREE, type Path, setComment, type Tree } from './tree.js';

/**
 * Reads `movetext`'s form back (every move after its ply number, side lines in parentheses, comments in braces) into
 * a tree; the page checks each move against the engine when it plays the tree. A reason when the text is not one.
 */
export const parseMovetext = (text: string): Read<Tree> => {
  const token = /\{([^}]*)\}|(\()|(\))|(\d+)\.(?=\s)/g;
  let tree: Tree = EMPTY_TREE;
  // where the next move goes (its parent's path), and where each open side line goes back to
  let at: Path = [];
  let last: Path | undefined;
  const open: { at: Path; last: Path | undefined }[] = [];
  // the ply number waiting for its move
  let pending: number | undefined;
  let from = 0;
  const refuse = (code: string, reason: string, params?: Record<string, string | number>) =>
    ({ ok: false, code, reason, ...(params ? { params } : {}) }) as const;
  const flush = (end: number) => {
    const move = text.slice(from, end).trim();
    if (pending === undefined)
      return move ? refuse('lines-no-number', `"${move}" has no ply number before it`, { text: move }) : undefined;
    if (!move) return refuse('lines-no-move', 'a ply number without a move', { ply: pending });
    const added = addMove(tree, at, move);
    tree = added.tree;
    last = added.path;
    at = added.path;
    pending = undefined;
    return undefined;
  };
  for (let m = token.exec(text); m; m = token.exec(text)) {
    const problem = flush(m.index);
    if (problem) return problem;
    from = token.lastIndex;
    if (m[1] !== undefined) {
      if (!last) tree = { ...tree, ...(m[1].trim() ? { comment: m[1].trim() } : {}) };
      else tree = setComment(tree, last, m[1]).tree;
    } else if (m[2]) {
      if (!last) return refuse('lines-side-first', 'a side line before any move');
      open.push({ at, last });
      // a side line replaces the last move: it starts from that move's parent
      at = last.slice(0, -1);
      last = undefined;
    } else if (m[3]) {
      const back = open.pop();
      if (!back) return refuse('lines-unopened', 'a closing parenthesis without its opening one');
      at = back.at;
      last = back.last;
    } else pending = Number(m[4]);
  }
  const problem = flush(text.length);
  if (problem) return problem;
  if (open.length > 0) return refuse('lines-unclosed', 'a side line is not closed');
  return { ok: true, value: tree };
};
