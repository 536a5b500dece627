// first, from a few small modules: the first page's chunk, words and game start loading (route-start.ts)
import './route-start.js';
import { scheduleOfflinePack } from './offline-pack.js';
import './style.css';

/**
 * The app itself (Preact, the catalogue, the header) is a chunk the entry imports on demand (the page preloads it
 * beside the entry: frame-chunk.ts, frame-preload.ts), so that the entry's own modules are few and run as soon as they
 * arrive: the first page's files are fetched beside the app's, instead of after the app has arrived and run. No JSX
 * here: Preact's JSX runtime would be a static import, in the entry's chunk.
 */
const start = async (): Promise<void> => {
  const [{ h, render }, { App }, { initI18n }, { settings }] = await Promise.all([
    import('preact'),
    import('./app.js'),
    import('./i18n/index.js'),
    import('./settings.js'),
  ]);
  // the page is drawn once its language's words are in (a chunk of their own); if they cannot load, it is drawn anyway
  await initI18n(settings.get().language).catch(() => undefined);
  settings.set(settings.get());
  render(h(App, null), document.getElementById('app')!);
};

void start();

// what play without the server needs, once the page has had its first seconds
scheduleOfflinePack();
