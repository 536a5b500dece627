import { expect, it } from 'vitest';
import { TcpProxy } from './helpers.js';
import { OwnRedis, serverPid } from './own-redis.js';
import { describeWith, needs } from './services.js';

/**
 * The Redis restart test's own Redis must be its own: on a port someone else
 * holds it would otherwise talk to that server, and never see the restart.
 */
describeWith([needs.redisServer], "a test's own Redis", () => {
  it('moves to another port when its port is taken, by a Redis or by a proxy in front of one, and restarts on its port', async () => {
    const first = new OwnRedis();
    await first.start();
    const proxy = new TcpProxy('127.0.0.1', first.port);
    await proxy.up();
    const others: OwnRedis[] = [];
    try {
      expect(await serverPid(first.port)).toBe(first.pid);
      for (const taken of [first.port, proxy.port]) {
        const other = new OwnRedis(taken);
        others.push(other);
        await other.start();
        expect(other.port).not.toBe(taken);
        expect(other.pid).toBeGreaterThan(0);
        expect(other.pid).not.toBe(first.pid);
        expect(await serverPid(other.port)).toBe(other.pid);
      }
      // a restart comes back on the same port, as a new process
      const port = first.port;
      const before = first.pid;
      await first.kill();
      await first.start();
      expect(first.port).toBe(port);
      expect(first.pid).not.toBe(before);
      expect(await serverPid(port)).toBe(first.pid);
    } finally {
      await proxy.down();
      await first.kill();
      for (const o of others) await o.kill();
    }
  }, 60_000);
});
