/**
 * The AI in a Web Worker, so the page stays responsive and play against the
 * AI needs no server (the worker is a chunk of its own, cached after the
 * first load). Requests are `AiAsk`s, replies @qiyuan/ai's AiReply.
 */
import { type AiAsk, answerAsk } from './ai-ask.js';

const scope = globalThis as unknown as {
  onmessage: ((e: { data: AiAsk }) => void) | null;
  postMessage(m: unknown): void;
};
// each reply carries its ask's id: the page matches them, whatever the order
scope.onmessage = (e) => void answerAsk(e.data).then((reply) => scope.postMessage(reply));
