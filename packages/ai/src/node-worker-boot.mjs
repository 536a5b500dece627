// Worker threads do not inherit tsx's loader, so the worker registers it itself, then loads the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./node-worker.ts');
