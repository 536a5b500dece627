/**
 * The app's catalogue of words: each language's words as one nested object, looked up by dotted key, with `{{name}}`
 * filled in from the values and a count choosing the language's plural form (`key_one`, `key_other`). It does what
 * the app asks of a catalogue and no more, so that every page's first load carries a few hundred bytes for it
 * instead of a general library's 14 KB (gzip).
 */

/** A language's words: nested objects whose leaves are sentences. */
export type Words = { [key: string]: string | Words };

/** Values for a sentence's `{{name}}` slots; `count` also picks the plural form when it is a number. */
export type Values = Record<string, unknown>;

type Listener = (lng: string) => void;

/** The language whose words are looked up when the one shown lacks a key (every key is in English). */
const FALLBACK = 'en';

const isWords = (x: unknown): x is Words => typeof x === 'object' && x !== null;

/** A copy of `words`, so that a later merge into the catalogue never changes a module's own objects. */
const copy = (words: Words): Words =>
  Object.fromEntries(Object.entries(words).map(([k, v]) => [k, isWords(v) ? copy(v) : v]));

/**
 * Merges `from` into `into` (changing `into`): keys only `from` has are added; on a key both have, a sentence in
 * either is replaced only if `overwrite`, and two nested objects are merged in turn.
 */
const merge = (into: Words, from: Words, overwrite: boolean): void => {
  for (const [k, v] of Object.entries(from)) {
    const had = into[k];
    if (had === undefined) into[k] = isWords(v) ? copy(v) : v;
    else if (isWords(had) && isWords(v)) merge(had, v, overwrite);
    else if (overwrite) into[k] = isWords(v) ? copy(v) : v;
  }
};

const plurals = new Map<string, Intl.PluralRules>();

/** The plural form (`one`, `other`, …) of `count` in `lng`: Chinese has only `other`, English `one` and `other`. */
const pluralForm = (lng: string, count: number): string => {
  let rules = plurals.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    plurals.set(lng, rules);
  }
  return rules.select(count);
};

/** A value at a dotted path (`a.b`) in the values; a slot without one is left empty. */
const valueAt = (values: Values, path: string): unknown => {
  let at: unknown = values;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
};

const fill = (sentence: string, values: Values | undefined): string =>
  sentence.includes('{{')
    ? sentence.replace(/\{\{(.+?)\}\}/g, (_, name: string) => {
        const v = values === undefined ? undefined : valueAt(values, name.trim());
        return v === undefined || v === null ? '' : String(v);
      })
    : sentence;

export class Catalogue {
  /** The language shown; empty until the app starts it (`changeLanguage`). */
  language = '';
  readonly #words = new Map<string, Words>();
  readonly #listeners = new Set<Listener>();

  /** Adds words to a language: see `merge` for a key both have. */
  addBundle(lng: string, words: object, overwrite: boolean): void {
    const had = this.#words.get(lng);
    if (had) merge(had, words as Words, overwrite);
    else this.#words.set(lng, copy(words as Words));
  }

  hasBundle(lng: string): boolean {
    return this.#words.has(lng);
  }

  /** The sentence (or nested words) at a dotted key in one language, without fallback or plural forms. */
  lookup(lng: string, key: string): string | Words | undefined {
    let at: string | Words | undefined = this.#words.get(lng);
    for (const part of key.split('.')) {
      if (!isWords(at)) return undefined;
      at = at[part];
    }
    return at;
  }

  /** What `key` holds: in `lng` (the language shown by default), else in English; the plural form first. */
  #resolve(key: string, values: Values | undefined): string | Words | undefined {
    const lng = typeof values?.lng === 'string' ? values.lng : this.language;
    const count = values?.count;
    const langs = lng === '' || lng === FALLBACK ? [FALLBACK] : [lng, FALLBACK];
    for (const l of langs) {
      const keys = typeof count === 'number' ? [`${key}_${pluralForm(l, count)}`, key] : [key];
      for (const k of keys) {
        const found = this.lookup(l, k);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  /** Whether `key` is in `lng` (the language shown by default) or in English. */
  exists(key: string, values?: Values): boolean {
    return this.#resolve(key, values) !== undefined;
  }

  /** The sentence for `key` with its slots filled; the key itself when no language has it (it shows what is missing). */
  t(key: string, values?: Values): string {
    const found = this.#resolve(key, values);
    return fill(typeof found === 'string' ? found : key, values);
  }

  changeLanguage(lng: string): void {
    this.language = lng;
    for (const listen of this.#listeners) listen(lng);
  }

  on(_event: 'languageChanged', listen: Listener): void {
    this.#listeners.add(listen);
  }

  off(_event: 'languageChanged', listen: Listener): void {
    this.#listeners.delete(listen);
  }
}
