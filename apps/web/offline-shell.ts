import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * What the service worker downloads when it installs: only the app's shell — the page, the entry chunk with what it
 * imports, the style sheet and every page's words in each language — most of which the first page has just fetched
 * (the worker then reads them from the browser's cache). The rest is kept as the player uses it, through the
 * worker's runtime cache, so a first visit costs no more than its page. What play without the server needs beyond
 * that (the games, the AI, the analysis board, the rules) is the offline pack (`offline-pack.json`): the page fetches
 * it into the same cache once it has been idle a while after a visit (src/offline-pack.ts), never in the first
 * seconds. Pages that only work with the server (tournaments, profiles, accounts, puzzles, online games and their
 * replays with the review's graph) are in neither. The build's manifest tells which files each page needs: a file is
 * left out of the pack when only pages that need the server lead to it.
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
  /** A chunk's name: a code-splitting group's (`frame`), or its module's. */
  readonly name?: string;
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

/** Every page's words, one chunk per language: in the shell, so that the app opens offline in any language. */
const WORDS = /^src\/i18n\/words-[\w-]+\.ts$/;

/**
 * The app's frame, which the entry imports on demand (main.tsx) so that the first page's loads start first: the chunk
 * named `frame` (vite.config.ts gathers the frame's modules into it, frame-chunk.ts), or app.tsx's own chunk.
 */
const isFrame = (key: string, c: Manifest[string]): boolean => key === 'src/app.tsx' || c.name === 'frame';

/**
 * The shell's built files: the entry chunks, the app's frame and their static imports (with their style sheets),
 * and the words.
 */
export const shellFiles = (manifest: Manifest): Set<string> => {
  const reached = new Set<string>();
  const visit = (key: string): void => {
    if (reached.has(key) || !manifest[key]) return;
    reached.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  for (const [key, c] of Object.entries(manifest)) if (c.isEntry || isFrame(key, c) || WORDS.test(key)) visit(key);
  return new Set([...reached].flatMap((k) => filesOf(manifest[k]!)));
};

/** The offline pack's file, beside the page: its version (a digest of its list) and the files to keep. */
export const OFFLINE_PACK = 'offline-pack.json';

export interface OfflinePack {
  readonly version: string;
  readonly files: readonly string[];
}

/** Splits the worker's precache list into the shell (precached) and the offline pack (fetched later by the page). */
export const splitPrecache = <T extends { url: string }>(
  entries: readonly T[],
  manifest: Manifest,
): { shell: T[]; pack: OfflinePack } => {
  const online = onlineOnlyFiles(manifest);
  const shellSet = shellFiles(manifest);
  // the files beside the page (the page itself, the icon, the web manifest) are the shell's too; the hashed files
  // under assets/ that the manifest does not list are a worker's own chunks (the AI's per game): the pack's
  const shell = entries.filter((e) => shellSet.has(e.url) || !e.url.startsWith('assets/'));
  const files = entries
    .filter((e) => !shell.includes(e) && !online.has(e.url))
    .map((e) => e.url)
    .sort();
  const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
  return { shell, pack: { version, files } };
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
    const { shell, pack } = splitPrecache(entries, manifest);
    writeFileSync(join(dir, OFFLINE_PACK), `${JSON.stringify(pack)}\n`);
    return { manifest: shell, warnings: [] };
  };
  return { plugin, transform };
};
