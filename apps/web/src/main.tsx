import { render } from 'preact';
import { App, startRoute } from './app.js';
import { initI18n } from './i18n/index.js';
import { scheduleOfflinePack } from './offline-pack.js';
import { route } from './router.js';
import { settings } from './settings.js';
import './style.css';

// the first page's chunk, words and game are fetched beside every page's words, not after them
startRoute(route.get(), settings.get().language);
// the page is drawn once its language's words are in (a chunk of their own); if they cannot load, it is drawn anyway
void initI18n(settings.get().language)
  .catch(() => undefined)
  .then(() => {
    settings.set(settings.get());
    render(<App />, document.getElementById('app')!);
  });

// what play without the server needs, once the page has had its first seconds
scheduleOfflinePack();
