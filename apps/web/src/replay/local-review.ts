import type { PlyReview, ReviewReply } from '@qiyuan/ai';
import type { GameId, JsonObject } from '@qiyuan/core';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ReviewHandle, ReviewState } from '../pages/review.js';

/**
 * The computer review of a finished game kept on this device (against the AI or at one screen): made here, in a Web
 * Worker, by the same review as the server's (at the server's depth), and kept beside the save so it is made once.
 */

/** The depth the server reviews at (docs/PROTOCOL.md, "Computer review"). */
const DEPTH = 2;

const key = (id: string) => `qiyuan.local.review.${id}`;

const readKept = (id: string): ReviewState => {
  try {
    const kept = JSON.parse(localStorage.getItem(key(id)) ?? 'null') as ReviewState | null;
    return kept && kept.status === 'done' && Array.isArray(kept.review?.plies) ? kept : { status: 'none' };
  } catch {
    return { status: 'none' };
  }
};

export interface LocalGame {
  readonly id: string;
  readonly game: GameId;
  readonly snapshot: JsonObject;
}

/** The review of device game `local` (none when the replay is of a server game: then nothing happens here). */
export const useLocalReview = (local: LocalGame | undefined): ReviewHandle => {
  const [state, setState] = useState<ReviewState>(() => (local ? readKept(local.id) : { status: 'none' }));
  const [refused, setRefused] = useState<ReviewHandle['refused']>();
  const worker = useRef<Worker | undefined>();
  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = undefined;
    },
    [],
  );
  const request = () => {
    if (!local || state.status === 'pending') return;
    setRefused(undefined);
    setState({ status: 'pending', requestedAt: Date.now() });
    const w = new Worker(new URL('./review.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    const finish = (next: ReviewState) => {
      w.terminate();
      if (worker.current === w) worker.current = undefined;
      setState(next);
    };
    w.onmessage = (e: MessageEvent<ReviewReply>) => {
      if (!e.data.ok) return finish({ status: 'failed', reason: e.data.error.code });
      const done: ReviewState = { status: 'done', review: e.data.review };
      try {
        localStorage.setItem(key(local.id), JSON.stringify(done));
      } catch {
        // storage full: the review is shown, and made again next time
      }
      finish(done);
    };
    w.onerror = () => finish({ status: 'failed', reason: 'review-error' });
    w.postMessage({ game: local.game, snapshot: local.snapshot, depth: DEPTH });
  };
  const byPly = useMemo(
    () => new Map<number, PlyReview>(state.status === 'done' ? state.review.plies.map((p) => [p.ply, p]) : []),
    [state],
  );
  return { state, refused, byPly, request };
};
