import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/**
 * Lists the app's frame in the page itself: `<link rel="modulepreload">` for the chunks that hold `entries` (the
 * modules main.tsx imports on demand: the frame, the catalogue, the settings; one chunk, frame-chunk.ts) with every
 * chunk they import, and their style sheets. The entry imports them on demand so that its own modules are few and
 * run at once (route-start.ts); without these links their fetch would begin only once the entry has arrived and run,
 * a round trip later than the entry's own (562 ms on "Fast 3G"). The first page's own chunks depend on the address's
 * hash, which the server never sees: route-start.ts starts those as soon as the entry runs.
 */
export const framePreload = (entries: readonly string[]): Plugin => ({
  name: 'qiyuan-frame-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx): HtmlTagDescriptor[] {
      const bundle = ctx.bundle;
      if (!bundle) return [];
      const js = new Set<string>();
      const css = new Set<string>();
      const walk = (c: Rollup.OutputChunk): void => {
        if (js.has(c.fileName)) return;
        js.add(c.fileName);
        for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
        for (const i of c.imports) {
          const next = bundle[i];
          if (next?.type === 'chunk') walk(next);
        }
      };
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        const ids = c.moduleIds.map((m) => m.replaceAll('\\', '/'));
        if (entries.some((e) => ids.some((id) => id.endsWith(`/${e}`)))) walk(c);
      }
      if (js.size === 0) throw new Error(`frame-preload: no chunk for ${entries.join(', ')}`);
      // the entry and what it imports statically are in the page already (Vite's own links)
      const fresh = (f: string) => !html.includes(`/${f}"`);
      return [
        ...[...css].filter(fresh).map(
          (f): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `./${f}` },
            injectTo: 'head',
          }),
        ),
        ...[...js].filter(fresh).map(
          (f): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` },
            injectTo: 'head',
          }),
        ),
      ];
    },
  },
});
