import type { Rng } from '@qiyuan/core';
import {
  ARMY_SIZE,
  type ArmySetup,
  BOMB,
  backRowsOnly,
  ENGINEER,
  FLAG,
  FORTRESS,
  kindAt,
  MINE,
  MISSILE,
  RANK_COUNT,
  type Rank,
  randomSetup,
  slotIndex,
  validateSetup,
} from '@qiyuan/junqi';

/**
 * A setup generator that deploys the way experienced players do, with
 * enough variety that the opponent cannot read it:
 * - the flag in one headquarters, walled by mines on its sides and in front
 *   (雷包旗), sometimes with one mine moved to the other back corner;
 * - a bomb near the flag and one guarding the other flank;
 * - a decoy (a small officer) in the other headquarters;
 * - an engineer kept back for the late game, the others in the middle;
 * - the strongest pieces on railway stations (rows 2 and 6, the outer
 *   columns), on different flanks;
 * - the front row screened with small and middle officers.
 * 三打一's landlord picks its 25 pieces first: the flag, its mines and bombs,
 * engineers, then the strongest officers.
 */

const ROWS = 6;
const COLS = 5;

const isRail = (row: number, col: number): boolean => row === 2 || row === 6 || col === 0 || col === 4;

/** The 25 pieces a landlord deploys from its holding (`pick`), strongest first after the essentials. */
export const pickPieces = (holding: readonly number[]): number[] => {
  const chosen = new Array<number>(RANK_COUNT).fill(0);
  const take = (rank: Rank, n: number) => {
    const k = Math.min(n, holding[rank]! - chosen[rank]!, ARMY_SIZE - chosen.reduce((a, b) => a + b, 0));
    if (k > 0) chosen[rank]! += k;
  };
  take(FLAG, 1);
  take(MINE, 3);
  take(FORTRESS, 1);
  take(BOMB, 2);
  take(MISSILE, 1);
  take(ENGINEER, 3);
  for (let rank = RANK_COUNT - 1; rank > ENGINEER; rank--) if (rank !== FORTRESS && rank !== MISSILE) take(rank, 99);
  for (let rank = 0; rank < RANK_COUNT; rank++) take(rank, 99);
  // Back-row pieces beyond the nine back-row points cannot all fit: drop extras for small officers.
  return chosen;
};

/**
 * `walled`: the front door of the flag's headquarters is always mined too. It is a railway station, so an enemy piece
 * rides to it in one move and steps onto the flag in the next; the plain generator leaves it to a movable piece 30%
 * of the time, and that piece walks away.
 */
export const soundSetup = (rng: Rng, pieces: readonly number[], pick = false, walled = false): ArmySetup => {
  const counts = pick ? pickPieces(pieces) : [...pieces];
  for (let attempt = 0; attempt < 20; attempt++) {
    const s = tryLayout(rng, counts, walled);
    if (s && validateSetup(s, counts, false).ok) return s;
  }
  const r = randomSetup(rng, pieces, pick);
  if (r.ok) return r.value;
  throw new Error(r.error.reason);
};

const tryLayout = (rng: Rng, counts: readonly number[], walled: boolean): number[] | undefined => {
  const setup = new Array<number>(30).fill(-1);
  const left = [...counts];
  const free = (row: number, col: number) =>
    row >= 1 &&
    row <= ROWS &&
    col >= 0 &&
    col < COLS &&
    kindAt(row, col) !== 'camp' &&
    setup[slotIndex(row, col)] === -1;
  const put = (rank: Rank, row: number, col: number): boolean => {
    if (left[rank]! <= 0 || !free(row, col)) return false;
    setup[slotIndex(row, col)] = rank;
    left[rank]!--;
    return true;
  };
  const putSomewhere = (rank: Rank, spots: readonly [number, number][]): boolean => {
    const open = spots.filter(([r, c]) => free(r, c));
    if (open.length === 0) return false;
    const [r, c] = rng.pick(open);
    return put(rank, r, c);
  };
  const flagCol = rng.pick([1, 3]);
  const side = flagCol === 1 ? -1 : 1;
  const otherHq = 4 - flagCol;
  put(FLAG, 1, flagCol);
  // Mines round the flag; now and then one goes to the far back corner instead of the front.
  put(MINE, 1, flagCol - 1);
  put(MINE, 1, flagCol + 1);
  // The draw is made either way, so a walled layout differs from the plain one only by this mine.
  if (rng.float() < 0.7 || walled) put(MINE, 2, flagCol);
  const backSpots: [number, number][] = [];
  for (let row = 1; row <= 2; row++) for (let col = 0; col < COLS; col++) backSpots.push([row, col]);
  while (left[MINE]! > 0 && putSomewhere(MINE, backSpots)) {}
  while (left[FORTRESS]! > 0 && putSomewhere(FORTRESS, backSpots)) {}
  // A decoy in the other headquarters.
  const decoy = [5, 4, 6].find((r) => left[r]! > 0);
  if (decoy !== undefined) put(decoy, 1, otherHq);
  // Bombs: one near the flag, one on the other flank.
  if (left[BOMB]! > 0)
    putSomewhere(BOMB, [
      [2, flagCol],
      [2, flagCol + side],
      [3, flagCol === 1 ? 0 : 4],
      [2, flagCol - side],
    ]);
  if (left[BOMB]! > 0)
    putSomewhere(BOMB, [
      [3, flagCol === 1 ? 4 : 0],
      [4, flagCol === 1 ? 3 : 1],
      [4, flagCol === 1 ? 4 : 0],
      [5, 2],
    ]);
  // One engineer kept back.
  if (left[ENGINEER]! > 0)
    putSomewhere(ENGINEER, [
      [2, otherHq],
      [2, flagCol === 1 ? 4 : 0],
      [1, flagCol === 1 ? 4 : 0],
    ]);
  // The strongest pieces on rail stations of rows 2–5, flanks alternating.
  const strong = [RANK_COUNT - 1, 12, 11, 10, 9].filter((r) => r !== FORTRESS && r !== MISSILE && r < RANK_COUNT);
  let flank = rng.pick([0, 4]);
  for (const rank of strong) {
    while (left[rank]! > 0) {
      const spots: [number, number][] = [];
      for (let row = 2; row <= 5; row++)
        for (let col = 0; col < COLS; col++) {
          if (isRail(row, col) && Math.abs(col - flank) <= 2) spots.push([row, col]);
        }
      if (!putSomewhere(rank, spots) && !putSomewhere(rank, allSpots(rank))) break;
      flank = 4 - flank;
    }
  }
  // Front row: screens of small officers with one middle officer.
  const front: [number, number][] = [0, 1, 2, 3, 4].map((c) => [6, c]);
  for (const rank of [8, 5, 4, 5, 4]) if (left[rank]! > 0 && rng.float() < 0.8) putSomewhere(rank, front);
  // Everything else anywhere legal, the back-row pieces first.
  const rest: Rank[] = [];
  left.forEach((n, rank) => {
    for (let i = 0; i < n; i++) rest.push(rank);
  });
  rest.sort((a, b) => Number(backRowsOnly(b)) - Number(backRowsOnly(a)) || Number(b === BOMB) - Number(a === BOMB));
  for (const rank of rest) if (!putSomewhere(rank, allSpots(rank))) return undefined;
  return setup;
};

const allSpots = (rank: Rank): [number, number][] => {
  const out: [number, number][] = [];
  for (let row = 1; row <= ROWS; row++) {
    for (let col = 0; col < COLS; col++) {
      const kind = kindAt(row, col);
      if (kind === 'camp') continue;
      if (rank === FLAG && kind !== 'hq') continue;
      if (backRowsOnly(rank) && row > 2) continue;
      if (rank === BOMB && row === ROWS) continue;
      out.push([row, col]);
    }
  }
  return out;
};
