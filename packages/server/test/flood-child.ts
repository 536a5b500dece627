/**
 * A server in a process of its own, run with --expose-gc, for the flood test: it answers `measure` over IPC with its
 * memory after a full garbage collection and what it holds open, so the test measures the server and nothing else.
 */
import { startServer } from '../src/index.js';
import { tempDir } from './helpers.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  logLevel: 'silent',
  webDir: '/nonexistent',
  dataDir: tempDir(),
  databaseUrl: '',
  helloTimeoutMs: Number(process.env.HELLO_MS),
  requestTimeoutMs: Number(process.env.REQUEST_MS),
  socketsPerAddress: 1e6,
});

process.on('message', async (msg) => {
  if (msg !== 'measure') return;
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
  const m = process.memoryUsage();
  process.send!({ heapUsed: m.heapUsed, external: m.external, rss: m.rss, clients: server.hub.clients.size });
});
process.on('disconnect', () => {
  server.close().then(() => process.exit(0));
});
process.send!({ url: server.url });
