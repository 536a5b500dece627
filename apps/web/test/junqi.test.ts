import { Rng } from '@qiyuan/core';
import {
  boardFor,
  type JunqiGame,
  junqi,
  PRESETS,
  parseSetup,
  randomSetup,
  STANDARD_ARMY,
  validateSetup,
} from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { screenLayout } from '../src/board/junqi-geometry.js';
import { readRecords } from '../src/board/junqi-report.js';
import { deleteSaved, listSaved, SAVED_KEY, SetupDraft, saveSetup } from '../src/board/junqi-setup.js';

/**
 * The Junqi board's pure parts: the setup editor's model against the engine's
 * own checks, the public replay of the records against the engine's views,
 * setups kept on the device, and the turned layouts.
 */

const newGame = (options: Record<string, string>): JunqiGame => {
  const o = junqi.parseOptions(options);
  if (!o.ok) throw new Error(o.error.reason);
  const g = junqi.create(o.value);
  if (!g.ok) throw new Error(g.error.reason);
  return g.value;
};

const setupOf = (text: string): number[] => {
  const s = parseSetup(text);
  if (!s.ok) throw new Error(s.error.reason);
  return [...s.value];
};

describe('setup editor', () => {
  // slots: (row - 1) * 5 + col; classic: flag b1 (1), mines a1 c1 e1, bombs b2 (6) and e4 (19)
  const cases: readonly { name: string; swap: [number, number]; codes: string[]; slots: number[] }[] = [
    { name: 'the classic preset', swap: [0, 0], codes: [], slots: [] },
    { name: 'flag out of its headquarters', swap: [1, 0], codes: ['setup-flag'], slots: [0] },
    { name: 'mine to the third row', swap: [0, 10], codes: ['setup-mine'], slots: [10] },
    { name: 'bomb to the front row', swap: [6, 25], codes: ['setup-bomb'], slots: [25] },
    { name: 'a piece into a camp', swap: [25, 11], codes: ['setup-camp'], slots: [11] },
    { name: 'mine to the front row', swap: [2, 27], codes: ['setup-mine'], slots: [27] },
    { name: 'flag into a camp', swap: [1, 21], codes: ['setup-camp'], slots: [21] },
  ];
  for (const c of cases) {
    it(`explains ${c.name}`, () => {
      const d = new SetupDraft(STANDARD_ARMY, false, setupOf(PRESETS.classic));
      d.swap(...c.swap);
      const problems = d.problems();
      expect(problems.map((p) => p.code)).toEqual(c.codes);
      expect(problems.map((p) => p.slot)).toEqual(c.slots);
      expect(d.valid()).toBe(c.codes.length === 0);
    });
  }

  it('lists every broken rule, the first being the one the engine names', () => {
    const rng = Rng.fromSeed('editor');
    let broken = 0;
    for (let i = 0; i < 400; i++) {
      const start = randomSetup(rng, STANDARD_ARMY);
      if (!start.ok) throw new Error(start.error.reason);
      const d = new SetupDraft(STANDARD_ARMY, false, start.value);
      for (let k = rng.int(0, 3); k > 0; k--) d.swap(rng.int(0, 29), rng.int(0, 29));
      const engine = validateSetup(d.slots, STANDARD_ARMY);
      const problems = d.problems();
      expect(d.valid()).toBe(engine.ok);
      expect(problems.length === 0).toBe(engine.ok);
      if (!engine.ok) {
        broken++;
        expect(problems[0]!.code).toBe(engine.error.code);
        // the engine's reason names the first offending point
        expect(engine.error.reason).toContain(
          `${'abcde'[problems[0]!.slot! % 5]}${Math.floor(problems[0]!.slot! / 5) + 1}`,
        );
      }
    }
    expect(broken).toBeGreaterThan(100);
  });

  it('keeps the landlord’s reserve and counts what is still to deploy', () => {
    const game = newGame({ players: '4', variant: 'landlord', seed: '3' });
    for (const call of ['3']) expect(game.play({ type: 'bid', call: call as '3' }, 0).ok).toBe(true);
    const hand = (game.viewFor(0) as { hand: string }).hand;
    const holding = new Array<number>(15).fill(0);
    for (const ch of hand) holding['FMB123456789XRD'.indexOf(ch)]!++;
    expect(holding.reduce((a, b) => a + b, 0)).toBe(39);
    const d = new SetupDraft(holding, true);
    expect(d.reserve()).toEqual(holding);
    expect(d.problems().map((p) => [p.code, p.missing ?? p.flag])).toEqual([
      ['setup-pieces', 25],
      ['setup-pieces', true],
    ]);
    expect(d.randomise(7)).toBe(true);
    expect(d.valid()).toBe(true);
    expect(d.reserve().reduce((a, b) => a + b, 0)).toBe(14);
    const flagSlot = d.slots.indexOf(0);
    expect(d.remove(flagSlot)).toBe(true);
    expect(d.problems().map((p) => [p.code, p.missing ?? p.flag])).toEqual([
      ['setup-pieces', 1],
      ['setup-pieces', true],
    ]);
    expect(d.place(0, flagSlot)).toBe(true);
    expect(d.place(0, flagSlot)).toBe(false); // the only flag is already placed
    expect(d.valid()).toBe(true);
    expect(game.play({ type: 'setup', setup: d.notation() }, 0).ok).toBe(true);
    // a standard army may not take pieces off the board
    const std = new SetupDraft(STANDARD_ARMY, false, setupOf(PRESETS.forward));
    expect(std.remove(0)).toBe(false);
  });

  it('offers only the presets that fit the pieces held', () => {
    expect(new SetupDraft(STANDARD_ARMY, false).presets()).toEqual(['classic', 'forward', 'defensive']);
    const farmer = [...STANDARD_ARMY];
    farmer[4]! += 5;
    farmer[11]! -= 1;
    farmer[3]! -= 4;
    expect(new SetupDraft(farmer, false).presets()).toEqual([]);
  });
});

describe('setups kept on the device', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };

  it('saves, replaces, lists newest first, deletes and skips what is malformed', () => {
    const s = memory();
    expect(saveSetup('  ', PRESETS.classic, s)).toEqual({ ok: false, code: 'empty-name' });
    expect(saveSetup(' my   defence ', PRESETS.defensive, s)).toEqual({ ok: true, replaced: false });
    expect(saveSetup('attack', PRESETS.forward, s)).toEqual({ ok: true, replaced: false });
    expect(saveSetup('my defence', PRESETS.classic, s)).toEqual({ ok: true, replaced: true });
    expect(listSaved(s).map((x) => [x.name, x.setup])).toEqual([
      ['my defence', PRESETS.classic],
      ['attack', PRESETS.forward],
    ]);
    deleteSaved('attack', s);
    expect(listSaved(s).map((x) => x.name)).toEqual(['my defence']);
    s.setItem(
      SAVED_KEY,
      JSON.stringify([{ name: 'x', setup: 'not a setup' }, 5, { name: 'ok', setup: PRESETS.forward }]),
    );
    expect(listSaved(s).map((x) => x.name)).toEqual(['ok']);
    s.setItem(SAVED_KEY, '{oops');
    expect(listSaved(s)).toEqual([]);
    expect(saveSetup('a'.repeat(40), PRESETS.forward, s)).toEqual({ ok: true, replaced: false });
    expect(listSaved(s)[0]!.name.length).toBe(24);
    const full = {
      getItem: () => '[]',
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(saveSetup('x', PRESETS.forward, full)).toEqual({ ok: false, code: 'storage' });
  });
});

describe('public replay of the records', () => {
  // every mode: the armies the replay puts on each point are the ones the engine's view shows
  const modes: readonly Record<string, string>[] = [
    { players: '2', setup: 'random' },
    { players: '2', mode: 'flip' },
    { players: '4', setup: 'random' },
    { players: '4', teams: 'ffa', setup: 'random', mode: 'open' },
    { players: '3', setup: 'random' },
  ];
  for (const options of modes) {
    it(`follows ${JSON.stringify(options)}`, () => {
      let combats = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const game = newGame({ ...options, seed: String(seed) });
        const rng = Rng.fromSeed(`replay:${seed}`);
        const board = boardFor(game.options.players);
        for (let ply = 0; ply < 160 && !game.outcome(); ply++) {
          const turn = game.turn();
          if (turn.kind !== 'seat') break;
          const moves = game.legalMoves(turn.seat);
          // prefer attacks, so there are combats to follow
          const v = game.viewFor(turn.seat) as { pieces: { point: number }[] };
          const taken = new Set(v.pieces.map((p) => p.point));
          const attacks = moves.filter((m) => m.type === 'move' && taken.has(m.to));
          const pick = attacks.length > 0 && rng.int(0, 2) > 0 ? attacks : moves;
          expect(game.play(pick[rng.int(0, pick.length - 1)]!, turn.seat).ok).toBe(true);
          const seat = (ply % game.seatCount) as number;
          const records = Array.from({ length: game.ply }, (_, i) => game.recordFor(seat, i));
          const { occupancy, events } = readRecords(board, records, {
            players: game.options.players,
            mode: game.options.mode,
          });
          const view = game.viewFor(seat) as { pieces: { point: number; army: number | null; faceDown?: boolean }[] };
          const expected = new Array<number>(board.points.length).fill(-1);
          for (const p of view.pieces) expected[p.point] = p.faceDown ? -2 : p.army!;
          expect(occupancy).toEqual(expected);
          const withCombat = records.filter((r) => (r.detail as { combat?: string } | undefined)?.combat).length;
          expect(events.filter((e) => e.kind === 'combat').length).toBe(withCombat);
          if (ply === 159 || game.outcome()) combats += withCombat;
        }
      }
      if (options.mode !== 'flip') expect(combats).toBeGreaterThan(10);
    });
  }

  it('gives each seat only the ranks its records carry', () => {
    const game = newGame({ setups: `${PRESETS.classic},${PRESETS.classic}` });
    expect(game.play({ type: 'move', from: boardFor(2).byName('a6')!, to: boardFor(2).byName('a7')! }, 0).ok).toBe(
      true,
    );
    const seen = (seat: number | 'spectator') =>
      readRecords(boardFor(2), [game.recordFor(seat, 0)], { players: 2, mode: 'hidden' }).events[0];
    expect(seen(0)).toMatchObject({
      kind: 'combat',
      attackerArmy: 0,
      defenderArmy: 1,
      attackerRank: '7',
      defenderRank: null,
      result: 'attacker',
    });
    expect(seen(1)).toMatchObject({ attackerRank: null, defenderRank: '6', result: 'attacker' });
    expect(seen('spectator')).toMatchObject({ attackerRank: null, defenderRank: null, result: 'attacker' });
  });
});

describe('layout', () => {
  // whichever army is at the bottom, its back row is below its front row and the board keeps its shape
  it('turns every army to the bottom', () => {
    for (const players of [2, 4]) {
      const board = boardFor(players);
      const base = screenLayout(board, 0);
      for (let army = 0; army < board.armies; army++) {
        const s = screenLayout(board, army);
        const back = s[board.at(army, 1, 2)]!;
        const front = s[board.at(army, 6, 2)]!;
        expect(back.y).toBeGreaterThan(front.y);
        expect(Math.abs(back.x - front.x)).toBeLessThan(1e-9);
        // left to right along its own rows: column a is on the viewer's left
        expect(s[board.at(army, 1, 0)]!.x).toBeLessThan(s[board.at(army, 1, 4)]!.x);
        expect(s[board.at(army, 1, 0)]!.vertical).toBe(false);
        for (const e of board.edges.slice(0, 40)) {
          const d0 = Math.hypot(base[e.from]!.x - base[e.to]!.x, base[e.from]!.y - base[e.to]!.y);
          const d1 = Math.hypot(s[e.from]!.x - s[e.to]!.x, s[e.from]!.y - s[e.to]!.y);
          expect(d1).toBeCloseTo(d0, 6);
        }
      }
    }
  });
});
