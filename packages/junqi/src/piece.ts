/**
 * Pieces (棋子) and combat (碰子). Ranks are small integers so the board can
 * keep them in typed arrays; `RANK_LETTERS` is the notation, one character
 * per rank.
 */

export const RANKS = [
  'flag', // 军旗
  'mine', // 地雷
  'bomb', // 炸弹
  'engineer', // 工兵
  'platoon', // 排长
  'company', // 连长
  'battalion', // 营长
  'regiment', // 团长
  'brigade', // 旅长
  'division', // 师长
  'corps', // 军长
  'general', // 司令
  'marshal', // 元帅 (三打一 only)
  'fortress', // 堡垒 (三打一 only)
  'missile', // 导弹 (三打一 only)
] as const;
export type RankName = (typeof RANKS)[number];
/** A rank as its index in `RANKS`. */
export type Rank = number;

export const FLAG = 0;
export const MINE = 1;
export const BOMB = 2;
export const ENGINEER = 3;
export const PLATOON = 4;
export const BATTALION = 6;
export const REGIMENT = 7;
export const GENERAL = 11;
export const MARSHAL = 12;
export const FORTRESS = 13;
export const MISSILE = 14;
export const RANK_COUNT = RANKS.length;

/** Notation letters: officers by their number (1 工兵 … 9 司令), then F M B, and X R D for 元帅 堡垒 导弹. */
export const RANK_LETTERS = 'FMB123456789XRD';
export const RANK_CHINESE = [
  '军旗',
  '地雷',
  '炸弹',
  '工兵',
  '排长',
  '连长',
  '营长',
  '团长',
  '旅长',
  '师长',
  '军长',
  '司令',
  '元帅',
  '堡垒',
  '导弹',
] as const;

export const rankLetter = (rank: Rank): string => RANK_LETTERS[rank] ?? '?';
export const rankFromLetter = (letter: string): Rank | undefined => {
  const i = RANK_LETTERS.indexOf(letter.toUpperCase());
  return i >= 0 && letter.length === 1 ? i : undefined;
};

/** The 25 pieces of a standard army, as counts per rank. */
export const STANDARD_ARMY: readonly number[] = [1, 3, 2, 3, 3, 3, 2, 2, 2, 2, 1, 1, 0, 0, 0];

/** Pieces that never move: the flag, mines and the fortress. */
export const isImmobile = (rank: Rank): boolean => rank === FLAG || rank === MINE || rank === FORTRESS;
/** Pieces that turn corners on the railway: the engineer and the missile. */
export const turnsOnRail = (rank: Rank): boolean => rank === ENGINEER || rank === MISSILE;
/** Pieces restricted to the back two rows at setup: mines and the fortress (ruling L9). */
export const backRowsOnly = (rank: Rank): boolean => rank === MINE || rank === FORTRESS;

/** What a combat leaves: the attacker survives, the defender survives, or both die. */
export const COMBAT_RESULTS = ['attacker', 'defender', 'both'] as const;
export type CombatResult = (typeof COMBAT_RESULTS)[number];

/** Officer strength for the rank comparison; 0 for pieces outside the ladder. */
const strength = (rank: Rank): number => (rank >= ENGINEER && rank <= MARSHAL ? rank : 0);

/**
 * The result of `attacker` moving onto `defender`. Capturing a flag is an
 * `attacker` win (a bomb taking a flag dies with it, see ruling R6).
 */
export const combat = (attacker: Rank, defender: Rank): CombatResult => {
  if (defender === FLAG) return attacker === BOMB ? 'both' : 'attacker';
  if (attacker === BOMB || defender === BOMB) return 'both';
  if (defender === MINE) return attacker === ENGINEER ? 'attacker' : 'defender';
  if (defender === FORTRESS) return 'defender';
  if (attacker === MISSILE || defender === MISSILE) {
    if (attacker === MISSILE && defender === MISSILE) return 'both';
    const other = attacker === MISSILE ? defender : attacker;
    if (other >= REGIMENT && other <= MARSHAL) return 'both';
    return attacker === MISSILE ? 'attacker' : 'defender';
  }
  const a = strength(attacker);
  const d = strength(defender);
  return a > d ? 'attacker' : a < d ? 'defender' : 'both';
};

/** `COMBAT[attacker * RANK_COUNT + defender]`: the table the move maker reads. */
export const COMBAT_TABLE: readonly CombatResult[] = Array.from({ length: RANK_COUNT * RANK_COUNT }, (_, i) =>
  combat(Math.floor(i / RANK_COUNT), i % RANK_COUNT),
);

/** 三打一's three special pieces, one of each in the pool (ruling L1). */
export const SPECIALS_POOL: readonly Rank[] = [MARSHAL, FORTRESS, MISSILE];
