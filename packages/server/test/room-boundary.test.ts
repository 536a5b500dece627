import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The rooms a process owns have one keeper, the room registry (src/room-registry.ts): no other module adds a room to
 * a map of rooms or removes one, and none but the registry (and restore.ts, which it wraps) makes a room from a
 * stored row. A module that needs a room owned, or let go, calls the registry.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
const relative = (file: string): string => path.relative(src, file).split(path.sep).join('/');

/** What marks a module keeping rooms itself: writing to a map named rooms, making a room from a row directly. */
const KEEPING_SIGNS: readonly [string, RegExp, readonly string[]][] = [
  ['a write to a map of rooms', /\brooms\s*\.\s*(set|delete|clear)\s*\(/, ['room-registry.ts']],
  ['a room made from a row', /\broomFromRow\s*\(/, ['room-registry.ts', 'restore.ts']],
];

describe('the room boundary', () => {
  const files = sources(src);

  it('finds the modules it checks, the registry among them', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map(relative)).toContain('room-registry.ts');
  });

  it('no module but the room registry adds, removes or makes an owned room', () => {
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return KEEPING_SIGNS.filter(([, sign, allowed]) => !allowed.includes(relative(file)) && sign.test(text)).map(
        ([what]) => `${relative(file)}: ${what}`,
      );
    });
    expect(found).toEqual([]);
  });

  it('the signs are real: each is found where it is allowed, and in the code it stands for', () => {
    const registry = readFileSync(path.join(src, 'room-registry.ts'), 'utf8');
    expect(KEEPING_SIGNS[0]![1].test(registry)).toBe(true);
    expect(KEEPING_SIGNS[1]![1].test(registry)).toBe(true);
    for (const code of ['hub.rooms.set(id, room)', 'this.hub.rooms.delete(room.id)', 'rooms .clear ()']) {
      expect(KEEPING_SIGNS[0]![1].test(code)).toBe(true);
    }
    expect(KEEPING_SIGNS[0]![1].test('this.copies.set(id, room)')).toBe(false);
    expect(KEEPING_SIGNS[1]![1].test('roomFromRow(row, hub.host, hub.log)')).toBe(true);
  });
});

/**
 * The modules the hub builds with itself (`new Lobby(this, …)`) are given it as a host interface of their own
 * (`LobbyHost`, …) naming what they use: none imports the Hub type to reach the rest of the server through it.
 */
describe('the modules the hub builds', () => {
  const hub = readFileSync(path.join(src, 'hub.ts'), 'utf8');
  const built = [...hub.matchAll(/new (\w+)\(\s*this\s*[,)]/g)].map((m) => m[1]!);
  const fileOf = (name: string): string | undefined =>
    hub.match(new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '\\./([\\w-]+)\\.js'`))?.[1];

  it('finds them, each in its own module', () => {
    expect(built.length).toBeGreaterThanOrEqual(13);
    expect(built).toEqual(expect.arrayContaining(['Lobby', 'Watchers', 'Ownership', 'CorrespondenceGames']));
    expect(built.filter((name) => fileOf(name) === undefined)).toEqual([]);
  });

  it('none of them takes the Hub type', () => {
    const takingHub = /\bHub\b[^;]*from '\.\/hub\.js'/;
    expect(takingHub.test("import type { Hub } from './hub.js';")).toBe(true);
    const found = built.filter((name) => takingHub.test(readFileSync(path.join(src, `${fileOf(name)}.ts`), 'utf8')));
    expect(found).toEqual([]);
  });
});

/**
 * The same for what `server.ts` builds with the hub beside the HTTP routes (moderation, the closing of ended
 * sessions, password resets): each names what it uses in a host interface of its own. The routes (`…Routes(app, hub,
 * …)`) are the edge that turns requests into the hub's calls, and may take it.
 */
describe('the modules the server builds with the hub', () => {
  const server = readFileSync(path.join(src, 'server.ts'), 'utf8');
  // a call and its arguments, calls nested two deep inside them included
  const call = /\b(?:new\s+)?([A-Za-z_]\w*)\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g;
  const givenHub = /\bhub\b(?!\s*[.?])/;
  const built = [...new Set([...server.matchAll(call)].filter((m) => givenHub.test(m[2]!)).map((m) => m[1]!))].filter(
    (name) => name !== 'Hub' && !name.endsWith('Routes'),
  );
  const fileOf = (name: string): string | undefined =>
    server.match(new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '\\./([\\w-]+)\\.js'`))?.[1];
  const takingHub = /\bHub\b[^;]*from '\.\/hub\.js'/;

  it('finds them, each in its own module', () => {
    expect(built).toEqual(expect.arrayContaining(['Moderation', 'closeEndedSessions', 'PasswordResets']));
    expect(built.filter((name) => fileOf(name) === undefined)).toEqual([]);
    // the finder sees a hub passed among other arguments, and not a hub's member
    expect([...'x(new Repo(store), hub, gate)'.matchAll(call)].map((m) => givenHub.test(m[2]!))).toEqual([true]);
    expect([...'x(store, hub.chatGate)'.matchAll(call)].map((m) => givenHub.test(m[2]!))).toEqual([false]);
  });

  it('none of them takes the Hub type', () => {
    const found = built.filter((name) => takingHub.test(readFileSync(path.join(src, `${fileOf(name)}.ts`), 'utf8')));
    expect(found).toEqual([]);
  });
});
