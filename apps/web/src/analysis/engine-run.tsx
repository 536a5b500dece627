/**
 * The analysis engine at work, beside its controls (engine-panel.tsx): the worker, which searches each new position
 * while the engine is on, its lines with their scores, the evaluation bar and why it stopped. A chunk of its own,
 * fetched on the first start: a board the engine never runs on draws the controls alone.
 */
import type { Analysis, Score } from '@qiyuan/ai';
import type { Game, GameId } from '@qiyuan/core';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatNumber } from '../i18n/format.js';
import { addWords, type Language, t } from '../i18n/index.js';
import type { EngineAsk, EngineReply } from './engine-protocol.js';
import { type EngineStop, engineStopText } from './engine-stops.js';
import { analysisGame } from './games.js';

// Its words, a chunk per language: the language shown comes with this chunk (the panel draws it once they are in),
// another on a switch to it
const WORDS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('../i18n/engine-run-en.js')).engineRunEn,
  'zh-CN': async () => (await import('../i18n/engine-run-zh-CN.js')).engineRunZhCN,
  'zh-TW': async () => (await import('../i18n/engine-run-zh-TW.js')).engineRunZhTW,
};
export const runWordsReady: Promise<void> = addWords((lng) => WORDS[lng]());

/** How a score reads: a proven win or loss in plies, else the evaluation's own units, signed. */
export const scoreText = (s: Score): string =>
  'win' in s
    ? t('analysis.engine.win', { n: s.win })
    : 'loss' in s
      ? t('analysis.engine.loss', { n: s.loss })
      : s.cp > 0
        ? `+${s.cp}`
        : String(s.cp);

/**
 * The bar's fill for the side to move, 0 to 1: a proven win fills it, a proven loss empties it. Each game's analysis
 * entry gives the score at which the bar is three-quarters full (the units differ — docs/AI.md: a Hive ring tile 60,
 * an Abalone marble 1,000, a Chinese Checkers step 10–20, a Junqi rank ×100).
 */
export const barShare = (game: GameId, s: Score): number => {
  if ('win' in s) return 1;
  if ('loss' in s) return 0;
  return 1 / (1 + 3 ** (-s.cp / analysisGame(game).scale));
};

/** A side-to-move score as the other seat reads it (two seats: one's gain is the other's loss). */
export const flipScore = (s: Score): Score =>
  'win' in s ? { loss: s.win } : 'loss' in s ? { win: s.loss } : { cp: -s.cp };

type EngineState =
  | { readonly kind: 'off' }
  | { readonly kind: 'loading' }
  | {
      readonly kind: 'running' | 'done' | 'stopped';
      readonly analysis?: Analysis;
      /** Nodes the helper threads searched (their last finished search). */
      readonly helperNodes?: number;
    }
  // worded when drawn (engine-stops.ts), so a switch of language rewords it
  | { readonly kind: 'error'; readonly stop: EngineStop };

export interface EngineRunProps {
  gameId: GameId;
  game: Game;
  /** Changes whenever the position shown changes. */
  positionKey: string;
  seatName: (seat: number) => string;
  onPlay: (move: string) => void;
  /** The first move of each line shown (for the board's arrows), empty when none. */
  onLines: (firstMoves: readonly string[]) => void;
  /** The engine's switch, the number of lines and of threads: the panel's controls. */
  on: boolean;
  count: number;
  threads: number;
}

/**
 * The worker is created on each start, and a new one searches each new position while running; the running one is
 * ended, since a search cannot be interrupted from outside. Kept drawn once fetched, so a stopped engine's last lines
 * stay until the position changes.
 */
export const EngineRun = ({
  gameId,
  game,
  positionKey,
  seatName,
  onPlay,
  onLines,
  on,
  count,
  threads,
}: EngineRunProps) => {
  const [state, setState] = useState<EngineState>({ kind: 'off' });
  const worker = useRef<Worker | undefined>(undefined);
  const asked = useRef(0);

  const halt = () => {
    worker.current?.terminate();
    worker.current = undefined;
  };
  useEffect(() => halt, []);

  const searched = useRef('');
  useEffect(() => {
    halt();
    if (!on) {
      // stopped on the position searched: its last lines stay (and their arrows) until the position changes
      if (searched.current === positionKey) {
        setState((st) => (st.kind === 'running' || st.kind === 'done' ? { ...st, kind: 'stopped' } : st));
        return;
      }
      onLines([]);
      setState({ kind: 'off' });
      return;
    }
    onLines([]);
    searched.current = positionKey;
    if (game.outcome() || game.turn().kind === 'over') {
      setState({ kind: 'error', stop: { code: 'no-move' } });
      return;
    }
    const id = ++asked.current;
    setState({ kind: 'loading' });
    const w = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    w.onmessage = (e: MessageEvent<EngineReply>) => {
      const r = e.data;
      if (r.id !== asked.current) return;
      if (r.kind === 'lines') {
        setState({ kind: 'running', analysis: r.analysis, helperNodes: r.helperNodes });
        onLines(r.analysis.lines.map((l) => l.moves[0]!).filter(Boolean));
      } else if (r.kind === 'done') {
        setState((s) => (s.kind === 'running' ? { ...s, kind: 'done' } : s));
      } else setState({ kind: 'error', stop: { code: r.code, reason: r.reason } });
    };
    // a worker that does not load (its chunk missing offline) or throws outside the search
    w.onerror = (e) => setState({ kind: 'error', stop: { code: 'crashed', reason: e.message } });
    const ask: EngineAsk = { id, game: gameId, snapshot: game.snapshot(), lines: count, maxDepth: 12, threads };
    w.postMessage(ask);
    setState({ kind: 'running' });
  }, [on, positionKey, count, threads]);

  const analysis =
    state.kind === 'running' || state.kind === 'done' || state.kind === 'stopped' ? state.analysis : undefined;
  // two seats: the bar is always the first seat's (it does not swap sides with every move); more: the seat to move's
  const barSeat = game.seatCount === 2 ? 0 : (analysis?.seat ?? 0);
  // the bar and every line read from the same side, as lichess shows both for White: the engine scores for the seat to
  // move, so with two seats a line of the other seat's turn is read the other way round
  const fromBarSeat = (s: Score): Score => (analysis && analysis.seat !== barSeat ? flipScore(s) : s);
  const first = analysis?.lines[0];
  const best = first && { ...first, score: fromBarSeat(first.score) };
  const share = best ? barShare(gameId, best.score) : 0.5;
  return (
    <>
      {analysis?.fullInformation && (
        <p class="muted" data-testid="engine-full-information">
          {t('analysis.engine.fullInformation')}
        </p>
      )}
      {best && (
        <div
          class="eval-bar"
          data-testid="eval-bar"
          data-share={share.toFixed(3)}
          title={t('analysis.engine.bar', { score: scoreText(best.score) })}
        >
          <span style={{ width: `${(share * 100).toFixed(1)}%` }} />
          <small>
            {scoreText(best.score)} {t('analysis.engine.barFor', { player: seatName(barSeat) })}
          </small>
        </div>
      )}
      {state.kind === 'loading' && <p aria-busy="true">{t('analysis.engine.loading')}</p>}
      {state.kind === 'running' && !analysis && <p aria-busy="true">{t('analysis.engine.thinking')}</p>}
      {state.kind === 'error' && (
        <p class="error" data-testid="engine-error" data-code={state.stop.code}>
          {engineStopText(state.stop)}
        </p>
      )}
      {analysis && (
        <>
          <p
            class="muted"
            data-testid="engine-depth"
            data-threads={analysis.threads}
            data-helper-nodes={'helperNodes' in state ? (state.helperNodes ?? 0) : 0}
          >
            {t('analysis.engine.depth', { depth: analysis.depth, nodes: formatNumber(analysis.nodes) })}
            {analysis.threads > 1 ? ` · ${t('analysis.engine.searchThreads', { count: analysis.threads })}` : ''}
            {state.kind === 'done' ? ` · ${t('analysis.engine.done')}` : ''}
          </p>
          <p class="muted small" data-testid="engine-lines-for">
            {t('analysis.engine.linesFor', { player: seatName(barSeat) })}
          </p>
          <ol class="engine-lines">
            {analysis.lines.map((l) => (
              <li key={l.moves[0]} data-testid="engine-line">
                <strong class="score">{scoreText(fromBarSeat(l.score))}</strong>{' '}
                <button
                  type="button"
                  class="link"
                  title={t('analysis.engine.play', { move: l.moves[0] })}
                  onClick={() => onPlay(l.moves[0]!)}
                >
                  {l.moves[0]}
                </button>{' '}
                <span class="muted">{l.moves.slice(1).join(' · ')}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
};
