import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { en } from './en.js';
import { onlineEn, onlineZhCN, onlineZhTW } from './online.js';
import { puzzlesEn, puzzlesZhCN, puzzlesZhTW } from './puzzles.js';
import { ruleBoardsEn, ruleBoardsZhCN, ruleBoardsZhTW } from './rule-boards.js';
import { tournamentsEn, tournamentsZhCN, tournamentsZhTW } from './tournaments.js';
import { turnsEn, turnsZhCN, turnsZhTW } from './turns.js';
import { zhCN } from './zh-CN.js';
import { zhTW } from './zh-TW.js';

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

export const i18n: I18n = i18next.createInstance();

export const initI18n = (lng: Language): void => {
  void i18n.init({
    lng,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: {
      en: { translation: { ...en, ...onlineEn, ...ruleBoardsEn, ...tournamentsEn, ...turnsEn, ...puzzlesEn } },
      'zh-CN': {
        translation: { ...zhCN, ...onlineZhCN, ...ruleBoardsZhCN, ...tournamentsZhCN, ...turnsZhCN, ...puzzlesZhCN },
      },
      'zh-TW': {
        translation: { ...zhTW, ...onlineZhTW, ...ruleBoardsZhTW, ...tournamentsZhTW, ...turnsZhTW, ...puzzlesZhTW },
      },
    },
  });
  setDocumentLanguage(lng);
};

const setDocumentLanguage = (lng: Language) => {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lng;
    document.title = `${i18n.t('app.name')} · Qiyuan`;
  }
};

export const changeLanguage = (lng: Language): void => {
  void i18n.changeLanguage(lng);
  setDocumentLanguage(lng);
};

/** Translation function; keys are dotted paths into `en`. */
export const t: TFunction = ((...args: Parameters<TFunction>) => i18n.t(...args)) as TFunction;

/** Names in a row, with the language's own separator (Red, Blue · 红方、蓝方). */
export const listOf = (items: readonly string[]): string => items.join(String(i18n.t('game.listSep')));

/** Translates `key` when it exists, else returns `fallback` (engine reasons, unknown codes). */
export const tOr = (key: string, fallback: string, values?: Record<string, unknown>): string =>
  i18n.exists(key) ? String(i18n.t(key, values)) : fallback;
