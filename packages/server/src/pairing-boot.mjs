// Worker threads do not inherit tsx's loader, so the pairing worker registers it itself, then loads its entry.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./pairing-worker.ts', import.meta.url).href);
