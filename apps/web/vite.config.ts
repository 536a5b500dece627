import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { frameChunk } from './frame-chunk.js';
import { framePreload } from './frame-preload.js';
import { offlineShell } from './offline-shell.js';
import { precompress } from './precompress.js';

const shell = offlineShell();
// what main.tsx imports, with everything they import, in two chunks (frame-chunk.ts): the route's start, which runs as
// soon as it arrives (with the game ids and hexagons of @qiyuan/core that both use), and the frame every page runs,
// preloaded beside it (frame-preload.ts)
// Core's results and repetition count are there too: tiny modules (99 and 387 bytes) that 19 and 10 of the 23 pages'
// engines import, each a request of its own in the route's wave otherwise
const start = frameChunk(
  'start',
  [
    // the page's entry itself, so that the build's manifest still names this chunk the entry (offline-shell.ts)
    'index.html',
    'src/main.tsx',
    'packages/core/src/game.ts',
    'packages/core/src/hex.ts',
    'packages/core/src/result.ts',
    'packages/core/src/repetition.ts',
  ],
  3,
);
/**
 * The modules main.tsx imports on demand: the app's frame. With it, the boards' few small helpers that 12 to 18 of
 * the 23 pages load (the SVG and motion helpers, the move keys, the engine's refusals in words, the seats' names):
 * each was a chunk of a few hundred bytes, five of a game page's 17 route files, and HTTP/1.1's six connections to
 * a host bring six files a round trip (562 ms on "Fast 3G"); the pages without a board carry their 1.3 KB (under
 * 1 KB gzip) instead.
 */
const FRAME = [
  'src/app.tsx',
  'src/i18n/index.ts',
  'src/settings.ts',
  'src/board/svg.ts',
  'src/board/motion.ts',
  'src/board/move-keys.ts',
  'src/play/engine-refusals.ts',
  'src/pages/seat-names.ts',
  // and three that the home page's route fetched as files of a few hundred bytes each beside its own: the dates'
  // and numbers' format (the analysis boards and replays use it too), the bots' tag and the refusals in words
  'src/i18n/format.ts',
  'src/online/bot-tag.tsx',
  'src/online/refusal-words.ts',
];
const frame = frameChunk('frame', FRAME, 2);

// The page cross-origin isolated, as the server sends it (packages/server/src/security.ts), so that the analysis
// engine's threads share memory under `vite` and `vite preview` too.
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

// Preact through Vite 8's built-in oxc JSX transform: no plugin needed.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  worker: { format: 'es' },
  plugins: [
    shell.plugin,
    start.plugin,
    frame.plugin,
    framePreload(FRAME),
    // Offline after the first visit: a Workbox service worker precaches the app's shell only, keeps what the player
    // opens, and the page fetches the rest of what one-screen games and games against the AI need (the offline pack)
    // once it has been idle a while; the pages that need the server are cached when first opened (offline-shell.ts).
    // The server's routes (/api, /ws) always go to the network.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: {
        name: '棋苑 Qiyuan',
        short_name: '棋苑',
        description: 'Hive, Junqi, Abalone and Chinese Checkers: online, at one screen or against the AI.',
        lang: 'zh-CN',
        theme_color: '#2f4f3f',
        background_color: '#f4efe4',
        display: 'standalone',
        start_url: './',
        icons: [{ src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        manifestTransforms: [shell.transform],
        // hashed files never change: once fetched they are answered from the cache
        runtimeCaching: [
          {
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.includes('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 200 } },
          },
        ],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/healthz/],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // the first visit is already served by the worker once it is installed, not only the next one
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // last: the service worker is written by then, and is compressed with the rest
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    reportCompressedSize: false,
    // every browser the build targets (es2022) follows `<link rel="modulepreload">` itself: the polyfill was a chunk
    // of its own every page fetched first (0.4 KB gzip), in the first wave of requests
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Preact with its hooks, one chunk every page fetches: left to the bundler, the hooks land in whichever shared
        // chunk their importers have in common, and a new lazy importer (the review's graph) splits them off into
        // a request of their own on every page
        codeSplitting: {
          groups: [start.group, frame.group, { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/ }],
        },
      },
    },
  },
  preview: { headers: ISOLATION },
  server: {
    headers: ISOLATION,
    proxy: { '/api': 'http://127.0.0.1:8080', '/ws': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
});
