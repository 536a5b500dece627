import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { type Game, unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalysisThreads, analysePosition, subjectOf } from '../src/index.js';
import { nodeHelperThreads } from '../src/smp-node.js';

// A Base+MLP middlegame with many moves, so that no search ends early on a forced move or a proven win.
const MIDDLEGAME = 'Base+MLP;InProgress;White[4];wS1;bG1 -wS1;wA1 wS1/;bQ /bG1;wQ wA1-;bA1 \\bG1';

const GAMES: Record<string, () => Game> = {
  hive: () => unwrap(parseGameString(MIDDLEGAME)),
  abalone: () => unwrap(abalone.create(unwrap(abalone.parseOptions({})))),
  'chinese-checkers': () => unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({})))),
};

/** Whether `line` plays move by move from `game`'s position. */
const plays = (game: Game, line: readonly string[]): boolean => {
  const copy = game.clone();
  return line.every((text) => {
    const m = copy.parseMove(text);
    return m.ok && copy.play(m.value).ok;
  });
};

describe('the analysis engine on several threads', () => {
  const open: AnalysisThreads[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()));
  });

  for (const [name, make] of Object.entries(GAMES)) {
    it(`${name}: two threads search the root and give legal lines, best first`, async () => {
      const game = make();
      const threads = new AnalysisThreads(2, nodeHelperThreads);
      open.push(threads);
      expect(await threads.prepare(game, unwrap(subjectOf(game)))).toBe(2);
      const a = unwrap(analysePosition(game, { depth: 3 }, 3, threads));
      expect(a.threads).toBe(2);
      expect(a.depth).toBe(3);
      expect(a.lines.length).toBe(3);
      for (const l of a.lines) expect(plays(game, l.moves)).toBe(true);
      expect(new Set(a.lines.map((l) => l.moves[0])).size).toBe(3);
      // the helper searched too: it writes its nodes when the main thread's answer stops it. On a loaded machine the
      // main thread may answer before the job reaches the helper, which then skips it; so analyse again, deeper
      // (a longer search), until a helper has searched one.
      const smp = threads.searcher(game, unwrap(subjectOf(game)))!;
      const searched = async (): Promise<boolean> =>
        vi
          .waitFor(() => expect(smp.helperNodes()).toBeGreaterThan(0), { timeout: 3_000, interval: 20 })
          .then(() => true)
          .catch(() => false);
      let helped = await searched();
      for (let depth = 4; !helped && depth <= 7; depth++) {
        unwrap(analysePosition(game, { depth }, 1, threads));
        helped = await searched();
      }
      expect(helped).toBe(true);
      // a second analysis of the same game reuses the helpers (they started once)
      const again = unwrap(analysePosition(game, { depth: 2 }, 1, threads));
      expect(again.threads).toBe(2);
      expect(threads.searcher(game, unwrap(subjectOf(game)))).toBe(smp);
    }, 120_000);
  }

  it('on one thread, or where no helper can start, it is the one-thread analysis, line for line', () => {
    const game = GAMES.hive!();
    const plain = unwrap(analysePosition(game, { depth: 3 }, 2));
    expect(plain.threads).toBe(1);
    for (const threads of [new AnalysisThreads(1, nodeHelperThreads), new AnalysisThreads(4, undefined)]) {
      expect(threads.searcher(game, unwrap(subjectOf(game)))).toBeUndefined();
      expect(unwrap(analysePosition(game, { depth: 3 }, 2, threads))).toEqual(plain);
    }
  });
});
