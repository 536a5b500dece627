import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import type { EngineRunProps, EngineRun as Run } from './engine-run.js';
import { chosenThreads, defaultEngineThreads, engineThreadChoices } from './engine-threads.js';
import { analysisGame } from './games.js';

/** Where the player's choice of threads is kept between visits. */
const THREADS_KEY = 'qiyuan.engine-threads';

/** The device's thread choices and the one to start with: the player's saved one, or the default for the device. */
const threadSetting = (): { choices: number[]; initial: number } => {
  const cores = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency;
  const isolated = typeof crossOriginIsolated === 'boolean' && crossOriginIsolated;
  const choices = engineThreadChoices(cores, isolated);
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(THREADS_KEY);
  } catch {
    // no storage: the default each visit
  }
  return { choices, initial: chosenThreads(saved, choices, defaultEngineThreads(cores, isolated)) };
};

/** The engine's running part (engine-run.tsx), once fetched: on the first start. */
let running: typeof Run | undefined;

/**
 * The engine beside the board: start and stop, the number of lines and of threads; once started, its running part
 * (engine-run.tsx: the worker, each finished depth's lines with their scores, the evaluation bar), a chunk fetched on
 * the first start, so that a board the engine never runs on goes without it.
 */
export const EnginePanel = (board: Omit<EngineRunProps, 'on' | 'count' | 'threads'>) => {
  const [on, setOn] = useState(false);
  const [count, setCount] = useState(3);
  const [threadChoices] = useState(threadSetting);
  const [threads, setThreads] = useState(threadChoices.initial);
  const [Running, setRunning] = useState(() => running);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!on || Running) return;
    let live = true;
    setFailed(false);
    import('./engine-run.js').then(
      async (m) => {
        // drawn once its words are in (or without them if they cannot load, as every page is)
        await m.runWordsReady.catch(() => undefined);
        running = m.EngineRun;
        if (live) setRunning(() => m.EngineRun);
      },
      // offline before its chunk was cached
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [on, Running]);
  return (
    <section aria-labelledby="engine-title" class="analysis-engine" data-testid="engine">
      <h2 id="engine-title">{t('analysis.engine.title')}</h2>
      <div class="actions">
        <button
          type="button"
          class={on ? '' : 'primary'}
          data-testid="engine-toggle"
          aria-pressed={on}
          onClick={() => setOn(!on)}
        >
          {on ? t('analysis.engine.stop') : t('analysis.engine.start')}
        </button>
        <label class="inline">
          <span>{t('analysis.engine.lines')}</span>
          <select
            value={String(count)}
            data-testid="engine-lines"
            onChange={(e) => setCount(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {threadChoices.choices.length > 1 && (
          <label class="inline" title={t('analysis.engine.threadsTitle')}>
            <span>{t('analysis.engine.threads')}</span>
            <select
              value={String(threads)}
              data-testid="engine-threads"
              onChange={(e) => {
                const n = Number((e.currentTarget as HTMLSelectElement).value);
                setThreads(n);
                try {
                  localStorage.setItem(THREADS_KEY, String(n));
                } catch {
                  // kept for this visit only
                }
              }}
            >
              {threadChoices.choices.map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {analysisGame(board.gameId).beliefs && <p class="muted">{t('analysis.engine.beliefs')}</p>}
      {Running ? (
        <Running {...board} on={on} count={count} threads={threads} />
      ) : (
        on &&
        (failed ? (
          <p class="error" data-testid="engine-error" data-code="crashed">
            {t('errors.network')}
          </p>
        ) : (
          <p aria-busy="true">{t('analysis.engine.loading')}</p>
        ))
      )}
    </section>
  );
};
