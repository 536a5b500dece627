import { expect, it } from 'vitest';
import { type NewPuzzle, PuzzleRepository } from '../../src/repos/puzzles.js';
import { addGame, fresh } from './rows.js';
import { describeStores } from './stores.js';

const puzzle = (game: string, o: Partial<NewPuzzle> = {}): NewPuzzle => ({
  id: fresh('p'),
  game,
  kind: 'line',
  goal: 'win',
  position: 'Base;InProgress;White[3];wS1;bG1 -wS1',
  solution: '["wQ bG1-"]',
  themes: '["mate-in-1"]',
  moves: 1,
  source: 'a stored game',
  rating: 1500,
  rd: 250,
  vol: 0.06,
  ...o,
});

describeStores('the puzzles repository', (store) => {
  const repo = () => new PuzzleRepository(store());

  it('adds the puzzles not stored yet, keeping a stored one as it is, and says how many it added', async () => {
    const game = fresh('game');
    const a = puzzle(game, { rating: 1200 });
    const b = puzzle(game);
    expect(await repo().add([a])).toBe(1);
    expect(await repo().add([{ ...a, rating: 2000 }, b])).toBe(1);
    expect(await repo().add([])).toBe(0);
    expect(await repo().byId(a.id)).toEqual({ ...a, rating: 1200, plays: 0 });
    const ids = await repo().ids();
    expect(ids.has(a.id) && ids.has(b.id)).toBe(true);
    expect(await repo().byId(fresh('p'))).toBeUndefined();
  });

  it('adds more puzzles than one statement takes', async () => {
    const game = fresh('game');
    const many = Array.from({ length: 250 }, () => puzzle(game));
    expect(await repo().add(many)).toBe(250);
    expect((await repo().idsOf(game)).length).toBe(250);
  });

  it('gives a game’s ids in id order, its themes, and every game’s count', async () => {
    const game = fresh('game');
    await repo().add([
      puzzle(game, { id: `${game}-b`, themes: '["fork"]' }),
      puzzle(game, { id: `${game}-a`, themes: '["fork","pin"]' }),
    ]);
    expect(await repo().idsOf(game)).toEqual([`${game}-a`, `${game}-b`]);
    expect((await repo().themesOf(game)).sort()).toEqual(['["fork","pin"]', '["fork"]']);
    expect(await repo().idsOf(fresh('game'))).toEqual([]);
    const counts = await repo().countsByGame();
    expect(counts.find((c) => c.game === game)).toEqual({ game, count: 2 });
    expect(counts.map((c) => c.game)).toEqual(counts.map((c) => c.game).sort());
  });

  it('finds candidates: one left out, of a theme, untried by a player', async () => {
    const game = fresh('game');
    const [a, b, c] = [
      puzzle(game, { themes: '["fork"]' }),
      puzzle(game, { themes: '["pin"]' }),
      puzzle(game, { themes: '["fork","pin"]' }),
    ];
    await repo().add([a, b, c, puzzle(fresh('game'))]);
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    expect(ids(await repo().candidates(game, { except: a.id }))).toEqual([b.id, c.id].sort());
    expect(ids(await repo().candidates(game, { except: '', theme: 'fork' }))).toEqual([a.id, c.id].sort());
    // a theme is matched whole: "for" is no theme of these
    expect(await repo().candidates(game, { except: '', theme: 'for' })).toEqual([]);
    const user = fresh('u');
    await store().transaction((tx) =>
      repo().firstAttempt(tx, { userId: user, puzzleId: c.id, solved: true, rated: true, at: 1 }),
    );
    expect(ids(await repo().candidates(game, { except: '', untriedBy: user }))).toEqual([a.id, b.id].sort());
    expect(ids(await repo().candidates(game, { except: a.id, theme: 'pin', untriedBy: user }))).toEqual([b.id]);
  });

  it('stores a player’s first attempt only, and tells whether they have one', async () => {
    const p = puzzle(fresh('game'));
    await repo().add([p]);
    const user = fresh('u');
    expect(await repo().attempted(user, p.id)).toBe(false);
    const attempt = { userId: user, puzzleId: p.id, solved: false, rated: true, at: 10 };
    expect(await store().transaction((tx) => repo().firstAttempt(tx, attempt))).toBe(true);
    expect(await store().transaction((tx) => repo().firstAttempt(tx, { ...attempt, solved: true, at: 20 }))).toBe(
      false,
    );
    expect(await repo().attempted(user, p.id)).toBe(true);
    expect(await repo().recentAttemptsOf(user, 5)).toEqual([
      { puzzleId: p.id, game: p.game, solved: false, rated: true, at: 10, puzzleRating: 1500 },
    ]);
  });

  it('lists a player’s latest attempts newest first, ties by puzzle id, at most the limit', async () => {
    const game = fresh('game');
    const [a, b, c] = [puzzle(game, { id: `${game}-a` }), puzzle(game, { id: `${game}-b` }), puzzle(game)];
    await repo().add([a, b, c]);
    const user = fresh('u');
    await store().transaction(async (tx) => {
      await repo().firstAttempt(tx, { userId: user, puzzleId: b.id, solved: true, rated: false, at: 50 });
      await repo().firstAttempt(tx, { userId: user, puzzleId: a.id, solved: true, rated: true, at: 50 });
      await repo().firstAttempt(tx, { userId: user, puzzleId: c.id, solved: false, rated: true, at: 10 });
    });
    expect((await repo().recentAttemptsOf(user, 10)).map((r) => r.puzzleId)).toEqual([a.id, b.id, c.id]);
    expect(await repo().recentAttemptsOf(user, 2)).toEqual([
      { puzzleId: a.id, game, solved: true, rated: true, at: 50, puzzleRating: 1500 },
      { puzzleId: b.id, game, solved: true, rated: false, at: 50, puzzleRating: 1500 },
    ]);
    expect(await repo().recentAttemptsOf(fresh('u'), 10)).toEqual([]);
  });

  it('sets a player’s puzzle rating (made, then replaced) and lists only the games with rated attempts', async () => {
    const user = fresh('u');
    const [g1, g2] = [`a-${fresh('game')}`, `b-${fresh('game')}`];
    expect(await repo().ratingOf(user, g1)).toBeUndefined();
    await store().transaction(async (tx) => {
      await repo().setRating(tx, user, g2, { rating: 1600.5, rd: 200, vol: 0.059, games: 1 });
      await repo().setRating(tx, user, g1, { rating: 1400, rd: 300, vol: 0.06, games: 0 });
    });
    await store().transaction((tx) => repo().setRating(tx, user, g2, { rating: 1650, rd: 180, vol: 0.058, games: 2 }));
    expect(await repo().ratingOf(user, g2)).toEqual({ rating: 1650, rd: 180, vol: 0.058, games: 2 });
    expect(await repo().ratingsOf(user)).toEqual([{ game: g2, rating: 1650, rd: 180, vol: 0.058, games: 2 }]);
    await store().transaction((tx) => repo().setRating(tx, user, g1, { rating: 1450, rd: 280, vol: 0.06, games: 1 }));
    expect((await repo().ratingsOf(user)).map((r) => r.game)).toEqual([g1, g2]);
  });

  it('rates a puzzle after an attempt and counts its play', async () => {
    const p = puzzle(fresh('game'));
    await repo().add([p]);
    await store().transaction((tx) => repo().ratePuzzle(tx, p.id, { rating: 1480.25, rd: 240, vol: 0.0599 }));
    await store().transaction((tx) => repo().ratePuzzle(tx, p.id, { rating: 1470, rd: 230, vol: 0.0598 }));
    expect(await repo().byId(p.id)).toMatchObject({ rating: 1470, rd: 230, vol: 0.0598, plays: 2 });
  });

  it('reads the puzzle to rate inside the attempt’s transaction, without giving the player a rated attempt', async () => {
    const p = puzzle(fresh('game'), { rating: 1333 });
    await repo().add([p]);
    const user = fresh('u');
    const start = { rating: 1500, rd: 350, vol: 0.06, games: 0 };
    const read = await store().transaction((tx) => repo().lockForRating(tx, user, p.game, p.id, start));
    expect(read).toMatchObject({ id: p.id, rating: 1333 });
    // a rating row made to be locked (PostgreSQL) has no rated attempt in it: the profile lists none
    expect(await repo().ratingsOf(user)).toEqual([]);
    expect(await store().transaction((tx) => repo().lockForRating(tx, user, p.game, fresh('p'), start))).toBe(
      undefined,
    );
  });

  it('gives the finished games of one game, oldest first, at most the limit', async () => {
    const game = fresh('game');
    const add = (o: { status: string; created: number; snapshot?: string | null; game?: string }) =>
      addGame(store(), {
        game: o.game ?? game,
        status: o.status,
        snapshot: o.snapshot ?? null,
        created_at: o.created,
        updated_at: o.created,
      });
    const late = await add({ status: 'finished', created: 30, snapshot: '{"s":1}' });
    const early = await add({ status: 'finished', created: 10 });
    await add({ status: 'playing', created: 5 });
    await add({ status: 'finished', created: 1, game: fresh('game') });
    expect(await repo().finishedGames(game, 10)).toEqual([
      { id: early, snapshot: null },
      { id: late, snapshot: '{"s":1}' },
    ]);
    expect(await repo().finishedGames(game, 1)).toEqual([{ id: early, snapshot: null }]);
  });
});
