import type { PlyReview } from '@qiyuan/ai';
import type { PlayRecord, Seat } from '@qiyuan/core';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { addWords, type Language, t } from '../i18n/index.js';
import { getJson } from '../online/wire.js';
import { SYMBOL } from './review-marks.js';
import type { ReviewResult } from './review-result.js';
import type { StoredReview } from './review-series.js';
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

let Result: typeof ReviewResult | undefined;

/** The graph and summary (review-result.tsx), drawn once their chunk is in; fetched when a review is first shown. */
const LazyResult = (props: Parameters<typeof ReviewResult>[0]) => {
  const [Shown, setShown] = useState(() => Result);
  useEffect(() => {
    if (Shown) return;
    let live = true;
    import('./review-result.js').then(
      (m) => {
        Result = m.ReviewResult;
        if (live) setShown(() => m.ReviewResult);
      },
      // offline before the chunk was cached: the panel stays without the graph, as it does without uPlot
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Shown]);
  return Shown ? <Shown {...props} /> : <p aria-busy="true">…</p>;
};

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
          <LazyResult review={state.review} names={names} current={current} onJump={onJump} />
        </>
      )}
    </section>
  );
};

/** The names of `seats` seats, for the panel. */
export const seatNames = (seats: number, name: (seat: Seat) => string): string[] =>
  Array.from({ length: seats }, (_, seat) => name(seat));
