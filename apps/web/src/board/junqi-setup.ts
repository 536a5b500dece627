/**
 * The setup editor's model (布阵): one army's 30 slots as the player arranges
 * them, the reserve of pieces not yet deployed (三打一's landlord holds more
 * than it deploys), the rule problems of the arrangement, and setups saved
 * on this device. Every rule comes from the engine: a problem is what the
 * engine's `validateSetup` says, asked about each piece on its own so that
 * every broken rule is found, not only the first.
 */
import { Rng } from '@qiyuan/core';
import {
  ARMY_POINTS,
  ARMY_SIZE,
  type ArmySetup,
  FLAG,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  parseSetup,
  RANK_COUNT,
  randomSetup,
  setupToString,
  validateSetup,
} from '@qiyuan/junqi';

export interface SetupProblem {
  /** The engine's reason code: setup-flag, setup-mine, setup-bomb, setup-camp, setup-pieces, bad-setup … */
  readonly code: string;
  /** Slot (`(row - 1) * 5 + col`) of the piece that breaks the rule. */
  readonly slot?: number;
  readonly rank?: number;
  /** setup-pieces: how many more pieces to deploy (negative: too many). */
  readonly missing?: number;
  /** setup-pieces: the flag is not deployed. */
  readonly flag?: boolean;
}

const countsOf = (slots: readonly number[]): number[] => {
  const c = new Array<number>(RANK_COUNT).fill(0);
  for (const r of slots) if (r >= 0) c[r]!++;
  return c;
};

/** A fresh random seed for the random deployment (not the game's seed: nobody may predict it). */
const freshSeed = (): number => {
  const a = new Uint32Array(1);
  globalThis.crypto?.getRandomValues(a);
  return a[0]! || Math.floor(Math.random() * 2 ** 31);
};

export class SetupDraft {
  readonly holding: readonly number[];
  /** 三打一's landlord: deploys 25 of the pieces it holds, the flag among them. */
  readonly pick: boolean;
  #slots: number[];
  /** A stable key per placed piece, so the board slides a piece to where it went. */
  #keys: number[];
  #next = 0;

  constructor(holding: readonly number[], pick: boolean, initial?: ArmySetup) {
    this.holding = [...holding];
    this.pick = pick;
    this.#slots = new Array<number>(ARMY_POINTS).fill(-1);
    this.#keys = new Array<number>(ARMY_POINTS).fill(-1);
    if (initial) this.load(initial);
  }

  get slots(): readonly number[] {
    return this.#slots;
  }

  keyAt(slot: number): number {
    return this.#keys[slot] ?? -1;
  }

  /** Pieces held but not deployed, as counts per rank. */
  reserve(): number[] {
    const placed = countsOf(this.#slots);
    return this.holding.map((n, r) => n - (placed[r] ?? 0));
  }

  /** Whether `setup` uses exactly these pieces (the landlord: some of them). */
  fits(setup: ArmySetup): boolean {
    if (setup.length !== ARMY_POINTS) return false;
    const c = countsOf(setup);
    return c.every((n, r) => (this.pick ? n <= (this.holding[r] ?? 0) : n === (this.holding[r] ?? 0)));
  }

  load(setup: ArmySetup): boolean {
    if (!this.fits(setup)) return false;
    this.#slots = [...setup];
    this.#keys = this.#slots.map((r) => (r >= 0 ? this.#next++ : -1));
    return true;
  }

  /** Swaps what stands on two slots (either may be empty). */
  swap(a: number, b: number): void {
    if (a === b || a < 0 || b < 0 || a >= ARMY_POINTS || b >= ARMY_POINTS) return;
    [this.#slots[a], this.#slots[b]] = [this.#slots[b]!, this.#slots[a]!];
    [this.#keys[a], this.#keys[b]] = [this.#keys[b]!, this.#keys[a]!];
  }

  /** Puts a piece from the reserve on `slot`; what stood there goes back to the reserve. */
  place(rank: number, slot: number): boolean {
    if (slot < 0 || slot >= ARMY_POINTS || (this.reserve()[rank] ?? 0) <= 0) return false;
    this.#slots[slot] = rank;
    this.#keys[slot] = this.#next++;
    return true;
  }

  /** Takes the piece on `slot` back into the reserve (only where the army holds more than it deploys). */
  remove(slot: number): boolean {
    if (!this.pick || (this.#slots[slot] ?? -1) < 0) return false;
    this.#slots[slot] = -1;
    this.#keys[slot] = -1;
    return true;
  }

  notation(): string {
    return setupToString(this.#slots);
  }

  /** Every rule the arrangement breaks, each with the piece and slot concerned. */
  problems(): SetupProblem[] {
    const out: SetupProblem[] = [];
    this.#slots.forEach((rank, slot) => {
      if (rank < 0) return;
      // the piece alone, as an army of one: the engine then checks only where it stands
      const probe = new Array<number>(ARMY_POINTS).fill(-1);
      probe[slot] = rank;
      const one = new Array<number>(RANK_COUNT).fill(0);
      one[rank] = 1;
      const r = validateSetup(probe, one);
      if (!r.ok) out.push({ code: r.error.code, slot, rank });
    });
    const placed = this.#slots.filter((r) => r >= 0).length;
    if (this.pick && placed !== ARMY_SIZE) out.push({ code: 'setup-pieces', missing: ARMY_SIZE - placed });
    if (this.pick && !this.#slots.includes(FLAG)) out.push({ code: 'setup-pieces', flag: true });
    const whole = validateSetup(this.#slots, this.holding, this.pick);
    if (!whole.ok && out.length === 0) out.push({ code: whole.error.code });
    return out;
  }

  valid(): boolean {
    return validateSetup(this.#slots, this.holding, this.pick).ok;
  }

  /** A random legal deployment of these pieces (the landlord: of a random choice of them). */
  randomise(seed = freshSeed()): boolean {
    const r = randomSetup(Rng.fromSeed(seed), this.holding, this.pick);
    return r.ok && this.load(r.value);
  }

  /** The presets that fit these pieces. */
  presets(): PresetName[] {
    return PRESET_NAMES.filter((name) => {
      const s = parseSetup(PRESETS[name]);
      return s.ok && this.fits(s.value);
    });
  }

  loadPreset(name: PresetName): boolean {
    const s = parseSetup(PRESETS[name]);
    return s.ok && this.load(s.value);
  }
}

// ---- setups kept on this device ---------------------------------------------

export interface SavedSetup {
  readonly name: string;
  readonly setup: string;
  readonly saved: number;
}

export const SAVED_KEY = 'qiyuan.junqi.setups';
const LAST_KEY = 'qiyuan.junqi.last.';
export const MAX_SAVED = 40;
export const MAX_NAME = 24;

type KeyStore = Pick<Storage, 'getItem' | 'setItem'>;
const store = (): KeyStore | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/** The saved setups, newest first; anything malformed in storage is skipped. */
export const listSaved = (storage: KeyStore | undefined = store()): SavedSetup[] => {
  try {
    const raw = JSON.parse(storage?.getItem(SAVED_KEY) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return raw
      .filter(
        (x): x is SavedSetup =>
          !!x &&
          typeof x === 'object' &&
          typeof (x as SavedSetup).name === 'string' &&
          typeof (x as SavedSetup).setup === 'string' &&
          parseSetup((x as SavedSetup).setup).ok,
      )
      .map((x) => ({ name: x.name.slice(0, MAX_NAME), setup: x.setup, saved: Number(x.saved) || 0 }))
      .sort((a, b) => b.saved - a.saved);
  } catch {
    return [];
  }
};

export type SaveResult = { ok: true; replaced: boolean } | { ok: false; code: 'empty-name' | 'storage' };

/** Saves (or replaces) a setup under a name. */
export const saveSetup = (name: string, setup: string, storage: KeyStore | undefined = store()): SaveResult => {
  const clean = name.trim().replace(/\s+/g, ' ').slice(0, MAX_NAME);
  if (!clean) return { ok: false, code: 'empty-name' };
  const list = listSaved(storage);
  const replaced = list.some((s) => s.name === clean);
  const next = [{ name: clean, setup, saved: Date.now() }, ...list.filter((s) => s.name !== clean)].slice(0, MAX_SAVED);
  try {
    if (!storage) return { ok: false, code: 'storage' };
    storage.setItem(SAVED_KEY, JSON.stringify(next));
    return { ok: true, replaced };
  } catch {
    return { ok: false, code: 'storage' };
  }
};

export const deleteSaved = (name: string, storage: KeyStore | undefined = store()): void => {
  try {
    storage?.setItem(SAVED_KEY, JSON.stringify(listSaved(storage).filter((s) => s.name !== name)));
  } catch {
    // storage blocked: nothing to delete
  }
};

/** The setup a seat confirmed last on this device (it starts there next time). */
export const recallLast = (seat: number, storage: KeyStore | undefined = store()): ArmySetup | undefined => {
  try {
    const text = storage?.getItem(`${LAST_KEY}${seat}`);
    if (!text) return undefined;
    const s = parseSetup(text);
    return s.ok ? s.value : undefined;
  } catch {
    return undefined;
  }
};

export const rememberLast = (seat: number, setup: string, storage: KeyStore | undefined = store()): void => {
  try {
    storage?.setItem(`${LAST_KEY}${seat}`, setup);
  } catch {
    // storage blocked: the next game starts from a preset
  }
};

/** The arrangement a seat's editor opens with: its last confirmed setup, else a preset, else a random one. */
export const initialDraft = (holding: readonly number[], pick: boolean, seat: number): SetupDraft => {
  const draft = new SetupDraft(holding, pick);
  const last = recallLast(seat);
  if (last && draft.load(last)) return draft;
  const preset = draft.presets()[0];
  if (preset && draft.loadPreset(preset)) return draft;
  draft.randomise();
  return draft;
};
