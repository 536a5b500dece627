import { junqi } from '@qiyuan/junqi';
import { describe, expect, it } from 'vitest';
import { drawSalt, drawSeed } from '../src/seed.js';

describe('the seed the server draws', () => {
  it('is 32 hex digits (128 bits), different every time, and accepted by the engines', () => {
    const seeds = Array.from({ length: 64 }, drawSeed);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(seeds).size).toBe(seeds.length);
    // every hex digit position takes more than one value: all 128 bits are drawn, none left fixed
    for (let i = 0; i < 32; i++) expect(new Set(seeds.map((s) => s[i])).size).toBeGreaterThan(1);
    expect(junqi.parseOptions({ mode: 'flip', seed: seeds[0] }).ok).toBe(true);
    expect(drawSalt()).toMatch(/^[0-9a-f]{64}$/);
  });
});
