import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import { GAME_IDS } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalysisGame } from '../src/analysis/games.js';
import { readDeployments } from '../src/analysis/jq-deploy.js';
import { decodeBoard } from '../src/analysis/link.js';
import { parseMovetext } from '../src/analysis/movetext-read.js';
import { startRefusal } from '../src/analysis/refusal-detail.js';
import { ANALYSIS_REFUSALS, type AnalysisRefusal, refusalText } from '../src/analysis/refusals.js';
import { makeStart, playLine, type StartSpec } from '../src/analysis/start.js';
import { analysisEditorEn } from '../src/i18n/analysis-editor-en.js';
import { analysisEditorZhCN } from '../src/i18n/analysis-editor-zh-CN.js';
import { analysisEditorZhTW } from '../src/i18n/analysis-editor-zh-TW.js';
import { analysisEn } from '../src/i18n/analysis-en.js';
import { analysisRefusalsEn } from '../src/i18n/analysis-refusals-en.js';
import { analysisRefusalsZhCN } from '../src/i18n/analysis-refusals-zh-CN.js';
import { analysisRefusalsZhTW } from '../src/i18n/analysis-refusals-zh-TW.js';
import { analysisZhCN } from '../src/i18n/analysis-zh-CN.js';
import { analysisZhTW } from '../src/i18n/analysis-zh-TW.js';
import { addWords, changeLanguage, initI18n, type Language } from '../src/i18n/index.js';

// the pages load a game's analysis entry before its board reads it (analysis/games.ts)
beforeAll(() => Promise.all(GAME_IDS.map(loadAnalysisGame)));

/**
 * The analysis board's refusals of a link, a pasted text or the editor's position are worded by their code in the
 * page's language: with the detail the page reads itself (which move, how many rows or marbles) in every language,
 * the engine's English reason added on English pages only.
 */

const WORDS = { en: analysisEn, 'zh-CN': analysisZhCN, 'zh-TW': analysisZhTW } as const;
/** The refusals' words, which come with the editor's chunk or when the page says a refusal. */
const REFUSAL_WORDS = { en: analysisRefusalsEn, 'zh-CN': analysisRefusalsZhCN, 'zh-TW': analysisRefusalsZhTW } as const;
/** The editor's words, which come with its chunk. */
const EDITOR_WORDS = { en: analysisEditorEn, 'zh-CN': analysisEditorZhCN, 'zh-TW': analysisEditorZhTW } as const;

/** Chinese words with their placeholders and any game notation taken out: nothing Latin may be left. */
const latin = (text: string, ...notation: string[]): boolean => {
  let rest = text.replace(/\{\{\w+\}\}/g, '');
  for (const n of notation) rest = rest.split(n).join('');
  return /[A-Za-z]/.test(rest);
};

beforeAll(async () => {
  await initI18n('en');
  await addWords(async (lng: Language) => WORDS[lng]);
  await addWords(async (lng: Language) => EDITOR_WORDS[lng]);
  await addWords(async (lng: Language) => REFUSAL_WORDS[lng]);
});

it('every refusal of the board has words in each language, the Chinese ones without English', () => {
  for (const words of Object.values(REFUSAL_WORDS)) {
    const refusals = words.analysis.refusals;
    expect(Object.keys(refusals).sort()).toEqual([...ANALYSIS_REFUSALS, 'detail'].sort());
    for (const [code, text] of Object.entries(refusals)) expect(text.trim(), code).not.toBe('');
  }
  for (const words of [analysisRefusalsZhCN, analysisRefusalsZhTW]) {
    // Chinese Checkers' colour letters are the position's notation
    for (const [code, text] of Object.entries(words.analysis.refusals))
      expect(latin(text, 'r o y g b p'), code).toBe(false);
  }
  for (const words of [analysisZhCN, analysisZhTW]) expect(latin(words.analysis.link.refused)).toBe(false);
  for (const words of [analysisEditorZhCN, analysisEditorZhTW]) expect(latin(words.analysis.jq.unread)).toBe(false);
  // the Chinese pages leave the engine's English reason out
  expect(analysisRefusalsZhCN.analysis.refusals.detail).not.toContain('{{detail}}');
  expect(analysisRefusalsZhTW.analysis.refusals.detail).not.toContain('{{detail}}');
});

/** The refusal's words in each language: all three differ, and the Chinese ones carry no English. */
const inEachLanguage = async (r: AnalysisRefusal, ...notation: string[]): Promise<Record<Language, string>> => {
  const said = {} as Record<Language, string>;
  for (const lng of ['en', 'zh-CN', 'zh-TW'] as const) {
    await changeLanguage(lng);
    said[lng] = refusalText(r);
    if (lng !== 'en') expect(latin(said[lng], ...notation), said[lng]).toBe(false);
  }
  await changeLanguage('en');
  expect(new Set(Object.values(said)).size).toBe(3);
  return said;
};

const refusedStart = (def: Parameters<typeof makeStart>[0], game: Parameters<typeof makeStart>[1], spec: StartSpec) => {
  const s = makeStart(def, game, spec);
  if (s.ok) throw new Error(`the start was not refused: ${spec.position}`);
  return startRefusal(game, spec, s.error);
};

describe('the board’s refusals, worded in the page’s language', () => {
  it('a damaged link, and the exported lines pasted back with a mistake', async () => {
    for (const text of ['{"o":', 'null', '{"o":{"players":2}}', '{"p":3}', '{"at":[-1]}', '{"t":["",["a1"]]}']) {
      const d = decodeBoard(text);
      if (d.ok) throw new Error(`${text} was read`);
      await inEachLanguage(d);
    }
    for (const text of ['wS1', '1. a1 2. ', '(1. a1)', '1. a1)', '1. a1 (1. b1']) {
      const m = parseMovetext(text);
      if (m.ok) throw new Error(`${text} was read`);
      await inEachLanguage(m, 'wS1');
    }
    expect((await inEachLanguage({ code: 'lines-no-number', params: { text: 'wS1' } }, 'wS1'))['zh-CN']).toBe(
      '“wS1”前面没有步数（应写成“1. wS1”）。',
    );
  });

  it('a move of the lines that cannot be played: which move, its number and why', async () => {
    const root = makeStart(hive, 'hive', { options: {}, position: '' });
    if (!root.ok) throw new Error(root.error.reason);
    const failed = playLine(root.value.root, ['wS1', 'wQ -wS1']).failed;
    expect(failed?.index).toBe(1);
    const r: AnalysisRefusal = {
      code: 'move-refused',
      params: { move: 'wQ -wS1', ply: 2 },
      cause: { code: failed!.code, reason: failed!.reason },
    };
    const said = await inEachLanguage(r, 'wQ -wS1');
    expect(said.en).toMatch(/^wQ -wS1 \(move 2\): .+ \(.+\)$/);
    expect(said['zh-CN']).toMatch(/^第 2 步 wQ -wS1：/);
  });

  it('a record or position the engine cannot read: its code’s words, the engine’s reason on English pages only', async () => {
    const r = refusedStart(hive, 'hive', { options: {}, position: 'Base;InProgress;White[2];wS1;bQ wS9' });
    expect(r.reason).toBeTruthy();
    const said = await inEachLanguage(r);
    expect(said.en).toContain(r.reason);
    expect(said['zh-CN']).not.toContain(r.reason);
    // an Abalone record's move it cannot read, quoted as the player wrote it
    const o = abalone.parseOptions({});
    const game = o.ok ? abalone.create(o.value) : o;
    if (!game.ok) throw new Error(game.error.reason);
    for (let i = 0; i < 2; i++) {
      const g = game.value;
      const [move] = g.legalMoves(i);
      if (!move || !g.play(move, i).ok) throw new Error('no opening move');
    }
    const spec = { options: {}, position: `${abalone.exportGame(game.value).trim()} 2. no` };
    const s = makeStart(abalone, 'abalone', spec);
    if (s.ok) throw new Error('the record was read');
    expect(startRefusal('abalone', spec, s.error, abalone)).toMatchObject({
      code: 'move-refused',
      params: { move: 'no', ply: 3 },
    });
    await inEachLanguage(startRefusal('abalone', spec, s.error, abalone), 'no');
  });

  it('a Hive game string with a move that cannot be read: which move, its number and why', async () => {
    const spec = { options: {}, position: 'Base;InProgress;White[2];wS1;bQ wS9' };
    const s = makeStart(hive, 'hive', spec);
    if (s.ok) throw new Error('the game string was read');
    const r = startRefusal('hive', spec, s.error, hive);
    expect(r).toMatchObject({ code: 'move-refused', params: { move: 'bQ wS9', ply: 2 }, reason: s.error.reason });
    const said = await inEachLanguage(r, 'bQ wS9');
    expect(said['zh-CN']).toMatch(/^第 2 步 bQ wS9：/);
    expect(said.en).toMatch(/^bQ wS9 \(move 2\): .+\(.*MoveString.*\)$/);
  });

  it('Chinese Checkers’ rows and Abalone’s marbles, counted by the page', async () => {
    const cc = refusedStart(chineseCheckers, 'chinese-checkers', {
      options: {},
      position: '[Players "2"]\n[Setup "1/2/3 r"]\n',
    });
    expect(cc).toMatchObject({ code: 'cc-rows', params: { rows: 3, expected: 17 } });
    const ccSaid = await inEachLanguage(cc);
    expect(ccSaid.en).toBe('a position has 17 rows, not 3');
    expect(ccSaid['zh-CN']).toBe('局面应有 17 行，这里有 3 行。');

    const star = ['1', '2', '3', '4', '13', '12', '11', '10', '9', '10', '11', '12', '13', '4', '3', '2', '1'];
    for (const [rows, code, params] of [
      [star, 'cc-fields', undefined],
      [
        ['1', '2', '3', '4', '13', '12', '11', '10', '9', '10', '11', 'r12', '13', '4', '3', '2', '1'],
        'cc-row-points',
        { row: 12, points: 13, expected: 12 },
      ],
      [
        ['1', '2', '3', '4', '13', '12', '11', '10', '9', '10', '11', '12', '13', 'x3', '3', '2', '1'],
        'cc-row-letter',
        { row: 14, letter: 'x' },
      ],
    ] as const) {
      const position = `${rows.join('/')}${code === 'cc-fields' ? '' : ' r'}`;
      const r = refusedStart(chineseCheckers, 'chinese-checkers', { options: {}, position: `[Setup "${position}"]\n` });
      expect(r, code).toMatchObject({ code, ...(params ? { params } : {}) });
      await inEachLanguage(r, 'r o y g b p', 'x');
    }

    const cells = `${'.'.repeat(53)}bbbbbbbb w`;
    const ab = refusedStart(abalone, 'abalone', { options: { setup: cells }, position: '' });
    expect(ab).toMatchObject({ code: 'ab-too-few', params: { side: 'abalone.black', n: 8 } });
    const abSaid = await inEachLanguage(ab);
    expect(abSaid.en).toBe('Black has 8 marbles: with six pushed off the game is already over');
    expect(abSaid['zh-CN']).toBe('黑方只有 8 颗弹珠：被推出六颗时对局已经结束。');
  });

  it('a Junqi army whose text cannot be read: where, in every language', async () => {
    for (const [text, code] of [
      ['71316', 'jq-rows'],
      ['71316/4+2+5/93+8B/2+3+7/6B154/MFM2', 'jq-row-points'],
      ['71316/4+2+5/93+8B/2+3+7/6B154/MFM2Q', 'jq-letter'],
      ['+1316/4+2+5/93+8B/2+3+7/6B154/MFM2M', 'jq-camp-mark'],
    ] as const) {
      const read = readDeployments(`,${text}`, 2);
      const refusal = read.unread[0]?.refusal;
      expect(refusal?.code, text).toBe(code);
      await inEachLanguage(refusal!, 'Q');
    }
  });
});
