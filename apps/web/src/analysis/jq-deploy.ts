/**
 * The Junqi position editor's model: every army's deployment (30 slots each, `(row - 1) * 5 + col`, -1 for an
 * empty point) as the text of the editor's `setups` field, the pieces each army has left to place, and the rules a
 * placement breaks. Every rule is the engine's: a placement is asked of `validateSetup` with the piece alone on its
 * point, so the editor refuses exactly what the engine would refuse, with the engine's reason code.
 */
import { err, ok, type Result, Rng } from '@qiyuan/core';
import {
  ARMY_POINTS,
  type ArmySetup,
  BOMB,
  backRowsOnly,
  FLAG,
  PRESETS,
  type PresetName,
  parseSetup,
  RANK_COUNT,
  randomSetup,
  STANDARD_ARMY,
  setupToString,
  validateSetup,
} from '@qiyuan/junqi';
import { unreadArmy } from './jq-unread.js';
import type { AnalysisRefusal } from './refusals.js';

/** What the editor shows before anything is chosen, and for an army the text leaves out. */
const DEFAULT_PRESET: PresetName = 'classic';

/** Why a placement is refused: the engine's setup codes, and the editor's own two about the palette and the area. */
export interface Refusal {
  readonly code: string;
  readonly rank?: number;
  readonly slot?: number;
}

/** A rule an army's deployment breaks as it stands (a pasted text may break several). */
export interface Problem {
  /** An engine code (setup-flag, setup-mine, setup-bomb, setup-camp), `more` (pieces to place) or `over`. */
  readonly code: string;
  readonly slot?: number;
  readonly rank?: number;
  /** `more`: pieces still to place; `over`: pieces of `rank` to take back. */
  readonly n?: number;
}

export const emptyArmy = (): number[] => new Array<number>(ARMY_POINTS).fill(-1);

export const presetArmy = (name: PresetName): number[] => {
  const s = parseSetup(PRESETS[name]);
  return s.ok ? [...s.value] : emptyArmy();
};

export interface ReadDeployments {
  readonly armies: number[][];
  /** Armies whose text cannot be read (shown empty): the engine's code and reason, and the page's refusal to say. */
  readonly unread: readonly {
    readonly army: number;
    readonly code: string;
    readonly reason: string;
    readonly refusal: AnalysisRefusal;
  }[];
}

/**
 * The armies of the `setups` text (one notation per army, separated by commas) for `count` armies: an empty text,
 * or an army it leaves blank or out, stands in the classic deployment, as the board is set up without one.
 */
export const readDeployments = (text: string, count: number): ReadDeployments => {
  const parts = text.trim() ? text.split(',') : [];
  const unread: { army: number; code: string; reason: string; refusal: AnalysisRefusal }[] = [];
  const armies = Array.from({ length: count }, (_, army) => {
    const part = parts[army]?.trim() ?? '';
    if (!part) return presetArmy(DEFAULT_PRESET);
    const s = parseSetup(part);
    if (s.ok) return [...s.value];
    unread.push({ army, code: s.error.code, reason: s.error.reason, refusal: unreadArmy(part, s.error) });
    return emptyArmy();
  });
  return { armies, unread };
};

/**
 * The text with one army's deployment replaced: the others are written as they are read, except an army whose text
 * cannot be read, which stays as it was typed (the player is still fixing it).
 */
export const replaceArmy = (text: string, count: number, army: number, next: ArmySetup): string => {
  const parts = text.split(',');
  const { armies, unread } = readDeployments(text, count);
  return armies
    .map((a, i) =>
      i === army ? setupToString(next) : unread.some((u) => u.army === i) ? parts[i]!.trim() : setupToString(a),
    )
    .join(',');
};

/**
 * The text for another number of armies (the board field changed): kept armies stay, new ones start classic, and
 * an empty text stays empty (the classic deployment everywhere).
 */
export const resizeDeployments = (text: string, count: number): string => {
  if (!text.trim()) return '';
  const parts = text.split(',').map((p) => p.trim());
  return Array.from({ length: count }, (_, i) => parts[i] || PRESETS[DEFAULT_PRESET]).join(',');
};

/** Pieces of each rank the army has still to place (negative: more placed than the army has). */
export const palette = (army: ArmySetup, pieces: readonly number[] = STANDARD_ARMY): number[] => {
  const left = Array.from({ length: RANK_COUNT }, (_, r) => pieces[r] ?? 0);
  for (const r of army) if (r >= 0) left[r]!--;
  return left;
};

/** The engine's code for `rank` standing on `slot` alone, or undefined where it may stand. */
export const ruleAt = (rank: number, slot: number): string | undefined => {
  const probe = emptyArmy();
  probe[slot] = rank;
  const one = new Array<number>(RANK_COUNT).fill(0);
  one[rank] = 1;
  const r = validateSetup(probe, one);
  return r.ok ? undefined : r.error.code;
};

/** `rank` from the palette onto `slot`; what stood there goes back to the palette. */
export const place = (army: ArmySetup, rank: number, slot: number): Result<number[], Refusal> => {
  if (army[slot] === rank) return ok([...army]);
  if ((palette(army)[rank] ?? 0) <= 0) return err({ code: 'none-left', rank });
  const code = ruleAt(rank, slot);
  if (code) return err({ code, rank, slot });
  const next = [...army];
  next[slot] = rank;
  return ok(next);
};

/** The piece on `slot` back to the palette. */
export const pickUp = (army: ArmySetup, slot: number): number[] => {
  const next = [...army];
  next[slot] = -1;
  return next;
};

/** The piece on `from` to `to`, and whatever stood on `to` to `from`: refused when either would break a rule. */
export const moveOrSwap = (army: ArmySetup, from: number, to: number): Result<number[], Refusal> => {
  const next = [...army];
  [next[from], next[to]] = [army[to]!, army[from]!];
  for (const slot of [to, from]) {
    const rank = next[slot]!;
    const code = rank >= 0 ? ruleAt(rank, slot) : undefined;
    if (code) return err({ code, rank, slot });
  }
  return ok(next);
};

/** The slots of an army's area where `rank` may stand (the flag a headquarters, mines the last two rows …). */
const legalSlots = (rank: number): number[] =>
  Array.from({ length: ARMY_POINTS }, (_, s) => s).filter((s) => ruleAt(rank, s) === undefined);

/**
 * The pieces left in the palette placed at random on the free points, the placed ones kept. The most restricted
 * go first (the flag, then mines, then bombs, then the rest): their allowed points nest, so this finds room for
 * every piece whenever there is any.
 */
export const fillRest = (army: ArmySetup, rng: Rng): Result<number[], Refusal> => {
  const next = [...army];
  const order: number[] = [];
  palette(army).forEach((n, rank) => {
    for (let i = 0; i < n; i++) order.push(rank);
  });
  const phase = (r: number) => (r === FLAG ? 0 : backRowsOnly(r) ? 1 : r === BOMB ? 2 : 3);
  order.sort((a, b) => phase(a) - phase(b));
  for (const rank of order) {
    const free = legalSlots(rank).filter((s) => next[s] === -1);
    if (free.length === 0) return err({ code: 'setup-impossible', rank });
    next[rng.pick(free)] = rank;
  }
  return ok(next);
};

/** A whole new random legal deployment (the engine's own). */
export const randomArmy = (rng: Rng): number[] => {
  const r = randomSetup(rng);
  return r.ok ? [...r.value] : emptyArmy();
};

/** Every rule the army breaks as it stands: each misplaced piece, then the pieces missing or too many. */
export const problems = (army: ArmySetup): Problem[] => {
  const out: Problem[] = [];
  army.forEach((rank, slot) => {
    const code = rank >= 0 ? ruleAt(rank, slot) : undefined;
    if (code) out.push({ code, slot, rank });
  });
  const left = palette(army);
  const missing = left.reduce((a, n) => a + Math.max(0, n), 0);
  if (missing > 0) out.push({ code: 'more', n: missing });
  left.forEach((n, rank) => {
    if (n < 0) out.push({ code: 'over', rank, n: -n });
  });
  return out;
};

/** Whether the engine accepts the army as its deployment. */
export const complete = (army: ArmySetup): boolean => validateSetup(army).ok;

/** A random seed nobody predicts, for the random deployments. */
export const freshRng = (): Rng => {
  const a = new Uint32Array(1);
  globalThis.crypto?.getRandomValues(a);
  return Rng.fromSeed(a[0]! || Math.floor(Math.random() * 2 ** 31));
};
