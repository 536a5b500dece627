import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * One directory per test run for the web app's build: the first end-to-end file that needs the app builds it there
 * (see `harness.ts`), the others wait and reuse it, instead of every file building its own copy. Nothing is built
 * when no browser test runs.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'qiyuan-web-build-'));
  project.provide('webBuildDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    webBuildDir: string;
  }
}
