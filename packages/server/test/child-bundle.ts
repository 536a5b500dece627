import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * `child-server.ts` and the workspace's sources it imports, bundled into one ES module, built once per test worker.
 *
 * Why: a child server started as `node --import tsx child-server.ts` has tsx resolve and load a few hundred TypeScript
 * modules through its loader thread, one message each way per module; the cluster files start dozens of such
 * processes, and each spent seconds of a loaded machine before it listened. Plain node on one bundled file runs the
 * same code with none of that (figures in docs/BENCHMARKS.md, "Test suite").
 *
 * It stays the same code: every `@qiyuan/*` package is bundled from its sources (tsx did the same transform, also with
 * esbuild, file by file), while npm packages stay imports that node resolves as before. `import.meta.url` is replaced
 * in each source by that source's own URL, so what a module finds beside itself (the worker boot files that start the
 * AI's and the pairing's threads, which load their own TypeScript under tsx as before; the puzzle files) is found
 * where it was.
 *
 * The bundle is written under packages/server/node_modules (ignored by git; node resolves the server's own
 * dependencies from there, as it does from packages/server/src), named by its content.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(here, '../node_modules/.cache/qiyuan-test');
/** Bundles older than this, of sources changed since, are removed when a new one is written. */
const STALE_MS = 24 * 3600_000;

let built: Promise<string> | undefined;

/** The bundle's path, building it on the first call of this process. */
export const childServerBundle = (): Promise<string> => {
  built ??= bundle();
  return built;
};

const bundle = async (): Promise<string> => {
  const result = await build({
    entryPoints: [path.join(here, 'child-server.ts')],
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'qiyuan-sources',
        setup(b) {
          // npm packages (and node's own) are loaded by node at run time, as under tsx; the workspace's are bundled
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@qiyuan/') ? undefined : { external: true },
          );
          b.onLoad({ filter: /\.ts$/ }, async (args) => ({
            contents: (await readFile(args.path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  const code = result.outputFiles[0]!.contents;
  // named by its content: the workers of one run, and later runs of unchanged sources, share one file
  const name = `child-server-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const out = path.join(dir, name);
  if (await stat(out).catch(() => undefined)) return out;
  await mkdir(dir, { recursive: true });
  const tmp = `${out}.${process.pid}`;
  await writeFile(tmp, code);
  await rename(tmp, out);
  for (const old of await readdir(dir)) {
    const file = path.join(dir, old);
    const s = await stat(file).catch(() => undefined);
    if (old !== name && s && Date.now() - s.mtimeMs > STALE_MS) await rm(file, { force: true });
  }
  return out;
};
