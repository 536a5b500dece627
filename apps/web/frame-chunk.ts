import type { Plugin, Rollup } from 'vite';

type Group = NonNullable<Exclude<NonNullable<Rollup.OutputOptions['codeSplitting']>, boolean>['groups']>[number];

/** A workspace package's index. */
const BARREL = /\/packages\/[^/]+\/src\/index\.ts$/;

/**
 * One chunk named `name` for every module that `roots` import statically, directly or not: vite.config.ts makes two,
 * the route's start (main.tsx with route-start.ts, which starts the first page's loads) and the app's frame (app.tsx,
 * the catalogue, the settings, Preact). Every page runs all of them, so putting them together costs no page a byte;
 * left to the bundler they were 15 small chunks (each module that some page's chunk shares became a chunk of its
 * own), and on HTTP/1.1's six connections per host each request waits its turn: on "Fast 3G" every six of them cost
 * a round trip of 562 ms before the route's own chunks were even asked for. The plugin walks the module graph once
 * it is built; `group` is the code-splitting group that takes the walk's modules, and only them. The walk stops at a
 * package's index, which only re-exports: through it the walk would take every module of the package, the games'
 * seeded generator and hashes among them; what the chunk uses of such a package is named in `roots`.
 */
export const frameChunk = (
  name: string,
  roots: readonly string[],
  priority: number,
): { plugin: Plugin; group: Group } => {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: `qiyuan-frame-chunk-${name}`,
    apply: 'build',
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      const seeds = ids.filter((id) => roots.some((r) => id.replaceAll('\\', '/').endsWith(`/${r}`)));
      if (seeds.length !== roots.length) throw new Error(`frame-chunk: found ${seeds.length} of ${roots.join(', ')}`);
      const walk = (id: string): void => {
        if (members.has(id)) return;
        members.add(id);
        if (BARREL.test(id.replaceAll('\\', '/'))) return;
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
      };
      for (const s of seeds) walk(s);
    },
  };
  return { plugin, group: { name, test: (id) => members.has(id), priority, includeDependenciesRecursively: false } };
};
