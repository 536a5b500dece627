import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placementPoints, tablePoints } from '../src/index.js';

/**
 * docs/TOURNAMENTS.md (the players' page) and its two Chinese versions: the same structure in all three, Chinese
 * with no English words, and the facts the page states are the library's.
 */
const read = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');
const english = read('TOURNAMENTS.md');
const versions = { 'zh-CN': read('TOURNAMENTS.zh-CN.md'), 'zh-TW': read('TOURNAMENTS.zh-TW.md') };

const headings = (md: string) => md.split('\n').flatMap((l) => /^(#+) /.exec(l)?.[1]?.length ?? []);
const tableRows = (md: string) => md.split('\n').filter((l) => l.startsWith('|')).length;
const listItems = (md: string) => md.split('\n').filter((l) => /^(- |\d+\. )/.test(l)).length;
/** The placement table: rows of `| n | a, b, … |`. */
const placementRows = (md: string) =>
  md
    .split('\n')
    .flatMap((l) => /^\| (\d) \| ([\d, ]+) \|$/.exec(l) ?? [])
    .filter((_, i) => i % 3 !== 0)
    .reduce<[number, number[]][]>((rows, cell, i, cells) => {
      if (i % 2 === 0) rows.push([Number(cell), (cells[i + 1] as string).split(', ').map(Number)]);
      return rows;
    }, []);

describe('docs/TOURNAMENTS in three languages', () => {
  for (const [lang, text] of Object.entries(versions)) {
    it(`${lang}: same headings, tables and lists as the English page`, () => {
      expect(headings(text)).toEqual(headings(english));
      expect(tableRows(text)).toBe(tableRows(english));
      expect(listItems(text)).toBe(listItems(english));
    });
    it(`${lang}: no English words, and names the English page as the reference`, () => {
      expect(text.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
      expect(text.split('\n')[0]).toMatch(/英文.*以英文(页为准|頁為準)/);
    });
  }

  it('the placement table is the one the library scores with', () => {
    for (const text of [english, ...Object.values(versions)]) {
      const rows = placementRows(text);
      expect(rows.map(([n]) => n)).toEqual([3, 4, 6]);
      for (const [n, points] of rows) expect(placementPoints({ system: 'swiss', tableSize: n }, n)).toEqual(points);
    }
    // The worked example: two sharing first at a table of three score 1.5 each; a bye at six scores 2.5.
    expect(english).toContain('(2 + 1) / 2 = 1.5');
    expect(tablePoints({ system: 'swiss', tableSize: 3 }, [1, 1, 3])).toEqual([1.5, 1.5, 0]);
    expect(english).toContain('2.5 at tables of six');
  });
});
