import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, unwrap } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { headerTags, type RecordContext, timeControl, withHeaders } from '../src/pages/record-headers.js';

/** An exported game carries the headers its community's tools expect, and still reads back into the engine. */
const context = (over: Partial<RecordContext> = {}): RecordContext => ({
  event: 'Qiyuan rated blitz game',
  site: 'https://qiyuan.example',
  date: new Date(2026, 10, 25, 21, 0),
  players: ['alice', 'bob "the builder"'],
  outcome: { reason: 'resignation', results: ['loss', 'win'] },
  clock: { kind: 'fischer', initialMs: 300_000, incrementMs: 3_000 },
  ...over,
});

const tagsOf = (text: string) =>
  Object.fromEntries([...text.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm)].map((m) => [m[1]!, m[2]!]));

describe('exported records', () => {
  it('give Abalone its players, date, event, site, time control and result', () => {
    const game = unwrap(abalone.create(unwrap(abalone.parseOptions({}))));
    const m = game.legalMoves(0)[0]!;
    unwrap(game.play(m, 0));
    const text = withHeaders(abalone.record, abalone.exportGame(game), context({ outcome: undefined }));
    expect(tagsOf(text)).toMatchObject({
      Event: 'Qiyuan rated blitz game',
      Site: 'https://qiyuan.example',
      Date: '2026.11.25',
      Round: '-',
      Black: 'alice',
      White: "bob 'the builder'",
      Result: '*',
      TimeControl: '300+3',
      Game: 'Abalone',
    });
    // and it reads back to the same game
    const back = unwrap(abalone.parseGame(text)) as Game;
    expect(back.ply).toBe(1);
  });

  it('give Chinese Checkers its seats, the result and how it ended', () => {
    const game = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({}))));
    unwrap(game.play(game.legalMoves(0)[0]!, 0));
    unwrap(game.apply({ type: 'resign', seat: 1 }));
    const outcome = game.outcome()!;
    const text = withHeaders(chineseCheckers.record, chineseCheckers.exportGame(game), context({ outcome }));
    // the engine's own Result (with the places) stays
    expect(tagsOf(text)).toMatchObject({ Seat1: 'alice', Seat2: "bob 'the builder'", Termination: outcome.reason });
    expect(text.match(/^\[Result /gm)).toHaveLength(1);
    expect(unwrap(chineseCheckers.parseGame(text)).ply).toBe(game.ply);
  });

  it('give Hive the PGN record Mzinga reads: GameType first, White and Black, numbered moves, and it reads back', () => {
    const game = unwrap(hive.create(unwrap(hive.parseOptions({ variant: 'Base+MLP' }))));
    for (const text of ['wS1', 'bG1 -wS1', 'wQ wS1/']) unwrap(game.play(unwrap(game.parseMove(text))));
    unwrap(game.apply({ type: 'resign', seat: 1 }));
    const text = withHeaders(hive.record, hive.exportGame(game), context({ outcome: game.outcome() }));
    expect(text.startsWith('[GameType "Base+MLP"]\n[Date "2026.11.25"]\n')).toBe(true);
    expect(tagsOf(text)).toMatchObject({
      Event: 'Qiyuan rated blitz game',
      Site: 'https://qiyuan.example',
      White: 'alice',
      Black: "bob 'the builder'",
      Result: 'WhiteWins',
      TimeControl: '300+3',
      Termination: 'resignation',
    });
    expect(text).toContain('\n\n1. wS1\n2. bG1 -wS1\n3. wQ wS1/\n\nWhiteWins\n');
    const back = unwrap(hive.parseGame(text));
    expect(back.positionToString()).toBe(game.positionToString());
    expect(back.outcome()?.results).toEqual(['win', 'loss']);
  });

  it('give Junqi tag pairs after its own first line, and it reads back', () => {
    const game = unwrap(junqi.create(unwrap(junqi.parseOptions({ mode: 'flip', seed: '7' }))));
    for (let i = 0; i < 6; i++) unwrap(game.play(game.legalMoves()[0]!));
    const text = withHeaders(junqi.record, junqi.exportGame(game), context({ outcome: undefined }));
    expect(text.split('\n')[0]).toMatch(/^junqi \{/);
    expect(tagsOf(text)).toMatchObject({ Seat1: 'alice', Seat2: "bob 'the builder'", Result: '*', Date: '2026.11.25' });
    const back = unwrap(junqi.parseGame(text));
    expect(back.positionToString()).toBe(game.positionToString());
    // without the tags it is the engine's text as before
    expect(
      text
        .split('\n')
        .filter((l) => !l.startsWith('['))
        .join('\n'),
    ).toBe(junqi.exportGame(game));
  });

  it('carry the fair deal — commitment, seed and salt — and still read back, in every game', () => {
    const fairDeal = { commitment: 'ab'.repeat(32), seed: '0123456789abcdef0123456789abcdef', salt: 'cd'.repeat(32) };
    const games = [
      ['abalone', abalone],
      ['chinese-checkers', chineseCheckers],
      ['hive', hive],
      ['junqi', junqi],
    ] as const;
    for (const [id, def] of games) {
      const game = unwrap((def as typeof abalone).create(unwrap((def as typeof abalone).parseOptions({})))) as Game;
      unwrap(game.play(game.legalMoves(0)[0]!, 0));
      // each engine's record form says where the tags go (Hive's by its own PGN writer)
      const text = withHeaders(def.record, (def as typeof abalone).exportGame(game as never), context({ fairDeal }));
      expect(tagsOf(text), id).toMatchObject({
        Commitment: fairDeal.commitment,
        Seed: fairDeal.seed,
        Salt: fairDeal.salt,
      });
      expect(unwrap((def as typeof abalone).parseGame(text)).ply, id).toBe(game.ply);
    }
    // while the game is played only the commitment is known
    const sealed = headerTags(junqi.record, context({ fairDeal: { commitment: fairDeal.commitment } }));
    expect(sealed.map(([name]) => name)).toContain('Commitment');
    expect(sealed.map(([name]) => name)).not.toContain('Salt');
  });

  it('write each clock as PGN does', () => {
    expect(timeControl(undefined)).toBe('-');
    expect(timeControl({ kind: 'none' })).toBe('-');
    expect(timeControl({ kind: 'fischer', initialMs: 600_000, incrementMs: 5_000 })).toBe('600+5');
    expect(timeControl({ kind: 'move', moveMs: 30_000 })).toBe('1/30');
  });
});
