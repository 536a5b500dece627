import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../precompress.js';

/** The build's last step: a brotli and a gzip copy of every text file worth compressing, for the server to send. */

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const run = async (root: string): Promise<void> => {
  const plugin = precompress();
  (plugin.configResolved as (c: ResolvedConfig) => void)({ root, build: { outDir: 'dist', ssr: false } } as never);
  const close = plugin.closeBundle as { handler: () => Promise<void> };
  await close.handler();
};

describe('precompress', () => {
  it('writes .br and .gz copies that decompress to the file, and leaves small and binary files alone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'qiyuan-precompress-'));
    dirs.push(root);
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    const script = `export const a = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `line ${i}`))};`;
    writeFileSync(join(dist, 'assets', 'index-AbCd1234.js'), script);
    writeFileSync(join(dist, 'index.html'), `<!doctype html>${'<p>棋苑</p>'.repeat(100)}`);
    writeFileSync(join(dist, 'tiny.js'), 'x()');
    // left by an earlier build into the same folder, when tiny.js was larger: it must not outlive it
    writeFileSync(join(dist, 'tiny.js.br'), 'stale');
    writeFileSync(join(dist, 'tiny.js.gz'), 'stale');
    writeFileSync(join(dist, 'icon.png'), Buffer.alloc(4096, 7));
    await run(root);
    const js = join(dist, 'assets', 'index-AbCd1234.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(readFileSync(`${js}.gz`).length);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'tiny.js.gz'))).toBe(false);
    expect(existsSync(join(dist, 'icon.png.br'))).toBe(false);
  });
});
