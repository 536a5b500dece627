import { readSetup } from '@qiyuan/junqi';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * The analysis board's Junqi position editor: pieces placed by clicking a piece in an army's palette and then a
 * point, refusals with the rule that refuses them, a placed piece moved, the rest filled at random, and the position
 * set up on the board with the engine answering from it.
 */
const site = useSite({ server: false });

const editor = (page: Page) => page.getByTestId('jq-editor');
const point = (page: Page, name: string) => editor(page).locator(`.jq-pt[data-point="${name}"]`);
const chip = (page: Page, army: number, rank: string) =>
  editor(page).locator(`[data-testid=jq-chip][data-army="${army}"][data-rank="${rank}"]`);
const palette = (page: Page, army: number) => editor(page).locator(`[data-testid=jq-palette][data-army="${army}"]`);
const said = (page: Page) => page.getByTestId('jq-editor-message').textContent();
/** Red's deployment as the text box holds it. */
const redText = async (page: Page) => (await page.getByTestId('editor-setups').inputValue()).split(',')[0];

describe('Junqi position editor', () => {
  it('places pieces by clicking, refuses with the rule, fills the rest, and sets up the position', async () => {
    const page = await site.newPage(1280, 1100);
    await page.goto(`${site.url}#/analysis/junqi`);
    await poll(() => page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    await page.getByTestId('editor').locator('summary').click();
    await point(page, 'b1').waitFor();
    // the board starts from the position shown: both armies classic, every piece placed
    await poll(() => palette(page, 0).locator('[data-testid=jq-ready]').count()).toBe(1);

    await palette(page, 0).getByTestId('jq-clear').click();
    await poll(() => redText(page)).toBe('...../.+.+./..+../.+.+./...../.....');
    expect(await chip(page, 0, 'F').textContent()).toBe('Flag × 1');
    expect(await chip(page, 0, '9').getAttribute('aria-label')).toBe('Field Marshal × 1');

    // the flag on a back-row post is refused, in a headquarters it stands
    await chip(page, 0, 'F').click();
    await point(page, 'a1').click();
    await poll(() => said(page)).toBe('Refused: the flag may not go on a1; it stands in a headquarters (大本营).');
    await point(page, 'b1').click();
    await poll(() => redText(page)).toBe('...../.+.+./..+../.+.+./...../.F...');
    expect(await chip(page, 0, 'F').textContent()).toBe('Flag × 0');

    // mines stand in the last two rows, bombs off the front row, camps stay empty, each army on its own side
    await chip(page, 0, 'M').click();
    await point(page, 'c6').click();
    await poll(() => said(page)).toBe('Refused: a Landmine may not go on c6; it stands in the army’s last two rows.');
    await point(page, 'c12').click();
    await poll(() => said(page)).toBe('Refused: c12 is not in the area of Red; each army deploys on its own side.');
    await point(page, 'a1').click();
    await point(page, 'c1').click();
    await poll(() => redText(page)).toBe('...../.+.+./..+../.+.+./...../MFM..');
    expect(await chip(page, 0, 'M').textContent()).toBe('Mine × 1');
    await chip(page, 0, 'B').click();
    await point(page, 'e6').click();
    await poll(() => said(page)).toBe('Refused: a bomb may not go on e6; no bomb stands in the front row.');
    await point(page, 'b3').click();
    await poll(() => said(page)).toBe('Refused: nothing may go on b3; the camps (行营) start empty.');
    await point(page, 'e5').click();
    await poll(() => redText(page)).toBe('...../.+.+B/..+../.+.+./...../MFM..');
    // the refused points are not in the text: only what stands is written
    expect((await redText(page))?.replace(/[^MFB]/g, '')).toBe('BMFM');

    // a placed piece picked up and moved to another point, then one taken back to the palette
    await chip(page, 0, 'B').click(); // put the chosen piece down first
    await point(page, 'e5').click();
    await point(page, 'a5').click();
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../MFM..');
    // a used-up piece of the same army takes it back as well as any other
    await point(page, 'c1').click();
    await chip(page, 0, 'F').click();
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../MF...');
    await poll(() => said(page)).toBe('Landmine back to the pieces of Red.');
    expect(await chip(page, 0, 'M').textContent()).toBe('Mine × 2');
    expect(await palette(page, 0).getByTestId('jq-problems').textContent()).toContain('Pieces still to deploy: 22');
    // and from the keyboard: a piece picked up, then Delete
    await point(page, 'a1').click();
    await page.keyboard.press('Delete');
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../.F...');
    expect(await chip(page, 0, 'M').textContent()).toBe('Mine × 3');
    // and dragged off the board onto its army's pieces: the flag goes back, then into the other headquarters
    await point(page, 'b1').dragTo(palette(page, 0).getByTestId('jq-preset'));
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../.....');
    expect(await chip(page, 0, 'F').textContent()).toBe('Flag × 1');
    await chip(page, 0, 'F').click();
    await point(page, 'd1').click();
    await poll(() => redText(page)).toBe('...../B+.+./..+../.+.+./...../...F.');

    // the rest at random, around what was placed: the engine accepts the army
    await palette(page, 0).getByTestId('jq-fill-rest').click();
    await poll(() => palette(page, 0).locator('[data-testid=jq-ready]').count()).toBe(1);
    const red = (await redText(page))!;
    expect(readSetup(red).ok).toBe(true);
    // every point but the camps is taken: the bomb still on a5, the flag still on d1
    expect(red.split('/')[1]![0]).toBe('B');
    expect(red.split('/')[5]![3]).toBe('F');

    // set up: the analysis board shows Red's flag on d1 and its bomb on a5, and the engine answers from there
    await page.getByTestId('editor-apply').click();
    await poll(() => page.getByTestId('analysis-error').count()).toBe(0);
    const board = page.locator('svg.jq-board').first();
    await poll(() => board.locator('.jq-tile[data-point="d1"]').getAttribute('data-rank')).toBe('F');
    expect(await board.locator('.jq-tile[data-point="a5"]').getAttribute('data-rank')).toBe('B');
    expect(await page.getByTestId('analysis-status').textContent()).toBe('Red to move');
    await page.getByTestId('engine-toggle').click();
    await poll(async () => page.getByTestId('engine-line').count(), 90_000).toBeGreaterThan(0);
    await page.context().close();
  });

  it('deploys every army of the four-player board and keeps the text in step both ways', async () => {
    const page = await site.newPage(1280, 1300);
    await page.goto(`${site.url}#/analysis/junqi`);
    await page.getByTestId('editor').locator('summary').click();
    await page.locator('#opt-players').selectOption('4');
    await poll(() => page.getByTestId('jq-palette').count()).toBe(4);
    for (let army = 0; army < 4; army++) await palette(page, army).getByTestId('jq-random').click();
    await poll(async () => (await page.getByTestId('editor-setups').inputValue()).split(',').length).toBe(4);
    for (const s of (await page.getByTestId('editor-setups').inputValue()).split(','))
      expect(readSetup(s).ok).toBe(true);
    // a pasted text shows on the board: Green (the third army) loses its flag
    const parts = (await page.getByTestId('editor-setups').inputValue()).split(',');
    parts[2] = parts[2]!.replace('F', '.');
    await page.getByTestId('editor-setups').fill(parts.join(','));
    await poll(() => chip(page, 2, 'F').textContent()).toBe('Flag × 1');
    expect(await palette(page, 2).getByTestId('jq-problems').textContent()).toContain('Pieces still to deploy: 1');
    await palette(page, 2).getByTestId('jq-fill-rest').click();
    await poll(() => palette(page, 2).locator('[data-testid=jq-ready]').count()).toBe(1);
    await page.getByTestId('editor-apply').click();
    await poll(() => page.locator('svg.jq-board').first().locator('.jq-tile[data-rank="F"]').count()).toBe(4);
    expect(await page.getByTestId('analysis-error').count()).toBe(0);
    // 三打一 deals its armies in the bidding: nothing fixed to place
    await page.locator('#opt-variant').selectOption('landlord');
    await poll(() => page.getByTestId('jq-editor').count()).toBe(0);
    await page.context().close();
  });
});
