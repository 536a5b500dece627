import { i18n, isLanguage, type Language } from './index.js';

/**
 * Dates, times and numbers as the page's language writes them (2026年11月26日 · Nov 26, 2026; 1,234), not the
 * browser's: a player who chose 简体中文 on an English browser reads Chinese dates. Each call reads the language
 * shown now, so a page re-rendered after a switch follows it.
 */

const shown = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** One formatter per language and style: building one costs far more than using it, and lists show many dates. */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

const dateFormat = (lng: Language, style: 'date' | 'dateTime'): Intl.DateTimeFormat => {
  const key = `${style}|${lng}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(
      lng,
      style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
    );
    cache.set(key, f);
  }
  return f;
};

/** A day and time, to the minute (2026年11月26日 10:31 · Nov 26, 2026, 10:31 AM). */
export const formatDateTime = (ms: number, lng: Language = shown()): string => dateFormat(lng, 'dateTime').format(ms);

/** A day (2026年11月26日 · Nov 26, 2026). */
export const formatDate = (ms: number, lng: Language = shown()): string => dateFormat(lng, 'date').format(ms);

/** A whole or decimal number with the language's grouping (12,345). */
export const formatNumber = (n: number, lng: Language = shown()): string => {
  const key = `number|${lng}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(lng);
    cache.set(key, f);
  }
  return f.format(n);
};
