/**
 * A finished review's graph and summary: a chunk of its own, fetched once a review is shown (ReviewPanel), so that a
 * replay's first load — which offers the request, and has no review yet on a first visit — goes without it.
 */
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { JUDGED, SYMBOL } from './review-marks.js';
import { type StoredReview, seriesOf } from './review-series.js';

/** What the draw hook uses of a plot. */
interface UPlotLike {
  readonly ctx: CanvasRenderingContext2D;
  readonly bbox: { left: number; top: number; width: number; height: number };
  valToPos(value: number, scale: string, canvasPixels?: boolean): number;
}

const COLOURS = ['#b3261e', '#1a73e8', '#2f6f4f', '#c77c02', '#8e44ad', '#00838f'];

/** What the review's graph and summary are drawn from, and where a click on the graph goes. */
interface ReviewResultProps {
  review: StoredReview;
  names: readonly string[];
  /** The ply the board shows (after that many moves), marked on the graph; undefined on a line of one's own. */
  current: number | undefined;
  onJump: (ply: number) => void;
}

/**
 * The evaluation after each reviewed move, drawn with uPlot (loaded when the review is shown). Two players: one line,
 * the first player's advantage (the mover's value, turned for the second player's moves). More players: one line
 * per player through its own moves. A click goes to the move under the cursor.
 */
const ReviewGraph = ({ review, names, current, onJump }: ReviewResultProps) => {
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

/** The graph and the summary of a finished review, as ReviewPanel shows them. */
export const ReviewResult = ({ review, names, current, onJump }: ReviewResultProps) => (
  <>
    <ReviewGraph review={review} names={names} current={current} onJump={onJump} />
    <h3>{t('review.summary')}</h3>
    <div class="review-summary-wrap">
      <Summary review={review} names={names} />
    </div>
  </>
);
