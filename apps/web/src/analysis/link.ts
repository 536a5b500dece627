/**
 * The analysis board's link: everything needed to reopen the same position and tree — the editor's options, the
 * start text, the tree with its comments and the node shown — packed into the URL hash after the game,
 * `#/analysis/<game>/<payload>`, so a link works on any static server and without an account.
 */
import type { Read } from './refusals.js';
import type { StartSpec } from './start.js';
import type { Path, Tree } from './tree.js';
import { packTree, unpackTree } from './tree-pack.js';

export interface BoardState {
  readonly start: StartSpec;
  readonly tree: Tree;
  readonly path: Path;
  /**
   * A game with hidden pieces opened from its replay: the seat whose knowledge the board shows (hidden pieces stay
   * hidden, as that seat saw them during the game), or `ALL_KNOWN` for the record with every piece face up.
   */
  readonly known?: number;
}

/** `known` of a board that shows every piece of a finished game with hidden pieces. */
export const ALL_KNOWN = -1;

/** The payload of the link (before the router's URI encoding). */
export const encodeBoard = (s: BoardState): string =>
  JSON.stringify({
    o: s.start.options,
    p: s.start.position,
    t: packTree(s.tree),
    at: s.path,
    ...(s.known === undefined ? {} : { v: s.known }),
  });

/** Reads a link's payload back, with the refusal's code (and an English reason for logs) when it is damaged. */
export const decodeBoard = (text: string): Read<BoardState> => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, code: 'link-unreadable', reason: 'the link is damaged (not readable)' };
  }
  const d = data as { o?: unknown; p?: unknown; t?: unknown; at?: unknown; v?: unknown } | null;
  if (typeof d !== 'object' || d === null) return { ok: false, code: 'link-damaged', reason: 'the link is damaged' };
  const options = d.o ?? {};
  if (typeof options !== 'object' || options === null || Object.values(options).some((v) => typeof v !== 'string'))
    return { ok: false, code: 'link-options', reason: 'the link’s options are damaged' };
  if (typeof (d.p ?? '') !== 'string')
    return { ok: false, code: 'link-position', reason: 'the link’s position is damaged' };
  const tree = unpackTree(d.t ?? ['']);
  if (!tree.ok) return tree;
  const at = d.at ?? [];
  if (!Array.isArray(at) || at.some((i) => !Number.isInteger(i) || i < 0))
    return { ok: false, code: 'link-move', reason: 'the link’s move is damaged' };
  const known = d.v;
  if (known !== undefined && (!Number.isInteger(known) || (known as number) < ALL_KNOWN))
    return { ok: false, code: 'link-damaged', reason: 'the link’s seat is damaged' };
  return {
    ok: true,
    value: {
      start: { options: options as Record<string, string>, position: (d.p as string | undefined) ?? '' },
      tree: tree.value,
      path: at as number[],
      ...(known === undefined ? {} : { known: known as number }),
    },
  };
};
