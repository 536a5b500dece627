import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every built text file, so the server sends the smaller
 * copy a browser accepts without compressing anything per request. It runs after every other plugin has written
 * its files (the service worker included). Small files and copies that would not be smaller are skipped, and a copy
 * left by an earlier build into the same folder is removed then: the server would send it in place of the new file.
 */

const br = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/;

/** Below this a compressed copy saves less than the request's own headers. */
const MIN_BYTES = 512;

const filesUnder = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(join(e.parentPath, e.name));
  }
  return out;
};

export const compressFile = async (file: string): Promise<void> => {
  const body = await readFile(file);
  const [b, g] = await Promise.all([
    br(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  await (b.length < body.length ? writeFile(`${file}.br`, b) : rm(`${file}.br`, { force: true }));
  await (g.length < body.length ? writeFile(`${file}.gz`, g) : rm(`${file}.gz`, { force: true }));
};

export const precompress = (): Plugin => {
  let config: ResolvedConfig | undefined;
  return {
    name: 'qiyuan-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config || config.build.ssr) return;
        const dir = resolve(config.root, config.build.outDir);
        const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
        const big = [];
        for (const f of files) {
          if ((await stat(f)).size >= MIN_BYTES) big.push(f);
          else await Promise.all([rm(`${f}.br`, { force: true }), rm(`${f}.gz`, { force: true })]);
        }
        await Promise.all(big.map(compressFile));
      },
    },
  };
};
