import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every query of the server is in a repository (src/repos), run by the store (src/store.ts, src/db): no other module
 * writes SQL, builds a Kysely query or imports Kysely. A module that needs the database is given a repository. The
 * CLI, the one other program that opens the store (`qiyuan admin`), does so through the server's functions.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const cli = path.resolve(src, '../../../apps/cli/src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
const inStore = (file: string): boolean => {
  const rel = path.relative(src, file).split(path.sep).join('/');
  return rel.startsWith('repos/') || rel.startsWith('db/') || rel === 'store.ts';
};

/** What marks a query: SQL's verbs in a string, Kysely's builder on a store or transaction, Kysely itself. */
const QUERY_SIGNS: readonly [string, RegExp][] = [
  [
    'SQL text',
    /['"`]\s*(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|WITH \w+ AS|(CREATE|ALTER|DROP) (TABLE|INDEX|SCHEMA))\b/i,
  ],
  ['a driver’s statement', /\.prepare\s*\(/],
  ['a typed query', /\.q\s*\.\s*(selectFrom|insertInto|updateTable|deleteFrom|with)\b/],
  ['Kysely', /from 'kysely'/],
];

describe('the store boundary', () => {
  const outside = [...sources(src).filter((f) => !inStore(f)), ...sources(cli)];

  it('finds the modules it checks, the CLI’s among them', () => {
    expect(outside.length).toBeGreaterThan(50);
    expect(outside).toContain(path.join(cli, 'commands/admin.ts'));
  });

  it('no module outside the repositories and the store holds a query', () => {
    const found = outside.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return QUERY_SIGNS.filter(([, sign]) => sign.test(text)).map(([what]) => `${path.relative(src, file)}: ${what}`);
    });
    expect(found).toEqual([]);
  });

  it('the signs are real: each is found in the repositories', () => {
    const repos = sources(path.join(src, 'repos')).map((f) => readFileSync(f, 'utf8'));
    const db = readFileSync(path.join(src, 'db/prepared.ts'), 'utf8');
    expect(repos.some((t) => QUERY_SIGNS[2]![1].test(t))).toBe(true);
    expect([...repos, db].some((t) => QUERY_SIGNS[3]![1].test(t))).toBe(true);
    expect(QUERY_SIGNS[0]![1].test("'SELECT 1'")).toBe(true);
    expect(QUERY_SIGNS[0]![1].test('`CREATE TABLE IF NOT EXISTS x (id TEXT)`')).toBe(true);
    expect(QUERY_SIGNS[0]![1].test("'update the seats'")).toBe(false);
    const store = readFileSync(path.join(src, 'store.ts'), 'utf8');
    expect(QUERY_SIGNS[0]![1].test(store) && QUERY_SIGNS[1]![1].test(store)).toBe(true);
  });
});
