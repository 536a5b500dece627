import { unwrap } from '@qiyuan/core';
import { FLAG, type JunqiGame, junqi, moveFrom, moveTo, type Position } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { flagAtHand, flagCapture, flagDanger, flagMove, flagPoints, guardFlag } from '../src/games/junqi/flag.js';
import { seededRng } from '../src/levels.js';

const newGame = (seed: string) =>
  unwrap(junqi.create(unwrap(junqi.parseOptions({ setup: 'random', seed })))) as JunqiGame;

/** The two-player game after `plies` plies of the first legal moves, so the side to move is known. */
const after = (seed: string, plies: number): Position => {
  const game = newGame(seed);
  for (let i = 0; i < plies; i++) {
    const seat = i % 2;
    unwrap(game.play(game.legalMoves(seat)[0]!, seat));
  }
  return game.position!.clone();
};

/** Puts a piece of `army` with `rank` on point `p` (whatever stood there is gone): a test's own world. */
const put = (pos: Position, p: number, army: number, rank: number) => {
  pos.owner[p] = army;
  pos.rank[p] = rank;
  pos.faceDown[p] = 0;
};

const flagOf = (pos: Position, army: number) => flagPoints(pos, new Int16Array(4))[army]!;
/** The door of `army`'s flag (a neighbour, not a headquarters) with the most neighbours of its own. */
const doorOf = (pos: Position, army: number) => {
  const doors = pos.board.adjacent[flagOf(pos, army)]!.filter((q) => pos.board.points[q]!.kind !== 'hq');
  return doors.sort((a, b) => pos.board.adjacent[b]!.length - pos.board.adjacent[a]!.length)[0]!;
};

describe('Junqi flag races', () => {
  it('finds each army’s flag in a full-information world', () => {
    const pos = after('3', 0);
    for (const army of [0, 1]) {
      const f = flagOf(pos, army);
      expect(pos.rank[f]).toBe(FLAG);
      expect(pos.owner[f]).toBe(army);
      expect(pos.board.points[f]!.kind).toBe('hq');
    }
  });

  it('a mover at the door of an enemy flag, its side to move, has the flag at hand; the other side has not', () => {
    const pos = after('3', 1); // seat 1 to move
    expect(pos.sideToMove()).toBe(1);
    expect(flagAtHand(pos)).toBe(-1);
    const door = doorOf(pos, 0);
    put(pos, door, 1, 4); // a 排长 of army 1 at army 0's door
    expect(flagAtHand(pos)).toBe(1);
    // a mine there does not move, so it takes nothing
    put(pos, door, 1, 1);
    expect(flagAtHand(pos)).toBe(-1);
  });

  it('the playout takes the flag at hand, every time', () => {
    const pos = after('4', 1);
    const door = doorOf(pos, 0);
    put(pos, door, 1, 4);
    const moves = pos.generateMoves();
    for (let seed = 0; seed < 20; seed++) {
      const m = flagMove(pos, moves, seededRng(seed), 0);
      expect([moveFrom(m), moveTo(m)]).toEqual([door, flagOf(pos, 0)]);
    }
  });

  it('the decisive move is the taking of an enemy flag, and only that', () => {
    const pos = after('4', 1); // seat 1 to move
    expect(flagCapture(pos, pos.generateMoves())).toBe(-1);
    const door = doorOf(pos, 0);
    put(pos, door, 1, 4);
    const m = flagCapture(pos, pos.generateMoves());
    expect([moveFrom(m), moveTo(m)]).toEqual([door, flagOf(pos, 0)]);
    // the same piece beside its own flag takes nothing: seat 0's turn, and army 0's door holds army 0's piece
    const own = after('4', 2);
    put(own, doorOf(own, 0), 0, 4);
    expect(flagCapture(own, own.generateMoves())).toBe(-1);
    // a face-down flag (翻棋) is not known to be one
    pos.faceDown[flagOf(pos, 0)] = 1;
    expect(flagCapture(pos, pos.generateMoves())).toBe(-1);
  });

  it('clears an enemy piece from its own flag’s door with the cheapest piece that beats it', () => {
    const pos = after('5', 2); // seat 0 to move
    expect(pos.sideToMove()).toBe(0);
    const flag = flagOf(pos, 0);
    const door = doorOf(pos, 0);
    put(pos, door, 1, 5); // an enemy 连长 at our door
    // our neighbours of the door: a 司令 and a 营长; both win, the 营长 is the cheaper
    const around = pos.board.adjacent[door]!.filter((q) => q !== flag && pos.board.points[q]!.kind !== 'hq');
    expect(around.length).toBeGreaterThanOrEqual(2);
    put(pos, around[0]!, 0, 11);
    put(pos, around[1]!, 0, 6);
    for (const q of around.slice(2)) put(pos, q, 0, 1); // mines: they cannot move
    const m = flagMove(pos, pos.generateMoves(), seededRng(1), 0);
    expect([moveFrom(m), moveTo(m)]).toEqual([around[1], door]);
  });

  it('with no flag in reach and no threat, leaves the choice to the base playout unless it walks to a door', () => {
    const pos = after('6', 2);
    expect(flagMove(pos, pos.generateMoves(), seededRng(1), 0)).toBe(-1);
  });

  /**
   * Seat 0 to move; the door of its flag and the door's other neighbours empty; an enemy 排长 one step from the door;
   * our 司令 one step from the 排长 but not beside the door; every other piece of ours a mine (they cannot answer),
   * but one 排长 whose move (`idle`) is chosen so that, after it and the raider's step to the door, no piece of ours
   * reaches the door.
   */
  const raid = () => {
    const pos = after('5', 2);
    const flag = flagOf(pos, 0);
    const door = doorOf(pos, 0);
    const around = (p: number) => pos.board.adjacent[p]!.filter((q) => pos.board.points[q]!.kind !== 'hq');
    for (const q of [door, ...around(door)]) pos.owner[q] = -1;
    const raider = around(door).find((x) => around(x).some((y) => y !== door && !around(door).includes(y)))!;
    const guard = around(raider).find((y) => y !== door && !around(door).includes(y))!;
    const ours = [...Array(pos.n).keys()].filter(
      (p) => pos.owner[p] === 0 && p !== flag && p !== guard && pos.board.points[p]!.kind !== 'hq',
    );
    for (const p of ours) pos.rank[p] = 1;
    put(pos, raider, 1, 4);
    put(pos, guard, 0, 11);
    const idler = ours.sort((a, b) => pos.board.adjacent[b]!.length - pos.board.adjacent[a]!.length)[0]!;
    pos.rank[idler] = 4;
    const moves = pos.generateMoves();
    const take = moves.find((m) => moveFrom(m) === guard && moveTo(m) === raider)!;
    const idle = moves.find((m) => {
      if (moveFrom(m) !== idler) return false;
      const w = pos.clone();
      w.makeMove(m);
      const step = w.generateMoves().find((e) => moveFrom(e) === raider && moveTo(e) === door);
      if (step === undefined) return false;
      w.makeMove(step);
      return !w.generateMoves().some((a) => moveTo(a) === door);
    })!;
    return { pos, flag, door, take, idle };
  };

  it('sees the raid a move leaves open: an enemy steps to the door and nothing of ours can take it there', () => {
    const { pos, take, idle } = raid();
    expect(take).toBeDefined();
    expect(idle).toBeDefined();
    const before = pos.clone();
    expect(flagDanger(pos, idle, 0)).toBe(true);
    expect(flagDanger(pos, take, 0)).toBe(false);
    // the world is left as it was
    expect([...pos.owner]).toEqual([...before.owner]);
    expect([...pos.rank]).toEqual([...before.rank]);
    expect(pos.sideToMove()).toBe(0);
  });

  it('the root guard plays the safe move when it was searched enough, and trusts the search otherwise', () => {
    const { pos, take, idle } = raid();
    const worlds = [pos.clone(), pos.clone()];
    expect(
      guardFlag(
        [
          { move: idle, visits: 100, value: 0.6 },
          { move: take, visits: 50, value: 0.55 },
        ],
        worlds,
        0,
      ),
    ).toBe(take);
    expect(
      guardFlag(
        [
          { move: idle, visits: 100, value: 0.6 },
          { move: take, visits: 5, value: 0.55 },
        ],
        worlds,
        0,
      ),
    ).toBe(idle);
  });
});
