import { GAME_IDS } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { forPlayers, ruleFile } from '../src/pages/rule-files.js';

/**
 * The rules pages speak to players: what the app shows of each rule text (docs/rules/, less the maintainers' notes)
 * names no repository path, package, source or test file, and no developer's tool.
 */

const REPOSITORY_TALK: readonly RegExp[] = [
  /\b(shared|packages|apps|docs|src|test|seeds)\//i,
  /@qiyuan\b/,
  /\b[\w-]+\.(ts|tsx|js|md|json)\b/,
  /\bREADME\b/,
  /\bperft\b/i,
  /\b(vitest|unit test|test file|the tests?)\b/i,
  /测试|測試/,
];

const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;

describe('rules pages shown in the app', () => {
  it('leave out what is marked for maintainers, and any other comment', () => {
    const md =
      'Rules.\n<!-- maintainers -->\nThe engine is `packages/x`.\n<!-- /maintainers -->\nMore <!-- a note --> rules.\n';
    expect(forPlayers(md)).toBe('Rules.\nMore rules.\n');
  });

  describe.each(GAME_IDS.flatMap((game) => LANGUAGES.map((lang) => ({ game, lang }))))(
    '$game in $lang',
    ({ game, lang }) => {
      it('names no repository path, package, file or test', async () => {
        const file = ruleFile(game, lang);
        expect(file).toBeDefined();
        const text = forPlayers(String(await file!.load()));
        expect(text.length).toBeGreaterThan(1000);
        const hits = text.split('\n').filter((line) => REPOSITORY_TALK.some((re) => re.test(line)));
        expect(hits).toEqual([]);
      });
    },
  );
});
