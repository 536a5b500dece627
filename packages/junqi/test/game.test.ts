import { Rng, SPECTATOR, unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { JunqiGame } from '../src/game.js';
import { exportGame, fromSnapshot, parseGame } from '../src/game-record.js';
import { deal, farmerArmy, landlordHolding } from '../src/landlord.js';
import { parseOptions } from '../src/options.js';
import { FLAG, FORTRESS, MARSHAL, MINE, MISSILE, PLATOON, RANK_COUNT, STANDARD_ARMY } from '../src/piece.js';
import { PRESETS } from '../src/setup.js';
import { randomGame } from './random-games.js';

const create = (o: Record<string, string>) => unwrap(JunqiGame.create(unwrap(parseOptions(o))));

describe('options', () => {
  it.each([
    [{ players: '5' }, 'five players do not exist'],
    [{ mode: 'blind' }, 'unknown mode'],
    [{ variant: 'landlord' }, '三打一 needs four players'],
    [{ players: '4', mode: 'flip' }, '翻棋 is for two players (ruling R10)'],
    [{ players: '3', teams: 'pairs' }, 'three players cannot pair up'],
    [{ setup: 'nonsense' }, 'unknown preset'],
    [{ chaseLimit: '-1' }, 'negative limit'],
    [{ colour: 'red' }, 'unknown option'],
    [{ setups: 'a,b,c' }, 'wrong number of setups'],
  ] as [Record<string, string>, string][])('%j is refused (%s)', (input) => {
    expect(parseOptions(input).ok).toBe(false);
  });

  it('defaults: 暗棋, 2v2 for four players, limits scale with the players', () => {
    expect(unwrap(parseOptions({}))).toMatchObject({
      players: 2,
      mode: 'hidden',
      noCaptureLimit: 100,
      moveLimit: 1000,
      chaseLimit: 5,
      timeoutLimit: 5,
      drawOffers: true,
    });
    expect(unwrap(parseOptions({ players: '4' }))).toMatchObject({
      teams: 'pairs',
      noCaptureLimit: 200,
      partnersSee: false,
    });
    expect(unwrap(parseOptions({ players: '3' }))).toMatchObject({ teams: 'ffa' });
  });
});

describe('setup phase', () => {
  it('is simultaneous; nobody sees another deployment; play starts when all have deployed', () => {
    const g = create({});
    expect(g.turn()).toEqual({ kind: 'simultaneous', seats: [0, 1] });
    unwrap(g.play({ type: 'setup', setup: PRESETS.classic }, 1));
    expect(g.turn()).toEqual({ kind: 'simultaneous', seats: [0] });
    expect(g.recordFor(0, 0).notation).toBe('setup');
    expect(g.recordFor(1, 0).notation).toBe(`setup ${PRESETS.classic}`);
    expect(g.viewFor(0).pieces).toBeUndefined();
    // a bad setup is refused with its reason and changes nothing
    const bad = g.play({ type: 'setup', setup: 'MFM2M/6B154/2+3+7/93+8B/4+2+5/71316' }, 0);
    expect(bad.ok).toBe(false);
    expect(g.ply).toBe(1);
    unwrap(g.play({ type: 'setup', setup: PRESETS.forward }, 0));
    expect(g.phase).toBe('play');
    expect(g.turn()).toEqual({ kind: 'seat', seat: 0 });
    // 暗棋: seat 0 sees its own 25 ranks and none of seat 1's
    const pieces = g.viewFor(0).pieces as { army: number; rank: string | null }[];
    expect(pieces.filter((p) => p.rank !== null).every((p) => p.army === 0)).toBe(true);
    expect(pieces.filter((p) => p.rank !== null).length).toBe(25);
  });

  it('a timeout while deploying deploys at random', () => {
    const g = create({});
    unwrap(g.apply({ type: 'timeout', seat: 0 }));
    unwrap(g.apply({ type: 'timeout', seat: 1 }));
    expect(g.phase).toBe('play');
  });
});

describe('four players', () => {
  it('2v2: partners never attack each other and win together', () => {
    const g = randomGame({ players: '4', mode: 'open', setup: 'random' }, 3, 4000);
    const pos = g.position!;
    expect(pos.rules.teamOfSeat).toEqual([0, 1, 0, 1]);
    const o = g.outcome();
    if (o && o.reason !== 'no-capture-limit' && o.reason !== 'move-limit') {
      expect(o.results[0]).toBe(o.results[2]);
      expect(o.results[1]).toBe(o.results[3]);
      expect(o.teams).toEqual([
        [0, 2],
        [1, 3],
      ]);
    }
    // no legal move of any seat in any position targets an ally
    const h = randomGame({ players: '4', mode: 'open', setup: 'random' }, 5, 300, (game) => {
      const p = game.position;
      if (!p || game.outcome()) return;
      for (const m of game.legalMoves()) {
        if (m.type !== 'move') continue;
        const target = p.owner[m.to]!;
        if (target >= 0) expect(target % 2).not.toBe(p.toMove % 2);
      }
    });
    expect(h.ply).toBeGreaterThan(0);
  });

  it('free-for-all: a knocked-out army leaves the board and the turn skips it', () => {
    const g = create({ players: '4', teams: 'ffa', mode: 'open', setup: 'classic' });
    unwrap(g.apply({ type: 'resign', seat: 1 }));
    const pos = g.position!;
    expect(pos.isOut(1)).toBe(true);
    expect(pos.pieces().some((p) => p.army === 1)).toBe(false);
    const played = g.legalMoves()[0]!;
    unwrap(g.play(played));
    expect(g.turn()).toEqual({ kind: 'seat', seat: 2 });
    expect(g.outcome()).toBeUndefined();
    unwrap(g.apply({ type: 'resign', seat: 2 }));
    unwrap(g.apply({ type: 'resign', seat: 3 }));
    expect(g.outcome()).toMatchObject({ results: ['win', 'loss', 'loss', 'loss'], ranking: [1, 4, 3, 2] });
  });

  it('turns go counter-clockwise: south, east, north, west', () => {
    const g = create({ players: '4', mode: 'open', setup: 'classic' });
    const seats: number[] = [];
    for (let i = 0; i < 5; i++) {
      seats.push((g.turn() as { seat: number }).seat);
      unwrap(g.play(g.legalMoves()[0]!));
    }
    expect(seats).toEqual([0, 1, 2, 3, 0]);
    expect(g.board.points[g.board.at(1, 1, 0)]!.name).toBe('Ea1');
  });

  it('three players use S, E and N of the four-player board', () => {
    const g = create({ players: '3', mode: 'open', setup: 'classic' });
    const armies = new Set(g.position!.pieces().map((p) => p.army));
    expect([...armies].sort()).toEqual([0, 1, 2]);
  });

  it('partners see each other only when the option says so', () => {
    const hidden = create({ players: '4', setup: 'classic' });
    const shared = create({ players: '4', setup: 'classic', partnersSee: 'true' });
    const known = (g: JunqiGame) =>
      new Set(
        (g.viewFor(0).pieces as { army: number; rank: string | null }[]).filter((p) => p.rank).map((p) => p.army),
      );
    expect([...known(hidden)]).toEqual([0]);
    expect([...known(shared)].sort()).toEqual([0, 2]);
  });
});

describe('三打一 (rulings L1–L10)', () => {
  it('L1/L2: a deal gives each seat its flag and 19 pieces from the 96 standard ones; 23 are left', () => {
    const d = deal(1, 0);
    for (const hand of d.hands) {
      expect(hand.reduce((a, b) => a + b, 0)).toBe(20);
      expect(hand[FLAG]).toBe(1);
      expect(hand[MARSHAL]! + hand[FORTRESS]! + hand[MISSILE]!).toBe(0);
      expect(hand[MINE]).toBeLessThanOrEqual(9);
    }
    expect(d.kitty.length).toBe(23);
    const total = new Array(RANK_COUNT).fill(0);
    for (const h of d.hands) {
      h.forEach((n, r) => {
        total[r] += r === FLAG ? 0 : n;
      });
    }
    for (const r of d.kitty) total[r]++;
    STANDARD_ARMY.forEach((n, r) => {
      if (r < MARSHAL) expect(total[r]).toBe(r === FLAG ? 0 : 4 * n);
    });
    expect([total[MARSHAL], total[FORTRESS], total[MISSILE]]).toEqual([1, 1, 1]);
  });

  it('L3: calls must rise; a 3 ends the bidding; all passing deals again', () => {
    const g = create({ players: '4', variant: 'landlord' });
    expect(g.turn()).toEqual({ kind: 'seat', seat: 0 });
    unwrap(g.play({ type: 'bid', call: '1' }));
    expect(g.legalMoves().map((m) => (m as { call: string }).call)).toEqual(['pass', '2', '3']);
    expect(g.play({ type: 'bid', call: '1' }).ok).toBe(false);
    unwrap(g.play({ type: 'bid', call: '3' }));
    expect(g.phase).toBe('setup');
    expect(g.viewFor(1)).toMatchObject({ landlord: 1, target: 3 });
    const again = create({ players: '4', variant: 'landlord' });
    for (let i = 0; i < 4; i++) unwrap(again.play({ type: 'bid', call: 'pass' }));
    expect(again.phase).toBe('bidding');
    // the next seat opens the new deal
    expect(again.turn()).toEqual({ kind: 'seat', seat: 1 });
  });

  it('L3: with calls of 1 and 2 the highest caller leads after everyone spoke', () => {
    const g = create({ players: '4', variant: 'landlord' });
    for (const call of ['1', '2', 'pass', 'pass'] as const) unwrap(g.play({ type: 'bid', call }));
    expect(g.viewFor(SPECTATOR)).toMatchObject({ landlord: 1, target: 2 });
  });

  it('L3: in call-landlord bidding the first call takes it and the target is three armies', () => {
    const g = create({ players: '4', variant: 'landlord', bidding: 'landlord' });
    unwrap(g.play({ type: 'bid', call: 'pass' }));
    unwrap(g.play({ type: 'bid', call: 'landlord' }));
    expect(g.viewFor(SPECTATOR)).toMatchObject({ landlord: 1, target: 3, bidding: 'landlord' });
    expect(create({ players: '4', variant: 'landlord' }).viewFor(0)).toMatchObject({ bidding: 'points' });
  });

  it('L4/L5: farmers hold 25 with five extra 排长; the landlord draws 19 of the 23 and deploys 25 of them', () => {
    const d = deal(4, 0);
    const farmer = farmerArmy(d.hands[0]!);
    expect(farmer.reduce((a, b) => a + b, 0)).toBe(25);
    expect(farmer[PLATOON]).toBe(d.hands[0]![PLATOON]! + 5);
    const lord = landlordHolding(d.hands[1]!, d.kitty);
    expect(lord.reduce((a, b) => a + b, 0)).toBe(39);
  });

  it('L6/L7: the farmers are allies, the landlord moves first, farmers flags are open all game', () => {
    const g = create({ players: '4', variant: 'landlord', setup: 'random' });
    for (const call of ['pass', '2', 'pass', 'pass'] as const) unwrap(g.play({ type: 'bid', call }));
    expect(g.phase).toBe('play');
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
    expect(g.position!.rules.teamOfSeat).toEqual([1, 0, 1, 1]);
    const flags = (g.viewFor(1).pieces as { army: number; rank: string | null }[]).filter((p) => p.rank === 'F');
    expect(flags.map((p) => p.army).sort()).toEqual([0, 1, 2, 3]);
    const landlordFlagSeenByFarmer = (g.viewFor(0).pieces as { army: number; rank: string | null }[]).some(
      (p) => p.army === 1 && p.rank === 'F',
    );
    expect(landlordFlagSeenByFarmer).toBe(false);
  });

  it('L9: the landlord wins once the bid number of farmer armies are out; farmers win when the landlord is out', () => {
    const g = create({ players: '4', variant: 'landlord', setup: 'random' });
    for (const call of ['pass', '2', 'pass', 'pass'] as const) unwrap(g.play({ type: 'bid', call }));
    unwrap(g.apply({ type: 'resign', seat: 0 }));
    expect(g.outcome()).toBeUndefined();
    unwrap(g.apply({ type: 'resign', seat: 2 }));
    expect(g.outcome()?.results).toEqual(['loss', 'win', 'loss', 'loss']);
    const h = create({ players: '4', variant: 'landlord', setup: 'random' });
    for (const call of ['pass', '2', 'pass', 'pass'] as const) unwrap(h.play({ type: 'bid', call }));
    unwrap(h.apply({ type: 'resign', seat: 1 }));
    expect(h.outcome()?.results).toEqual(['win', 'loss', 'win', 'win']);
  });
});

describe('ending without a winner', () => {
  it('no-capture limit: the game is drawn after N plies without a capture', () => {
    const g = create({ mode: 'open', setup: 'defensive', noCaptureLimit: '6', chaseLimit: '0' });
    const rng = Rng.fromSeed(2);
    let plies = 0;
    while (!g.outcome() && plies < 6) {
      const quiet = g.legalMoves().filter((m) => m.type === 'move' && g.position!.owner[m.to] === -1);
      unwrap(g.play(rng.pick(quiet)));
      plies++;
    }
    expect(g.outcome()).toMatchObject({ reason: 'no-capture-limit', results: ['draw', 'draw'] });
  });

  it('total move limit', () => {
    const g = randomGame({ mode: 'open', setup: 'classic', moveLimit: '10', noCaptureLimit: '0' }, 1, 100);
    expect(g.outcome()?.reason === 'move-limit' || g.position!.plies < 10).toBe(true);
  });

  it('agreed draws end the game drawn unless draw offers are off', () => {
    const g = create({ setup: 'classic' });
    unwrap(g.apply({ type: 'draw-agreed' }));
    expect(g.outcome()).toMatchObject({ reason: 'draw-agreed', results: ['draw', 'draw'] });
    const h = create({ setup: 'classic', drawOffers: 'false' });
    expect(h.apply({ type: 'draw-agreed' }).ok).toBe(false);
  });

  it('timeouts skip the turn; the Nth timeout loses', () => {
    const g = create({ setup: 'classic', timeoutLimit: '3' });
    unwrap(g.apply({ type: 'timeout', seat: 0 }));
    expect(g.turn()).toEqual({ kind: 'seat', seat: 1 });
    expect(g.apply({ type: 'timeout', seat: 0 }).ok).toBe(false);
    unwrap(g.play(g.legalMoves()[0]!));
    unwrap(g.apply({ type: 'timeout', seat: 0 }));
    unwrap(g.play(g.legalMoves()[0]!));
    unwrap(g.apply({ type: 'timeout', seat: 0 }));
    expect(g.outcome()).toMatchObject({ reason: 'timeouts', results: ['loss', 'win'] });
    // undo takes the loss back
    unwrap(g.undo());
    expect(g.outcome()).toBeUndefined();
  });
});

describe('records, snapshots, notation', () => {
  it('snapshot and game text restore the game exactly', () => {
    const all: Record<string, string>[] = [
      { players: '2' },
      { players: '4', variant: 'landlord' },
      { mode: 'flip' },
      { players: '3' },
    ];
    for (const o of all) {
      const g = randomGame(o, 11, 120);
      const s = unwrap(fromSnapshot(JSON.parse(JSON.stringify(g.snapshot()))));
      expect(s.positionToString()).toBe(g.positionToString());
      const t = unwrap(parseGame(exportGame(g)));
      expect(t.positionToString()).toBe(g.positionToString());
      expect(JSON.stringify(t.viewFor(0))).toBe(JSON.stringify(g.viewFor(0)));
    }
  });

  it('undo takes back every kind of action exactly', () => {
    const g = randomGame({ players: '4', variant: 'landlord' }, 9, 40);
    const before = g.positionToString();
    const view = JSON.stringify(g.viewFor(2));
    const m = g.legalMoves()[0]!;
    unwrap(g.play(m));
    unwrap(g.undo());
    expect(g.positionToString()).toBe(before);
    expect(JSON.stringify(g.viewFor(2))).toBe(view);
  });

  it('move text reads back; junk never throws', () => {
    const g = create({ mode: 'open', setup: 'classic' });
    for (const m of g.legalMoves()) expect(unwrap(g.parseMove(g.moveToString(m)))).toEqual(m);
    for (const junk of ['', 'z9-a1', 'a1-', 'flip', 'bid 7', '😀', 'a1-a2-a3'])
      expect(g.parseMove(junk).ok).toBe(false);
    // illegal moves are refused with a reason, nothing changes
    const r = g.play({ type: 'move', from: g.board.byName('b1')!, to: g.board.byName('b2')! });
    expect(r.ok ? '' : r.error.reason).toMatch(/never moves/);
    expect(g.play({ type: 'move', from: 999, to: -1 }).ok).toBe(false);
    expect(g.play({ type: 'nonsense' } as never).ok).toBe(false);
    expect(fromSnapshot(null).ok).toBe(false);
    expect(fromSnapshot({ game: 'junqi', options: {}, actions: [{ seat: 0, move: 'zz' }] }).ok).toBe(false);
    expect(parseGame('chess').ok).toBe(false);
  });

  it('the web app gets the legal destinations of a selected piece', () => {
    const g = create({ mode: 'open', setup: 'classic' });
    const names = g
      .destinations(g.board.byName('a6')!)
      .map((p) => g.board.points[p]!.name)
      .sort();
    expect(names).toEqual(['a7', 'b5']);
    expect(g.destinations(g.board.byName('a7')!)).toEqual([]);
  });
});

describe('clones', () => {
  it('a clone is independent of its original, through play and undo on either side', () => {
    // play on the original after undo must not change what the clone undoes to
    const g = randomGame({ players: '2', mode: 'open', setup: 'classic' }, 3, 6);
    const c = g.clone();
    const text = c.positionToString();
    unwrap(g.undo());
    unwrap(g.play(g.legalMoves().at(-1)!));
    expect(c.positionToString()).toBe(text);
    unwrap(c.undo());
    const again = c.clone();
    unwrap(c.play(c.legalMoves()[0]!));
    unwrap(again.undo());
    expect(again.ply).toBe(4);
  });
});
