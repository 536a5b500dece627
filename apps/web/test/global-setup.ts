import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './browser.js';

/**
 * What the browser tests of one run share, so each file pays for neither a build nor a browser of its own:
 *
 * - one directory for the web app's build: the first end-to-end file that needs the app builds it there (see
 *   `harness.ts`), the others wait and reuse it;
 * - one Chromium, launched when the first file asks for it (a small HTTP endpoint here, on 127.0.0.1, answers with
 *   the browser's WebSocket address): every file connects to it and works in browser contexts of its own, so files
 *   stay independent while the run starts one browser instead of one per file.
 *
 * Nothing is built or launched when no browser test runs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'qiyuan-web-build-'));
  project.provide('webBuildDir', dir);

  let chromium: Promise<BrowserServer> | undefined;
  const broker = createServer((_req, res) => {
    chromium ??= launchChromiumServer();
    chromium.then(
      (server) => res.writeHead(200, { 'content-type': 'text/plain' }).end(server.wsEndpoint()),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e)),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  project.provide('chromiumBroker', `http://127.0.0.1:${(broker.address() as AddressInfo).port}/`);

  return async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    if (chromium) await (await chromium.catch(() => undefined))?.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    webBuildDir: string;
    /** Answers a GET with the run's shared Chromium's WebSocket address (launching it on the first request). */
    chromiumBroker: string;
  }
}
