// first, from a few small modules: the first page's chunk, words and game start loading (route-start.ts)
import './route-start.js';
import { scheduleOfflinePack } from './offline-pack.js';
import './style.css';

/**
 * The app itself (Preact, the catalogue library, the header) is a chunk the entry imports on demand, so that the
 * entry's own modules are few and run at once: the first page's files are fetched beside the app's, in one round
 * trip, instead of after the app has arrived and run.
 */
const start = async (): Promise<void> => {
  const [{ render }, { App }, { initI18n }, { settings }] = await Promise.all([
    import('preact'),
    import('./app.js'),
    import('./i18n/index.js'),
    import('./settings.js'),
  ]);
  // the page is drawn once its language's words are in (a chunk of their own); if they cannot load, it is drawn anyway
  await initI18n(settings.get().language).catch(() => undefined);
  settings.set(settings.get());
  render(<App />, document.getElementById('app')!);
};

void start();

// what play without the server needs, once the page has had its first seconds
scheduleOfflinePack();
