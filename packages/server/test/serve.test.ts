import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Bot, createSeek, tempDir } from './helpers.js';

/** `qiyuan serve` as users run it: starts, answers /healthz, and closes gracefully on SIGTERM. */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('qiyuan serve', () => {
  it('serves, then on SIGTERM closes sockets with 1001 and exits 0, keeping what was committed', async () => {
    const dataDir = tempDir();
    const start = () => {
      const child = spawn(
        process.execPath,
        [path.join(repo, 'apps/cli/bin/qiyuan.js'), 'serve', '--host', '127.0.0.1'],
        {
          cwd: repo,
          env: {
            ...process.env,
            PORT: '0',
            QIYUAN_DATA_DIR: dataDir,
            DATABASE_URL: '',
            REDIS_URL: '',
            LOG_LEVEL: 'silent',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const url = new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      return { child, url };
    };
    const first = start();
    const url = await first.url;
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    const bot = await Bot.guest(url);
    const created = await createSeek(bot, {
      game: 'chinese-checkers',
      options: { players: 2 },
      clock: { kind: 'none' },
      rated: false,
      seats: [{ kind: 'me' }, { kind: 'me' }],
      private: false,
    });
    const exited = new Promise<number | null>((resolve) => {
      first.child.removeAllListeners('exit');
      first.child.on('exit', (code) => resolve(code));
    });
    first.child.kill('SIGTERM');
    // a clean exit, and the socket closed with "going away"
    expect(await exited).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(bot.closed?.code).toBe(1001);
    // the game is there after a restart on the same data directory
    const second = start();
    const url2 = await second.url;
    const game = await fetch(`${url2}/api/games/${created.seek.id}`);
    expect(game.status).toBe(200);
    second.child.kill('SIGTERM');
  }, 60_000);

  it('on a port already taken, says so in one line that names the port and what to do, and exits 1', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const child = spawn(
        process.execPath,
        [path.join(repo, 'apps/cli/bin/qiyuan.js'), 'serve', '--host', '127.0.0.1'],
        {
          cwd: repo,
          env: { ...process.env, PORT: String(port), QIYUAN_DATA_DIR: tempDir(), DATABASE_URL: '', REDIS_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let err = '';
      child.stderr.on('data', (d) => {
        err += d.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      const lines = err.trim().split('\n');
      expect(lines).toEqual([
        `qiyuan serve: port ${port} is already in use on 127.0.0.1: stop the program that holds it, or choose another port (PORT=${port + 1} npm start, or qiyuan serve --port ${port + 1})`,
      ]);
    } finally {
      holder.close();
    }
  }, 60_000);
});
