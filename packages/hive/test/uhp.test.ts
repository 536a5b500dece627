import { Rng } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { hive, UhpSession } from '../src/index.js';

const run = (session: UhpSession, line: string) => session.handle(line);

describe('Universal Hive Protocol session', () => {
  // options lists, reads and sets the rules the engine's games use; a new game takes them up.
  it('lists, gets and sets its options', () => {
    const s = new UhpSession();
    expect(run(s, 'options')).toEqual([
      'TournamentOpening;bool;True;True',
      'RepetitionDraw;bool;True;True',
      'PillbugDutchRule;bool;False;False',
      'ok',
    ]);
    expect(run(s, 'options get RepetitionDraw')).toEqual(['RepetitionDraw;bool;True;True', 'ok']);
    expect(run(s, 'options set TournamentOpening False')).toEqual(['TournamentOpening;bool;False;True', 'ok']);
    expect(run(s, 'options set TournamentOpening maybe')[0]).toMatch(/^err .*True or False/);
    expect(run(s, 'options get Threads')[0]).toMatch(/^err unknown option/);
    // Without the tournament opening the Queen may open the game: 8 first moves in Base+MLP, not 7.
    run(s, 'newgame Base+MLP');
    expect(run(s, 'validmoves')[0]!.split(';')).toHaveLength(8);
    expect(run(s, 'play wQ')[0]).toBe('Base+MLP;InProgress;Black[1];wQ');
    run(s, 'options set TournamentOpening True');
    run(s, 'newgame Base+MLP');
    expect(run(s, 'validmoves')[0]!.split(';')).toHaveLength(7);
  });

  // Mzinga reads a relative position as an empty space beside the reference tile: a climb is written with the bare
  // tile it lands on (`bB1 wQ`), and `bB1 wQ-` naming an occupied space is refused, the game unchanged.
  // The search's own options come after the rules, as name;int;value;default;min;max, and are range-checked here.
  it('lists, gets and sets the options of the search it is given', () => {
    let mib = 32;
    const s = new UhpSession(undefined, undefined, [
      { name: 'TableSizeMiB', fallback: 32, min: 1, max: 1024, get: () => mib, set: (v) => (mib = v) },
    ]);
    expect(run(s, 'options').slice(3)).toEqual(['TableSizeMiB;int;32;32;1;1024', 'ok']);
    expect(run(s, 'options set TableSizeMiB 64')).toEqual(['TableSizeMiB;int;64;32;1;1024', 'ok']);
    expect(mib).toBe(64);
    for (const bad of ['0', '1025', '2.5', 'lots', '']) {
      expect(run(s, `options set TableSizeMiB ${bad}`)[0]).toMatch(
        /^err TableSizeMiB takes a whole number from 1 to 1024/,
      );
    }
    expect(mib).toBe(64);
    expect(run(s, 'options get TableSizeMiB')).toEqual(['TableSizeMiB;int;64;32;1;1024', 'ok']);
    expect(run(s, 'options get Nothing')[0]).toMatch(/^err unknown option Nothing \(.*TableSizeMiB\)/);
  });

  it('refuses a relative position that names an occupied space', () => {
    const s = new UhpSession();
    run(s, 'newgame Base+MLP');
    for (const move of ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wB1 -wQ']) run(s, `play ${move}`);
    const state = run(s, 'play bB1 bQ-');
    expect(state[0]).toBe('Base+MLP;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 -wQ;bB1 bQ-');
    // wB1 onto wQ named from wS1 (`-wS1` is wQ's space) is refused; the bare form is the climb.
    expect(run(s, 'play wB1 -wS1')[0]).toMatch(/^invalidmove .*occupied/);
    expect(run(s, 'validmoves')[0]).toContain('wB1 wQ');
    expect(run(s, 'play wB1 wQ')[0]).toMatch(/;wB1 wQ$/);
  });

  // A scripted session: every answer ends with ok; bad input keeps the game as it was.
  it('plays, lists, undoes and refuses bad input', () => {
    const s = new UhpSession();
    expect(run(s, 'info')).toEqual([expect.stringMatching(/^id /), 'Mosquito;Ladybug;Pillbug', 'ok']);
    expect(run(s, 'validmoves')[0]).toMatch(/^err /);
    expect(run(s, 'newgame Base+MLP')).toEqual(['Base+MLP;NotStarted;White[1]', 'ok']);
    expect(run(s, 'validmoves')[0]!.split(';')).toHaveLength(7);
    expect(run(s, 'play wS1')).toEqual(['Base+MLP;InProgress;Black[1];wS1', 'ok']);
    // Equivalent ways of naming the same space are accepted; the record keeps the canonical one.
    expect(run(s, 'play bG1 -wS1')).toEqual(['Base+MLP;InProgress;White[2];wS1;bG1 -wS1', 'ok']);
    const before = run(s, 'validmoves');
    // Illegal: touching the opponent's tile.
    expect(run(s, 'play wA1 -bG1')[0]).toMatch(/^invalidmove .*touch your own tiles/);
    // Illegal: passing with moves available.
    expect(run(s, 'pass')[0]).toMatch(/^invalidmove .*pass only when/);
    // Malformed.
    expect(run(s, 'play wZ9')[0]).toMatch(/^invalidmove .*not a MoveString/);
    expect(run(s, 'newgame Base+X')[0]).toMatch(/^err /);
    expect(run(s, 'frobnicate')).toEqual([expect.stringMatching(/^err unknown command/), 'ok']);
    expect(run(s, 'validmoves')).toEqual(before);
    expect(run(s, 'play wQ wS1/')[0]).toBe('Base+MLP;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1/');
    expect(run(s, 'undo 2')).toEqual(['Base+MLP;InProgress;Black[1];wS1', 'ok']);
    expect(run(s, 'undo 5')[0]).toMatch(/^err /);
    expect(run(s, 'bestmove depth 1')).toHaveLength(2);
    expect(run(s, 'bestmove time 00:00:01')).toHaveLength(2);
    expect(run(s, 'bestmove sideways')[0]).toMatch(/^err /);
    expect(run(s, 'options').at(-1)).toBe('ok');
  });

  // newgame accepts a whole GameString and refuses one whose turn does not match its moves.
  it('loads GameStrings', () => {
    const s = new UhpSession();
    expect(run(s, 'newgame Base;InProgress;White[2];wS1;bS1 wS1-')).toEqual([
      'Base;InProgress;White[2];wS1;bS1 wS1-',
      'ok',
    ]);
    // The same position written against the other reference tile.
    expect(run(s, 'newgame Base;InProgress;White[2];wS1;bS1 wS1-')[0]).toBe(
      run(s, 'newgame Base;InProgress;White[2];wS1;bS1 wS1-')[0],
    );
    expect(run(s, 'newgame Base;InProgress;White[3];wS1;bS1 wS1-')[0]).toMatch(/^err .*White\[2\]/);
    // an illegal move inside the GameString is an invalid move (as nokamute and Mzinga answer), not an error
    expect(run(s, 'newgame Base;InProgress;White[2];wS1;bS1 -wQ')[0]).toMatch(/^invalidmove move 2/);
    expect(run(s, 'newgame Base;InProgress;White[2];wS1;bZ9')[0]).toMatch(/^invalidmove move 2/);
    expect(run(s, 'newgame Base;Setup;White[2];wS1@0,0 bS1@1,0;wG1 -bS1')[0]).toMatch(/^invalidmove move 1/);
    // the game before the refused newgame stays
    expect(run(s, 'validmoves')[0]).not.toMatch(/^(err|invalidmove)/);
  });

  it('answers play with no MoveString as an invalid move, as nokamute and Mzinga do', () => {
    const s = new UhpSession();
    run(s, 'newgame Base');
    expect(run(s, 'play')).toEqual(['invalidmove play needs a MoveString', 'ok']);
    expect(run(s, 'play   ')[0]).toMatch(/^invalidmove /);
    expect(run(s, 'validmoves')[0]!.split(';')).toHaveLength(4);
  });

  // Seeded games through the protocol alone: every listed move is accepted, the GameString reloads to the same game.
  it('plays seeded games through validmoves and play', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const rng = Rng.fromSeed(seed);
      const s = new UhpSession();
      run(s, 'newgame Base+MLP');
      let state = '';
      for (let i = 0; i < 150; i++) {
        const list = run(s, 'validmoves')[0]!;
        const answer = run(s, `play ${rng.pick(list.split(';'))}`);
        expect(answer[0]).not.toMatch(/^(err|invalidmove)/);
        state = answer[0]!;
        if (!state.split(';')[1]!.startsWith('InProgress')) break;
      }
      const again = new UhpSession();
      expect(run(again, `newgame ${state}`)).toEqual([state, 'ok']);
      if (!state.includes(';InProgress;')) expect(run(s, 'play wQ')[0]).toMatch(/^invalidmove .*over/);
    }
  });
});

describe('whole-game records', () => {
  // A game that ended by resignation exports its result and reads back to the same result.
  it('round-trips a resigned game', () => {
    const options = hive.parseOptions({ variant: 'Base' });
    if (!options.ok) throw new Error(options.error.reason);
    const g = hive.create(options.value);
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    for (const m of ['wS1', 'bS1 wS1-']) {
      const parsed = g.value.parseMove(m);
      if (parsed.ok) g.value.play(parsed.value);
    }
    g.value.apply({ type: 'resign', seat: 0 });
    const text = hive.exportGame(g.value);
    expect(text).toBe('Base;BlackWins;White[2];wS1;bS1 wS1-');
    const back = hive.parseGame(text);
    expect(back.ok && back.value.outcome()).toEqual({ reason: 'resignation', results: ['loss', 'win'] });
    // A result the moves contradict is still refused.
    expect(hive.parseGame('Base;InProgress;White[3];wS1;bS1 wS1-').ok).toBe(false);
  });
});
