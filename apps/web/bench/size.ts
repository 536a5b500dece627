import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * First-load JavaScript of a page, gzip level 9: the entry chunk and its
 * static imports, plus, for a game page, the game's chunk (loaded on the
 * page) and its static imports. Workers (the AI) load later and are not counted.
 */
export const firstLoad = (dist: string, extraEntries: readonly string[] = []): { bytes: number; files: string[] } => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) visit(i);
  };
  for (const [key, c] of Object.entries(manifest)) if (c.isEntry) visit(key);
  for (const key of extraEntries) visit(key);
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
  return { bytes, files };
};
