import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * What the service worker downloads when it installs: everything play without the server needs (the app's frame,
 * its words, the games, the AI, the analysis board, the rules), and not the pages that only work with the server
 * (tournaments, profiles, accounts, puzzles, online games and their replays with the review's graph). Those are kept
 * when first opened, through the worker's runtime cache. The build's manifest tells which files each page needs:
 * a file is left out when only pages that need the server lead to it.
 */

/** Modules (as the build's manifest names them) reached only with the server. */
export const ONLINE_ONLY: readonly string[] = [
  'src/pages/account.tsx',
  'src/pages/mail-links.tsx',
  'src/pages/moderation.tsx',
  'src/pages/online.tsx',
  'src/pages/profile.tsx',
  'src/pages/puzzles.tsx',
  'src/pages/replay.tsx',
  'src/pages/tournament.tsx',
  'src/pages/tournaments.tsx',
  '../../docs/TOURNAMENTS.md?raw',
  '../../docs/TOURNAMENTS.zh-CN.md?raw',
  '../../docs/TOURNAMENTS.zh-TW.md?raw',
  '../../docs/CORRESPONDENCE.md?raw',
  '../../docs/CORRESPONDENCE.zh-CN.md?raw',
  '../../docs/CORRESPONDENCE.zh-TW.md?raw',
  '../../node_modules/uplot/dist/uPlot.esm.js',
  '../../node_modules/uplot/dist/uPlot.min.css',
];

interface Chunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
  readonly assets?: readonly string[];
  readonly isEntry?: boolean;
}
type Manifest = Record<string, Chunk>;

const filesOf = (c: Chunk): string[] => [c.file, ...(c.css ?? []), ...(c.assets ?? [])];

/** The built files that only online pages need, from the build's manifest. */
export const onlineOnlyFiles = (manifest: Manifest, online: readonly string[] = ONLINE_ONLY): Set<string> => {
  const skip = new Set(online);
  const reached = new Set<string>();
  const visit = (key: string): void => {
    if (reached.has(key) || skip.has(key) || !manifest[key]) return;
    reached.add(key);
    for (const k of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(k);
  };
  for (const [key, c] of Object.entries(manifest)) if (c.isEntry) visit(key);
  const kept = new Set([...reached].flatMap((k) => filesOf(manifest[k]!)));
  return new Set(
    Object.values(manifest)
      .flatMap(filesOf)
      .filter((f) => !kept.has(f)),
  );
};

/**
 * A plugin that learns where the build writes, and the service worker's precache filter that reads the build's
 * manifest from there (the worker is generated after the bundle is written).
 */
export const offlineShell = () => {
  let config: ResolvedConfig | undefined;
  const plugin: Plugin = {
    name: 'qiyuan-offline-shell',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
  };
  const transform = async <T extends { url: string; size: number }>(entries: T[]) => {
    if (!config) return { manifest: entries, warnings: [] };
    const dir = resolve(config.root, config.build.outDir);
    const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const online = onlineOnlyFiles(manifest);
    return { manifest: entries.filter((e) => !online.has(e.url)), warnings: [] };
  };
  return { plugin, transform };
};
