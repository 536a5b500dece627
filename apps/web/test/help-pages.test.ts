import { describe, expect, it } from 'vitest';
import { forPlayers, HELP_TOPICS, ruleFile } from '../src/pages/rule-files.js';

/** The tournaments page (docs/TOURNAMENTS*.md) is a tab of the rules page, in each language its own file. */
describe('help pages beside the rules', () => {
  it.each([
    ['en', 'TOURNAMENTS.md', '# Tournaments'],
    ['zh-CN', 'TOURNAMENTS.zh-CN.md', '# 比赛'],
    ['zh-TW', 'TOURNAMENTS.zh-TW.md', '# 比賽'],
  ])('%s shows %s', async (lang, name, heading) => {
    expect(HELP_TOPICS).toContain('tournaments');
    const file = ruleFile('tournaments', lang);
    expect(file).toMatchObject({ name, fallback: false });
    const text = forPlayers(String(await file!.load()));
    expect(text).toContain(heading);
  });
});
