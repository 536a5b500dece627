/**
 * An arena match of two-player Junqi that also says how each game was won: for a game ended by a captured flag,
 * the door of the headquarters the taker stepped in from (front, on the railway, or a side), and whether the loser
 * had deployed a mine on it (an open door) or not (a door whose mine was dug). The games are the arena's own
 * (`playArenaGame`, the same seeds and seats), so
 * `npx tsx packages/ai/bench/junqi-flag-raids.ts --a master@wall --b master --games 40 --seed 1 --iterations 1000`
 * plays the games of `npx qiyuan arena --game junqi --a master@wall --b master --games 40 --seed 1 --iterations 1000`.
 * `--from K` starts at the match's K-th game, as the arena's option does. One line per game, then the totals.
 */
import type { Game, Seat } from '@qiyuan/core';
import { type JunqiGame, MINE, slotIndex } from '@qiyuan/junqi';
import { type ArenaGameResult, formatScore, matchScore, playArenaGame } from '../src/arena.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const a = arg('a', 'master@wall');
const b = arg('b', 'master');
const games = Number(arg('games', '20'));
const from = Number(arg('from', '0'));
const seed = Number(arg('seed', '1'));
const iterations = Number(arg('iterations', '1000'));

interface Raid {
  /** Whose flag fell: A's or B's. */
  readonly loser: 'a' | 'b';
  readonly door: 'front' | 'side' | 'other';
  /** The loser had deployed a mine on that door. */
  readonly mined: boolean;
}

/** How the flag of a finished game fell, or undefined when no flag was taken. */
const raidOf = (game: Game, aSeats: readonly Seat[]): Raid | undefined => {
  const j = game as unknown as JunqiGame;
  const { state, history } = j.internals;
  const last = history[history.length - 1];
  if (!last || !('move' in last.action) || last.action.move.type !== 'move') return undefined;
  const { from: door, to } = last.action.move;
  const flag = j.board.points[to]!;
  if (flag.kind !== 'hq' || flag.army === null) return undefined;
  const outcome = game.outcome();
  if (!outcome || !/flag/.test(outcome.reason)) return undefined;
  const loserSeat = flag.army;
  const d = j.board.points[door]!;
  const own = d.army === flag.army;
  const setup = state.setups[loserSeat];
  const mined = own && setup !== undefined && setup[slotIndex(d.row, d.col)] === MINE;
  return {
    loser: aSeats.includes(loserSeat) ? 'a' : 'b',
    door: !own ? 'other' : d.row === 2 ? 'front' : d.row === 1 ? 'side' : 'other',
    mined,
  };
};

const results: ArenaGameResult[] = [];
const raids: Raid[] = [];
for (let index = from; index < from + games; index++) {
  let raid: Raid | undefined;
  const r = playArenaGame({ game: 'junqi', options: {}, a, b, index, seed, iterations }, (game, aSeats) => {
    raid = raidOf(game, aSeats);
  });
  results.push(r);
  if (raid) raids.push(raid);
  const how = raid
    ? `${raid.loser}'s flag by the ${raid.door} door, ${raid.mined ? 'its mine dug' : 'never mined'}`
    : '';
  const ms = (t: number, n: number) => Math.round(t / Math.max(1, n));
  console.log(
    `game ${index}: A ${r.result} in ${r.plies} plies (${r.reason}) ${how}; ms/move A ${ms(r.timeMs.a, r.moves.a)} B ${ms(r.timeMs.b, r.moves.b)}${r.error ? ` ERROR ${r.error}` : ''}`,
  );
}
console.log(`${a} vs ${b}, games ${from}–${from + games - 1}, seed ${seed}, ${iterations} iterations`);
console.log(formatScore(matchScore(results.map((r) => r.result))));
for (const side of ['a', 'b'] as const) {
  const lost = raids.filter((r) => r.loser === side);
  const open = lost.filter((r) => !r.mined && r.door !== 'other');
  console.log(
    `${side === 'a' ? a : b}: flag taken ${lost.length} times; through a door never mined ${open.length} (front ${open.filter((r) => r.door === 'front').length}, side ${open.filter((r) => r.door === 'side').length}); through a door whose mine was dug ${lost.filter((r) => r.mined).length}`,
  );
}
