/**
 * The AI in a Web Worker, so the page stays responsive and play against the
 * AI needs no server (the worker is a chunk of its own, cached after the
 * first load). Requests and replies are @qiyuan/ai's AiRequest / AiReply.
 */
import { answer } from '@qiyuan/ai';

const scope = globalThis as unknown as {
  onmessage: ((e: { data: unknown }) => void) | null;
  postMessage(m: unknown): void;
};
scope.onmessage = (e) => scope.postMessage(answer(e.data));
