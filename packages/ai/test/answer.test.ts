import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { afterAll, describe, expect, it } from 'vitest';
import { answer, parsePlayer, requestFor, seededRng } from '../src/index.js';
import { AiPool } from '../src/pool.js';

const newGame = () => unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({}))));

describe('answer: bad input is a reply with a reason, never a throw', () => {
  const game = newGame();
  const good = requestFor(game, 0, 'greedy');
  const cases: { input: unknown; code: string; why: string }[] = [
    { input: null, code: 'bad-request', why: 'not an object' },
    { input: { ...good, game: 'go' }, code: 'bad-request', why: 'unknown game' },
    { input: { ...good, player: 'grandmaster' }, code: 'bad-player', why: 'unknown player' },
    { input: { ...good, seat: -1 }, code: 'bad-request', why: 'bad seat' },
    { input: { ...good, seat: 1 }, code: 'not-your-turn', why: 'the seat is not to move' },
    { input: { ...good, timeMs: 'soon' }, code: 'bad-request', why: 'time is not a number' },
    { input: { ...good, nodes: -5 }, code: 'bad-request', why: 'a negative node budget' },
    { input: { ...good, budgetOnly: 'yes' }, code: 'bad-request', why: 'budgetOnly is not a boolean' },
    { input: { ...good, position: { kind: 'snapshot', snapshot: { nonsense: 1 } } }, code: '', why: 'broken snapshot' },
    { input: { ...good, position: undefined }, code: 'bad-request', why: 'no position' },
  ];
  it.each(cases)('$why', ({ input, code }) => {
    const r = answer(input);
    expect(r.ok).toBe(false);
    if (!r.ok && code) expect(r.error.code).toBe(code);
  });
  it('echoes the id and answers a legal move', () => {
    const r = answer({ ...good, id: 7 });
    expect(r).toMatchObject({ id: 7, ok: true });
    if (r.ok) expect(game.parseMove(r.move).ok).toBe(true);
  });
  it('is reproducible: the same request gives the same move', () => {
    const req = requestFor(game, 0, 'beginner', { seed: 3 });
    expect(answer(req)).toMatchObject({ move: (answer(req) as { move: string }).move });
  });
  it('a node budget alone lifts the time limit: master stops near it, and no clock cut the search short', () => {
    const r = answer(requestFor(game, 0, 'master', { seed: 3, nodes: 5000 }));
    expect(r).toMatchObject({ ok: true });
    if (!r.ok) return;
    // checked every 1,024 nodes
    expect(r.info.nodes).toBeLessThanOrEqual(5000 + 1024);
    expect(r.info.clockBound).toBeUndefined();
    expect(answer(requestFor(game, 0, 'master', { seed: 3, nodes: 5000 }))).toMatchObject({ move: r.move });
  });
  it('budgetOnly: a level searches exactly its budget, the clock never cuts it', () => {
    const r = answer(requestFor(game, 0, 'club', { seed: 3, budgetOnly: true }));
    expect(r).toMatchObject({ ok: true, info: { depth: 3 } });
    if (r.ok) expect(r.info.clockBound).toBeUndefined();
    // a time in the request still holds
    expect(answer(requestFor(game, 0, 'master', { seed: 3, budgetOnly: true, timeMs: 20 }))).toMatchObject({
      info: { clockBound: true },
    });
  });
  it('a search the clock ended says so, also when a node budget was given with the time', () => {
    expect(answer(requestFor(game, 0, 'master', { seed: 3, timeMs: 30 }))).toMatchObject({
      ok: true,
      info: { clockBound: true },
    });
    expect(answer(requestFor(game, 0, 'master', { seed: 3, timeMs: 30, nodes: 1e12 }))).toMatchObject({
      ok: true,
      info: { clockBound: true },
    });
  });
});

describe('parsePlayer', () => {
  it.each([
    ['master', 'master'],
    ['1', 'beginner'],
    ['level3', 'club'],
    [' Greedy ', 'greedy'],
  ])('%s names %s', (text, name) => {
    const p = unwrap(parsePlayer(text));
    expect(p.kind === 'level' ? p.level : p.kind).toBe(name);
  });
  it('refuses unknown names with a reason', () => {
    expect(parsePlayer('god').ok).toBe(false);
  });
});

describe('worker_threads pool', () => {
  const pool = new AiPool({ size: 1 });
  afterAll(() => pool.close());
  it('answers in a worker (TypeScript loaded through tsx) without blocking the event loop', async () => {
    const game = newGame();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const reply = await pool.request({ ...requestFor(game, 0, 'master', { id: 42 }), timeMs: 400 });
    clearInterval(timer);
    expect(reply).toMatchObject({ id: 42, ok: true });
    if (reply.ok) expect(game.parseMove(reply.move).ok).toBe(true);
    // the main thread kept running while the worker searched
    expect(ticks).toBeGreaterThan(10);
  });
  it('answers a runaway search with a timeout and replaces its worker', async () => {
    const strict = new AiPool({ size: 1, maxMs: 1500 });
    try {
      // no time limit and an absurd depth: only the watchdog stops it
      const stuck = await strict.request({ ...requestFor(newGame(), 0, 'master'), depth: 60 });
      expect(stuck).toMatchObject({ ok: false, error: { code: 'ai-timeout' } });
      // with a time limit the watchdog allows that time plus its grace (a fresh worker takes a while to load)
      const next = await strict.request({ ...requestFor(newGame(), 0, 'greedy'), timeMs: 200 });
      expect(next.ok).toBe(true);
    } finally {
      await strict.close();
    }
  });
  it('passes failures back as replies', async () => {
    const reply = await pool.request({ ...requestFor(newGame(), 0, 'nobody') });
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad-player' } });
  });
});

describe('seededRng', () => {
  it('spreads the first draw of consecutive small seeds over [0, 1) (a raw xoroshiro seed does not)', () => {
    const first = Array.from({ length: 1000 }, (_, s) => seededRng(s).float());
    const mean = first.reduce((a, b) => a + b, 0) / first.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    // about a tenth of them fall in each tenth of the range
    expect(first.filter((x) => x < 0.1).length).toBeGreaterThan(60);
  });
});
