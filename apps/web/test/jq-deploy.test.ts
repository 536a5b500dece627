import { Rng } from '@qiyuan/core';
import { BOMB, ENGINEER, FLAG, MINE, PRESETS, STANDARD_ARMY, validateSetup } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import {
  emptyArmy,
  fillRest,
  moveOrSwap,
  palette,
  pickUp,
  place,
  presetArmy,
  problems,
  randomArmy,
  readDeployments,
  replaceArmy,
  resizeDeployments,
  ruleAt,
} from '../src/analysis/jq-deploy.js';

/** Slot of a point of an army's area: row 1 the back row, column 0 the army's left. */
const slot = (row: number, col: number) => (row - 1) * 5 + col;
const EMPTY = '...../.+.+./..+../.+.+./...../.....';

describe('Junqi position editor: where a piece may be placed (the engine’s rules)', () => {
  it.each([
    ['the flag in a headquarters', FLAG, slot(1, 1), undefined],
    ['the flag in the other headquarters', FLAG, slot(1, 3), undefined],
    ['the flag on a back-row post', FLAG, slot(1, 0), 'setup-flag'],
    ['the flag in the front row', FLAG, slot(6, 2), 'setup-flag'],
    ['a mine in the back row', MINE, slot(1, 4), undefined],
    ['a mine in the second row', MINE, slot(2, 2), undefined],
    ['a mine in the third row', MINE, slot(3, 0), 'setup-mine'],
    ['a mine in the front row', MINE, slot(6, 0), 'setup-mine'],
    ['a bomb in the fifth row', BOMB, slot(5, 0), undefined],
    ['a bomb in the front row', BOMB, slot(6, 4), 'setup-bomb'],
    ['an engineer in the front row', ENGINEER, slot(6, 4), undefined],
    ['an engineer in a headquarters', ENGINEER, slot(1, 1), undefined],
    ['an engineer in a camp', ENGINEER, slot(3, 1), 'setup-camp'],
    ['a mine in the middle camp', MINE, slot(4, 2), 'setup-camp'],
    ['a bomb in a front camp', BOMB, slot(5, 3), 'setup-camp'],
  ])('%s', (_, rank, at, code) => {
    expect(ruleAt(rank, at)).toBe(code);
  });
});

describe('Junqi position editor: the palette and the placements', () => {
  it('counts the pieces an army has left: all 25 when empty, none when deployed, below zero when over', () => {
    expect(palette(emptyArmy())).toEqual([...STANDARD_ARMY]);
    expect(palette(presetArmy('classic')).every((n) => n === 0)).toBe(true);
    const army = emptyArmy();
    for (const s of [slot(1, 0), slot(1, 2), slot(1, 4), slot(2, 0)]) army[s] = MINE;
    expect(palette(army)[MINE]).toBe(-1);
    expect(problems(army)).toEqual([
      { code: 'more', n: 22 },
      { code: 'over', rank: MINE, n: 1 },
    ]);
  });

  it('places a piece where the engine allows it, refuses it elsewhere with the engine’s code', () => {
    const placed = place(emptyArmy(), FLAG, slot(1, 3));
    expect(placed.ok && placed.value[slot(1, 3)]).toBe(FLAG);
    const refused = place(emptyArmy(), FLAG, slot(2, 3));
    expect(refused.ok ? undefined : refused.error).toEqual({ code: 'setup-flag', rank: FLAG, slot: slot(2, 3) });
    const camp = place(emptyArmy(), ENGINEER, slot(5, 1));
    expect(camp.ok ? undefined : camp.error.code).toBe('setup-camp');
  });

  it('refuses a piece the army has no more of, and puts a replaced piece back in the palette', () => {
    const full = presetArmy('classic');
    const none = place(full, FLAG, slot(1, 3));
    expect(none.ok ? undefined : none.error).toEqual({ code: 'none-left', rank: FLAG });
    const lifted = pickUp(full, slot(6, 0));
    const before = full[slot(6, 0)]!;
    expect(palette(lifted)[before]).toBe(1);
    const again = place(lifted, before, slot(6, 0));
    expect(again.ok && again.value).toEqual(full);
  });

  it('moves and swaps pieces, refusing a swap that puts either piece where it may not stand', () => {
    const army = presetArmy('classic');
    const flagAt = army.indexOf(FLAG);
    const otherHq = flagAt === slot(1, 1) ? slot(1, 3) : slot(1, 1);
    const swapped = moveOrSwap(army, flagAt, otherHq);
    expect(swapped.ok && swapped.value[otherHq]).toBe(FLAG);
    const out = moveOrSwap(army, flagAt, slot(6, 0));
    expect(out.ok ? undefined : out.error).toEqual({ code: 'setup-flag', rank: FLAG, slot: slot(6, 0) });
    // the front-row piece would land in the headquarters, but the flag on the front row is what is refused
    const lifted = pickUp(army, slot(6, 0));
    const moved = moveOrSwap(lifted, slot(5, 0), slot(6, 0));
    expect(moved.ok && moved.value[slot(5, 0)]).toBe(-1);
  });
});

describe('Junqi position editor: fills', () => {
  it('fills the rest at random around the placed pieces, always legally', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const army = emptyArmy();
      army[slot(6, 2)] = ENGINEER;
      army[slot(2, 0)] = BOMB;
      const filled = fillRest(army, Rng.fromSeed(seed));
      expect(filled.ok).toBe(true);
      if (!filled.ok) continue;
      expect(validateSetup(filled.value).ok).toBe(true);
      expect(filled.value[slot(6, 2)]).toBe(ENGINEER);
      expect(filled.value[slot(2, 0)]).toBe(BOMB);
    }
  });

  it('says when the rest cannot fit: both headquarters taken, the flag has nowhere to go', () => {
    const army = emptyArmy();
    army[slot(1, 1)] = ENGINEER;
    army[slot(1, 3)] = ENGINEER;
    const filled = fillRest(army, Rng.fromSeed(3));
    expect(filled.ok ? undefined : filled.error).toEqual({ code: 'setup-impossible', rank: FLAG });
  });

  it('deals a whole random deployment the engine accepts', () => {
    for (let seed = 1; seed <= 10; seed++) expect(validateSetup(randomArmy(Rng.fromSeed(seed))).ok).toBe(true);
  });
});

describe('Junqi position editor: the text of the deployments', () => {
  it('reads an empty text, or an army left out, as the classic deployment', () => {
    const read = readDeployments('', 3);
    expect(read.armies).toEqual([presetArmy('classic'), presetArmy('classic'), presetArmy('classic')]);
    expect(readDeployments(`${PRESETS.forward}`, 2).armies[1]).toEqual(presetArmy('classic'));
  });

  it('writes what it reads, partial armies included, and reports an army it cannot read', () => {
    const text = `${PRESETS.forward},${EMPTY}`;
    const read = readDeployments(text, 2);
    expect(read.unread).toEqual([]);
    expect(replaceArmy(text, 2, 1, read.armies[1]!)).toBe(text);
    const bad = readDeployments(`${PRESETS.forward},71316`, 2);
    expect(bad.unread.map((u) => [u.army, u.code])).toEqual([[1, 'bad-setup']]);
    expect(bad.armies[1]).toEqual(emptyArmy());
  });

  it('replaces one army, keeping another army’s text that cannot be read as it was typed', () => {
    const classic = presetArmy('classic');
    expect(replaceArmy(`${PRESETS.forward},71316`, 2, 0, classic)).toBe(`${PRESETS.classic},71316`);
    expect(replaceArmy('', 3, 1, emptyArmy())).toBe(`${PRESETS.classic},${EMPTY},${PRESETS.classic}`);
  });

  it('keeps the armies when the board changes size, new ones classic, an empty text empty', () => {
    expect(resizeDeployments('', 4)).toBe('');
    expect(resizeDeployments(`${PRESETS.forward},${EMPTY}`, 4)).toBe(
      `${PRESETS.forward},${EMPTY},${PRESETS.classic},${PRESETS.classic}`,
    );
    expect(resizeDeployments(`${PRESETS.forward},${EMPTY},${PRESETS.defensive}`, 2)).toBe(
      `${PRESETS.forward},${EMPTY}`,
    );
  });
});
