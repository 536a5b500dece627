import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each test file took in a recent run (vitest.durations.json, written by `.ci/test-durations.mjs` from a
 * JSON report). Only the order of files depends on it: a file not listed is taken as short.
 */
const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL('./vitest.durations.json', import.meta.url), 'utf8'),
);

/**
 * Hands out the longest files first, so that the two workers end together instead of one of them starting the
 * longest file last while the other sits idle. Projects of one `sequence.groupOrder` share a queue, and a worker that
 * runs files one after another (`isolate: false`) is kept only while the next file is of its own project; so the
 * files stay together by project, the shared-worker projects first, the longest first within each.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => durations[f.moduleId.slice(root.length + 1)] ?? 0;
    return [...files].sort((a, b) => {
      const order = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (order !== 0) return order;
      const shared = Number(a.project.config.isolate) - Number(b.project.config.isolate);
      if (shared !== 0) return shared;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return seconds(b) - seconds(a);
    });
  }
}
