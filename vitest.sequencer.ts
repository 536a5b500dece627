import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which a project's files are handed to its workers: its longest files first, then the rest in vitest's
 * own order (files that failed last time, then the longest last time, from vitest's results cache; on a fresh clone,
 * which has no cache, the largest files first).
 *
 * A phase ends when its last worker ends. Handed out from one queue, a long file that starts late keeps one worker
 * busy while the other has nothing left to do; started first, the long files share the two workers and the short
 * ones fill in the ends. File size says little about a browser file's time (a short file that plays a whole game
 * outlasts a long one of quick checks), so each project names its longest files here, longest first, from the
 * per-file figures in docs/BENCHMARKS.md ("Test suite"). A file missing from a list is only started later, never
 * skipped.
 */
const LONGEST: { readonly [project: string]: readonly string[] } = {
  browser: [
    'apps/web/test/online.e2e.test.ts',
    'apps/web/test/vs-ai.e2e.test.ts',
    'apps/web/test/i18n.e2e.test.ts',
    'apps/web/test/online-leaving.e2e.test.ts',
    'apps/web/test/analysis.e2e.test.ts',
    'apps/web/test/settings.e2e.test.ts',
    'apps/web/test/online-multi.e2e.test.ts',
    'apps/web/test/tournament.e2e.test.ts',
    'apps/web/test/junqi.e2e.test.ts',
    'apps/web/test/online-chat.e2e.test.ts',
    'apps/web/test/review.e2e.test.ts',
  ],
};

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const list = LONGEST[spec.project.name] ?? [];
      const at = list.indexOf(relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/'));
      return at === -1 ? list.length : at;
    };
    // stable: the projects' own order (vitest's `sequence.groupOrder`) is kept, and within a project the files not
    // listed keep vitest's order after the listed ones
    const projectAt = new Map<string, number>();
    for (const [i, s] of sorted.entries()) if (!projectAt.has(s.project.name)) projectAt.set(s.project.name, i);
    const first = (s: TestSpecification): number => projectAt.get(s.project.name) ?? 0;
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => first(a.spec) - first(b.spec) || rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
