import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { REDIS_SERVER } from './services.js';

/** A port below the ephemeral range, as TcpProxy uses (see its note on simultaneous open). */
const randomPort = (): number => 20_000 + Math.floor(Math.random() * 12_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A Redis of a test's own, which the test can kill and start again empty on
 * the same port (the servers under test keep its URL). A port that something
 * else holds — another test's Redis, or a TCP proxy in front of the machine's
 * Redis — must not pass for ours: redis-server then exits, and a probe would
 * still get PONG from the other one. So a start counts only when the child is
 * alive and `INFO server` on the port names the child's own pid; the first
 * start tries other ports until one is ours.
 */
export class OwnRedis {
  private child: ChildProcess | undefined;
  private started = false;

  constructor(public port = randomPort()) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** The pid of the redis-server now running for this test, if any. */
  get pid(): number | undefined {
    const c = this.child;
    return c && c.exitCode === null && c.signalCode === null ? c.pid : undefined;
  }

  async start(): Promise<void> {
    // a restart must come back on the same port; only the first start may move
    const attempts = this.started ? 50 : 20;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (!this.started && attempt > 0) this.port = randomPort();
      const child = await this.launch(this.port);
      if (child) {
        this.child = child;
        this.started = true;
        return;
      }
      if (this.started) await sleep(100);
    }
    throw new Error(
      `no redis-server of this test's own could listen on ${this.started ? this.port : 'any port tried'}`,
    );
  }

  /** Starts redis-server on `port`; the child once it answers as itself, or undefined if it cannot have the port. */
  private async launch(port: number): Promise<ChildProcess | undefined> {
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
    let failed: Error | undefined;
    void spawnError.then((e) => {
      failed = e;
    });
    for (let i = 0; i < 200; i++) {
      if (failed) throw failed;
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      if ((await serverPid(port)) === child.pid) return child;
      await sleep(50);
    }
    child.kill('SIGKILL');
    return undefined;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

/** The `process_id` a Redis on `port` reports, if one answers there. */
export const serverPid = async (port: number): Promise<number | undefined> => {
  const probe = new Redis(`redis://127.0.0.1:${port}`, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    const info = await probe.info('server');
    const m = /^process_id:(\d+)/m.exec(info);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined; // nothing listening yet, or not a Redis
  } finally {
    probe.disconnect();
  }
};
