import { describe, expect, it } from 'vitest';

/**
 * Every catalogue module of the app, found rather than listed, so that a new one is checked the day it is added.
 * A catalogue is an exported object named for its language: `…En` (or `en`) for English, `…ZhTW` (or `zhTW`) for
 * Traditional Chinese; the `words` bundles only spread those again.
 */
const modules = import.meta.glob<Record<string, unknown>>('../src/i18n/*.ts', { eager: true });
const catalogues = (suffix: RegExp): [string, unknown][] =>
  Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => suffix.test(name) && value !== null && typeof value === 'object')
      .map(([name, value]): [string, unknown] => [`${file.replace(/^.*\//, '')} ${name}`, value]),
  );
const english = catalogues(/(^en|En)$/);
const traditional = catalogues(/(^zhTW|ZhTW)$/);

/** Every string of a catalogue, with its key. */
const strings = (o: unknown, path: string): [string, string][] =>
  typeof o === 'string'
    ? [[path, o]]
    : o && typeof o === 'object'
      ? Object.entries(o).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k))
      : [];

/**
 * Chinese in the English pages only where it names something for its own sake: the Chinese name in brackets after
 * the English one, `Open (明棋)` or `a camp (行营)`, and the language menu's own names of the two Chinese languages.
 */
const named = (s: string) => s.replace(/ \(\p{Script=Han}+\)/gu, '').replace(/^(简体中文|繁體中文)$/, '');

describe('the English catalogue', () => {
  it('is found in every module that has one, the words only some pages say among them', () => {
    const names = english.map(([name]) => name);
    for (const expected of ['en', 'tournamentsEn', 'turnsEn', 'puzzlesEn', 'settingsPageEn', 'formWordsEn'])
      expect(names.map((n) => n.split(' ')[1])).toContain(expected);
    // each English catalogue has its Traditional Chinese twin, which the test below reads
    expect(traditional.length).toBe(english.length);
  });

  it.each(english)('%s speaks English throughout', (_, catalogue) => {
    const all = strings(catalogue, '');
    expect(all.length).toBeGreaterThan(0);
    const mixed = all.filter(([, s]) => /\p{Script=Han}/u.test(named(s)));
    expect(mixed).toEqual([]);
  });
});

describe('the Traditional Chinese catalogue', () => {
  // Taiwan says 線上 for online; 在線 (the mainland's word) crept into a few strings
  it('says 線上, never 在線', () => {
    const all = traditional.flatMap(([, c]) => strings(c, ''));
    expect(all.filter(([, s]) => s.includes('在線'))).toEqual([]);
    expect(all.some(([, s]) => s.includes('線上'))).toBe(true);
  });
});
