import { describe, expect, it } from 'vitest';
import { abaloneEn, abaloneZhTW } from '../src/i18n/abalone.js';
import { analysisEditorEn } from '../src/i18n/analysis-editor-en.js';
import { analysisEditorZhTW } from '../src/i18n/analysis-editor-zh-TW.js';
import { analysisEn } from '../src/i18n/analysis-en.js';
import { analysisZhTW } from '../src/i18n/analysis-zh-TW.js';
import { en } from '../src/i18n/en.js';
import { hiveEn, hiveZhTW } from '../src/i18n/hive.js';
import { junqiEn } from '../src/i18n/junqi.js';
import { junqiZhTW } from '../src/i18n/junqi-zh-TW.js';
import { onlineEn } from '../src/i18n/online.js';
import { onlineZhTW } from '../src/i18n/online-zh-TW.js';
import { zhTW } from '../src/i18n/zh-TW.js';

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
  it.each([
    ['pages', en],
    ['online', onlineEn],
    ['Junqi', junqiEn],
    ['Hive', hiveEn],
    ['Abalone', abaloneEn],
    ['analysis board', analysisEn],
    ['analysis board’s editor', analysisEditorEn],
  ] as const)('%s speaks English throughout', (_, catalogue) => {
    const mixed = strings(catalogue, '').filter(([, s]) => /\p{Script=Han}/u.test(named(s)));
    expect(mixed).toEqual([]);
  });
});

describe('the Traditional Chinese catalogue', () => {
  // Taiwan says 線上 for online; 在線 (the mainland's word) crept into a few strings
  it('says 線上, never 在線', () => {
    const all = [zhTW, onlineZhTW, junqiZhTW, hiveZhTW, abaloneZhTW, analysisZhTW, analysisEditorZhTW].flatMap((c) =>
      strings(c, ''),
    );
    expect(all.filter(([, s]) => s.includes('在線'))).toEqual([]);
    expect(all.some(([, s]) => s.includes('線上'))).toBe(true);
  });
});
