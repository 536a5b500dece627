/**
 * The offline pack: what play without the server needs beyond the app's shell (the games, the AI, the analysis
 * board, the rules), listed by the build in `offline-pack.json` (offline-shell.ts). The service worker precaches only
 * the shell, so that a first visit downloads no more than its page; the page fetches the pack into the worker's
 * runtime cache once it has been idle a while, a few files at a time, and notes the pack's version so that the next
 * visits of the same build fetch nothing.
 */

/** Where the pack's version is noted once all of it is kept. */
export const PACK_KEY = 'qiyuan.offline.pack';
/** The worker's runtime cache of hashed files (vite.config.ts), which answers from it first. */
const CACHE = 'assets';
/** After the page's load: the first seconds of a visit are the page's own. */
const IDLE_MS = 30_000;
/** Files fetched at once: the pack stays behind whatever the player asks for meanwhile. */
const AT_ONCE = 2;

interface Pack {
  readonly version: string;
  readonly files: readonly string[];
}

const isPack = (x: unknown): x is Pack =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as Pack).version === 'string' &&
  Array.isArray((x as Pack).files) &&
  (x as Pack).files.every((f) => typeof f === 'string');

const keepPack = async (): Promise<void> => {
  const res = await fetch('offline-pack.json', { cache: 'no-cache' });
  if (!res.ok) return;
  const pack: unknown = await res.json();
  if (!isPack(pack) || localStorage.getItem(PACK_KEY) === pack.version) return;
  const cache = await caches.open(CACHE);
  const left = [...pack.files];
  const worker = async (): Promise<void> => {
    for (let f = left.shift(); f !== undefined; f = left.shift()) if (!(await cache.match(f))) await cache.add(f);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  localStorage.setItem(PACK_KEY, pack.version);
};

/** Fetches the pack once the page has been idle a while and the service worker is in charge; quietly gives up. */
export const scheduleOfflinePack = (): void => {
  if (typeof caches === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () =>
    setTimeout(() => {
      void navigator.serviceWorker.ready.then(keepPack).catch(() => undefined);
    }, IDLE_MS);
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
};
