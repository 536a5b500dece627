/**
 * The languages of the app and where each one's words come from: apart from the catalogue library (index.ts), so
 * that the first page's loads (route-start.ts) know the language shown without waiting for the library.
 */

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

/**
 * The first of the browser's preferred languages that we speak: Taiwan/Hong Kong/Macau or Traditional script → zh-TW,
 * other Chinese → zh-CN, English → en. A browser that lists none of them (French, Japanese, …) gets English, which
 * it is likelier to read than Chinese.
 */
export const detectLanguage = (prefs: readonly string[]): Language => {
  for (const p of prefs) {
    const l = p.toLowerCase();
    if (/^zh-(tw|hk|mo)|^zh-hant/.test(l)) return 'zh-TW';
    if (l.startsWith('zh')) return 'zh-CN';
    if (l.startsWith('en')) return 'en';
  }
  return 'en';
};

/**
 * Every page's words, one chunk per language: a page loads only the language it is shown in (the first load stays
 * small), and another language's chunk when the player switches to it.
 */
export const WORDS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('./words-en.js')).words,
  'zh-CN': async () => (await import('./words-zh-CN.js')).words,
  'zh-TW': async () => (await import('./words-zh-TW.js')).words,
};

/** Where settings.ts keeps the player's settings, the language among them. */
export const SETTINGS_KEY = 'qiyuan.settings';

/** The language the app will be shown in: the one the player chose (settings.ts), else the browser's. */
export const shownLanguage = (): Language => {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as { language?: unknown } | null;
    if (isLanguage(saved?.language)) return saved.language;
  } catch {
    // no storage, or settings that are not JSON: settings.ts falls back the same way
  }
  return detectLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
};
