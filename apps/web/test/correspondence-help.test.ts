import { describe, expect, it } from 'vitest';
import { forPlayers, HELP_TOPICS, ruleFile } from '../src/pages/rule-files.js';
import { latinWords } from './ui.js';

/** The players' help on correspondence games (docs/CORRESPONDENCE*.md): a tab of the rules page in each language. */
const load = async (lang: string): Promise<string> => {
  const file = ruleFile('correspondence', lang);
  expect(file?.fallback).toBe(false);
  return forPlayers(String(await file!.load()));
};

describe('the correspondence help', () => {
  it.each([
    ['en', '# Correspondence games'],
    ['zh-CN', '# 通信棋'],
    ['zh-TW', '# 通信棋'],
  ])('%s has its own text', async (lang, heading) => {
    expect(HELP_TOPICS).toContain('correspondence');
    expect(await load(lang)).toContain(heading);
  });

  it('says the same in the three languages: the sections, the days per move, the vacation and the reminder', async () => {
    const texts = await Promise.all(['en', 'zh-CN', 'zh-TW'].map(load));
    const sections = texts.map((x) => x.split('\n').filter((l) => l.startsWith('## ')).length);
    expect(new Set(sections).size).toBe(1);
    for (const x of texts) {
      expect(x).toMatch(/1.*2.*3.*5.*7.*14/);
      expect(x).toContain('14');
    }
    // the Chinese pages hold no English word
    for (const x of texts.slice(1)) expect(latinWords(x)).toEqual([]);
  });
});
