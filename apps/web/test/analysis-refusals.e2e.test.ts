import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * A refusal of the position editor or of the import box is said right below the button that asked for it, on a
 * phone where the page's top is screens away, not at the top of the panel.
 */
const site = useSite({ server: false });

describe('the analysis board refusals', () => {
  it('says a refused import and a refused position beside their buttons, in the editor words for Junqi', {
    timeout: 120_000,
  }, async () => {
    const page = await site.newPage(390, 844, true);
    await page.goto(`${site.url}#/analysis/abalone`);
    const editor = page.getByTestId('editor');
    await editor.locator('summary').click();
    await page.getByTestId('import-text').fill('no record at all');
    await page.getByTestId('import-load').click();
    const said = editor.getByTestId('analysis-error');
    await poll(() => said.textContent()).toMatch(/^This text cannot be read: /);
    // one refusal, below the button, on the screen the player is looking at
    expect(await page.getByTestId('analysis-error').count()).toBe(1);
    const button = await page.getByTestId('import-load').boundingBox();
    const box = await said.boundingBox();
    expect(box!.y).toBeGreaterThan(button!.y);
    expect(box!.y - button!.y).toBeLessThan(200);

    // Junqi with Red's army cleared: refused below "Set up this position", in the editor's words (the engine's
    // "seat 0: the army has 1 × flag (军旗)…" is not for players)
    await page.goto(`${site.url}#/analysis/junqi`);
    await editor.locator('summary').click();
    await page.getByTestId('jq-clear').first().click();
    await page.getByTestId('editor-apply').click();
    await poll(() => editor.getByTestId('analysis-error').textContent()).toBe(
      'Red is not ready to set up: Pieces still to deploy: 25 (25 in all).',
    );
    expect(await page.getByTestId('analysis-error').count()).toBe(1);
    const apply = await page.getByTestId('editor-apply').boundingBox();
    const refusal = await editor.getByTestId('analysis-error').boundingBox();
    expect(refusal!.y - apply!.y).toBeGreaterThan(0);
    expect(refusal!.y - apply!.y).toBeLessThan(200);
  });
});
