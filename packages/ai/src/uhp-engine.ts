import { type ChildProcess, spawn } from 'node:child_process';
import { fail, ok, type Result } from '@qiyuan/core';

/**
 * An external Universal Hive Protocol engine run as a child process (Node
 * only): one command line out, the answer lines back up to the closing `ok`.
 * `err …` and `invalidmove …` answers, a command that does not start, an
 * engine that exits or stays silent past the timeout all come back as
 * failures with a reason; nothing here throws.
 */

export interface UhpEngineOptions {
  /** Time allowed for the engine's greeting (`id …` then `ok`), in ms: a cold `npx` start takes seconds. */
  readonly startMs?: number;
}

/** Splits a command line on spaces; double quotes keep a part together (no shell, so nothing else is special). */
export const splitCommand = (command: string): string[] =>
  [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

export class UhpEngine {
  private readonly child: ChildProcess;
  private buffer = '';
  private lines: string[] = [];
  private waiting: { resolve: (r: Result<string[]>) => void; timer: ReturnType<typeof setTimeout> } | undefined;
  private exited: string | undefined;
  private stderr = '';
  /** The engine's `id` line, once it has greeted. */
  id = '';

  private constructor(readonly command: string) {
    const [file, ...args] = splitCommand(command);
    // Its own process group, so closing it also ends what it started (npx runs node underneath).
    this.child = spawn(file ?? '', args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child.stdout?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => this.read(chunk));
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-2000);
    });
    this.child.stdin?.on('error', () => {});
    this.child.on('error', (e) => this.end(`could not run "${command}": ${e.message}`));
    this.child.on('exit', (code, signal) =>
      this.end(
        `"${command}" exited (${signal ?? `code ${code}`})${this.stderr ? `: ${this.stderr.trim().split('\n').at(-1)}` : ''}`,
      ),
    );
  }

  /** Starts the engine and waits for its greeting. */
  static async start(command: string, options: UhpEngineOptions = {}): Promise<Result<UhpEngine>> {
    if (!command.trim()) return fail('uhp-command', 'no UHP engine command given (uhp:<command>)');
    const engine = new UhpEngine(command);
    const hello = await engine.collect(options.startMs ?? 30_000, 'its greeting');
    if (!hello.ok) {
      await engine.close();
      return hello;
    }
    engine.id = hello.value.find((l) => l.startsWith('id '))?.slice(3) ?? '';
    return ok(engine);
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    let nl = this.buffer.indexOf('\n');
    while (nl >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      this.lines.push(line);
      if (line === 'ok') this.answer();
      nl = this.buffer.indexOf('\n');
    }
  }

  private answer(): void {
    const lines = this.lines;
    this.lines = [];
    const w = this.waiting;
    if (!w) return;
    this.waiting = undefined;
    clearTimeout(w.timer);
    const body = lines.slice(0, -1);
    const bad = body.find((l) => l.startsWith('err') || l.startsWith('invalidmove'));
    w.resolve(bad ? fail(bad.startsWith('err') ? 'uhp-err' : 'uhp-invalidmove', bad) : ok(body));
  }

  private end(reason: string): void {
    if (this.exited) return;
    this.exited = reason;
    const w = this.waiting;
    this.waiting = undefined;
    if (w) {
      clearTimeout(w.timer);
      w.resolve(fail('uhp-exited', reason));
    }
  }

  private collect(timeoutMs: number, what: string): Promise<Result<string[]>> {
    if (this.exited) return Promise.resolve(fail('uhp-exited', this.exited));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(fail('uhp-timeout', `"${this.command}" gave no answer to ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting = { resolve, timer };
      // An answer may already be complete in the buffer.
      if (this.lines.at(-1) === 'ok') this.answer();
    });
  }

  /** Sends one command; resolves with the answer's lines before `ok`, or a failure. */
  send(line: string, timeoutMs = 10_000): Promise<Result<string[]>> {
    if (this.exited) return Promise.resolve(fail('uhp-exited', this.exited));
    if (this.waiting) return Promise.resolve(fail('uhp-busy', 'a command is still waiting for its answer'));
    const answer = this.collect(timeoutMs, `"${line}"`);
    this.child.stdin?.write(`${line}\n`);
    return answer;
  }

  /** Ends the engine: closes its input, then kills its process group if it has not exited within `graceMs`. */
  close(graceMs = 1000): Promise<void> {
    this.child.stdin?.end();
    const pid = this.child.pid;
    if (pid === undefined || this.exited !== undefined) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-pid, 'SIGTERM');
        } catch {
          // already gone
        }
        resolve();
      }, graceMs);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
