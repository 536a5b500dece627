import { unwrap } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { freshGameSeed } from '../src/play/seed.js';
import { LocalSession } from '../src/play/session.js';

describe('the seed of a game at this screen', () => {
  it('is 32 hex digits, new each time', () => {
    const seeds = Array.from({ length: 32 }, freshGameSeed);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(seeds).size).toBe(seeds.length);
  });

  it('each new local 翻棋 game deals its own hidden layout, and keeps its seed to resume', () => {
    const layouts = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const r = LocalSession.create(junqi, 'junqi', 'ai', { mode: 'flip' }, [1], 1);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.save.options.seed).toMatch(/^[0-9a-f]{32}$/);
      layouts.add(unwrap(junqi.create(unwrap(junqi.parseOptions(r.save.options)))).positionToString());
    }
    expect(layouts.size).toBe(4);
  });
});
