import { changeLanguage, detectLanguage, isLanguage, type Language } from './i18n/index.js';
import { SETTINGS_KEY } from './i18n/languages.js';
import { Store } from './store.js';

export const THEMES = ['wood', 'jade', 'slate', 'contrast'] as const;
export type Theme = (typeof THEMES)[number];
export const PIECE_STYLES = ['classic', 'flat', 'letters'] as const;
export type PieceStyle = (typeof PIECE_STYLES)[number];

export interface Settings {
  readonly language: Language;
  readonly theme: Theme;
  readonly sound: boolean;
  readonly pieces: PieceStyle;
  readonly animation: boolean;
  readonly coordinates: boolean;
  readonly name: string;
}

const KEY = SETTINGS_KEY;

const defaults = (): Settings => ({
  language: detectLanguage(typeof navigator === 'undefined' ? [] : navigator.languages),
  theme: 'wood',
  sound: true,
  pieces: 'classic',
  animation: true,
  coordinates: false,
  name: '',
});

/** Reads saved settings, keeping every valid field and dropping anything malformed. */
export const parseSettings = (text: string | null, base: Settings): Settings => {
  if (!text) return base;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return base;
  }
  if (typeof raw !== 'object' || raw === null) return base;
  const r = raw as Record<string, unknown>;
  return {
    language: isLanguage(r.language) ? r.language : base.language,
    theme: THEMES.includes(r.theme as Theme) ? (r.theme as Theme) : base.theme,
    sound: typeof r.sound === 'boolean' ? r.sound : base.sound,
    pieces: PIECE_STYLES.includes(r.pieces as PieceStyle) ? (r.pieces as PieceStyle) : base.pieces,
    animation: typeof r.animation === 'boolean' ? r.animation : base.animation,
    coordinates: typeof r.coordinates === 'boolean' ? r.coordinates : base.coordinates,
    name: typeof r.name === 'string' ? r.name.slice(0, 24) : base.name,
  };
};

const load = (): Settings => {
  try {
    return parseSettings(localStorage.getItem(KEY), defaults());
  } catch {
    return defaults();
  }
};

export const settings = new Store<Settings>(load());

settings.subscribe((s) => {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // private mode or full storage: settings live for this visit only
  }
  if (typeof document !== 'undefined') {
    document.documentElement.dataset.theme = s.theme;
    document.documentElement.dataset.pieces = s.pieces;
    document.documentElement.dataset.animation = s.animation ? 'on' : 'off';
  }
});

/**
 * Switches the language the player chose: its words (a chunk of their own) are loaded first and only then is the
 * setting changed, so every page and board that redraws on the setting finds the new words already there.
 */
export const chooseLanguage = async (lng: Language): Promise<void> => {
  // kept at once, so a page opened or reloaded before the words arrive already starts in it
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...settings.get(), language: lng }));
  } catch {
    // private mode or full storage: the choice lives for this visit only
  }
  await changeLanguage(lng);
  settings.update({ language: lng });
};
