import { fail, ok, type Result, type Seat } from '@qiyuan/core';
import { DEFAULT_HIVE_OPTIONS, HiveGame, type HiveOptions } from './game.js';
import { type GameType, gameTypeString, parseGameType } from './gametype.js';
import { BUG_COUNTS, BUG_NAMES, type Bug, FRONT_OF, PIECES_PER_COLOR, type ReverseBug } from './pieces.js';
import { cellOf, encodeMove, NEIGHBOR, Position } from './position.js';

/**
 * A position laid out by hand (the analysis board's editor, a link, the import box) rather than reached by moves:
 * the stacks on the board, the colour to move and its turn number, under a game type and the rules' options.
 * The engine then plays on from it exactly as from a position reached by moves, except that a set-up position has
 * no last move (no tile counts as "just moved" for the Pillbug, Mantis and Centipede on the first turn after it).
 */
export interface HiveStack {
  readonly q: number;
  readonly r: number;
  /** The tiles' UHP names, bottom to top. */
  readonly tiles: readonly string[];
}

export interface HiveSetup {
  /** A GameTypeString with fixed rosters (`Base+MLP`, `Base+MLP:T1F2W`); not the roster phase (`:?`). */
  readonly gameType: string;
  readonly side: Seat;
  /** The turn number of the side to move (UHP's `White[5]`); when absent, the least the tiles on the board allow. */
  readonly turn?: number;
  readonly stacks: readonly HiveStack[];
}

/** The tiles that may stand on another: Beetles, and the pieces that move or land as one from on top. */
const CLIMBERS: ReadonlySet<Bug> = new Set<Bug>(['B', 'M', 'T', 'D']);

/** The turn number of `side` when `side` is to move at `ply`, and back. */
const turnOf = (ply: number): number => (ply >> 1) + 1;
const plyOf = (side: Seat, turn: number): number => 2 * (turn - 1) + side;

/** How many turns `color` has finished when `side` is to move on its turn `turn`. */
const turnsDone = (color: number, side: Seat, turn: number): number => (color === 0 ? turn - 1 + side : turn - 1);

/** The least turn number of `side` with `counts` tiles of White and Black on the board: each turn places at most one. */
export const leastTurn = (side: Seat, counts: readonly [number, number]): number =>
  Math.max(1, counts[0] - side + 1, counts[1] + 1);

/** Why a tile name is not in this game: no such bug, no such tile, or an expansion or reverse side the type lacks. */
const whyNotInGame = (name: string, type: GameType, gameType: string): string => {
  const m = /^([wb])([A-Z])(\d*)$/.exec(name);
  if (!m) return `"${name}" is not a tile name (colour w or b, a bug letter, a number where there are several: wS1)`;
  const bug = m[2] as Bug;
  if (!(bug in BUG_NAMES)) return `"${name}": ${bug} is not a bug`;
  const front = (bug in FRONT_OF ? FRONT_OF[bug as ReverseBug] : bug) as keyof typeof BUG_COUNTS;
  const needs = { M: 'mosquito', L: 'ladybug', P: 'pillbug' } as const;
  const expansion = needs[front as keyof typeof needs];
  if (expansion && !type[expansion]) return `${name} needs the +${front} expansion, which ${gameType} does not have`;
  if (front !== bug)
    return `${name}: no ${BUG_NAMES[front]} tile of this colour shows its ${BUG_NAMES[bug]} side in ${gameType}`;
  const count = BUG_COUNTS[front];
  if (m[3] && Number(m[3]) > count)
    return `${name}: a player has ${count} ${BUG_NAMES[bug]} tile${count > 1 ? 's' : ''}, so ${gameType} holds no ${name}`;
  return `${name} is not a tile of ${gameType} (tiles of a kind are numbered when there are several: wS1, wS2; a lone one is not: wQ, wM)`;
};

/**
 * The position a setup describes, checked. What is refused, each with its reason: a tile the game type lacks
 * (an expansion or reverse side it does not have, more tiles of a kind than a player has), a tile twice, a tile
 * of a kind on the board while a lower-numbered one of that kind is in hand (tiles enter in number order), a
 * cell twice or out of the board's range, a tile on top of another that is no climber (only a Beetle, a Mosquito,
 * a Mantis or a Dragonfly stands on a tile) or anything on a Scorpion, a climber up on a stack while its owner's
 * Queen is in hand (no tile moves before its Queen is placed), a hive in two parts, a colour with no tile after the
 * first turn, a turn number too early for the tiles placed (each turn places at most one), a Queen in hand after
 * its owner's fourth turn, a Queen placed on the first turn under the tournament opening, and a surrounded Queen
 * (the game is over: nothing to analyse). Allowed: any legal-looking layout, whether or not some game reaches it.
 */
export const setupPosition = (setup: HiveSetup, rules: Partial<HiveOptions> = {}): Result<Position> => {
  const type = parseGameType(setup.gameType);
  if (!type.ok) return type;
  if (type.value.rosterPhase)
    return fail('roster-phase', 'a set-up position needs the rosters fixed: give the reverse sides, not :?');
  const options = { ...DEFAULT_HIVE_OPTIONS, ...rules, ...type.value };
  const gameType = gameTypeString(type.value);
  const p = new Position(options);
  if (setup.side !== 0 && setup.side !== 1) return fail('bad-setup', 'the side to move is White or Black');

  const placed = new Map<number, string>();
  const cells = new Set<number>();
  const counts: [number, number] = [0, 0];
  for (const stack of setup.stacks) {
    const { q, r } = stack;
    if (!Number.isInteger(q) || !Number.isInteger(r) || q < -16 || q > 15 || r < -16 || r > 15)
      return fail('off-board', `${q},${r}: coordinates run from -16 to 15`);
    const cell = cellOf(q, r);
    if (cells.has(cell)) return fail('cell-twice', `${q},${r} is given twice: list a stack once, bottom to top`);
    cells.add(cell);
    if (stack.tiles.length === 0) return fail('empty-stack', `${q},${r}: a stack has at least one tile`);
    for (const [level, name] of stack.tiles.entries()) {
      const id = p.roster.idOf(name);
      if (id < 0 || !p.inPlay[id]) return fail('not-in-game', whyNotInGame(name, type.value, gameType));
      if (placed.has(id)) return fail('tile-twice', `${name} is on the board twice`);
      const bug = p.roster.pieces[id]!.bug;
      if (level > 0) {
        const under = p.roster.pieces[p.top[cell]!]!;
        if (!CLIMBERS.has(bug))
          return fail(
            'not-a-climber',
            `${name} cannot stand on ${under.name}: only a Beetle, a Mosquito, a Mantis or a Dragonfly stands on a tile`,
          );
        if (under.bug === 'R')
          return fail('on-a-scorpion', `${name} cannot stand on ${under.name}: nothing climbs onto a Scorpion`);
      }
      placed.set(id, name);
      counts[id >= PIECES_PER_COLOR ? 1 : 0]++;
      p.place(id, cell);
    }
  }

  for (const [id, name] of placed) {
    const info = p.roster.pieces[id]!;
    const before = p.roster.pieces[id - 1];
    if (info.n > 1 && before && before.bug === info.bug && !placed.has(id - 1))
      return fail(
        'tile-order',
        `${name} is on the board while ${before.name} is in hand: tiles of a kind enter in number order`,
      );
    const color = info.color * PIECES_PER_COLOR;
    if (p.below[id]! >= 0 && p.pos[color]! < 0)
      return fail('queen-first', `${name} stands on a tile, so it has moved: no tile moves before its Queen is placed`);
  }

  if (!connected(p, cells))
    return fail('disconnected', 'the hive is in two or more parts: every tile must touch the rest of the hive');

  const total = counts[0] + counts[1];
  if (total === 0) {
    if (setup.side !== 0 || (setup.turn ?? 1) !== 1)
      return fail('empty-board', 'on an empty board White is to move, on turn 1: the start of the game');
    return ok(p);
  }
  const turn = setup.turn ?? leastTurn(setup.side, counts);
  if (!Number.isInteger(turn) || turn < 1) return fail('bad-turn', 'a turn number is a whole number from 1');
  if (turn < leastTurn(setup.side, counts))
    return fail(
      'turn-too-early',
      `White has ${counts[0]} tiles on the board and Black ${counts[1]}: with ${setup.side === 0 ? 'White' : 'Black'} to move that is turn ${leastTurn(setup.side, counts)} at the earliest (each turn places at most one tile)`,
    );
  if (total === 1) {
    // The position after the first placement; played as that move, so that Black's placements go beside it.
    if (counts[0] !== 1 || setup.side !== 1 || turn !== 1)
      return fail(
        'one-colour',
        'with a single tile on the board, it is White’s first tile and Black is to move, on turn 1',
      );
  } else if (counts[0] === 0 || counts[1] === 0)
    return fail(
      'one-colour',
      'after the first turn both colours have tiles on the board (a player’s first turn always places one)',
    );
  for (const color of [0, 1] as const) {
    const done = turnsDone(color, setup.side, turn);
    const who = color === 0 ? 'White' : 'Black';
    if (done >= 4 && p.pos[color * PIECES_PER_COLOR]! < 0)
      return fail('queen-missing', `${who}’s Queen is in hand after ${who}’s fourth turn: it must be placed by then`);
    if (options.tournamentOpening && done === 1 && counts[color] === 1 && p.pos[color * PIECES_PER_COLOR]! >= 0)
      return fail(
        'tournament-opening',
        `${who}’s only tile is its Queen, placed on its first turn: the tournament opening forbids that`,
      );
  }
  if (p.outcome())
    return fail('game-over', 'a Queen is surrounded: the game is already over, there is nothing to play from here');
  if (total === 1) {
    const [id] = placed.keys();
    const at = p.pos[id!]!;
    const fresh = new Position(options);
    fresh.makeMove(encodeMove(id!, at));
    return ok(fresh);
  }
  p.setTurn(setup.side, plyOf(setup.side, turn));
  return ok(p);
};

/** Whether the occupied cells form one group (by a flood from any of them). */
const connected = (p: Position, cells: ReadonlySet<number>): boolean => {
  if (cells.size === 0) return true;
  const [first] = cells;
  const seen = new Set<number>([first!]);
  const queue = [first!];
  while (queue.length) {
    const c = queue.pop()!;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOR[c * 6 + d]!;
      if (p.height[n]! > 0 && !seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen.size === cells.size;
};

/**
 * The setup notation (docs/rules/hive.md, "Set-up positions"): `GameType;Setup;Turn;stacks`, then any moves played
 * from it as in a GameString, e.g. `Base+MLP;Setup;Black[4];wS1@0,0 bS1@1,0 wQ/bB1@-1,0;wA1 \wS1`. A stack is its
 * tiles bottom to top joined by `/`, `@`, and the cell's axial coordinates `q,r`; stacks are separated by spaces.
 * `Turn` is a TurnString (`White[3]`) or the colour alone (`White`), then the least turn the tiles allow.
 */
export const SETUP_STATE = 'Setup';

/** Whether a text is in the setup notation (the second field is `Setup` where a GameString has its state). */
export const isSetupString = (text: string): boolean => text.trim().split(';')[1]?.trim() === SETUP_STATE;

/** Reads the setup notation: the setup, and the MoveStrings played from it. */
export const parseSetup = (text: string): Result<{ setup: HiveSetup; moves: string[] }> => {
  const parts = text
    .trim()
    .split(';')
    .map((s) => s.trim());
  if (parts.length < 4 || parts[1] !== SETUP_STATE)
    return fail(
      'bad-setup',
      'a set-up position is GameType;Setup;Turn;stacks (e.g. Base;Setup;White[3];wQ@0,0 bQ@1,0)',
    );
  const turn = /^(White|Black)(?:\[(\d+)\])?$/.exec(parts[2]!);
  if (!turn) return fail('bad-setup', `"${parts[2]}" is not a turn: White[3], Black[5], or the colour alone`);
  const stacks: HiveStack[] = [];
  for (const word of parts[3]!.split(/\s+/).filter(Boolean)) {
    const m = /^([^@]+)@(-?\d+),(-?\d+)$/.exec(word);
    if (!m)
      return fail('bad-setup', `"${word}" is not a stack: tiles bottom to top joined by /, @, then q,r (wQ/bB1@0,-1)`);
    stacks.push({ q: Number(m[2]), r: Number(m[3]), tiles: m[1]!.split('/') });
  }
  const setup: HiveSetup = {
    gameType: parts[0]!,
    side: turn[1] === 'White' ? 0 : 1,
    ...(turn[2] !== undefined ? { turn: Number(turn[2]) } : {}),
    stacks,
  };
  return ok({ setup, moves: parts.slice(4).filter(Boolean) });
};

/** Prints a setup in its canonical form: the canonical game type, the turn number always, stacks by row then column. */
export const setupToString = (setup: HiveSetup): string => {
  const type = parseGameType(setup.gameType);
  const gameType = type.ok ? gameTypeString(type.value) : setup.gameType;
  const counts: [number, number] = [0, 0];
  for (const s of setup.stacks) for (const t of s.tiles) counts[t.startsWith('b') ? 1 : 0]++;
  const turn = setup.turn ?? leastTurn(setup.side, counts);
  const stacks = [...setup.stacks]
    .sort((a, b) => a.r - b.r || a.q - b.q)
    .map((s) => `${s.tiles.join('/')}@${s.q},${s.r}`)
    .join(' ');
  return [gameType, SETUP_STATE, `${setup.side === 0 ? 'White' : 'Black'}[${turn}]`, stacks].join(';');
};

/** The setup of a position as the board shows it (for the editor to start from a position reached by moves). */
export const setupOf = (
  gameType: string,
  view: { side: number; ply: number; tiles: readonly { piece: string; q: number; r: number; level: number }[] },
): HiveSetup => {
  const byCell = new Map<string, { q: number; r: number; tiles: { piece: string; level: number }[] }>();
  for (const t of view.tiles) {
    const key = `${t.q},${t.r}`;
    const s = byCell.get(key) ?? { q: t.q, r: t.r, tiles: [] };
    s.tiles.push(t);
    byCell.set(key, s);
  }
  const stacks = [...byCell.values()].map((s) => ({
    q: s.q,
    r: s.r,
    tiles: s.tiles.sort((a, b) => a.level - b.level).map((t) => t.piece),
  }));
  return { gameType, side: view.side === 1 ? 1 : 0, turn: turnOf(view.ply), stacks };
};

/**
 * A game from the setup notation (with any moves after it) under the rules' options: the GameString it prints is
 * the setup followed by the moves, so it reads back to the same game.
 */
export const parseSetupGame = (text: string, rules: Partial<HiveOptions> = {}): Result<HiveGame> => {
  const read = parseSetup(text);
  if (!read.ok) return read;
  const { setup, moves } = read.value;
  const position = setupPosition(setup, rules);
  if (!position.ok) return position;
  const type = parseGameType(setup.gameType);
  if (!type.ok) return type;
  const game = new HiveGame(
    { ...DEFAULT_HIVE_OPTIONS, ...rules, ...type.value },
    {
      position: position.value,
      notation: setupToString({ ...setup, turn: setup.turn ?? turnOf(position.value.ply) }),
    },
  );
  for (const [i, m] of moves.entries()) {
    const move = game.parseMove(m);
    if (!move.ok) return fail('game-string-move', `move ${i + 1}: ${move.error.reason}`);
    const played = game.play(move.value);
    if (!played.ok) return fail('game-string-move', `move ${i + 1} (${m}): ${played.error.reason}`);
  }
  return ok(game);
};
