import type { JSX } from 'preact';
import { t } from '../i18n/index.js';
import { type Path, samePath, type Tree, type TreeNode } from './tree.js';

/**
 * The tree as players read it (as lichess shows its moves): the main line in order, each side line in parentheses
 * after the move it replaces, comments in italics. Every move is a button that shows its position.
 */
export const TreeView = ({
  tree,
  current,
  firstPly,
  onGo,
  label,
}: {
  tree: Tree;
  current: Path;
  /** The number of the start's next ply (a position read from a record may start later). */
  firstPly: number;
  onGo: (path: Path) => void;
  /** How a move reads when not as played (a move of the game as one seat knew it); the move itself by default. */
  label?: ((path: Path, move: string) => string) | undefined;
}) => {
  const move = (n: TreeNode, path: Path, ply: number): JSX.Element => {
    const here = samePath(path, current);
    return (
      <>
        <button
          type="button"
          class={`tree-move${here ? ' current' : ''}`}
          aria-current={here ? 'step' : undefined}
          data-testid="tree-move"
          data-path={path.join('.')}
          onClick={() => onGo(path)}
        >
          <span class="muted">{ply}.</span> {label ? label(path, n.move) : n.move}
        </button>
        {n.comment && <em class="tree-comment">{n.comment}</em>}
      </>
    );
  };
  /** A line from `children` of the node at `path`: its first move, the side lines, then the rest of it. */
  const line = (children: readonly TreeNode[], path: Path, ply: number): JSX.Element[] => {
    const out: JSX.Element[] = [];
    let at = path;
    let kids = children;
    let p = ply;
    while (kids.length > 0) {
      const mainPath = [...at, 0];
      out.push(<span key={mainPath.join('.')}>{move(kids[0]!, mainPath, p)}</span>);
      for (const [i, side] of kids.slice(1).entries()) {
        const sidePath = [...at, i + 1];
        out.push(
          <span class="tree-side" data-testid="tree-side" key={`s${sidePath.join('.')}`}>
            ({move(side, sidePath, p)}
            {line(side.children, sidePath, p + 1)})
          </span>,
        );
      }
      at = mainPath;
      kids = kids[0]!.children;
      p++;
    }
    return out;
  };
  return (
    <div class="analysis-tree" data-testid="tree">
      {tree.comment && <em class="tree-comment">{tree.comment}</em>}
      {tree.children.length === 0 ? <p class="muted">{t('analysis.noMoves')}</p> : line(tree.children, [], firstPly)}
    </div>
  );
};
