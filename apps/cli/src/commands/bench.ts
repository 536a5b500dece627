import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, BenchmarkResult } from '@qiyuan/core';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const bin = join(root, 'apps/cli/bin/qiyuan.js');

/** Every `packages/*\/bench/index.ts` and `apps/*\/bench/index.ts` registers its benchmarks there. */
const benchModules = (): { pkg: string; file: string }[] =>
  ['packages', 'apps'].flatMap((dir) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .map((pkg) => ({ pkg, file: join(root, dir, pkg, 'bench/index.ts') }))
          .filter((m) => existsSync(m.file))
      : [],
  );

const load = async (file: string): Promise<Benchmark[]> =>
  ((await import(pathToFileURL(file).href)) as { benchmarks: Benchmark[] }).benchmarks;

const BEGIN = '<!-- bench:begin -->';
const END = '<!-- bench:end -->';

interface Row {
  pkg: string;
  bench: Benchmark;
  result: BenchmarkResult | { error: string };
}

/** One table line per benchmark; `--write` keeps the lines of benchmarks that did not run this time. */
const renderRow = ({ pkg, bench, result }: Row): string => {
  const figures =
    'error' in result
      ? `failed: ${result.error}`
      : result.metrics.map((m) => `${formatNumber(m.value)} ${m.unit}`).join('; ') +
        (result.notes ? ` (${result.notes})` : '');
  return `| ${pkg} | ${bench.name} | ${figures} | \`${bench.command}\` | ${new Date().toISOString().slice(0, 10)}, Node ${process.version} |`;
};

const HEADER = ['| package | benchmark | result | command | measured |', '| --- | --- | --- | --- | --- |'];

const rowKey = (line: string): string =>
  line
    .split('|')
    .slice(1, 3)
    .map((c) => c.trim())
    .join('|');

const render = (rows: Row[], previous: string[] = []): string => {
  const fresh = new Map(rows.map((r) => [`${r.pkg}|${r.bench.name}`, renderRow(r)]));
  const kept = previous.filter((line) => !fresh.has(rowKey(line)));
  const lines = [...kept, ...fresh.values()].sort((a, b) => rowKey(a).localeCompare(rowKey(b)));
  return [
    BEGIN,
    `Written by \`npm run bench\` (\`qiyuan bench --write docs/BENCHMARKS.md\`); each benchmark runs in its own process on one core. ${process.platform}/${process.arch}.`,
    '',
    ...HEADER,
    ...lines,
    END,
  ].join('\n');
};

const previousRows = (markdown: string): string[] => {
  if (!markdown.includes(BEGIN) || !markdown.includes(END)) return [];
  return markdown
    .slice(markdown.indexOf(BEGIN), markdown.indexOf(END))
    .split('\n')
    .filter((l) => l.startsWith('| ') && !HEADER.includes(l) && !l.startsWith('| package |'));
};

/** Two decimals, but three significant digits below 1 (0.118 ms a move, not 0.12: the server's CPU goal is 0.07). */
const formatNumber = (v: number): string =>
  Number.isInteger(v)
    ? v.toLocaleString('en-US')
    : Math.abs(v) < 1
      ? v.toLocaleString('en-US', { maximumSignificantDigits: 3 })
      : v.toLocaleString('en-US', { maximumFractionDigits: 2 });

export const registerBench = (program: Command): void => {
  program
    .command('bench')
    .description('run the benchmarks the packages register; --write puts the table into a Markdown file')
    .option('--write <file>', 'replace the benchmark table in this Markdown file')
    .option('--filter <text>', 'only benchmarks whose package or name contains this')
    .option('--one <pkg:index>', 'run a single benchmark in this process and print its JSON result')
    .argument('[filter]', 'same as --filter (e.g. `qiyuan bench server`)')
    .option('--processes <n>', 'server benchmark: how many server processes (env QIYUAN_BENCH_PROCESSES)')
    .option(
      '--split',
      'server benchmark: the two players of each game on different processes, so moves are forwarded (env QIYUAN_BENCH_SPLIT=1)',
    )
    .action(
      async (
        filter: string | undefined,
        opts: { write?: string; filter?: string; one?: string; processes?: string; split?: boolean },
      ) => {
        opts.filter ??= filter;
        if (opts.processes) process.env.QIYUAN_BENCH_PROCESSES = opts.processes;
        if (opts.split) process.env.QIYUAN_BENCH_SPLIT = '1';
        const modules = benchModules();
        if (opts.one) {
          const [pkg, index] = opts.one.split(':');
          const mod = modules.find((m) => m.pkg === pkg);
          const bench = mod ? (await load(mod.file))[Number(index)] : undefined;
          if (!bench) return program.error(`no benchmark ${opts.one}`);
          process.stdout.write(`${JSON.stringify(await bench.run())}\n`);
          return;
        }
        const jobs: { pkg: string; index: number; bench: Benchmark }[] = [];
        for (const m of modules) {
          (await load(m.file)).forEach((bench, index) => {
            const wanted = !opts.filter || m.pkg.includes(opts.filter) || bench.name.includes(opts.filter);
            if (wanted) jobs.push({ pkg: m.pkg, index, bench });
          });
        }
        const bar = process.stderr.isTTY
          ? new SingleBar({ format: 'bench [{bar}] {value}/{total} {name}' })
          : undefined;
        bar?.start(jobs.length, 0, { name: '' });
        const rows: Row[] = [];
        for (const job of jobs) {
          bar?.update({ name: `${job.pkg}: ${job.bench.name}` });
          if (!bar) process.stderr.write(`bench ${job.pkg}: ${job.bench.name}\n`);
          let result: Row['result'];
          try {
            const out = execFileSync(process.execPath, [bin, 'bench', '--one', `${job.pkg}:${job.index}`], {
              encoding: 'utf8',
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as BenchmarkResult;
          } catch (e) {
            result = { error: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
          }
          rows.push({ pkg: job.pkg, bench: job.bench, result });
          bar?.increment();
        }
        bar?.stop();
        process.stdout.write(`${render(rows)}\n`);
        if (opts.write) {
          const file = resolve(opts.write);
          const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
          const table = render(rows, previousRows(old));
          const next =
            old.includes(BEGIN) && old.includes(END)
              ? old.slice(0, old.indexOf(BEGIN)) + table + old.slice(old.indexOf(END) + END.length)
              : `${old.trimEnd()}\n\n${table}\n`;
          writeFileSync(file, next);
        }
      },
    );
};
