import { abalone } from '@qiyuan/abalone';
import { junqi } from '@qiyuan/junqi';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineAsk, EngineReply } from '../src/analysis/engine-protocol.js';
import { ENGINE_STOPS, engineStopText } from '../src/analysis/engine-stops.js';
import { engineRunEn } from '../src/i18n/engine-run-en.js';
import { engineRunZhCN } from '../src/i18n/engine-run-zh-CN.js';
import { engineRunZhTW } from '../src/i18n/engine-run-zh-TW.js';
import { addWords, changeLanguage, initI18n, type Language } from '../src/i18n/index.js';

/**
 * The analysis board's engine answers with the engine's code; the panel words it in the page's language — never the
 * engine's English reason, and anew after a switch of language.
 */

// the stops' words come with the engine's running part (engine-run.tsx)
const WORDS = { en: engineRunEn, 'zh-CN': engineRunZhCN, 'zh-TW': engineRunZhTW } as const;

const worker = globalThis as unknown as {
  onmessage: ((e: { data: EngineAsk }) => void) | null;
  postMessage: (m: EngineReply) => void;
};

/** What the worker answers `ask` (it runs in this process: its `postMessage` collects the replies). */
const answer = async (ask: EngineAsk): Promise<EngineReply[]> => {
  const replies: EngineReply[] = [];
  worker.postMessage = (m) => replies.push(m);
  await import('../src/analysis/engine.worker.js');
  worker.onmessage?.({ data: ask });
  return replies;
};

const stopOf = async (
  ask: Omit<EngineAsk, 'id' | 'lines' | 'maxDepth' | 'threads'>,
): Promise<{ code: string; reason: string }> => {
  const replies = await answer({ id: 1, lines: 1, maxDepth: 1, threads: 1, ...ask });
  const last = replies.at(-1);
  if (last?.kind !== 'error') throw new Error(`the engine did not stop: ${JSON.stringify(last)}`);
  return last;
};

beforeAll(async () => {
  await initI18n('en');
  await addWords(async (lng: Language) => WORDS[lng]);
});

it('every reason the engine stops for has words in each language, the Chinese ones without English', () => {
  for (const words of Object.values(WORDS)) {
    const stops = words.analysis.engine.stops;
    expect(Object.keys(stops).sort()).toEqual([...ENGINE_STOPS, 'other'].sort());
    for (const [code, text] of Object.entries(stops)) expect(text.trim(), code).not.toBe('');
  }
  for (const words of [engineRunZhCN, engineRunZhTW]) {
    for (const [code, text] of Object.entries(words.analysis.engine.stops)) expect(text, code).not.toMatch(/[A-Za-z]/);
  }
});

describe('the worker’s stops, worded in the page’s language', () => {
  const junqiDeploying = () => {
    const o = junqi.parseOptions({});
    if (!o.ok) throw new Error(o.error.reason);
    const g = junqi.create(o.value);
    if (!g.ok) throw new Error(g.error.reason);
    return g.value.snapshot();
  };
  const abaloneResigned = () => {
    const o = abalone.parseOptions({});
    if (!o.ok) throw new Error(o.error.reason);
    const g = abalone.create(o.value);
    if (!g.ok) throw new Error(g.error.reason);
    g.value.apply({ type: 'resign', seat: 0 });
    return g.value.snapshot();
  };
  const cases = [
    ['a game it has no engine for', { game: 'chess' as never, snapshot: {} }, 'no-engine'],
    ['a snapshot it cannot read', { game: 'hive', snapshot: 'garbage' }, 'bad-snapshot'],
    ['Junqi while the armies deploy', { game: 'junqi', snapshot: junqiDeploying() }, 'not-searchable'],
    ['a game over', { game: 'abalone', snapshot: abaloneResigned() }, 'game-over'],
  ] as const;

  for (const [where, ask, code] of cases) {
    it(`says why it stopped on ${where}, in each language`, async () => {
      const stop = await stopOf(ask);
      expect(stop.code).toBe(code);
      const said: string[] = [];
      for (const lng of ['en', 'zh-CN', 'zh-TW'] as const) {
        await changeLanguage(lng);
        const text = engineStopText(stop);
        expect(text).not.toContain(stop.reason);
        expect(text).not.toBe(WORDS[lng].analysis.engine.stops.other);
        if (lng !== 'en') expect(text).not.toMatch(/[A-Za-z]/);
        said.push(text);
      }
      expect(new Set(said).size).toBe(3);
      await changeLanguage('en');
    });
  }

  it('words a code it does not know in a general sentence, not the engine’s reason', async () => {
    await changeLanguage('zh-CN');
    expect(engineStopText({ code: 'something-new', reason: 'an English reason' })).toBe(
      engineRunZhCN.analysis.engine.stops.other,
    );
    await changeLanguage('en');
    expect(engineStopText({ code: 'crashed', reason: 'TypeError: x is undefined' })).toBe(
      engineRunEn.analysis.engine.stops.crashed,
    );
  });
});
