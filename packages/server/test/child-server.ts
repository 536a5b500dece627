/**
 * A server in its own process, for tests that kill it. Configured by
 * environment (PORT, QIYUAN_DATA_DIR, DATABASE_URL, QIYUAN_PG_SCHEMA); prints
 * `listening <port>` once it serves.
 */
import { startServer } from '../src/index.js';

const server = await startServer({
  host: '127.0.0.1',
  logLevel: 'silent',
  webDir: '/nonexistent',
  messagesPerSecond: 1e6,
  burst: 1e6,
  socketsPerAddress: 1e6,
  // test accounts are new: organising a public tournament needs no standing here
  organiserStanding: { minAgeMs: 0, minRatedGames: 0 },
});
process.stdout.write(`listening ${server.port}\n`);
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
