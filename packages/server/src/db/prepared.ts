import type { Compilable, CompiledQuery } from 'kysely';
import type { Db, Runner } from './dialect.js';
import { kyselyOver } from './dialect.js';

/**
 * A query built and compiled once per engine, then run with new values: for the statements of every move, where
 * building and compiling a Kysely query each time (30–40 µs) would cost more than the rest of the move's work.
 * The builder is given stand-ins for the values (`p.id`, `p.seq`…); each stand-in becomes a real placeholder in the
 * compiled SQL, and a run fills them from the values it is given, by name.
 */
const STAND_IN = Symbol('stand-in');
interface StandIn {
  readonly [STAND_IN]: string;
}

type StandIns<P> = { readonly [K in keyof P]: P[K] };

const compilers = {
  sqlite: kyselyOver({ query: refuse }, 'sqlite'),
  postgres: kyselyOver({ query: refuse }, 'postgres'),
};
function refuse(): never {
  throw new Error('a prepared query is only compiled here; it runs through Prepared.run');
}

export class Prepared<P extends Record<string, unknown>, R> {
  private readonly compiled = new Map<
    'sqlite' | 'postgres',
    { sql: string; names: (string | null)[]; fixed: unknown[] }
  >();
  constructor(private readonly build: (q: Db, p: StandIns<P>) => Compilable<R>) {}

  private compile(kind: 'sqlite' | 'postgres') {
    let c = this.compiled.get(kind);
    if (c) return c;
    const standIns = new Proxy({} as StandIns<P>, {
      get: (_t, name) => ({ [STAND_IN]: String(name) }) satisfies StandIn,
    });
    const query: CompiledQuery = this.build(compilers[kind], standIns).compile();
    const names = query.parameters.map((v) =>
      typeof v === 'object' && v !== null && STAND_IN in v ? (v as StandIn)[STAND_IN] : null,
    );
    c = { sql: query.sql, names, fixed: [...query.parameters] };
    this.compiled.set(kind, c);
    return c;
  }

  /** Runs on `runner` (a store or one of its transactions) with `values` in place of the stand-ins. */
  async run(
    runner: Runner & { readonly kind: 'sqlite' | 'postgres' },
    values: P,
  ): Promise<{ rows: R[]; changes: number }> {
    const c = this.compile(runner.kind);
    const params = c.names.map((name, i) => (name === null ? c.fixed[i] : values[name]));
    const r = await runner.query(c.sql, params);
    return { rows: r.rows as R[], changes: r.changes };
  }
}
