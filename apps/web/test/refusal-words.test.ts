import { REFUSALS } from '@qiyuan/protocol';
import { expect, it } from 'vitest';
import { addWords, changeLanguage, initI18n } from '../src/i18n/index.js';
import { onlineWords, refusalWords } from '../src/i18n/page-words.js';
import { refusalsEn } from '../src/i18n/refusals.js';
import { refusalsZhCN } from '../src/i18n/refusals-zh-CN.js';
import { refusalsZhTW } from '../src/i18n/refusals-zh-TW.js';
import { refusalText } from '../src/online/refusal-words.js';

/** The server's refusals reach a player in the player's language, never as the server's English reason. */

it('every refusal the server may send has words in each language, the Chinese ones without English', () => {
  for (const words of [refusalsEn, refusalsZhCN, refusalsZhTW]) {
    expect(Object.keys(words.refusals).sort()).toEqual([...REFUSALS].sort());
  }
  for (const words of [refusalsZhCN, refusalsZhTW]) {
    for (const [code, text] of Object.entries(words.refusals)) {
      // the only Latin letters are the names of the values filled in ({{team}}, {{players}}, {{count}})
      expect(text.replace(/\{\{\w+\}\}/g, ''), code).not.toMatch(/[A-Za-z]/);
    }
  }
});

it('shows a refusal in Chinese on a Chinese page, with its values, and falls back to the kind of refusal', async () => {
  await initI18n('zh-CN');
  // the refusals' words come with the pages that talk to the server, as the app loads them, and the kinds' with the
  // online pages' words
  await addWords(refusalWords);
  await addWords(onlineWords);
  const full = { code: 'not-allowed', reason: 'team "Tigers" already has two players', refusal: 'team-full' };
  expect(refusalText({ ...full, values: { team: 'Tigers' } })).toBe('Tigers 队已经有两名棋手。');
  expect(refusalText({ code: 'not-allowed', reason: 'the tournament is full', refusal: 'tournament-full' })).toBe(
    '比赛人数已满。',
  );
  // an older server sends no refusal code: the kind's words, still in Chinese
  expect(refusalText({ code: 'not-allowed', reason: 'the tournament is full' })).toBe('现在不能这样做。');
  await changeLanguage('zh-TW');
  expect(refusalText({ code: 'not-found', reason: 'no such tournament', refusal: 'no-tournament' })).toBe(
    '這個比賽不存在。',
  );
  // a game's refusal too, with the seconds the server counted
  const early = { code: 'not-allowed', reason: 'your opponent may still come back: 12 s left' };
  expect(refusalText({ ...early, refusal: 'opponent-may-return', values: { seconds: 12 } })).toBe(
    '對手還可能回來：還剩 12 秒。',
  );
  await changeLanguage('en');
  expect(refusalText({ ...full, values: { team: 'Tigers' } })).toBe('Team Tigers already has two players.');
  // a refusal this page does not know yet: the kind's words
  expect(refusalText({ code: 'not-allowed', reason: 'something new', refusal: 'from-the-future' })).toBe(
    'That is not allowed now.',
  );
});
