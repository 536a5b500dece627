import { render } from 'preact';
import { App } from './app.js';
import { initI18n } from './i18n/index.js';
import { settings } from './settings.js';
import './style.css';

initI18n(settings.get().language);
settings.set(settings.get());
render(<App />, document.getElementById('app')!);
