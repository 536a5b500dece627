import type { Rng } from '@qiyuan/core';
import {
  BATTALION,
  BOMB as BOMB_RANK,
  type Board,
  COMBAT_TABLE,
  ENGINEER as ENGINEER_RANK,
  FLAG as FLAG_RANK,
  isFlip,
  MINE as MINE_RANK,
  moveFrom,
  moveTo,
  type Position,
  playsInPairs,
  RANK_COUNT,
  STANDARD_ARMY,
} from '@qiyuan/junqi';
import type { Beliefs, Token } from './beliefs.js';
import { RANK_VALUE } from './evaluate.js';
import { enemyHeadquarters } from './headquarters.js';

// Local copies: imported bindings read in hot loops are getter calls under vitest.
const BOMB = BOMB_RANK;
const ENGINEER = ENGINEER_RANK;
const FLAG = FLAG_RANK;
const MINE = MINE_RANK;
const RANKS = RANK_COUNT;

/**
 * Junqi knowledge the search may use besides its budget, each switchable so
 * the arena can measure it against the plain search (`master@policy`, …):
 * - `policy`: playouts that play like the heuristic player (take what a piece
 *   beats, never walk a piece into one that beats it, march on the enemy
 *   headquarters) instead of mostly uniform moves;
 * - `prior`: worlds drawn with a player's habits, not only the hard beliefs: a
 *   piece that has stood still while its army moved is more likely a mine or
 *   a bomb and less likely a big officer, mines stand around the flag, and
 *   the flag is in the headquarters whose neighbours have not moved;
 * - `info`: an evaluation that also values who holds the biggest officer
 *   still alive (an unanswered 司令 rules the board), bombs while the enemy
 *   has the bigger officer, mines beside their own flag, and threats to a flag
 *   by distance.
 * - `enemy`: the enemy in the tree chooses from what it could know of our pieces: a share of the search's worlds are
 *   drawn as it sees them (our unfought pieces shuffled, `enemy-view.ts`) and only those score its moves;
 * - `guess`: `enemy`, and in our own worlds the enemy's playout captures judge our pieces by a guess of its too.
 */
export interface Knowledge {
  readonly policy: boolean;
  /** Playouts like `policy`, but an attack is judged by the odds over what the target may be, as its side knows it. */
  readonly odds?: boolean;
  readonly prior: boolean;
  readonly info: boolean;
  /** The enemy in the tree chooses from what it could know of our pieces (`enemy-view.ts`); the share of its worlds. */
  readonly enemy?: number;
  /** With `enemy`: in our worlds too, the enemy's playout captures are judged by a guess at our ranks, not the truth. */
  readonly guess?: boolean;
  /** The search's shape, when not the level's: playout length, and iterations per sampled world. */
  readonly playoutPlies?: number;
  readonly perSample?: number;
  /** The root searches only this many of the heuristic player's best moves, and every attack. */
  readonly focus?: number;
  /** Iterations × this (with `enemy`: the enemy's worlds on top of our own, so ours are as many as the plain search's). */
  readonly scale?: number;
  /**
   * Flag races (`flag.ts`): playouts take a flag at hand, clear our flag's door and, this share of the time, walk to
   * an enemy flag's door; a cut-off playout whose side to move has a piece at an enemy flag's door is scored a win.
   */
  readonly flag?: number;
  /** With `flag`: blind races — the attacker walks to and strikes at any enemy headquarters, not the flag it sees. */
  readonly blind?: boolean;
  /** With `flag`: a cut-off playout with a flag at hand is scored a win (default true; not with `blind`). */
  readonly atHand?: boolean;
  /** The tree's UCB exploration constant, when not the level's 0.5. */
  readonly exploration?: number;
  /**
   * Decisive moves (`flagCapture`): below the root, the tree and the playouts always take a flag they can take, so
   * a move that leaves our flag to be taken is scored as lost from its first visit.
   */
  readonly decisive?: boolean;
  /** The root's flag guard (`guardFlag`): never leave our flag open to a two-move raid another move would stop. */
  readonly guard?: boolean;
  /** Worlds drawn with how players deploy (`deployment-prior.ts`): an enemy piece's rank weighed by where it started. */
  readonly deploy?: boolean;
  /** With `deploy`: an enemy piece's rank weighed by how it has moved too (`movement-prior.ts`). */
  readonly motion?: boolean;
  /**
   * Among more than two sides, positions are scored by the places they promise (`placesReward`: the share of
   * opponents a seat may finish ahead of) instead of against the strongest enemy alone.
   */
  readonly places?: boolean;
  /** With `places`: only our seat is scored by places; the others by the plain reward, as they play (`ownPlacesReward`). */
  readonly placesOwn?: boolean;
  /** With `placesOwn`: our seat's reward is this share its places and the rest its lead over the strongest enemy. */
  readonly placesMix?: number;
  /** Deploy with every door of the flag's headquarters mined (`soundSetup`'s `walled`), not the front door 70% of the time. */
  readonly wall?: boolean;
  /**
   * The root keeps the keepers of our flag's doors (`keeper.ts`): no move walks the last one of a door away, and an
   * enemy on a door is attacked before anything else.
   */
  readonly keep?: boolean;
  /**
   * With `keep`: only keepers ranked up to this one count (`BATTALION`: bombs, engineers and the officers up to
   * 营长), so the big pieces leave to fight; at master's budget plain `keep` lost games by running out of pieces that
   * could move, its big ones kept home.
   */
  readonly keepUpTo?: number;
  /** Only the second half of `keep`: with an enemy on a door of our flag, the root plays an attack on it. */
  readonly answer?: boolean;
}

export const NO_KNOWLEDGE: Knowledge = { policy: false, prior: false, info: false };

/** Worlds drawn with how players deploy (`deployment-prior.ts`): +111 [+61, +162] over the plain search in 2p. */
const DEPLOY_KNOWLEDGE: Knowledge = { ...NO_KNOWLEDGE, deploy: true };

/**
 * What master knows besides its budget: how players deploy and how the enemy's pieces have moved since
 * (`movement-prior.ts`), in 2p +158 [+105, +211] over the plain search in the 200 arena games (docs/AI.md),
 * where the deployment alone gave +111 on the same games. The levels below keep the plain search, so the ladder
 * under master is as measured.
 */
export const MASTER_KNOWLEDGE: Knowledge = { ...DEPLOY_KNOWLEDGE, motion: true };

/**
 * What master knows in a free-for-all: both priors, its own places as the reward with rivals modelled by their lead
 * over the strongest (`ownPlacesReward`), and the root flag guard. At 1,000 iterations a side against the plain
 * search it placed ahead of 69.5% of its opponents over 76 games, +143 [+59, +227], and +179 [+56, +302] over the 38
 * played after it was chosen (docs/AI.md, ninth round); without the guard +74 [−37, +185], the priors alone −21.
 */
const FREE_FOR_ALL_KNOWLEDGE: Knowledge = { ...MASTER_KNOWLEDGE, places: true, placesOwn: true, guard: true };

/**
 * Master's knowledge in a game: what the arena measured to gain — the priors with two players and in 2v2, and in a
 * four-player free-for-all those with its own places and the flag guard (docs/AI.md). Three players keep the plain
 * search they were measured with until a match decides; 三打一's armies are not the standard army the tables are
 * counted for. `master@motion` and `master@deploy` still read the enemy in every game, for those matches.
 */
export const masterKnowledge = (game: { players: number; teams: string; variant: string }): Knowledge =>
  game.players === 2 || playsInPairs(game)
    ? MASTER_KNOWLEDGE
    : game.players === 4 && game.teams === 'ffa' && game.variant !== 'landlord'
      ? FREE_FOR_ALL_KNOWLEDGE
      : NO_KNOWLEDGE;

/** The arena names of the variants (`master@knowledge` has all three). */
export const KNOWLEDGE_VARIANTS: Readonly<Record<string, Knowledge>> = {
  plain: NO_KNOWLEDGE,
  policy: { policy: true, prior: false, info: false },
  prior: { policy: false, prior: true, info: false },
  info: { policy: false, prior: false, info: true },
  habits: { policy: true, prior: true, info: false },
  odds: { policy: true, odds: true, prior: false, info: false },
  knowledge: { policy: true, prior: true, info: true },
  enemy: { policy: false, prior: false, info: false, enemy: 0.5 },
  enemy3: { policy: false, prior: false, info: false, enemy: 1 / 3 },
  guess: { policy: false, prior: false, info: false, enemy: 0.5, guess: true },
  short: { policy: false, prior: false, info: false, playoutPlies: 4 },
  long: { policy: false, prior: false, info: false, playoutPlies: 16 },
  worlds: { policy: false, prior: false, info: false, perSample: 1 },
  focus: { policy: false, prior: false, info: false, focus: 10 },
  enemy2: { policy: false, prior: false, info: false, enemy: 0.5, scale: 2 },
  twice: { policy: false, prior: false, info: false, scale: 2 },
  bluff: { policy: false, prior: false, info: false, enemy: 0, guess: true },
  flag: { policy: false, prior: false, info: false, flag: 0.3 },
  flag1: { policy: false, prior: false, info: false, flag: 0.1 },
  flag6: { policy: false, prior: false, info: false, flag: 0.6 },
  flag0: { policy: false, prior: false, info: false, flag: 0 },
  flagb: { policy: false, prior: false, info: false, flag: 0.3, blind: true },
  flagb0: { policy: false, prior: false, info: false, flag: 0, blind: true },
  guard: { policy: false, prior: false, info: false, guard: true },
  sharp: { policy: false, prior: false, info: false, exploration: 0.3 },
  broad: { policy: false, prior: false, info: false, exploration: 0.8 },
  decisive: { policy: false, prior: false, info: false, decisive: true },
  guardb: { policy: false, prior: false, info: false, guard: true, flag: 0.3, blind: true },
  deploy: DEPLOY_KNOWLEDGE,
  motion: MASTER_KNOWLEDGE,
  places: { ...NO_KNOWLEDGE, places: true },
  motionplaces: { ...MASTER_KNOWLEDGE, places: true },
  ownplaces: { ...NO_KNOWLEDGE, places: true, placesOwn: true },
  motionown: { ...MASTER_KNOWLEDGE, places: true, placesOwn: true },
  motionownguard: FREE_FOR_ALL_KNOWLEDGE,
  wall: { ...MASTER_KNOWLEDGE, wall: true },
  keep: { ...MASTER_KNOWLEDGE, keep: true },
  keepsmall: { ...MASTER_KNOWLEDGE, keep: true, keepUpTo: BATTALION },
  answer: { ...MASTER_KNOWLEDGE, answer: true },
  wallkeep: { ...MASTER_KNOWLEDGE, wall: true, keep: true },
  motionmix: { ...MASTER_KNOWLEDGE, places: true, placesOwn: true, placesMix: 0.5 },
};

// ---------------------------------------------------------------- playouts

/**
 * Road/rail steps from every point to the nearest enemy headquarters, per list of those headquarters (one cached
 * list per board, army and team layout, `enemyHeadquarters`, so the list itself is the key).
 */
const marchCache = new WeakMap<Int16Array, Int16Array>();
const marchDistances = (pos: Position, army: number): Int16Array => {
  const targets = enemyHeadquarters(pos, army);
  let d = marchCache.get(targets);
  if (!d) {
    d = new Int16Array(pos.n).fill(99);
    const queue = [...targets];
    for (const t of targets) d[t] = 0;
    for (let i = 0; i < queue.length; i++) {
      const p = queue[i]!;
      for (const q of pos.board.adjacent[p]!) {
        if (d[q]! > d[p]! + 1) {
          d[q] = d[p]! + 1;
          queue.push(q);
        }
      }
    }
    marchCache.set(targets, d);
  }
  return d;
};

/** What an attack gains for the attacker's side, in rank values: the target's rank `d` known. */
const attackGain = (a: number, d: number): number => {
  if (d === FLAG) return 100;
  const result = COMBAT_TABLE[a * RANKS + d];
  return result === 'attacker'
    ? RANK_VALUE[d]! + 0.5
    : result === 'both'
      ? RANK_VALUE[d]! - RANK_VALUE[a]! + 0.25
      : -RANK_VALUE[a]!;
};

/**
 * The judge of attacks for `oddsPlayout`: per piece id, the ranks its enemies may think it is. The searching seat's
 * beliefs give its enemies' pieces; its own pieces, as an enemy sees them, may be any rank of a standard army but the
 * one it has shown (a piece that moved is no flag or mine).
 */
export const attackOdds = (beliefs: Beliefs): ((pos: Position, a: number, to: number) => number) => {
  const maskOf = new Map<number, number>();
  for (const t of beliefs.tokens) if (t.id >= 0 && t.alive) maskOf.set(t.id, t.mask);
  return (pos, a, to) => {
    const id = pos.pid[to]!;
    const defenderArmy = pos.owner[to]!;
    const ownPiece = pos.armyOfSeat[beliefs.seat] === defenderArmy;
    let mask = ownPiece ? undefined : maskOf.get(id);
    if (mask === undefined || ownPiece) {
      mask = pos.moved[id] ? ~((1 << FLAG) | (1 << MINE)) & ((1 << RANKS) - 1) : (1 << RANKS) - 1;
      // The flag stands only in a headquarters.
      if (pos.board.points[to]!.kind !== 'hq') mask &= ~(1 << FLAG);
    }
    if ((mask & (mask - 1)) === 0) return attackGain(a, pos.rank[to]!);
    // Weights: the standard army's counts of each rank the piece may be.
    let total = 0;
    let gain = 0;
    for (let r = 0; r < RANKS; r++) {
      if (!((mask >> r) & 1)) continue;
      const w = STANDARD_COUNTS[r]!;
      if (w === 0) continue;
      total += w;
      gain += w * attackGain(a, r);
    }
    return total > 0 ? gain / total : attackGain(a, pos.rank[to]!);
  };
};

const STANDARD_COUNTS = STANDARD_ARMY;

/**
 * A playout move as the heuristic player would choose it, played in the sampled world: usually the most valuable
 * capture; otherwise a move drawn with weights that favour marching on the enemy and never suicide. With `judge`,
 * an attack is valued by what the attacker's side could know of the target, not by its drawn rank.
 */
export const policyPlayout = (
  pos: Position,
  moves: readonly number[],
  rng: Rng,
  judge?: (pos: Position, a: number, to: number) => number,
): number => {
  let best = -1;
  let bestValue = 0;
  const weights: number[] = [];
  let total = 0;
  let dist: Int16Array | undefined;
  for (const m of moves) {
    let w = 1;
    if (!isFlip(m)) {
      const from = moveFrom(m);
      const to = moveTo(m);
      const a = pos.rank[from]!;
      if (pos.owner[to]! >= 0 && !pos.faceDown[to]) {
        const value = judge ? judge(pos, a, to) : attackGain(a, pos.rank[to]!);
        if (value > bestValue) {
          bestValue = value;
          best = m;
        }
        w = value > 0 ? 2 : 0.05;
      } else {
        dist ??= marchDistances(pos, pos.owner[from]!);
        const gain = dist[from]! - dist[to]!;
        w = gain > 0 ? 3 : gain === 0 ? 1 : 0.5;
        // Engineers and bombs are spent on targets, not on marching.
        if (a === ENGINEER || a === BOMB) w *= 0.5;
      }
    }
    weights.push(w);
    total += w;
  }
  if (best >= 0 && rng.float() < 0.9) return best;
  let x = rng.float() * total;
  for (let i = 0; i < moves.length; i++) {
    x -= weights[i]!;
    if (x <= 0) return moves[i]!;
  }
  return moves[moves.length - 1]!;
};

// ---------------------------------------------------------------- sampling prior

export interface Prior {
  /** Relative weight of `rank` for an unknown token, given where the army's flag was drawn (-1: not yet). */
  weight(t: Token, rank: number, flagPoint: number): number;
  /** Relative weight of a token as the army's flag. */
  flagWeight(t: Token): number;
}

/**
 * Habits of human deployment and play, as soft weights on the hard beliefs. `plies` is how far the game is: a piece
 * that has not moved says little on move 3 and much on move 60.
 */
export const habitPrior = (beliefs: Beliefs, plies: number): Prior => {
  const byPoint = new Map<number, Token>();
  for (const t of beliefs.tokens) if (t.alive) byPoint.set(t.point, t);
  const adjacent = beliefs.board.adjacent;
  const still = Math.min(1, plies / 40);
  return {
    weight(t, rank, flagPoint) {
      let w = 1;
      if (!t.moved && t.alive) {
        if (rank === MINE) w *= 1 + 1.5 * still;
        else if (rank === BOMB) w *= 1 + 0.5 * still;
        else if (rank >= 9 && rank <= 12) w *= 1 - 0.5 * still;
      }
      if (rank === MINE && flagPoint >= 0 && adjacent[flagPoint]!.includes(t.origin)) w *= 3;
      return w;
    },
    flagWeight(t) {
      let w = 1;
      for (const q of adjacent[t.point]!) {
        const n = byPoint.get(q);
        if (!n || n.army !== t.army) continue;
        w *= n.moved ? 0.6 : 1.4;
      }
      return w;
    },
  };
};

// ---------------------------------------------------------------- evaluation

/** Points within two steps of each point, and whether the step is one. */
const ringCache = new WeakMap<Board, { near1: Int16Array[]; near2: Int16Array[] }>();
const ringsOf = (board: Board) => {
  let rings = ringCache.get(board);
  if (!rings) {
    const near1 = board.adjacent.map((a) => Int16Array.from(a));
    const near2 = board.adjacent.map((first, p) => {
      const set = new Set<number>();
      for (const q of first) for (const r of board.adjacent[q]!) if (r !== p && !first.includes(r)) set.add(r);
      return Int16Array.from(set);
    });
    rings = { near1, near2 };
    ringCache.set(board, rings);
  }
  return rings;
};

/**
 * Knowledge terms per army, added to the material score: the army with the biggest officer alive over its enemies
 * gains, bombs count more while an enemy officer outranks ours, mines beside their flag guard it, and enemy movers
 * next to a flag threaten it more than those two steps away.
 */
export const infoScores = (pos: Position): number[] => {
  const top = [0, 0, 0, 0];
  const flags = [-1, -1, -1, -1];
  const bombs = [0, 0, 0, 0];
  for (let p = 0; p < pos.n; p++) {
    const army = pos.owner[p]!;
    if (army < 0) continue;
    const r = pos.rank[p]!;
    if (r === FLAG) flags[army] = p;
    else if (r === BOMB) bombs[army]!++;
    else if (r >= 4 && r <= 12 && r > top[army]!) top[army] = r;
  }
  const { near1, near2 } = ringsOf(pos.board);
  const scores = [0, 0, 0, 0];
  for (let army = 0; army < pos.board.armies; army++) {
    let enemyTop = 0;
    for (let other = 0; other < pos.board.armies; other++) {
      if (other !== army && pos.teamOfArmy(other) !== pos.teamOfArmy(army)) enemyTop = Math.max(enemyTop, top[other]!);
    }
    if (top[army]! > enemyTop) scores[army]! += 4;
    else if (top[army]! < enemyTop) scores[army]! += bombs[army]! * 2;
    const f = flags[army]!;
    if (f < 0) continue;
    for (const q of near1[f]!) {
      const owner = pos.owner[q]!;
      if (owner === army && pos.rank[q] === MINE) scores[army]! += 1.5;
      else if (owner >= 0 && pos.teamOfArmy(owner) !== pos.teamOfArmy(army) && movable(pos.rank[q]!))
        scores[army]! -= 4;
    }
    for (const q of near2[f]!) {
      const owner = pos.owner[q]!;
      if (owner >= 0 && pos.teamOfArmy(owner) !== pos.teamOfArmy(army) && movable(pos.rank[q]!)) scores[army]! -= 1;
    }
  }
  return scores;
};

const movable = (r: number): boolean => r !== MINE && r !== FLAG && r !== 13 && r < RANKS;
