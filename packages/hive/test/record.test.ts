import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { hive } from '../src/definition.js';
import { parseGameString } from '../src/game.js';
import { isHivePgn, parseHivePgn, readHivePgn, writeHivePgn } from '../src/record.js';

/** A game record as Mzinga saves it: tags, a comment before the first move, comments between moves, the result. */
const MZINGA = `[GameType "Base+MLP"]
[Date "2026.11.25"]
[Event "Club night"]
[Site "Shanghai"]
[Round "3"]
[White "alice"]
[Black "bob"]
[Result "InProgress"]
[TimeControl "900+10"]

{An opening
over two lines}
1. wS1
2. bG1 -wS1
{the usual reply}
3. wQ wS1/
4. bQ /bG1
`;

describe('Hive PGN records', () => {
  it('read a Mzinga-style record with tags and comments', () => {
    const pgn = unwrap(parseHivePgn(MZINGA));
    expect(pgn.tags.get('GameType')).toBe('Base+MLP');
    expect(pgn.tags.get('White')).toBe('alice');
    expect(pgn.tags.get('TimeControl')).toBe('900+10');
    expect(pgn.moves).toEqual(['wS1', 'bG1 -wS1', 'wQ wS1/', 'bQ /bG1']);
    const game = unwrap(readHivePgn(MZINGA));
    expect(game.positionToString()).toBe('Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1');
    // and through the definition, as a pasted game or a starting position
    expect(unwrap(hive.parseGame(MZINGA)).positionToString()).toBe(game.positionToString());
    const created = unwrap(hive.create(unwrap(hive.parseOptions({ variant: 'Base+MLP', position: MZINGA }))));
    expect(created.ply).toBe(4);
  });

  it('write a GameString as PGN with the tags given, and read it back to the same game', () => {
    const gs = 'Base+M;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1/';
    const text = writeHivePgn(gs, [
      ['Event', 'Qiyuan casual blitz game'],
      ['White', 'ann "the ant"'],
      ['Black', 'ben'],
      ['Result', '1-0'],
      ['TimeControl', '300+3'],
    ]);
    expect(text.split('\n').slice(0, 10)).toEqual([
      '[GameType "Base+M"]',
      '[Date ""]',
      '[Event "Qiyuan casual blitz game"]',
      '[Site ""]',
      '[Round ""]',
      `[White "ann 'the ant'"]`,
      '[Black "ben"]',
      // the GameString's own state, as Mzinga writes it, whatever the caller thought
      '[Result "InProgress"]',
      '[TimeControl "300+3"]',
      '',
    ]);
    expect(text).toContain('\n1. wS1\n2. bG1 -wS1\n3. wQ wS1/\n');
    expect(isHivePgn(text)).toBe(true);
    expect(isHivePgn(gs)).toBe(false);
    expect(unwrap(hive.parseGame(text)).positionToString()).toBe(gs);
  });

  it('keep a result decided off the board', () => {
    const g = unwrap(parseGameString('Base;InProgress;White[2];wS1;bS1 wS1-'));
    g.apply({ type: 'resign', seat: 0 });
    const text = writeHivePgn(hive.exportGame(g));
    expect(text).toContain('[Result "BlackWins"]');
    expect(text.trimEnd().endsWith('\n\nBlackWins')).toBe(true);
    const back = unwrap(hive.parseGame(text));
    expect(back.outcome()?.results).toEqual(['loss', 'win']);
    // chess's form of the result is read too
    const chess = unwrap(readHivePgn('[GameType "Base"]\n[Result "1/2-1/2"]\n\n1. wS1\n2. bS1 wS1-\n'));
    expect(chess.outcome()?.results).toEqual(['draw', 'draw']);
  });

  it('refuse a malformed record with the reason', () => {
    const reason = (text: string) => {
      const r = hive.parseGame(text);
      return r.ok ? 'read' : r.error.reason;
    };
    expect(reason('[GameType "Base"]\n\n1. wS1\n3. bS1 wS1-\n')).toMatch(/line 4: move 3 where move 2 was due/);
    expect(reason('[GameType "Base"]\n\n1. wS1\n2. bS1 wS1-\n3. wX1\n')).toMatch(/move 3 \(wX1\)/);
    expect(reason('[GameType "Base+Z"]\n\n1. wS1\n')).toMatch(/GameType/);
    expect(reason('[GameType Base]\n1. wS1\n')).toMatch(/line 1: a tag is written/);
    expect(reason('[GameType "Base"]\n[Result "WhiteWon"]\n')).toMatch(/"WhiteWon" is not a result/);
    expect(reason('[GameType "Base"]\n{ never closed\n1. wS1\n')).toMatch(/never closed/);
    expect(reason('[GameType "Base"]\n\nwS1\n')).toMatch(/line 3: a move is written "1. <move>"/);
    // a move naming a tile that is not on the board
    expect(reason('[GameType "Base"]\n\n1. wS1\n2. bS1 -wQ\n')).toMatch(/move 2 \(bS1 -wQ\)/);
  });
});
