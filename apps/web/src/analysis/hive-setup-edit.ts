/**
 * The Hive position editor's model, apart from its drawing: the editor's text (the engine's setup notation) read and
 * written, tiles renamed so that each kind's lowest numbers are the ones on the board, the reserves, where a tile
 * may be put or moved (the board's "legal moves" while editing), and the edits those moves and a removal make.
 */
import { HEX_DIRECTIONS } from '@qiyuan/core';
import {
  baseGameTypeString,
  flipsToString,
  gameTypeString,
  type HiveStack,
  type HiveView,
  hive,
  Position,
  parseSetup,
  setupOf,
  setupToString,
} from '@qiyuan/hive';

/** The form's game type as a GameTypeString, or why it names none (the engine's code; its English reason for logs). */
export type GameTypeChoice = { readonly type: string } | { readonly code: string; readonly reason: string };

/** The tiles that may stand on another (the engine refuses any other on a stack). */
const CLIMBERS = new Set(['B', 'M', 'T', 'D']);

/** The GameTypeString the editor's form names (its game type and reverse sides); the reason when it names none. */
export const hiveGameType = (values: Readonly<Record<string, string>>): GameTypeChoice => {
  const o = hive.parseOptions({ variant: values.variant || 'Base+MLP', sides: values.sides || 'none' });
  return o.ok ? { type: gameTypeString(o.value) } : { code: o.error.code, reason: o.error.reason };
};

/** The form's sides that name reverse sides (the rest: none, advanced, all). */
const ONE_KIND = ['R2', 'T2', 'F3', 'W3', 'D', 'K', 'C'];

/**
 * The form's game type and reverse sides for the position shown, so that the editor starts in that position's game
 * (a Base game shown is edited as Base, not as the form's default); nothing when the sides are none the form offers.
 */
export const hiveFormValues = (positionText: string): Record<string, string> => {
  const game = positionText.trim() ? hive.parseGame(positionText) : undefined;
  if (!game?.ok) return {};
  const o = game.value.options;
  const variant = baseGameTypeString(o);
  const [w, b] = game.value.position.roster.flips.map(flipsToString) as [string, string];
  if (w === '' && b === '') return { variant, sides: 'none' };
  if (w !== b) return { variant };
  if (gameTypeString({ ...o, flips: game.value.position.roster.flips }) === hiveGameTypeAll(variant))
    return { variant, sides: 'all' };
  return ONE_KIND.includes(w) ? { variant, sides: w } : { variant };
};

/** The game type with every tile on its back, as the form's `all` names it. */
const hiveGameTypeAll = (variant: string): string => {
  const t = hiveGameType({ variant, sides: 'all' });
  return 'type' in t ? t.type : '';
};

/** A setup text with its turn written as the colour alone (the earliest turn the tiles allow). */
export const autoTurn = (text: string): string => text.replace(/;(White|Black)\[\d+\];/, ';$1;');

/** The editor's text for a position shown (a GameString or a setup, with moves): its tiles, side and turn. */
export const hiveEditorText = (positionText: string, gameType: string): string => {
  const game = positionText.trim() ? hive.parseGame(positionText) : undefined;
  if (!game?.ok) return `${gameType};Setup;White;`;
  const setup = setupOf(game.value.gameType, game.value.viewFor('spectator') as HiveView);
  // the earliest turn the tiles allow is written as the colour alone, so that adding tiles moves the turn on with them
  const auto = setupToString({ ...setup, turn: undefined });
  return setupToString(setup) === auto ? autoTurn(auto) : setupToString(setup);
};

/** What the editor applies: empty for the start of the game (an empty board, White to move), else the setup. */
export const hiveApplyText = (text: string, gameType: GameTypeChoice): string => {
  const read = parseSetup(text);
  if (!read.ok || !('type' in gameType)) return text.trim();
  const { setup, moves } = read.value;
  if (setup.stacks.length === 0 && setup.side === 0 && setup.turn === undefined && moves.length === 0) return '';
  // the form's game type is the position's, as the editor checked it
  const printed = setupToString({ ...setup, gameType: gameType.type });
  return [setup.turn === undefined ? autoTurn(printed) : printed, ...moves].join(';');
};

/** What the editor holds: the stacks (bottom to top), the side to move, its turn (undefined: the earliest). */
export interface Edit {
  readonly stacks: readonly HiveStack[];
  readonly side: 0 | 1;
  readonly turn: number | undefined;
}

/** The editor's text read; an empty board, White to move, when it cannot be read. */
export const readEdit = (text: string): Edit => {
  const read = parseSetup(text);
  if (!read.ok) return { stacks: [], side: 0, turn: undefined };
  const { setup } = read.value;
  return { stacks: setup.stacks, side: setup.side === 1 ? 1 : 0, turn: setup.turn };
};

/** An empty position of a game type: its roster (which tiles, named how) and which are in play. */
export const rosterPosition = (type: string): Position => {
  const [variant, sides] = type.split(':');
  const o = hive.parseOptions({ variant, ...(sides !== undefined ? { sides } : {}) });
  return new Position(
    o.ok ? o.value : { mosquito: true, ladybug: true, pillbug: true, tournamentOpening: true, pillbugDutchRule: false },
  );
};

/** The roster's tiles of one colour and bug, in number order (the names the board's tiles of that kind take). */
const namesOf = (p: Position, color: string, bug: string): string[] =>
  p.roster.pieces.filter((x) => p.inPlay[x.id] && x.name.startsWith(color) && x.bug === bug).map((x) => x.name);

/**
 * Renames the tiles so that each kind's tiles on the board are its lowest-numbered ones, keeping their order: a
 * kind's tiles enter in number order, so taking wS1 off leaves the other Spider as wS1. A tile the game type lacks
 * keeps its name (the check then says why it cannot stay). Empty stacks are dropped.
 */
export const renumber = (p: Position, stacks: readonly HiveStack[]): HiveStack[] => {
  const out = stacks.filter((s) => s.tiles.length > 0).map((s) => ({ ...s, tiles: [...s.tiles] }));
  const kinds = new Map<string, { s: number; i: number; n: number }[]>();
  out.forEach((s, si) => {
    s.tiles.forEach((name, i) => {
      const kind = name.slice(0, 2);
      kinds.set(kind, [...(kinds.get(kind) ?? []), { s: si, i, n: Number(name.slice(2) || '0') }]);
    });
  });
  for (const [kind, list] of kinds) {
    const names = namesOf(p, kind[0]!, kind[1]!);
    if (names.length < list.length) continue;
    list.sort((a, b) => a.n - b.n);
    list.forEach((x, k) => {
      out[x.s]!.tiles[x.i] = names[k]!;
    });
  }
  return out;
};

/** The editor's text for an edit: the setup notation, the turn as the colour alone when it is the earliest. */
export const writeEdit = (p: Position, type: string, edit: Edit): string => {
  const printed = setupToString({ gameType: type, side: edit.side, turn: edit.turn, stacks: renumber(p, edit.stacks) });
  return edit.turn === undefined ? autoTurn(printed) : printed;
};

/** Each colour's tiles not on the board (White's, then Black's). */
export const handOf = (p: Position, stacks: readonly HiveStack[]): string[][] => {
  const onBoard = new Set(stacks.flatMap((s) => s.tiles));
  return [0, 1].map((c) =>
    p.roster.pieces.filter((x) => p.inPlay[x.id] && x.color === c && !onBoard.has(x.name)).map((x) => x.name),
  );
};

/** A placement or move the editor allows, as the board takes a legal move. */
export interface EditorMove {
  readonly uhp: string;
  readonly piece: string;
  readonly from: { readonly q: number; readonly r: number } | null;
  readonly to: { readonly q: number; readonly r: number };
}

/**
 * Where tiles may go while editing: each kind's next tile from a reserve, and each stack's top tile, to any empty
 * cell beside the hive (the centre on an empty board) and, for a climber, onto any stack; written `put wB1 2,-1`
 * and `move wB1 2,-1`. Rules beyond that are the check's business, which says why a layout cannot stand.
 */
export const editorMoves = (p: Position, stacks: readonly HiveStack[]): EditorMove[] => {
  const out: EditorMove[] = [];
  const targets = (piece: string, from: HiveStack | undefined): { q: number; r: number }[] => {
    const others = stacks.filter((s) => s.tiles.length > (s === from ? 1 : 0));
    const taken = new Set(others.map((s) => `${s.q},${s.r}`));
    const cells = new Map<string, { q: number; r: number }>();
    if (others.length === 0 && !from) cells.set('0,0', { q: 0, r: 0 });
    for (const s of others)
      for (const { q: dq, r: dr } of HEX_DIRECTIONS) {
        const k = `${s.q + dq},${s.r + dr}`;
        if (!taken.has(k)) cells.set(k, { q: s.q + dq, r: s.r + dr });
      }
    const bug = p.roster.pieces[p.roster.idOf(piece)]?.bug ?? piece.charAt(1);
    if (CLIMBERS.has(bug)) for (const s of others) if (s !== from) cells.set(`${s.q},${s.r}`, { q: s.q, r: s.r });
    if (from) cells.delete(`${from.q},${from.r}`);
    return [...cells.values()];
  };
  for (const hand of handOf(p, stacks)) {
    const kinds = new Set<string>();
    for (const piece of hand) {
      if (kinds.has(piece.slice(0, 2))) continue;
      kinds.add(piece.slice(0, 2));
      for (const to of targets(piece, undefined))
        out.push({ uhp: `put ${piece} ${to.q},${to.r}`, piece, from: null, to });
    }
  }
  for (const s of stacks) {
    const piece = s.tiles.at(-1);
    if (!piece) continue;
    for (const to of targets(piece, s))
      out.push({ uhp: `move ${piece} ${to.q},${to.r}`, piece, from: { q: s.q, r: s.r }, to });
  }
  return out;
};

/** The stacks after an editor move (`put …`, `move …`), the moved tile on top of its new cell; undefined if none. */
export const applyEditorMove = (stacks: readonly HiveStack[], uhp: string): HiveStack[] | undefined => {
  const m = /^(put|move) (\S+) (-?\d+),(-?\d+)$/.exec(uhp);
  if (!m) return undefined;
  const [, verb, piece, q, r] = m as unknown as [string, string, string, string, string];
  const out = stacks.map((s) => ({ ...s, tiles: verb === 'move' ? s.tiles.filter((x) => x !== piece) : [...s.tiles] }));
  const at = out.find((s) => s.q === Number(q) && s.r === Number(r));
  if (at) at.tiles = [...at.tiles, piece];
  else out.push({ q: Number(q), r: Number(r), tiles: [piece] });
  return out.filter((s) => s.tiles.length > 0);
};

/** The stacks with the top tile of cell `q,r` taken off, and that tile; undefined when the cell is empty. */
export const takeOff = (
  stacks: readonly HiveStack[],
  cell: string,
): { stacks: HiveStack[]; piece: string } | undefined => {
  const s = stacks.find((x) => `${x.q},${x.r}` === cell && x.tiles.length > 0);
  if (!s) return undefined;
  return {
    piece: s.tiles.at(-1)!,
    stacks: stacks.map((x) => (x === s ? { ...x, tiles: x.tiles.slice(0, -1) } : x)).filter((x) => x.tiles.length > 0),
  };
};
