import { render } from 'preact';
import { App } from './app.js';
import { initI18n } from './i18n/index.js';
import { settings } from './settings.js';
import './style.css';

// the page is drawn once its language's words are in (a chunk of their own); if they cannot load, it is drawn anyway
void initI18n(settings.get().language)
  .catch(() => undefined)
  .then(() => {
    settings.set(settings.get());
    render(<App />, document.getElementById('app')!);
  });
