import { hive } from '@qiyuan/hive';
import { junqi } from '@qiyuan/junqi';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { moveCount, poll, useSite } from './harness.js';
import { startLocal } from './ui.js';

/**
 * A game played on this device exports with its headers, in the form its community's tools read — Hive as the PGN
 * record Mzinga saves, Junqi as its own text with tag pairs after the first line — and the export reads back.
 */
const site = useSite({ server: false });

const resign = async (page: Page) => {
  await page.getByTestId('resign').click();
  await page.getByTestId('resign-yes').click();
  await poll(() => page.getByTestId('status').textContent()).toContain('Game over');
};

const tagsOf = (text: string) =>
  Object.fromEntries([...text.matchAll(/^\[(\w+) "([^"]*)"\]$/gm)].map((m) => [m[1]!, m[2]!]));

describe('exported records of games on this device', () => {
  it('Hive: a PGN record with GameType, the players and the result, which reads back', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('game-hive').click();
    await page.locator('input[name=mode][value=hotseat]').check();
    await page.locator('textarea[name=position]').fill('Base+L;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1/');
    await page.getByTestId('start').click();
    await poll(() => moveCount(page)).toBe(3);
    await resign(page);
    await page.getByTestId('replay-link').click();
    const exportBox = page.getByTestId('export');
    await poll(() => exportBox.inputValue()).toMatch(/^\[GameType "Base\+L"\]/);
    const text = await exportBox.inputValue();
    expect(tagsOf(text)).toMatchObject({
      Event: 'Qiyuan game at one screen',
      White: 'Player 1',
      Black: 'Player 2',
      Result: 'WhiteWins',
      Termination: 'resignation',
    });
    expect(text).toContain('\n1. wS1\n2. bG1 -wS1\n3. wQ wS1/\n');
    const back = hive.parseGame(text);
    expect(back.ok && back.value.ply).toBe(3);
    expect(back.ok && back.value.outcome()?.results).toEqual(['win', 'loss']);
    await page.context().close();
  }, 90_000);

  it('Junqi: its own first line, the tag pairs after it, and it reads back', async () => {
    const page = await site.newPage();
    await startLocal(page, site.url, 'junqi', 'hotseat', { mode: 'flip' });
    await resign(page);
    await page.getByTestId('replay-link').click();
    const exportBox = page.getByTestId('export');
    await poll(() => exportBox.inputValue()).toMatch(/^junqi \{/);
    const text = await exportBox.inputValue();
    expect(tagsOf(text)).toMatchObject({
      Event: 'Qiyuan game at one screen',
      Seat1: 'Player 1',
      Termination: 'resigned',
    });
    const back = junqi.parseGame(text);
    expect(back.ok ? back.value.outcome()?.reason : back.error.reason).toBe('resigned');
    await page.context().close();
  }, 90_000);
});
