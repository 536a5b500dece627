import { GAME_IDS, type GameId, type JsonObject, type Seat } from '@qiyuan/core';

/**
 * The games kept on this device (one screen, against the AI) in localStorage: a module of its own, apart from the
 * session that plays them, so that the pages that only list or read a save (the home page's list, a device game's
 * replay, the game page before its chunk comes) do not carry the session.
 */

export type LocalMode = 'hotseat' | 'ai';

/**
 * A local game as saved in localStorage: enough to resume it exactly after a reload, and, once it is over, to
 * replay and analyse it (the snapshot holds every move and everything hidden during the game).
 */
export interface LocalSave {
  readonly id: string;
  readonly game: GameId;
  readonly mode: LocalMode;
  readonly options: Readonly<Record<string, string>>;
  readonly snapshot: JsonObject;
  /** vs AI: the seats the AI plays and its level (1-10). */
  readonly aiSeats: readonly Seat[];
  readonly level: number;
  readonly created: number;
  readonly updated: number;
  /** Whether the game is over (its replay can be opened); absent in saves older than this field. */
  readonly finished?: boolean;
}

const INDEX = 'qiyuan.local.index';
const key = (id: string) => `qiyuan.local.${id}`;

export const listSaves = (): LocalSave[] => {
  try {
    const ids = JSON.parse(localStorage.getItem(INDEX) ?? '[]') as unknown;
    if (!Array.isArray(ids)) return [];
    return ids
      .map((id) => loadSave(String(id)))
      .filter((s): s is LocalSave => s !== undefined)
      .sort((a, b) => b.updated - a.updated);
  } catch {
    return [];
  }
};

export const loadSave = (id: string): LocalSave | undefined => {
  try {
    const raw = JSON.parse(localStorage.getItem(key(id)) ?? 'null') as LocalSave | null;
    if (!raw || typeof raw !== 'object' || raw.id !== id || typeof raw.snapshot !== 'object') return undefined;
    // what the lists and the game's title read before the engine does (a damaged save is listed, then refused)
    if (!GAME_IDS.includes(raw.game) || (raw.mode !== 'hotseat' && raw.mode !== 'ai')) return undefined;
    if (typeof raw.updated !== 'number' || typeof raw.options !== 'object' || !Array.isArray(raw.aiSeats))
      return undefined;
    return raw;
  } catch {
    return undefined;
  }
};

export const writeSave = (save: LocalSave): void => {
  try {
    localStorage.setItem(key(save.id), JSON.stringify(save));
    const ids = new Set<string>(JSON.parse(localStorage.getItem(INDEX) ?? '[]') as string[]);
    ids.add(save.id);
    localStorage.setItem(INDEX, JSON.stringify([...ids]));
  } catch {
    // storage full or blocked: the game goes on in memory
  }
};

export const deleteSave = (id: string): void => {
  try {
    localStorage.removeItem(key(id));
    // its computer review, if one was made (replay/local-review.ts)
    localStorage.removeItem(`qiyuan.local.review.${id}`);
    const ids = (JSON.parse(localStorage.getItem(INDEX) ?? '[]') as string[]).filter((x) => x !== id);
    localStorage.setItem(INDEX, JSON.stringify(ids));
  } catch {
    // nothing to do
  }
};

export const newId = (): string => {
  const a = new Uint8Array(6);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 10);
};
