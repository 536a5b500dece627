import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import {
  type HiveGame,
  type HiveView,
  hive,
  parseGameString,
  parseSetup,
  parseSetupGame,
  setupOf,
  setupPosition,
  setupToString,
  UhpSession,
  writeHivePgn,
} from '../src/index.js';
import further from './perft.further.fixtures.json' with { type: 'json' };

/** The setup notation of the position a game has reached (its tiles, side and turn). */
const setupFromGame = (game: HiveGame): string =>
  setupToString(setupOf(game.gameType, game.viewFor('spectator') as HiveView));

/** The legal MoveStrings of a game, sorted. */
const legal = (game: HiveGame): string[] => (game.viewFor('spectator') as HiveView).legal.map((m) => m.uhp).sort();

describe('setup notation', () => {
  // text → its canonical form: game type canonical, the turn number written, stacks by row then column.
  const canonical: [string, string][] = [
    ['Base;Setup;White[2];wS1@0,0 bS1@1,0', 'Base;Setup;White[2];wS1@0,0 bS1@1,0'],
    ['Base;Setup;White;bS1@1,0 wS1@0,0', 'Base;Setup;White[2];wS1@0,0 bS1@1,0'],
    ['Base;Setup;Black;wS1@0,0', 'Base;Setup;Black[1];wS1@0,0'],
    ['Base+MLP:T1;Setup;Black[9];wQ@0,1 bQ/wB1@1,0 wS1@0,0', 'Base+MLP:T;Setup;Black[9];wS1@0,0 bQ/wB1@1,0 wQ@0,1'],
    ['Base+M;Setup;White;wQ@0,0 bQ@1,0 wA1@-1,0 bA1/wM@2,0', 'Base+M;Setup;White[4];wA1@-1,0 wQ@0,0 bQ@1,0 bA1/wM@2,0'],
  ];
  it.each(canonical)('%s prints as %s, which reads back to itself', (text, printed) => {
    const read = unwrap(parseSetup(text));
    expect(setupToString(read.setup)).toBe(printed);
    expect(setupToString(unwrap(parseSetup(printed)).setup)).toBe(printed);
  });

  it('reads the moves after the stacks, and a game prints them back after its setup', () => {
    const text = 'Base;Setup;White[2];wS1@0,0 bS1@1,0;wG1 -wS1;bA1 bS1-';
    const game = unwrap(parseSetupGame(text));
    expect(game.positionToString()).toBe(text);
    expect(game.moveStrings()).toEqual(['wG1 -wS1', 'bA1 bS1-']);
    expect(game.turnString()).toBe('White[3]');
    expect(game.ply).toBe(2);
    // Undo goes back to the setup, not beyond it.
    unwrap(game.undo());
    unwrap(game.undo());
    expect(game.undo().ok).toBe(false);
    expect(game.positionToString()).toBe('Base;Setup;White[2];wS1@0,0 bS1@1,0');
  });

  // Malformed texts: refused by the reader, each with its reason.
  const malformed: [string, string][] = [
    ['Base;InProgress;White[2];wS1;bS1 wS1-', 'bad-setup'],
    ['Base;Setup;Green[2];wS1@0,0', 'bad-setup'],
    ['Base;Setup;White[2];wS1(0,0)', 'bad-setup'],
    ['Base;Setup;White[2]', 'bad-setup'],
  ];
  it.each(malformed)('refuses %s (%s)', (text, code) => {
    const r = parseSetup(text);
    expect(r.ok ? 'read' : r.error.code).toBe(code);
  });
});

describe('setup refusals', () => {
  // A table of positions the engine refuses, each with the rule it breaks (errors as values, with a reason).
  const refused: [string, string][] = [
    ['Base;Setup;White;wS1@0,0 bS1@2,0', 'disconnected'],
    ['Base;Setup;White;wS1@0,0 bS1@1,0 wS3@-1,0', 'not-in-game'],
    ['Base;Setup;White;wQ@0,0 bQ@1,0 wM@-1,0', 'not-in-game'],
    ['Base+MLP;Setup;White;wQ@0,0 bQ@1,0 wR1@-1,0', 'not-in-game'],
    ['Base+MLP;Setup;White;wQ@0,0 bQ@1,0 wQ@-1,0', 'tile-twice'],
    ['Base;Setup;White;wS2@0,0 bS1@1,0', 'tile-order'],
    ['Base;Setup;White;wQ@0,0 bQ/wS1@1,0', 'not-a-climber'],
    ['Base+MLP:R;Setup;White;wQ@0,0 bR1/wB1@1,0 bQ@2,0', 'on-a-scorpion'],
    ['Base;Setup;White;wS1@0,0 bQ/wB1@1,0', 'queen-first'],
    ['Base;Setup;White;wS1@0,0 wS2@-1,0', 'one-colour'],
    ['Base;Setup;White;wS1@0,0', 'one-colour'],
    ['Base;Setup;White[3];wS1@0,0 wS2@-1,0 wA1@-2,0 wA2@-3,0 bS1@1,0', 'turn-too-early'],
    ['Base;Setup;White;wS1@0,0 wS2@-1,0 wA1@-2,0 wA2@-3,0 bS1@1,0 bS2@2,0 bA1@3,0 bA2@4,0', 'queen-missing'],
    ['Base;Setup;Black;wQ@0,0', 'tournament-opening'],
    ['Base;Setup;Black[1];wQ@0,0 bS1@1,0', 'turn-too-early'],
    ['Base;Setup;White;wS1@0,0 bS1@1,0 wA1@0,0', 'cell-twice'],
    ['Base;Setup;White;wS1@0,0 bS1@16,0', 'off-board'],
    ['Base;Setup;Black;', 'empty-board'],
    ['Base+MLP:?;Setup;White;wS1@0,0 bS1@1,0', 'roster-phase'],
    ['Base;Setup;White;bQ@0,0 wA1@1,0 wA2@0,1 wA3@-1,1 wG1@-1,0 wG2@0,-1 wG3@1,-1 wQ@2,-1 bS1@-1,-1', 'game-over'],
  ];
  it.each(refused)('%s is refused (%s)', (text, code) => {
    const r = parseSetupGame(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
    if (!r.ok) expect(r.error.reason.length).toBeGreaterThan(10);
  });

  // Allowed: layouts at the edge of the rules.
  const allowed: [string, string][] = [
    ['an empty board is the start of the game', 'Base;Setup;White;'],
    ['a lone first tile, Black to move', 'Base;Setup;Black;wS1@3,-2'],
    [
      'a Queen in hand on its owner’s fourth turn (it must go down now)',
      'Base;Setup;White;wS1@0,0 wS2@-1,0 wA1@-2,0 bS1@1,0 bS2@2,0 bA1@3,0',
    ],
    ['a Beetle and a Mosquito on a stack', 'Base+M;Setup;White;wQ@0,0 bQ/wB1/bM@1,0 bS1@2,0'],
    ['a Mantis on top, a Dragonfly on top', 'Base+MLP:TD;Setup;Black;wQ/bT1@0,0 bQ/wD@1,0 bS1@2,0 wS1@-1,0'],
    ['a later turn than the tiles need (moves were made)', 'Base;Setup;White[12];wQ@0,0 bQ@1,0'],
  ];
  it.each(allowed)('accepts %s', (_, text) => {
    expect(parseSetupGame(text).ok).toBe(true);
  });

  it('a Queen in hand on the fourth turn: only the Queen may be placed', () => {
    const game = unwrap(parseSetupGame('Base;Setup;White;wS1@0,0 wS2@-1,0 wA1@-2,0 bS1@1,0 bS2@2,0 bA1@3,0'));
    expect(game.turnString()).toBe('White[4]');
    expect(new Set(legal(game).map((m) => m.split(' ')[0]))).toEqual(new Set(['wQ']));
  });

  it('the setup API takes stacks bottom to top', () => {
    const p = unwrap(
      setupPosition({
        gameType: 'Base',
        side: 1,
        stacks: [
          { q: 0, r: 0, tiles: ['wQ'] },
          { q: 1, r: 0, tiles: ['bQ', 'wB1'] },
          { q: 2, r: 0, tiles: ['bS1'] },
        ],
      }),
    );
    expect(p.side).toBe(1);
    expect(p.ply).toBe(5); // Black's turn 3: White has placed 2 tiles, Black 2
    expect(p.nameOf(p.top[p.pos[p.roster.idOf('bQ')]!]!)).toBe('wB1');
  });
});

describe('a set-up position plays as the same position reached by moves', () => {
  // GameStrings of games in progress (published and hand-played), with the perft depth to compare at. A set-up
  // position has no last move: these are chosen where the last move restricts no tile of the side to move (no
  // Pillbug, Mantis or Centipede beside the tile just moved), so every count must be identical.
  const reached: [string, string, number][] = [
    [
      'Base, White’s 5th turn',
      'Base;InProgress;White[5];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1;wQ wS1\\;bQ /bG2;wB1 wQ\\;bA1 \\bQ',
      3,
    ],
    [
      'Base+MLP, White’s 5th turn',
      'Base+MLP;InProgress;White[5];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1;wQ wS1\\;bQ /bG2;wB1 wQ\\;bA1 \\bQ',
      3,
    ],
    ['Base+MLP after the first tile', 'Base+MLP;InProgress;Black[1];wL', 3],
    ['Base+MLP on White’s 2nd turn', 'Base+MLP;InProgress;White[2];wS1;bG1 -wS1', 3],
    ...further.positions.map((p): [string, string, number] => [`reverse sides: ${p.name}`, p.gameString, 2]),
  ];
  it.each(reached)('%s: perft and legal moves agree', (_, gameString, depth) => {
    const moved = unwrap(parseGameString(gameString));
    const setup = setupFromGame(moved);
    const set = unwrap(parseSetupGame(setup));
    expect(set.turnString()).toBe(moved.turnString());
    expect(legal(set)).toEqual(legal(moved));
    for (let d = 1; d <= depth; d++) expect(set.position.perft(d), `depth ${d}`).toBe(moved.position.perft(d));
  });

  it('the first tile alone: perft from it is the start’s perft divided among the first moves', () => {
    // From Base's start, 4 first placements (no Queen on turn 1), each followed by the same counts.
    const set = unwrap(parseSetupGame('Base;Setup;Black;wS1@0,0'));
    expect([1, 2, 3].map((d) => set.position.perft(d))).toEqual([24, 360, 5400]);
  });

  it('moves played after a setup print in UHP, and the game reads back from its GameString and snapshot', () => {
    const moved = unwrap(parseGameString(reached[1]![1]));
    const game = unwrap(parseSetupGame(setupFromGame(moved)));
    for (const text of ['wA1 bG1\\', 'bA1 wS1-', 'wB1 wQ']) {
      unwrap(moved.play(unwrap(moved.parseMove(text))));
      unwrap(game.play(unwrap(game.parseMove(text))));
    }
    expect(game.moveStrings()).toEqual(moved.moveStrings().slice(-3));
    expect(legal(game)).toEqual(legal(moved));
    const again = unwrap(hive.parseGame(game.positionToString()));
    expect(again.positionToString()).toBe(game.positionToString());
    const restored = unwrap(hive.fromSnapshot(game.snapshot()));
    expect(restored.positionToString()).toBe(game.positionToString());
    const options = unwrap(hive.parseOptions({ position: game.positionToString() }));
    expect(unwrap(hive.perft(options, 2))).toBe(moved.position.perft(2));
  });

  it('a UHP session starts from a setup and plays on from it', () => {
    const s = new UhpSession();
    const setup = 'Base;Setup;White[2];wS1@0,0 bS1@1,0';
    expect(s.handle(`newgame ${setup}`)).toEqual([setup, 'ok']);
    const moved = unwrap(parseGameString('Base;InProgress;White[2];wS1;bS1 wS1-'));
    expect(s.handle('validmoves')[0]!.split(';').sort()).toEqual(legal(moved));
    expect(s.handle('play wG1 -wS1')).toEqual([`${setup};wG1 -wS1`, 'ok']);
    expect(s.handle('undo')).toEqual([setup, 'ok']);
  });

  it('the record of a game from a setup is its setup and moves, which read back', () => {
    const text = 'Base;Setup;White[2];wS1@0,0 bS1@1,0;wG1 -wS1';
    const written = writeHivePgn(unwrap(parseSetupGame(text)).positionToString(), [['White', 'a']]);
    expect(written).toBe(`${text}\n`);
    expect(unwrap(hive.parseGame(written)).positionToString()).toBe(text);
  });
});
