import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The Chinese Checkers position editor follows a change of player count: it refused one ("no seat plays colour 3",
 * the two-player pieces left on the board) and had no start to lay out for the players chosen.
 */
const site = useSite({ server: false });

describe('the Chinese Checkers position editor', () => {
  it('lays out the start of the player count chosen, and its N-player start button lays it out again', async () => {
    const page = await site.newPage(1280, 1000);
    await page.goto(`${site.url}#/analysis/chinese-checkers`);
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('cc-clear').waitFor();
    const setup = page.getByTestId('editor-cc-setup');
    const pieces = () => page.locator('svg.board .piece').count();
    // three players: red, yellow and blue at their homes, ten each
    await page.locator('#opt-players').selectOption('3');
    await poll(() => setup.inputValue()).toBe('1/2/3/4/bbbb5yyyy/bbb6yyy/bb7yy/b8y/9/10/11/12/13/rrrr/rrr/rr/r r');
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    expect(await page.getByTestId('analysis-error').count()).toBe(0);
    expect(await pieces()).toBe(30);
    // cleared, then the start again from the button, which names the player count
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('editor').locator('summary').click();
    await page.getByTestId('cc-clear').click();
    await poll(() => setup.inputValue()).toMatch(/^1\/2\/3\/4\//);
    expect(await page.getByTestId('cc-start').textContent()).toBe('3-player start');
    await page.getByTestId('cc-start').click();
    await page.getByTestId('editor-apply').click();
    await poll(() => pieces()).toBe(30);
    // six players
    await page.locator('#opt-players').selectOption('6');
    await page.getByTestId('editor-apply').click();
    await poll(() => pieces()).toBe(60);
    expect(await page.getByTestId('analysis-error').count()).toBe(0);
    await page.context().close();
  });
});
