import type { MoveClass, PlyReview } from '@qiyuan/ai';
import type { PlayRecord, Seat } from '@qiyuan/core';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { addWords, type Language, t } from '../i18n/index.js';
import { getJson } from '../online/wire.js';
import { type StoredReview, seriesOf } from './review-series.js';
import './review.css';

/**
 * The computer review of a finished server game on its replay page (issue #22): the button that asks the server for
 * it, the wait (polled: docs/PROTOCOL.md, "Computer review"), then a graph of the evaluation over the game where a
 * click goes to that move, each move's class in the move list with the move the computer preferred, and a summary
 * per player. The review itself is made and stored by the server.
 */

// The review's words, a chunk per language: the language shown loads with the replay's chunk (the page waits for it
// before it draws a replay), another on a switch to it — not with every page, nor every language with the replay.
const WORDS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('../i18n/review.js')).reviewEn,
  'zh-CN': async () => (await import('../i18n/review-zh-CN.js')).reviewZhCN,
  'zh-TW': async () => (await import('../i18n/review-zh-TW.js')).reviewZhTW,
};
export const reviewWordsReady: Promise<void> = addWords((lng) => WORDS[lng]());

export type { StoredReview } from './review-series.js';

/** `GET /api/games/:id/review`, and the `review` of `GET /api/games/:id`. */
export type ReviewState =
  | { readonly status: 'none' }
  | { readonly status: 'pending'; readonly requestedAt: number }
  | { readonly status: 'done'; readonly review: StoredReview }
  | { readonly status: 'failed'; readonly reason: string };

/** What the panel shows: the server's state, or why the last request was refused (a catalogue key and its values). */
export interface ReviewHandle {
  readonly state: ReviewState;
  readonly refused: { readonly key: string; readonly seconds?: number } | undefined;
  readonly byPly: ReadonlyMap<number, PlyReview>;
  request(): void;
}

/** How often a pending review is asked about. */
const POLL_MS = 1500;

const REFUSALS = ['review-limit', 'review-busy', 'not-over', 'not-found'];

/** The review of server game `gameId`, starting from what the replay's load said (`initial`). */
export const useReview = (gameId: string, initial: ReviewState | undefined): ReviewHandle => {
  const [state, setState] = useState<ReviewState>(initial ?? { status: 'none' });
  const [refused, setRefused] = useState<ReviewHandle['refused']>();
  const url = `api/games/${encodeURIComponent(gameId)}/review`;
  // while the server makes it, ask where it stands until it is done or failed
  useEffect(() => {
    if (state.status !== 'pending') return;
    const timer = setTimeout(async () => {
      const r = await getJson<ReviewState>(url);
      setState((cur) => (cur.status !== 'pending' ? cur : r.ok ? r.value : cur));
      if (!r.ok) setRefused({ key: 'other' });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [state, url]);
  const request = () => {
    setRefused(undefined);
    void (async () => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
        const body = (await res.json().catch(() => undefined)) as
          | (ReviewState & { code?: string; retryAfter?: number })
          | undefined;
        if (res.ok && body && 'status' in body) return setState(body);
        const code = body?.code ?? '';
        setRefused(
          REFUSALS.includes(code)
            ? { key: code, ...(body?.retryAfter === undefined ? {} : { seconds: body.retryAfter }) }
            : { key: 'other' },
        );
      } catch {
        setRefused({ key: 'other' });
      }
    })();
  };
  const byPly = useMemo(
    () => new Map(state.status === 'done' ? state.review.plies.map((p) => [p.ply, p] as const) : []),
    [state],
  );
  return { state, refused, byPly, request };
};

/** The marks lichess made familiar: none for a good move. */
const SYMBOL: Record<MoveClass, string> = { best: '✓', good: '', inaccuracy: '?!', mistake: '?', blunder: '??' };
/** The classes a summary counts. */
const JUDGED = ['inaccuracy', 'mistake', 'blunder'] as const;

/** A move's class in the move list, and the move the computer preferred when it was not the best. */
export const ReviewMark = ({
  review,
  ply,
  text,
}: {
  review: ReviewHandle;
  ply: number;
  /** The best move as the move list writes moves. */
  text: (record: PlayRecord) => string;
}) => {
  const p = review.byPly.get(ply);
  if (!p) return null;
  const judged = p.class === 'inaccuracy' || p.class === 'mistake' || p.class === 'blunder';
  return (
    <>
      <span class={`review-mark review-${p.class}`} data-class={p.class} title={t(`review.class.${p.class}`)}>
        {SYMBOL[p.class]}
      </span>
      {judged && (
        <small class="review-best-move">
          {' '}
          {t('review.bestWas', { move: text({ ply, seat: p.seat, notation: p.best }) })}
        </small>
      )}
    </>
  );
};

/** What the draw hook uses of a plot. */
interface UPlotLike {
  readonly ctx: CanvasRenderingContext2D;
  readonly bbox: { left: number; top: number; width: number; height: number };
  valToPos(value: number, scale: string, canvasPixels?: boolean): number;
}

const COLOURS = ['#b3261e', '#1a73e8', '#2f6f4f', '#c77c02', '#8e44ad', '#00838f'];

/**
 * The evaluation after each reviewed move, drawn with uPlot (loaded when the review is shown). Two players: one line,
 * the first player's advantage (the mover's value, turned for the second player's moves). More players: one line
 * per player through its own moves. A click goes to the move under the cursor.
 */
const ReviewGraph = ({
  review,
  names,
  current,
  onJump,
}: {
  review: StoredReview;
  names: readonly string[];
  /** The ply the board shows (after that many moves), marked on the graph; undefined on a line of one's own. */
  current: number | undefined;
  onJump: (ply: number) => void;
}) => {
  const el = useRef<HTMLDivElement>(null);
  const jump = useRef(onJump);
  jump.current = onJump;
  const shown = useRef(current);
  const redraw = useRef<(() => void) | undefined>(undefined);
  // the board moved: the marker follows without building the plot again
  useEffect(() => {
    shown.current = current;
    redraw.current?.();
  }, [current]);
  const plies = review.plies;
  const two = names.length === 2;
  useEffect(() => {
    if (!el.current || plies.length === 0) return;
    let plot:
      | { destroy(): void; setSize(s: { width: number; height: number }): void; redraw(rebuildPaths?: boolean): void }
      | undefined;
    let live = true;
    const xs = plies.map((p) => p.ply + 1);
    const series = seriesOf(review, names.length);
    const width = () => Math.min(el.current?.clientWidth || 320, 640);
    const resize = () => plot?.setSize({ width: width(), height: 160 });
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (!live || !el.current) return;
      const u = new UPlot(
        {
          width: width(),
          height: 160,
          legend: { show: false },
          cursor: { y: false, points: { size: 7 } },
          // the even line, and where the board is
          hooks: {
            draw: [
              (v: UPlotLike) => {
                const ctx = v.ctx;
                const { left, top, width: w, height: h } = v.bbox;
                ctx.save();
                ctx.lineWidth = devicePixelRatio;
                ctx.strokeStyle = 'rgba(120, 120, 120, 0.6)';
                const zero = v.valToPos(0, 'y', true);
                ctx.beginPath();
                ctx.moveTo(left, zero);
                ctx.lineTo(left + w, zero);
                ctx.stroke();
                const at = shown.current;
                if (at !== undefined && at > 0) {
                  const x = v.valToPos(at, 'x', true);
                  ctx.strokeStyle = '#1a73e8';
                  ctx.lineWidth = 2 * devicePixelRatio;
                  ctx.beginPath();
                  ctx.moveTo(x, top);
                  ctx.lineTo(x, top + h);
                  ctx.stroke();
                }
                ctx.restore();
              },
            ],
          },
          scales: { x: { time: false }, y: { range: [-review.scale, review.scale] } },
          // whole moves on the axis: a ply is never 2.5
          axes: [{ label: t('review.move'), size: 36, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500] }, { show: false }],
          series: [
            {},
            ...(two
              ? [{ label: t('review.value'), stroke: '#555', width: 2, fill: 'rgba(120, 120, 120, 0.18)' }]
              : names.map((name, seat) => ({
                  label: name,
                  stroke: COLOURS[seat % COLOURS.length],
                  width: 2,
                  spanGaps: true,
                  points: { show: true, size: 4 },
                }))),
          ],
        },
        [xs, ...series] as never,
        el.current,
      );
      // the move under the cursor when the plot is clicked (uPlot keeps the nearest point's index)
      u.over.addEventListener('click', () => {
        const i = u.cursor.idx;
        if (i !== null && i !== undefined && plies[i]) jump.current(plies[i]!.ply + 1);
      });
      el.current.dataset.ready = 'true';
      plot = u;
      redraw.current = () => u.redraw(false);
    });
    window.addEventListener('resize', resize);
    return () => {
      live = false;
      redraw.current = undefined;
      window.removeEventListener('resize', resize);
      plot?.destroy();
    };
  }, [review, names.join('\n')]);
  return (
    <figure class="review-graph">
      <div
        ref={el}
        role="img"
        aria-label={t('review.graph')}
        data-testid="review-graph"
        data-plies={plies.map((p) => p.ply + 1).join(' ')}
        data-current={current ?? ''}
      />
      <figcaption class="muted">
        {t('review.graph')} · {two ? t('review.graphTwo', { player: names[0] }) : t('review.graphMany')}
      </figcaption>
    </figure>
  );
};

/** Each player's moves, counts of inaccuracies, mistakes and blunders, and average loss. */
const Summary = ({ review, names }: { review: StoredReview; names: readonly string[] }) => (
  <table class="review-summary" data-testid="review-summary">
    <thead>
      <tr>
        <th scope="col">{t('review.player')}</th>
        <th scope="col">{t('review.moves')}</th>
        {JUDGED.map((c) => (
          <th key={c} scope="col" class={`review-${c}`} title={t(`review.classes.${c}`)}>
            <span aria-hidden="true">{SYMBOL[c]}</span>
            <span class="sr-only">{t(`review.classes.${c}`)}</span>
          </th>
        ))}
        <th scope="col">{t('review.averageLoss')}</th>
      </tr>
    </thead>
    <tbody>
      {review.players.map((p) => (
        <tr key={p.seat} data-seat={p.seat}>
          <th scope="row">{names[p.seat]}</th>
          <td>{p.moves}</td>
          <td data-class="inaccuracy">{p.counts.inaccuracy}</td>
          <td data-class="mistake">{p.counts.mistake}</td>
          <td data-class="blunder">{p.counts.blunder}</td>
          <td>{p.averageLoss}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

/** The replay's review section: the request, the wait, then the graph, the label for hidden pieces, the summary. */
export const ReviewPanel = ({
  review,
  names,
  current,
  onJump,
}: {
  review: ReviewHandle;
  /** Each seat's name as the replay writes it. */
  names: readonly string[];
  /** The ply the board shows on the game, or undefined on a line of one's own. */
  current: number | undefined;
  /** Shows the position after the move of `ply` plies (1 is after the first move). */
  onJump: (ply: number) => void;
}) => {
  const { state, refused } = review;
  return (
    <section aria-labelledby="review-title" class="review" data-testid="review">
      <h2 id="review-title">{t('review.title')}</h2>
      {state.status !== 'done' && (
        <>
          <p class="muted">{t('review.hint')}</p>
          <button
            type="button"
            data-testid="request-review"
            disabled={state.status === 'pending'}
            onClick={() => review.request()}
          >
            {t('review.request')}
          </button>
        </>
      )}
      {state.status === 'pending' && (
        <p aria-busy="true" data-testid="review-pending">
          {t('review.pending')}
        </p>
      )}
      {state.status === 'failed' && !refused && <p class="error">{t('review.errors.failed')}</p>}
      {refused && (
        <p class="error" data-testid="review-error">
          {t(`review.errors.${refused.key}`, { seconds: refused.seconds ?? 60 })}
        </p>
      )}
      {state.status === 'done' && (
        <>
          {state.review.fullInformation && (
            <p class="review-full" data-testid="review-full-information">
              {t('review.fullInformation')}
            </p>
          )}
          <ReviewGraph review={state.review} names={names} current={current} onJump={onJump} />
          <h3>{t('review.summary')}</h3>
          <div class="review-summary-wrap">
            <Summary review={state.review} names={names} />
          </div>
        </>
      )}
    </section>
  );
};

/** The names of `seats` seats, for the panel. */
export const seatNames = (seats: number, name: (seat: Seat) => string): string[] =>
  Array.from({ length: seats }, (_, seat) => name(seat));
