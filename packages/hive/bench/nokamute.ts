import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchmarkResult } from '@qiyuan/core';
import { Position, parseGameType } from '../src/index.js';

/**
 * The outside engine we measure perft against (docs/BENCHMARKS.md): nokamute, kept beside the checkout as a
 * measuring stick, never shipped. `QIYUAN_NOKAMUTE` points at another build.
 */
const nokamutePath = (): string =>
  process.env.QIYUAN_NOKAMUTE ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/anchors/nokamute/nokamute');

const hasTaskset = (): boolean => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const seconds = (text: string): number => {
  const m = /^([\d.]+)(ns|µs|us|ms|s)$/.exec(text);
  if (!m) throw new Error(`nokamute printed a time we cannot read: ${text}`);
  const scale = { ns: 1e-9, µs: 1e-6, us: 1e-6, ms: 1e-3, s: 1 }[m[2] as 'ns' | 'µs' | 'us' | 'ms' | 's'];
  return Number(m[1]) * scale;
};

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN where it cannot be read. */
const cpuSecondsOf = (pid: number | undefined): number => {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 Hz).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
};

/**
 * nokamute's own perft (one thread, like ours; it too counts the last ply from the length of its move list
 * without making the moves) up to `depth`: its time for that depth, stopped as soon as the line is printed, and
 * the CPU time it used between the lines of depth − 1 and depth (it runs each depth afresh).
 */
const nokamutePerft = (
  bin: string,
  variant: string,
  depth: number,
  pinned: boolean,
): Promise<{ count: number; s: number; cpuS: number }> =>
  new Promise((done, failed) => {
    const child = pinned ? spawn('taskset', ['-c', '0', bin, 'perft', variant]) : spawn(bin, ['perft', variant]);
    let buffered = '';
    let cpuBefore = Number.NaN;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const cols = line.trim().split(/\s+/);
        if (cols[0] === String(depth - 1) && cols.length >= 3) cpuBefore = cpuSecondsOf(child.pid);
        if (cols[0] === String(depth) && cols.length >= 3) {
          const cpuS = cpuSecondsOf(child.pid) - cpuBefore;
          child.kill();
          done({ count: Number(cols[1]), s: seconds(cols[2]!), cpuS });
          return;
        }
      }
    });
    child.on('error', failed);
    child.on('exit', (code) => failed(new Error(`nokamute perft ended (${code}) before depth ${depth}`)));
  });

/**
 * Perft from the start, Qiyuan and nokamute side by side in one run on the same core (taskset -c 0 for both
 * when available), each the best of `runs`: both times and their ratio. Without the anchor the row says so.
 */
export const againstNokamute = (variant: string, depth: number, leaves: number, runs: number): Benchmark => ({
  name: `perft ${variant} depth ${depth} against nokamute`,
  command: `npx qiyuan bench "against nokamute"`,
  async run(): Promise<BenchmarkResult> {
    const bin = nokamutePath();
    if (!existsSync(bin)) return { metrics: [], notes: `skipped: nokamute not found at ${bin} (set QIYUAN_NOKAMUTE)` };
    const pinned = hasTaskset();
    if (pinned) execFileSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
    const type = parseGameType(variant);
    if (!type.ok) throw new Error(type.error.reason);
    const p = new Position({ ...type.value, tournamentOpening: true, pillbugDutchRule: false });
    let ours = Number.POSITIVE_INFINITY;
    let theirs = Number.POSITIVE_INFINITY;
    let oursCpu = Number.POSITIVE_INFINITY;
    let theirsCpu = Number.POSITIVE_INFINITY;
    // Alternating runs, so that a busy spell on the shared machine falls on both engines alike.
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const n = p.perft(depth);
      const used = process.cpuUsage(c0);
      ours = Math.min(ours, (performance.now() - t0) / 1000);
      oursCpu = Math.min(oursCpu, (used.user + used.system) / 1e6);
      if (n !== leaves) throw new Error(`perft gave ${n}, expected ${leaves}`);
      const other = await nokamutePerft(bin, variant, depth, pinned);
      if (other.count !== leaves) throw new Error(`nokamute counted ${other.count}, expected ${leaves}`);
      theirs = Math.min(theirs, other.s);
      theirsCpu = Math.min(theirsCpu, other.cpuS);
    }
    const round = (x: number, scale: number) => Math.round(x * scale) / scale;
    // On a shared machine the wall time also holds the time other jobs had the core; CPU time is the steadier figure.
    const cpu = Number.isFinite(theirsCpu)
      ? [
          { name: 'qiyuan CPU', value: round(oursCpu, 1000), unit: 's CPU Qiyuan' },
          { name: 'nokamute CPU', value: round(theirsCpu, 100), unit: 's CPU nokamute' },
          { name: 'CPU ratio', value: round(oursCpu / theirsCpu, 100), unit: '× nokamute in CPU time' },
        ]
      : [];
    return {
      metrics: [
        { name: 'qiyuan', value: round(ours, 1000), unit: 's Qiyuan' },
        { name: 'nokamute', value: round(theirs, 1000), unit: 's nokamute' },
        { name: 'ratio', value: round(ours / theirs, 100), unit: '× nokamute' },
        ...cpu,
      ],
      notes: `best of ${runs} alternating runs, wall time, then CPU time (nokamute's from /proc, 10 ms ticks), ${pinned ? 'both on core 0' : 'no taskset'}; both bulk-count the last ply`,
    };
  },
});
