import { abalone } from '@qiyuan/abalone';
import { chineseCheckers } from '@qiyuan/chinese-checkers';
import type { Failure, GameDefinition, GameId, JsonObject, Result } from '@qiyuan/core';
import { hive } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineRefusalsEn } from '../src/i18n/engine-refusals.js';
import { engineRefusalsZhCN } from '../src/i18n/engine-refusals-zh-CN.js';
import { engineRefusalsZhTW } from '../src/i18n/engine-refusals-zh-TW.js';
import { changeLanguage, initI18n } from '../src/i18n/index.js';
import { answerAsk } from '../src/play/ai-ask.js';
import { ENGINE_REFUSALS, engineRefusalText } from '../src/play/engine-refusals.js';
import { LocalSession } from '../src/play/session.js';

/** The engines running in the browser refuse in English; the player reads each refusal in the page's language. */

const LANGUAGES = [
  ['en', engineRefusalsEn],
  ['zh-CN', engineRefusalsZhCN],
  ['zh-TW', engineRefusalsZhTW],
] as const;

it('every engine refusal the web can show has words in each language, the Chinese ones without English', () => {
  for (const [, words] of LANGUAGES) {
    expect(Object.keys(words.engineRefusals.codes).sort()).toEqual([...ENGINE_REFUSALS].sort());
    for (const [code, text] of Object.entries(words.engineRefusals.codes)) expect(text.trim(), code).not.toBe('');
  }
  // English names a Chinese term only in brackets after its English words: capture checkers (食棋)
  const { codes, other, brokenSave } = engineRefusalsEn.engineRefusals;
  for (const [code, text] of Object.entries({ ...codes, other, brokenSave })) {
    expect(text.replace(/ \(\p{Script=Han}+\)/gu, ''), code).not.toMatch(/\p{Script=Han}/u);
  }
  for (const words of [engineRefusalsZhCN, engineRefusalsZhTW]) {
    const { codes, other, brokenSave } = words.engineRefusals;
    for (const [code, text] of Object.entries({ ...codes, other, brokenSave })) {
      expect(text, code).not.toMatch(/[A-Za-z]/);
    }
  }
});

const failure = <T>(r: Result<T, Failure>): Failure => {
  if (r.ok) throw new Error('the engine accepted it');
  return r.error;
};

const created = (def: GameDefinition, options: Record<string, string>): Result<unknown, Failure> => {
  const parsed = def.parseOptions(options);
  return parsed.ok ? def.create(parsed.value) : parsed;
};

const junqiFour = () => {
  const o = junqi.parseOptions({ players: '4', teams: 'ffa' });
  if (!o.ok) throw new Error(o.error.reason);
  const g = junqi.create(o.value);
  if (!g.ok) throw new Error(g.error.reason);
  return g.value;
};

// [where a player meets it, the refusal the engine gives there, its code]
const cases: [string, () => Failure | Promise<Failure>, string][] = [
  [
    'form: 15 pieces for four players',
    () => failure(created(chineseCheckers as unknown as GameDefinition, { players: '4', pieces: '15' })),
    'pieces-for-players',
  ],
  [
    'form: 食棋 with 15 pieces',
    () => failure(created(chineseCheckers as unknown as GameDefinition, { variant: 'capture', pieces: '15' })),
    'capture-pieces',
  ],
  [
    'form: 食棋 with pass-through corners',
    () => failure(created(chineseCheckers as unknown as GameDefinition, { variant: 'capture', corners: 'pass' })),
    'capture-corners',
  ],
  [
    'form: a Hive position that is not one',
    () => failure(created(hive as unknown as GameDefinition, { position: 'Base;NotStarted' })),
    'bad-game-string',
  ],
  [
    'form: a Hive position with a move that cannot be played',
    () => failure(created(hive as unknown as GameDefinition, { position: 'Base;InProgress;Black[1];wS1;bQ' })),
    'game-string-move',
  ],
  [
    'form: a Hive position whose moves lead to another turn',
    () => failure(created(hive as unknown as GameDefinition, { position: 'Base;InProgress;White[5];wS1;bS1 wS1-' })),
    'game-string-mismatch',
  ],
  [
    'saved game: a Hive snapshot gone wrong',
    () => failure(hive.fromSnapshot({ moves: 3 } as unknown as JsonObject)),
    'bad-snapshot',
  ],
  [
    'saved game: an Abalone snapshot gone wrong',
    () => failure(abalone.fromSnapshot({ game: 'abalone' } as unknown as JsonObject)),
    'bad-snapshot',
  ],
  [
    'one screen: Junqi, a seat that resigned while deploying deploys',
    () => {
      const g = junqiFour();
      if (!g.apply({ type: 'resign', seat: 2 }).ok) throw new Error('resign refused');
      return failure(g.play(g.legalMoves(0)[0]!, 2));
    },
    'already-out',
  ],
  [
    'one screen: Junqi, a seat deploys twice',
    () => {
      const g = junqiFour();
      const setup = g.legalMoves(1)[0]!;
      if (!g.play(setup, 1).ok) throw new Error('setup refused');
      return failure(g.play(setup, 1));
    },
    'already-set-up',
  ],
  [
    'replay: an AI level that does not exist',
    async () => {
      const g = created(hive as unknown as GameDefinition, {});
      if (!g.ok) throw new Error(g.error.reason);
      const snapshot = (g.value as { snapshot(): JsonObject }).snapshot();
      const reply = await answerAsk({ id: 1, game: 'hive', player: 'nobody@nothing', seat: 0, snapshot });
      if (reply.ok) throw new Error('the AI answered');
      return reply.error;
    },
    'bad-player',
  ],
  [
    'replay: a game this device has no AI for',
    async () => {
      const reply = await answerAsk({ id: 1, game: 'weiqi' as GameId, player: '2', seat: 0, snapshot: {} });
      if (reply.ok) throw new Error('the AI answered');
      return reply.error;
    },
    'no-ai',
  ],
];

// the catalogue starts once (a second start would drop the words loaded); each test then picks its language
beforeAll(() => initI18n('en'));

describe('the engines’ refusals a player meets', () => {
  it.each(cases)('%s', async (_where, refuse, code) => {
    const refused = await refuse();
    expect(refused.code).toBe(code);
    expect(ENGINE_REFUSALS as readonly string[]).toContain(code);
    await changeLanguage('zh-CN');
    const zh = engineRefusalText(refused);
    expect(zh).toBe(
      engineRefusalsZhCN.engineRefusals.codes[code as keyof typeof engineRefusalsZhCN.engineRefusals.codes],
    );
    expect(zh).not.toContain(refused.reason);
    await changeLanguage('zh-TW');
    expect(engineRefusalText(refused)).toBe(
      engineRefusalsZhTW.engineRefusals.codes[code as keyof typeof engineRefusalsZhTW.engineRefusals.codes],
    );
  });
});

it('words a code it does not know in the page’s language, and an online game’s codes by the older list', async () => {
  await changeLanguage('zh-CN');
  expect(engineRefusalText({ code: 'from-the-future', reason: 'something new' })).toBe('这里不能这样做。');
  expect(engineRefusalText('network')).toBe('网络错误');
  await changeLanguage('en');
  expect(engineRefusalText({ code: 'from-the-future', reason: 'something new' })).toBe('That cannot be done here.');
  expect(engineRefusalText('already-out')).toBe('This army is already out of the game.');
});

it('keeps the code of a refusal at one screen, worded on the page in its language', async () => {
  // Junqi for four, every army for itself: Green resigns while deploying, then its resignation comes again
  const def = junqi as unknown as GameDefinition;
  const made = LocalSession.create(def, 'junqi', 'hotseat', { players: '4', teams: 'ffa' }, [], 1);
  if (!made.ok) throw new Error(made.error.reason);
  const game = def.fromSnapshot(made.save.snapshot);
  if (!game.ok) throw new Error(game.error.reason);
  const session = new LocalSession(def, game.value, made.save, true);
  session.resign(2);
  expect(session.state.get().error).toBeUndefined();
  session.resign(2);
  expect(session.state.get().error).toBe('already-out');
  await changeLanguage('zh-TW');
  expect(engineRefusalText(session.state.get().error!)).toBe('這一方已經出局。');
  session.destroy();
});
