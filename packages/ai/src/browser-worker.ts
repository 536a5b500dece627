import { answer } from './answer.js';

/**
 * The Web Worker entry for the browser, so a player can play the AI with no
 * server and the page never freezes:
 *
 *   const worker = new Worker(new URL('@qiyuan/ai/browser-worker', import.meta.url), { type: 'module' });
 *   worker.postMessage(request);           // an AiRequest
 *   worker.onmessage = (e) => e.data;      // its AiReply (same `id`)
 */
interface WorkerScope {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;
scope.onmessage = (event) => {
  scope.postMessage(answer(event.data));
};
