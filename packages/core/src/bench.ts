/**
 * A benchmark a package registers (in `bench/index.ts`) for `npm run bench`.
 * `command` is the shell command that reproduces the figure on its own.
 */
export interface Benchmark {
  readonly name: string;
  readonly command: string;
  run(): Promise<BenchmarkResult> | BenchmarkResult;
}

export interface BenchmarkMetric {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
}

export interface BenchmarkResult {
  readonly metrics: readonly BenchmarkMetric[];
  readonly notes?: string;
}
