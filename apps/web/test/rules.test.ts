import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_IDS } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { ruleFile, withImageUrls } from '../src/pages/rule-files.js';

/**
 * The Chinese rule pages (docs/rules/<game>.zh-CN.md and .zh-TW.md) against the English
 * page they restate. The English page is the reference, so every fact here is read from it:
 * the same rulings (R12, L3, a numbered decision, a ruling-table row), the same headings,
 * tables and lists, and every option name, notation example and code line it quotes.
 *
 * This test fails when someone adds a ruling, a section, an option or an example to an English
 * page and forgets the two translations: add the same thing, translated, to both Chinese pages.
 */

const here = dirname(fileURLToPath(import.meta.url));
const rulesDir = join(here, '..', '..', '..', 'docs', 'rules');
const LANGS = ['zh-CN', 'zh-TW'] as const;

const read = (name: string): string => readFileSync(join(rulesDir, name), 'utf8').replace(/\r\n/g, '\n');

/** The lines outside fenced code blocks, so a `#` or `|` in an example is not read as structure. */
const prose = (md: string): string[] => {
  let fenced = false;
  return md.split('\n').filter((line) => {
    if (/^```/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
};

/** Heading levels in order: `## Board` → 2. */
const headings = (md: string): number[] => prose(md).flatMap((l) => /^(#{1,6})\s/.exec(l)?.[1]?.length ?? []);

/**
 * Ruling identifiers in document order, in every format the pages use: a bold `**R12**` or
 * `**L3**` (Junqi), a numbered decision `1. **…**` and a ruling-table row `| 7 |` (Hive).
 */
const rulings = (md: string): string[] =>
  prose(md).flatMap((l) => {
    const ids = [...l.matchAll(/\*\*([RL]\d+)\*\*/g)].map((m) => m[1]!);
    const decision = /^(\d+)\.\s+\*\*/.exec(l);
    const row = /^\|\s*(\d+)\s*\|/.exec(l);
    return [...ids, ...(decision ? [`#${decision[1]}`] : []), ...(row ? [`#${row[1]}`] : [])];
  });

/** Each table's size: rows (header included, separator not) × columns. */
const tables = (md: string): string[] => {
  const out: string[] = [];
  let rows = 0;
  let cols = 0;
  for (const line of [...prose(md), '']) {
    if (/^\|/.test(line)) {
      const cells = line.replace(/^\||\|$/g, '').split('|');
      if (!cells.every((c) => /^\s*:?-+:?\s*$/.test(c))) rows++;
      cols = Math.max(cols, cells.length);
    } else if (rows > 0) {
      out.push(`${rows}×${cols}`);
      rows = 0;
      cols = 0;
    }
  }
  return out;
};

/** List items (bulleted or numbered, nested too) under each heading. */
const listItems = (md: string): number[] => {
  const counts: number[] = [0];
  for (const line of prose(md)) {
    if (/^#{1,6}\s/.test(line)) counts.push(0);
    else if (/^\s*([-*]|\d+\.)\s+/.test(line)) counts[counts.length - 1]!++;
  }
  return counts;
};

const images = (md: string): string[] => [...md.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

/**
 * What a page quotes as code: backticked spans made of printable ASCII only (option names,
 * values, notation examples, commands; a span with Chinese or an ellipsis in it is prose) and
 * the lines of code blocks, fenced or indented, with runs of spaces collapsed.
 */
const code = (md: string): Set<string> => {
  const out = new Set<string>();
  for (const line of prose(md))
    for (const m of line.matchAll(/`([^`]+)`/g)) if (/^[\x20-\x7e]+$/.test(m[1]!)) out.add(m[1]!);
  let fenced = false;
  for (const line of md.split('\n')) {
    if (/^```/.test(line)) fenced = !fenced;
    else if ((fenced || /^ {4}\S/.test(line)) && !/^\s*([-*]|\d+\.)\s/.test(line) && line.trim() !== '')
      out.add(line.trim().replace(/\s+/g, ' '));
  }
  return out;
};

/**
 * Characters that exist in one script only: a Traditional one on the 简体 page or a Simplified
 * one on the 繁體 page is a slip of the input method or of a conversion. (Characters both
 * scripts use, like 后 in 蜂后 or 著 in 著名, are not listed.)
 */
const TRADITIONAL_ONLY =
  '這個們來時對為動軍國馬門開關說話語規則頁與從發現進過還沒給讓邊線連選擇輸贏負勝盤顆數雙兩間場單傳圖轉隊鐵營長師團彈導帥壘應該會當實樣種點滿躍東蟻蟲蠅蠍經認議譜記錄標籤稱計見雛後裡';
const SIMPLIFIED_ONLY =
  '这个们来时对为动军国马门开关说话语规则页与从发现进过还没给让边线连选择输赢负胜盘颗数双两间场单传图转队铁营长师团弹导帅垒应该会当实样种点满跃东蚁虫蝇经认议谱记录标签称计见雏';

const foreign = (text: string, chars: string): string[] => [...new Set([...text].filter((c) => chars.includes(c)))];

describe('rule pages in Chinese', () => {
  // the extractors find what they look for, so an empty comparison cannot pass by accident
  it('reads the English rulings it compares', () => {
    expect(rulings(read('junqi.md'))).toEqual(expect.arrayContaining(['R6', 'R15', 'L1', 'L10']));
    const hive = rulings(read('hive.md'));
    expect(hive.slice(0, 7)).toEqual(['#1', '#2', '#3', '#4', '#5', '#6', '#7']);
    expect(hive.length).toBeGreaterThanOrEqual(32);
    expect(tables(read('abalone.md'))).toEqual(['6×3']);
    expect(code(read('junqi.md'))).toContain('classic 71316/4+2+5/93+8B/2+3+7/6B154/MFM2M');
  });

  describe.each(GAME_IDS.flatMap((game) => LANGS.map((lang) => ({ game, lang }))))(
    '$game in $lang',
    ({ game, lang }) => {
      const english = read(`${game}.md`);
      const file = `${game}.${lang}.md`;
      const exists = existsSync(join(rulesDir, file));
      const text = exists ? read(file) : '';

      it('exists', () => expect(exists, `docs/rules/${file}`).toBe(true));

      // the first line says this restates the English page, which prevails if they differ
      it('names the English page as the reference', () => {
        const first = text.split('\n')[0]!;
        expect(first).toMatch(lang === 'zh-CN' ? /英文.*以英文.*为准/ : /英文.*以英文.*為準/);
      });

      it('has the same rulings, in the same order', () => expect(rulings(text)).toEqual(rulings(english)));

      it('has the same headings', () => expect(headings(text)).toEqual(headings(english)));

      it('has the same tables and lists', () => {
        expect(tables(text)).toEqual(tables(english));
        expect(listItems(text)).toEqual(listItems(english));
        expect(images(text)).toEqual(images(english));
      });

      // every option name, value and notation example the English page quotes is quoted here too,
      // and nothing is quoted that the English page does not have (a typo in a translation)
      it('quotes the same option names and notation', () => {
        const theirs = code(english);
        const ours = code(text);
        expect([...theirs].filter((c) => !ours.has(c))).toEqual([]);
        expect([...ours].filter((c) => !theirs.has(c))).toEqual([]);
      });

      it('is written in its own script', () => {
        expect(foreign(text, lang === 'zh-CN' ? TRADITIONAL_ONLY : SIMPLIFIED_ONLY)).toEqual([]);
        // and is Chinese: more Han characters than Latin letters outside code
        const outside = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`]*`/g, '');
        const han = outside.match(/\p{Script=Han}/gu)?.length ?? 0;
        const latin = outside.match(/[A-Za-z]/g)?.length ?? 0;
        expect(han).toBeGreaterThan(latin);
      });

      // the rules page shows this file, not the English one with its "only in English" note
      it('is the text the rules page shows', () => {
        expect(ruleFile(game, lang)).toMatchObject({ name: file, fallback: false });
      });
    },
  );

  // a drawing beside the .md file is shown from where the build put it, not as a bare name the site lacks
  it('points every image at a file the build ships', () => {
    for (const game of GAME_IDS)
      for (const file of [`${game}.md`, ...LANGS.map((lang) => `${game}.${lang}.md`)]) {
        const text = read(file);
        const resolved = images(withImageUrls(text));
        images(text).forEach((src, k) => {
          expect(existsSync(join(rulesDir, src)), `${file}: ${src}`).toBe(true);
          expect(resolved[k]).not.toBe(src);
          expect(resolved[k]).toContain(src.replace(/\.svg$/, ''));
        });
      }
    expect(images(withImageUrls('![board](junqi-2p.svg)'))[0]).toMatch(/^\/.*junqi-2p.*\.svg$/);
    expect(withImageUrls('![none](missing.svg)')).toBe('![none](missing.svg)');
  });

  it('shows the English page in English', () => {
    for (const game of GAME_IDS) expect(ruleFile(game, 'en')).toMatchObject({ name: `${game}.md`, fallback: false });
  });
});
