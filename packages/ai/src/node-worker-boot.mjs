// Worker threads do not inherit tsx's loader, so the worker registers it itself, then loads its TypeScript entry
// (`workerData.entry`, default the AI request worker).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(new URL(workerData?.entry ?? './node-worker.ts', import.meta.url).href);
