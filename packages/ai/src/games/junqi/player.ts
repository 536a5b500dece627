import {
  fail,
  type JsonObject,
  ok,
  type PlayRecord,
  type Result,
  type Rng,
  type Searchable,
  type Seat,
} from '@qiyuan/core';
import {
  COMBAT_TABLE,
  FLAG,
  isFlip,
  type JunqiGame,
  junqi,
  moveFrom,
  moveTo,
  type Position,
  RANK_COUNT,
  randomSetup,
  rankFromLetter,
  STANDARD_ARMY,
  setupToString,
} from '@qiyuan/junqi';
import { ismcts } from '../../ismcts.js';
import { LEVEL_NAMES, type Level, type LevelName, parsePlayer, seededRng } from '../../levels.js';
import type { AiInfo, AiRequest } from '../../protocol.js';
import type { GameAi } from '../../search-ai.js';
import { type Beliefs, composition, trackBeliefs } from './beliefs.js';
import { deploymentPrior } from './deployment-prior.js';
import { enemyViewSampler } from './enemy-view.js';
import { junqiReward, ownPlacesReward, placesReward, RANK_VALUE, teamsOf } from './evaluate.js';
import { flagAtHand, flagCapture, flagMove, guardFlag } from './flag.js';
import { enemyHeadquarters } from './headquarters.js';
import { doorAnswers, keepingMoves } from './keeper.js';
import {
  attackOdds,
  habitPrior,
  infoScores,
  KNOWLEDGE_VARIANTS,
  type Knowledge,
  masterKnowledge,
  NO_KNOWLEDGE,
  policyPlayout,
} from './knowledge.js';
import { movementPrior } from './movement-prior.js';
import { sampleWorld } from './sample.js';
import { soundSetup } from './setup.js';

/**
 * The Junqi AI. It is handed only its seat's view and records (the request
 * format has no room for anything else), tracks beliefs over the hidden
 * ranks, and runs ISMCTS over worlds sampled from those beliefs.
 */

interface View {
  players: 2 | 3 | 4;
  mode: string;
  variant: string;
  teams: string;
  phase: string;
  bidding?: string;
  viewer: Seat | 'spectator';
  toMove?: number;
  landlord?: number;
  hand?: string;
  bids?: { seat: number; call: string }[];
  armyOfSeat?: number[];
}

/**
 * Levels by ISMCTS iterations, so a level plays the same on any machine and an arena match replays exactly; the
 * times are only caps for a slow device (2,500–6,000 iterations a second here). The top is 4,000 iterations: 8,000
 * leaned ahead in the arena but not clearly (+66 [−54, +186] over 32 games, docs/AI.md) at twice the wait on every
 * device; the ladder steps down from there by iterations and, at the bottom, by slips. Master also reads the enemy's
 * deployment and movement in two-player games, 2v2 and free-for-all, and in free-for-all plays for its own places
 * with a flag guard (`masterKnowledge`), which the levels below it do not.
 */
export const JUNQI_LEVELS: Readonly<Record<LevelName, Level>> = {
  beginner: {
    name: 'beginner',
    budget: { timeMs: 1000, iterations: 50 },
    mistakes: { chance: 0.6, window: 0.25, temperature: 0.08 },
  },
  casual: {
    name: 'casual',
    budget: { timeMs: 2000, iterations: 150 },
    mistakes: { chance: 0.5, window: 0.15, temperature: 0.05 },
  },
  club: {
    name: 'club',
    budget: { timeMs: 3000, iterations: 500 },
    mistakes: { chance: 0.2, window: 0.08, temperature: 0.03 },
  },
  expert: { name: 'expert', budget: { timeMs: 5000, iterations: 1500 } },
  master: { name: 'master', budget: { timeMs: 8000, iterations: 4000 } },
};

const pointName = (beliefs: Beliefs, p: number): string => beliefs.board.points[p]?.name ?? `?${p}`;
const moveText = (beliefs: Beliefs, m: number): string =>
  isFlip(m)
    ? `flip ${pointName(beliefs, moveFrom(m))}`
    : `${pointName(beliefs, moveFrom(m))}-${pointName(beliefs, moveTo(m))}`;

const countsFromText = (text: string): number[] => {
  const c = new Array<number>(RANK_COUNT).fill(0);
  for (const ch of text) {
    const r = rankFromLetter(ch);
    if (r !== undefined) c[r]!++;
  }
  return c;
};

/** A bid from the hand's strength: the stronger the hand, the more armies it promises to destroy. */
const chooseBid = (v: View, bidding: unknown): string => {
  const hand = countsFromText(v.hand ?? '');
  const strength = hand.reduce((s, n, r) => s + n * (RANK_VALUE[r] ?? 0), 0);
  const mode = bidding ?? v.bidding ?? ((v.bids ?? []).some((b) => b.call === 'landlord') ? 'landlord' : 'points');
  if (mode === 'landlord') return strength >= 95 ? 'bid landlord' : 'bid pass';
  const best = Math.max(0, ...(v.bids ?? []).map((b) => (b.call === 'pass' ? 0 : Number(b.call) || 0)));
  const want = strength >= 110 ? 3 : strength >= 95 ? 2 : strength >= 80 ? 1 : 0;
  return want > best ? `bid ${want}` : 'bid pass';
};

/**
 * Playouts: winning captures in the sampled world most of the time, otherwise any move. With `guessed`, a defender's
 * rank as the attacker believes it (an enemy's guess at our pieces) instead of the world's.
 */
const playout = (
  pos: Position,
  moves: readonly number[],
  rng: Rng,
  guessed?: (pos: Position, to: number) => number,
): number => {
  if (rng.float() < 0.6) {
    let best = -1;
    let bestValue = 0;
    for (const m of moves) {
      if (isFlip(m)) continue;
      const from = moveFrom(m);
      const to = moveTo(m);
      if (pos.owner[to]! < 0 || pos.faceDown[to]) continue;
      const a = pos.rank[from]!;
      const d = guessed ? guessed(pos, to) : pos.rank[to]!;
      const result = COMBAT_TABLE[a * RANK_COUNT + d];
      const value =
        d === FLAG
          ? 100
          : result === 'attacker'
            ? RANK_VALUE[d]!
            : result === 'both'
              ? RANK_VALUE[d]! - RANK_VALUE[a]!
              : -1;
      if (value > bestValue) {
        bestValue = value;
        best = m;
      }
    }
    if (best >= 0) return best;
  }
  return moves[rng.int(0, moves.length - 1)]!;
};

type Allowed = (move: number) => boolean;

/** A world's moves that the seat's list allows (all of them if it allows none, as a list may lag the position). */
const movesIn = (world: Position, allowed: Allowed): number[] => {
  const all = [...world.generateMoves()];
  const kept = all.filter((m) => allowed(m));
  return kept.length > 0 ? kept : all;
};

/**
 * The moves of the view's position: ours do not depend on the hidden ranks, so any world gives them, less those the
 * seat's list of legal moves rules out (the chase rule looks at history a view does not carry).
 */
const legalMoves = (view: JsonObject, beliefs: Beliefs, rng: Rng, allowed: Allowed): number[] =>
  movesIn(sampleWorld(view, beliefs, rng), allowed);

interface Choice {
  move: string;
  info: AiInfo;
}

const playIsmcts = (
  view: JsonObject,
  beliefs: Beliefs,
  teams: number[],
  level: Level,
  request: AiRequest,
  rng: Rng,
  allowed: Allowed,
  knowledge: Knowledge,
  plies: number,
): Choice => {
  const started = performance.now();
  const v = view as unknown as View;
  // The deployment table is counted for the standard army: 三打一's hands are other armies.
  const prior =
    knowledge.deploy && v.variant !== 'landlord'
      ? knowledge.motion
        ? movementPrior(beliefs, plies, deploymentPrior(beliefs))
        : deploymentPrior(beliefs)
      : knowledge.prior
        ? habitPrior(beliefs, plies)
        : undefined;
  const extra = knowledge.info ? infoScores : undefined;
  const judge = knowledge.odds ? attackOdds(beliefs) : undefined;
  const asEnemy = knowledge.enemy !== undefined ? enemyViewSampler(view, beliefs) : undefined;
  const ourTeam = teams[request.seat];
  const ourArmy = (view as unknown as { armyOfSeat?: number[] }).armyOfSeat?.[request.seat] ?? -1;
  // `focus`: the root searches only the heuristic's best moves and every attack, so the budget is not spread thin.
  let rootAllowed = allowed;
  if (knowledge.focus !== undefined) {
    const { moves, scores } = heuristicScores(view, beliefs, teams, request.seat, rng, allowed);
    const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
    const keep = new Set(order.slice(0, knowledge.focus).map((i) => moves[i]!));
    const world = sampleWorld(view, beliefs, rng);
    for (const m of moves) if (!isFlip(m) && world.owner[moveTo(m)]! >= 0) keep.add(m);
    rootAllowed = (m) => keep.has(m) && allowed(m);
  }
  // `keep`: the root holds on to the keepers of our flag's doors and takes an intruder off a door (`keeper.ts`);
  // `answer`: only the latter. Our own pieces and where the enemy's stand are the same in every world, so one world
  // tells which moves these are.
  if ((knowledge.keep || knowledge.answer) && ourArmy >= 0) {
    const world = sampleWorld(view, beliefs, rng);
    const moves = world.generateMoves();
    const keeping = knowledge.keep
      ? keepingMoves(world, ourArmy, moves, knowledge.keepUpTo)
      : doorAnswers(world, ourArmy, moves);
    const before = rootAllowed;
    // Only when some allowed move keeps the doors: the search falls back to every move otherwise, forbidden ones too.
    if ([...keeping].some((m) => before(m))) rootAllowed = (m) => keeping.has(m) && before(m);
  }
  // `guess`: the enemy's current guess at our hidden ranks (by piece id), drawn with each of our worlds.
  let guess: Map<number, { rank: number }> | undefined;
  const guessed =
    asEnemy && knowledge.guess
      ? (pos: Position, to: number): number => {
          const rank = pos.rank[to]!;
          if (!guess || pos.owner[to] !== ourArmy) return rank;
          const side = pos.sideToMove();
          if (side < 0 || teams[side] === ourTeam) return rank;
          return guess.get(pos.pid[to]!)?.rank ?? rank;
        }
      : undefined;
  const scale = knowledge.scale ?? 1;
  const basePlayout = knowledge.policy
    ? (pos: Position, moves: readonly number[], g: Rng) => policyPlayout(pos, moves, g, judge)
    : (pos: Position, moves: readonly number[], g: Rng) => playout(pos, moves, g, guessed);
  const approach = knowledge.flag;
  // A flag at hand is a win only where taking one flag ends the game: two sides.
  const twoSides = new Set(teams).size === 2;
  // Seats out before the search: their pairs are settled, and the places reward leaves them out of its shares.
  const settled = (view as { out?: boolean[] }).out;
  const score =
    !knowledge.places || twoSides
      ? junqiReward
      : knowledge.placesOwn
        ? (pos: Position, t: readonly number[], e?: typeof extra) =>
            ownPlacesReward(pos, t, request.seat, e, settled, knowledge.placesMix)
        : (pos: Position, t: readonly number[], e?: typeof extra) => placesReward(pos, t, e, settled);
  const blind = knowledge.blind === true;
  const atHand = knowledge.atHand ?? !blind;
  const r = ismcts<number>(
    {
      seats: v.players,
      sample: (g) => {
        if (guessed) guess = asEnemy!.guess(g);
        return sampleWorld(view, beliefs, g, prior);
      },
      // enemy 0 (`bluff`): no worlds of the enemy's, only its playouts' guess.
      ...(asEnemy && (knowledge.enemy ?? 0) > 0
        ? {
            sampleAsEnemy: (g: Rng) => {
              guess = undefined;
              return asEnemy.world(g, prior);
            },
            ours: (s: Seat) => teams[s] === ourTeam,
          }
        : {}),
      moveKey: (m) => m,
      rootFilter: rootAllowed,
      ...(knowledge.decisive
        ? {
            decisive: (pos: Searchable<number>, moves: readonly number[]) => {
              const m = flagCapture(pos as Position, moves);
              return m >= 0 ? m : undefined;
            },
          }
        : {}),
      reward: (pos) => {
        if (approach !== undefined && atHand && twoSides && !pos.outcome()) {
          const taker = flagAtHand(pos as Position);
          if (taker >= 0) return teams.map((t) => (t === teams[taker] ? 1 : 0));
        }
        return score(pos as Position, teams, extra);
      },
      playout:
        approach === undefined
          ? (pos, moves, g) => basePlayout(pos as Position, moves, g)
          : (pos, moves, g) => {
              const m = flagMove(pos as Position, moves, g, approach, blind);
              return m >= 0 ? m : basePlayout(pos as Position, moves, g);
            },
    },
    rng,
    {
      ...(request.iterations !== undefined
        ? { iterations: Math.max(1, Math.floor(request.iterations * scale)) }
        : level.budget.iterations !== undefined && request.timeMs === undefined
          ? {
              iterations: Math.round(level.budget.iterations * scale),
              // The level's time cap, unless the request measures the level by its budget alone.
              ...(request.budgetOnly === true ? {} : { timeMs: level.budget.timeMs }),
            }
          : { timeMs: request.timeMs ?? level.budget.timeMs }),
      playoutPlies: knowledge.playoutPlies ?? 8,
      perSample: knowledge.perSample ?? 4,
      exploration: knowledge.exploration ?? 0.5,
      ...(knowledge.enemy !== undefined ? { enemyShare: knowledge.enemy } : {}),
    },
  );
  let move = r.move!;
  // The guard weighs moves against each other: with a single candidate there is nothing to draw worlds for.
  if (knowledge.guard && ourArmy >= 0 && r.stats.length > 1) {
    const worlds = Array.from({ length: 24 }, () => sampleWorld(view, beliefs, rng, prior));
    move = guardFlag(r.stats, worlds, ourArmy) ?? move;
  }
  const m = level.mistakes;
  if (m && r.stats.length > 1 && rng.float() < m.chance) {
    // A plausible slip: among the moves whose value is close to the best, weighted by how good they looked.
    const top = r.stats[0]!.value;
    const near = r.stats.filter((s) => s.visits > 0 && s.value >= top - m.window);
    const weights = near.map((s) => Math.exp((s.value - top) / m.temperature));
    let x = rng.float() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < near.length; i++) {
      x -= weights[i]!;
      if (x <= 0) {
        move = near[i]!.move;
        break;
      }
    }
  }
  return {
    move: moveText(beliefs, move),
    info: {
      timeMs: performance.now() - started,
      iterations: r.iterations,
      score: r.stats[0]?.value ?? 0.5,
      ...(r.clockBound ? { clockBound: true as const } : {}),
    },
  };
};

/** A one-ply player: the move whose result looks best on average over a few sampled worlds. */
const playGreedy = (
  view: JsonObject,
  beliefs: Beliefs,
  teams: number[],
  seat: Seat,
  rng: Rng,
  allowed: Allowed,
): Choice => {
  const started = performance.now();
  const worlds = Array.from({ length: 8 }, () => sampleWorld(view, beliefs, rng));
  const moves = movesIn(worlds[0]!, allowed);
  let best = moves[0]!;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const m of moves) {
    let total = 0;
    for (const w of worlds) {
      w.makeMove(m);
      total += junqiReward(w, teams)[seat]!;
      w.unmakeMove();
    }
    const value = total + rng.float() * 1e-6;
    if (value > bestValue) {
      bestValue = value;
      best = m;
    }
  }
  return { move: moveText(beliefs, best), info: { timeMs: performance.now() - started, depth: 1 } };
};

export const junqiAi: GameAi = {
  game: 'junqi',
  definition: junqi,
  input: 'view',
  publicRules: (game) => ({ bidding: (game as JunqiGame).options.bidding }),
  players: [...LEVEL_NAMES, 'greedy', 'heuristic', 'random'],
  choose(request): Result<Choice> {
    const player = parsePlayer(request.player);
    if (!player.ok) return player;
    const named = player.value.evaluation !== undefined ? KNOWLEDGE_VARIANTS[player.value.evaluation] : undefined;
    if (player.value.evaluation !== undefined && (!named || player.value.kind !== 'level')) {
      return fail(
        'bad-player',
        `the Junqi AI's levels know the variants ${Object.keys(KNOWLEDGE_VARIANTS).join(', ')} (master@policy)`,
      );
    }
    if (request.position.kind !== 'view') {
      return fail('bad-request', 'the Junqi AI takes only its seat’s view and records, never a snapshot');
    }
    const view = request.position.view;
    const records: readonly PlayRecord[] = request.position.records ?? [];
    const v = view as unknown as View;
    const knowledge =
      named ?? (player.value.kind === 'level' && player.value.level === 'master' ? masterKnowledge(v) : NO_KNOWLEDGE);
    if (v.viewer !== request.seat)
      return fail('bad-request', `the view is seat ${String(v.viewer)}'s, not seat ${request.seat}'s`);
    const rng = seededRng(request.seed ?? records.length);
    const started = performance.now();
    if (v.phase === 'bidding') {
      const bid = chooseBid(v, request.position.rules?.bidding);
      return ok({ move: bid, info: { timeMs: performance.now() - started } });
    }
    if (v.phase === 'setup') {
      const landlordSeat = v.landlord ?? -1;
      const pieces = v.variant === 'landlord' && v.hand ? countsFromText(v.hand) : [...STANDARD_ARMY];
      const setup =
        player.value.kind === 'random'
          ? undefined
          : soundSetup(rng, pieces, landlordSeat === request.seat && v.variant === 'landlord', knowledge.wall === true);
      if (!setup) {
        // The random player deploys at random, as it plays.
        return ok({
          move: `setup ${setupToString(randomDeploy(rng, pieces, landlordSeat === request.seat))}`,
          info: { timeMs: 0 },
        });
      }
      return ok({ move: `setup ${setupToString(setup)}`, info: { timeMs: performance.now() - started } });
    }
    if (v.phase !== 'play') return fail('no-move', `nothing to do in the ${v.phase} phase`);
    if (v.toMove !== request.seat) return fail('not-your-turn', `seat ${request.seat} is not to move`);
    const beliefs = trackBeliefs(view, records, request.seat);
    const teams = teamsOf(v.players, v.variant, v.teams, v.landlord ?? -1);
    const p = player.value;
    const legal = request.position.legal ? new Set(request.position.legal) : undefined;
    const allowed: Allowed = legal ? (m) => legal.has(moveText(beliefs, m)) : () => true;
    if (p.kind === 'random') {
      const moves = legalMoves(view, beliefs, rng, allowed);
      if (moves.length === 0) return fail('no-move', 'no legal move');
      return ok({ move: moveText(beliefs, rng.pick(moves)), info: { timeMs: performance.now() - started } });
    }
    if (p.kind === 'greedy') return ok(playGreedy(view, beliefs, teams, request.seat, rng, allowed));
    if (p.kind === 'heuristic') return ok(playHeuristic(view, beliefs, teams, request.seat, rng, allowed));
    return ok(
      playIsmcts(view, beliefs, teams, JUNQI_LEVELS[p.level], request, rng, allowed, knowledge, records.length),
    );
  },
};

const randomDeploy = (rng: Rng, pieces: readonly number[], pick: boolean) => {
  const r = randomSetup(rng, pieces, pick);
  if (!r.ok) throw new Error(r.error.reason);
  return r.value;
};

/**
 * The rule-based baseline, as a club player's rules of thumb, from the seat's
 * beliefs only: take what it surely beats; attack an unknown piece when the
 * odds (from what that piece may be) favour it; keep strong pieces away from
 * pieces likely to beat them; otherwise advance towards the enemy
 * headquarters.
 */
const playHeuristic = (
  view: JsonObject,
  beliefs: Beliefs,
  teams: number[],
  seat: Seat,
  rng: Rng,
  allowed: Allowed,
): Choice => {
  const started = performance.now();
  const { moves, scores } = heuristicScores(view, beliefs, teams, seat, rng, allowed);
  let best = moves[0]!;
  let bestScore = Number.NEGATIVE_INFINITY;
  moves.forEach((m, i) => {
    if (scores[i]! > bestScore) {
      bestScore = scores[i]!;
      best = m;
    }
  });
  return { move: moveText(beliefs, best), info: { timeMs: performance.now() - started, score: bestScore } };
};

/** The heuristic player's score of each of its moves (the legal ones, `allowed`), from the seat's beliefs only. */
export const heuristicScores = (
  view: JsonObject,
  beliefs: Beliefs,
  teams: number[],
  seat: Seat,
  rng: Rng,
  allowed: Allowed,
): { moves: number[]; scores: number[] } => {
  const world = sampleWorld(view, beliefs, rng);
  const moves = movesIn(world, allowed);
  const byPoint = new Map(beliefs.tokens.filter((t) => t.alive).map((t) => [t.point, t]));
  const myTeam = teams[seat]!;
  const enemy = (army: number) => army >= 0 && world.teamOfArmy(army) !== myTeam;
  // Odds of rank `a` against a token: counts of each possible rank weight the outcomes.
  const odds = (a: number, mask: number, army: number) => {
    const pool = composition(view, army);
    let win = 0;
    let lose = 0;
    let both = 0;
    let total = 0;
    let expected = 0;
    for (let r = 0; r < RANK_COUNT; r++) {
      if (!((mask >> r) & 1)) continue;
      const w = Math.max(1, pool[r]!);
      total += w;
      expected += w * RANK_VALUE[r]!;
      const res = COMBAT_TABLE[a * RANK_COUNT + r];
      if (r === FLAG) win += w * 20;
      else if (res === 'attacker') win += w;
      else if (res === 'defender') lose += w;
      else both += w;
    }
    return { win: win / total, lose: lose / total, both: both / total, value: expected / total };
  };
  const dist = distances(beliefs, [...enemyHeadquarters(world, world.armyOfSeat[seat]!)]);
  const scores: number[] = [];
  for (const m of moves) {
    let score = rng.float() * 0.01;
    if (isFlip(m)) {
      score += 0.5;
    } else {
      const from = moveFrom(m);
      const to = moveTo(m);
      const mine = world.rank[from]!;
      const myValue = RANK_VALUE[mine]!;
      const target = byPoint.get(to);
      if (target && enemy(target.army)) {
        const o = odds(mine, target.mask, target.army);
        score += o.win * o.value * 2 - o.lose * myValue - o.both * (myValue - o.value);
      } else {
        score += ((dist[from] ?? 0) - (dist[to] ?? 0)) * 0.4 * (mine === 11 || mine === 12 ? 0.3 : 1);
      }
      // Danger where it lands: enemy neighbours that may beat it.
      for (const q of beliefs.board.adjacent[to]!) {
        const t = byPoint.get(q);
        if (!t || !enemy(t.army) || q === to) continue;
        let stronger = 0;
        let total = 0;
        for (let r = 0; r < RANK_COUNT; r++) {
          if (!((t.mask >> r) & 1) || r === FLAG || r === 1 || r === 13) continue;
          total++;
          if (COMBAT_TABLE[r * RANK_COUNT + mine] !== 'defender') stronger++;
        }
        if (total > 0) score -= (stronger / total) * myValue * 0.3;
      }
    }
    scores.push(score);
  }
  return { moves, scores };
};

/** Road/rail step distance from every point to the nearest of `targets`. */
const distances = (beliefs: Beliefs, targets: readonly number[]): number[] => {
  const d = new Array<number>(beliefs.board.points.length).fill(99);
  const queue = [...targets];
  for (const t of targets) d[t] = 0;
  while (queue.length > 0) {
    const p = queue.shift()!;
    for (const q of beliefs.board.adjacent[p]!) {
      if (d[q]! > d[p]! + 1) {
        d[q] = d[p]! + 1;
        queue.push(q);
      }
    }
  }
  return d;
};
