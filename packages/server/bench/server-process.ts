/**
 * One server process for the load benchmark: SQLite in a fresh directory (or
 * the DATABASE_URL it is given), a free port, no logs. Prints `listening <port>`.
 */
import { startServer } from '../src/index.js';

const server = await startServer({
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  logLevel: 'silent',
  webDir: '/nonexistent',
  messagesPerSecond: 1000,
  burst: 1000,
  // every benchmark connection comes from this machine
  socketsPerAddress: 1_000_000,
});
process.stdout.write(`listening ${server.port}\n`);
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
