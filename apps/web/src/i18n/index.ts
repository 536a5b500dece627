import { Catalogue, type Values } from './catalogue.js';
import { isLanguage, type Language, shownLanguage, WORDS } from './languages.js';

export { detectLanguage, isLanguage, LANGUAGES, type Language } from './languages.js';

export const i18n = new Catalogue();
// the language the app will start in, before its words are in: a page's or game's chunk that arrives and runs before
// the app has started (route-start.ts fetches them beside it) asks for its words in that language (`addWords`)
i18n.changeLanguage(shownLanguage());

const loading = new Map<Language, Promise<void>>();

/**
 * Loads a language's words once. Deep merge: a game's words added before (in every language, with its chunk) stay,
 * and on a key both have these win, as when they are loaded first.
 */
export const loadLanguage = (lng: Language): Promise<void> => {
  let done = loading.get(lng);
  if (!done) {
    done = WORDS[lng]().then((words) => {
      i18n.addBundle(lng, words, true);
    });
    // a failed load (the network, offline before the chunk was cached) may be tried again
    done.catch(() => loading.delete(lng));
    loading.set(lng, done);
  }
  return done;
};

/** A chunk's own words (a game's) in one language, a chunk of their own per language. */
export type WordsLoader = (lng: Language) => Promise<Record<string, unknown>>;

/** The language a switch is loading words for, until it is made. */
let switchingTo: Language | undefined;

/** The chunks' words, each language loaded once (or being loaded). */
const chunkWords = new Map<WordsLoader, Map<Language, Promise<void>>>();

const loadChunkWords = (load: WordsLoader, lng: Language): Promise<void> => {
  const langs = chunkWords.get(load) ?? new Map<Language, Promise<void>>();
  chunkWords.set(load, langs);
  let done = langs.get(lng);
  if (!done) {
    // deep merge without overwriting: on a key both have, every page's words win, as before the split
    done = load(lng).then((words) => {
      i18n.addBundle(lng, words, false);
    });
    done.catch(() => langs.delete(lng));
    langs.set(lng, done);
  }
  return done;
};

/**
 * Adds a chunk's words (a game's): the language shown now at once — the chunk waits for the returned promise before
 * it draws anything — and any other language when the player switches to it, before the switch (`changeLanguage`).
 */
export const addWords = (load: WordsLoader): Promise<void> => {
  const shown = isLanguage(i18n.language) ? i18n.language : 'en';
  // a switch under way (`switchingTo`) may have listed the chunks before this one came: load its language too
  const langs = switchingTo && switchingTo !== shown ? [shown, switchingTo] : [shown];
  return Promise.all(langs.map((lng) => loadChunkWords(load, lng))).then(() => undefined);
};

/** Starts the catalogue in `lng`, resolved once its words are loaded: the app renders after it. */
export const initI18n = async (lng: Language): Promise<void> => {
  i18n.changeLanguage(lng);
  await loadLanguage(lng);
  setDocumentLanguage(lng);
};

const setDocumentLanguage = (lng: Language) => {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lng;
    document.title = `${i18n.t('app.name')} · Qiyuan`;
  }
};

/** Switches to `lng` once its words are loaded; the caller re-renders when it resolves. */
export const changeLanguage = async (lng: Language): Promise<void> => {
  switchingTo = lng;
  try {
    // a game whose words come while these load asks for `lng` itself (`addWords`)
    await Promise.all([loadLanguage(lng), ...[...chunkWords.keys()].map((load) => loadChunkWords(load, lng))]);
    i18n.changeLanguage(lng);
  } finally {
    if (switchingTo === lng) switchingTo = undefined;
  }
  setDocumentLanguage(lng);
};

/** Translation function; keys are dotted paths into `en`. */
export const t = (key: string, values?: Values): string => i18n.t(key, values);

/** Names in a row, with the language's own separator (Red, Blue · 红方、蓝方). */
export const listOf = (items: readonly string[]): string => items.join(String(i18n.t('game.listSep')));

/** Translates `key` when it exists, else returns `fallback` (engine reasons, unknown codes). */
export const tOr = (key: string, fallback: string, values?: Record<string, unknown>): string =>
  i18n.exists(key) ? String(i18n.t(key, values)) : fallback;
