import { fail, ok, type Result, type Rng } from '@qiyuan/core';
import { ARMY_POINTS, COLS, kindAt, ROWS } from './board.js';
import {
  BOMB,
  backRowsOnly,
  FLAG,
  RANK_CHINESE,
  RANK_COUNT,
  RANKS,
  type Rank,
  rankFromLetter,
  rankLetter,
  STANDARD_ARMY,
} from './piece.js';

/**
 * One army's deployment (布阵): 30 slots, index `(row - 1) * 5 + col` as on
 * the board (row 1 the back row), each a rank or -1 for an empty point.
 *
 * Notation: the six rows from the front row (6) to the back row (1), each
 * five characters from the army's left to right, joined by `/`; a camp is
 * written `+` (it is always empty) and pieces by their letters (`piece.ts`):
 *
 *     71316/4+2+5/93+8B/2+3+7/6B154/MFM2M
 */
export type ArmySetup = readonly number[];

export const slotIndex = (row: number, col: number): number => (row - 1) * COLS + col;
const slotName = (slot: number): string => `${'abcde'[slot % COLS]}${Math.floor(slot / COLS) + 1}`;

export const setupToString = (setup: ArmySetup): string => {
  const rows: string[] = [];
  for (let row = ROWS; row >= 1; row--) {
    let text = '';
    for (let col = 0; col < COLS; col++) {
      const rank = setup[slotIndex(row, col)] ?? -1;
      text += kindAt(row, col) === 'camp' ? '+' : rank < 0 ? '.' : rankLetter(rank);
    }
    rows.push(text);
  }
  return rows.join('/');
};

/** Reads the notation; checks the shape only (use `validateSetup` for the rules). */
export const parseSetup = (text: string): Result<ArmySetup> => {
  const rows = text.trim().split('/');
  if (rows.length !== ROWS) return fail('bad-setup', `a setup has ${ROWS} rows separated by "/", not ${rows.length}`);
  const setup = new Array<number>(ARMY_POINTS).fill(-1);
  for (let i = 0; i < ROWS; i++) {
    const row = ROWS - i;
    const chars = [...(rows[i] ?? '')];
    if (chars.length !== COLS)
      return fail('bad-setup', `row ${row} of the setup has ${chars.length} points, not ${COLS}`);
    for (let col = 0; col < COLS; col++) {
      const ch = chars[col]!;
      const camp = kindAt(row, col) === 'camp';
      if (ch === '+') {
        if (!camp) return fail('bad-setup', `"+" marks a camp, but ${slotName(slotIndex(row, col))} is not a camp`);
        continue;
      }
      if (ch === '.') continue;
      const rank = rankFromLetter(ch);
      if (rank === undefined)
        return fail('bad-setup', `"${ch}" at ${slotName(slotIndex(row, col))} is not a piece letter`);
      if (camp)
        return fail(
          'setup-camp',
          `nothing may be placed in a camp (行营), but ${slotName(slotIndex(row, col))} holds ${RANKS[rank]}`,
        );
      setup[slotIndex(row, col)] = rank;
    }
  }
  return ok(setup);
};

const counts = (setup: ArmySetup): number[] => {
  const c = new Array<number>(RANK_COUNT).fill(0);
  for (const r of setup) if (r >= 0) c[r]!++;
  return c;
};

/**
 * Checks a deployment against the rules: exactly the army's pieces
 * (`pieces`, counts per rank), nothing in a camp, the flag in a
 * headquarters, mines (and the fortress) in the back two rows, no bomb in
 * the front row. The failure names the first broken rule and where.
 */
export const validateSetup = (
  setup: ArmySetup,
  pieces: readonly number[] = STANDARD_ARMY,
  pick = false,
): Result<ArmySetup> => {
  if (setup.length !== ARMY_POINTS) return fail('bad-setup', `a setup has ${ARMY_POINTS} slots`);
  const have = counts(setup);
  if (pick) {
    // 三打一's landlord deploys 25 of the pieces it holds, the flag among them (ruling L5).
    const placed = have.reduce((a, b) => a + b, 0);
    if (placed !== ARMY_SIZE) return fail('setup-pieces', `the landlord deploys ${ARMY_SIZE} pieces, not ${placed}`);
    if (have[FLAG] !== 1) return fail('setup-pieces', 'the landlord deploys its flag (军旗)');
  }
  for (let rank = 0; rank < RANK_COUNT; rank++) {
    const want = pieces[rank] ?? 0;
    if (pick ? have[rank]! > want : have[rank] !== want) {
      return fail(
        'setup-pieces',
        `the army has ${want} × ${RANKS[rank]} (${RANK_CHINESE[rank]}), the setup places ${have[rank]}`,
      );
    }
  }
  for (let slot = 0; slot < ARMY_POINTS; slot++) {
    const rank = setup[slot]!;
    if (rank < 0) continue;
    const row = Math.floor(slot / COLS) + 1;
    const col = slot % COLS;
    const kind = kindAt(row, col);
    if (kind === 'camp')
      return fail('setup-camp', `nothing may be placed in a camp (行营), but ${slotName(slot)} is occupied`);
    if (rank === FLAG && kind !== 'hq') {
      return fail('setup-flag', `the flag (军旗) must stand in a headquarters (b1 or d1), not on ${slotName(slot)}`);
    }
    if (backRowsOnly(rank) && row > 2) {
      return fail(
        'setup-mine',
        `a ${RANKS[rank]} (${RANK_CHINESE[rank]}) must stand in the back two rows, not on ${slotName(slot)}`,
      );
    }
    if (rank === BOMB && row === ROWS) {
      return fail('setup-bomb', `a bomb (炸弹) may not stand in the front row, as on ${slotName(slot)}`);
    }
  }
  return ok(setup);
};

/** Parse and validate in one step. */
export const readSetup = (text: string, pieces: readonly number[] = STANDARD_ARMY, pick = false): Result<ArmySetup> => {
  const parsed = parseSetup(text);
  return parsed.ok ? validateSetup(parsed.value, pieces, pick) : parsed;
};

/** Pieces an army deploys: 25, one on every point but the camps. */
export const ARMY_SIZE = 25;

/**
 * Documented open setups (the perft fixtures start from them). Each is legal
 * for a standard army.
 */
export const PRESETS = {
  /** A balanced deployment: flag b1 behind three mines, bombs on b2 and e4. */
  classic: '71316/4+2+5/93+8B/2+3+7/6B154/MFM2M',
  /** Strong pieces in front: 司令 and 军长 on the front row. */
  forward: '98171/6+1+6/53+35/B+4+B/74322/MF2MM',
  /** Small pieces in front, engineers behind them, the big ones deep. */
  defensive: '22323/1+1+1/75+64/9+B+8/765B3/4FMMM',
} as const;
export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/**
 * A random legal deployment of `pieces`: the flag first into a random
 * headquarters, then the back-row pieces, then bombs off the front row, then
 * the rest, each on a random free point. With `pick` (三打一's landlord) a
 * random choice of 24 pieces besides the flag is deployed. Fails only when the
 * pieces cannot fit the rules at all.
 */
export const randomSetup = (rng: Rng, pieces: readonly number[] = STANDARD_ARMY, pick = false): Result<ArmySetup> => {
  if (pick) pieces = pickArmy(rng, pieces);
  const setup = new Array<number>(ARMY_POINTS).fill(-1);
  const free = (ok: (row: number) => boolean, kinds: readonly string[]) => {
    const out: number[] = [];
    for (let slot = 0; slot < ARMY_POINTS; slot++) {
      const row = Math.floor(slot / COLS) + 1;
      const kind = kindAt(row, slot % COLS);
      if (setup[slot] === -1 && kinds.includes(kind) && ok(row)) out.push(slot);
    }
    return out;
  };
  const place = (rank: Rank, slots: number[]): boolean => {
    if (slots.length === 0) return false;
    setup[rng.pick(slots)] = rank;
    return true;
  };
  const order: Rank[] = [];
  for (let rank = 0; rank < RANK_COUNT; rank++) for (let i = 0; i < (pieces[rank] ?? 0); i++) order.push(rank);
  const phase = (r: Rank) => (r === FLAG ? 0 : backRowsOnly(r) ? 1 : r === BOMB ? 2 : 3);
  order.sort((a, b) => phase(a) - phase(b));
  for (const rank of order) {
    const slots =
      rank === FLAG
        ? free(() => true, ['hq'])
        : backRowsOnly(rank)
          ? free((row) => row <= 2, ['hq', 'station'])
          : rank === BOMB
            ? free((row) => row < ROWS, ['hq', 'station'])
            : free(() => true, ['hq', 'station']);
    if (!place(rank, slots)) return fail('setup-impossible', `there is no legal point left for a ${RANKS[rank]}`);
  }
  return validateSetup(setup, pieces);
};

/** A random choice of the flag and 24 other pieces from `holding`, at most 9 of them for the back rows. */
const pickArmy = (rng: Rng, holding: readonly number[]): number[] => {
  const bag: Rank[] = [];
  holding.forEach((n, rank) => {
    if (rank !== FLAG) for (let i = 0; i < n; i++) bag.push(rank);
  });
  rng.shuffle(bag);
  const chosen = new Array<number>(RANK_COUNT).fill(0);
  chosen[FLAG] = 1;
  let back = 0;
  let total = 1;
  for (const rank of bag) {
    if (total === ARMY_SIZE) break;
    if (backRowsOnly(rank)) {
      if (back === 9) continue;
      back++;
    }
    chosen[rank]!++;
    total++;
  }
  return chosen;
};
