/**
 * The computer review of a game played on this device, in a Web Worker so the page stays responsive while every
 * ply is searched: the same job the server's review pool runs, on the game's whole snapshot.
 */
import { runReviewJob } from '@qiyuan/ai';

const scope = globalThis as unknown as {
  onmessage: ((e: { data: unknown }) => void) | null;
  postMessage(m: unknown): void;
};

scope.onmessage = ({ data }) => {
  scope.postMessage(runReviewJob(data));
};
