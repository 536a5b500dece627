import { beforeAll, describe, expect, it } from 'vitest';
import { applyingFields, fieldProblem, formOptions, initialValues, shownValue } from '../src/games/form.js';
import { type GameModule, loadGame } from '../src/games/types.js';
import { initI18n, t } from '../src/i18n/index.js';

/** The create form as a newcomer filled it in: its words, its fields, its bad input. */
let junqi: GameModule;
beforeAll(async () => {
  await initI18n('en');
  junqi = await loadGame('junqi');
});

const field = (key: string) => junqi.fields.find((f) => f.key === key)!;
const keys = (values: Record<string, string>) => applyingFields(junqi.fields, values).map((f) => f.key);

describe('the Junqi create form', () => {
  it('names a refused number by its label, not by the option’s key', () => {
    const problem = fieldProblem(field('moveLimit'), '-5');
    expect(problem).toBe(`${t('options.moveLimit')}: a whole number from 0 to 1,000,000.`);
    expect(problem).not.toContain('moveLimit');
    expect(fieldProblem(field('moveLimit'), '2.5')).toBeDefined();
    expect(fieldProblem(field('moveLimit'), '300')).toBeUndefined();
    // empty leaves the engine's default
    expect(fieldProblem(field('moveLimit'), '')).toBeUndefined();
  });

  it('keeps showing the other limits while one is refused', () => {
    const values = { ...initialValues(junqi.fields) };
    const before = shownValue(junqi, values, field('noCaptureLimit'));
    expect(before).not.toBe('');
    expect(shownValue(junqi, { ...values, moveLimit: '-5' }, field('noCaptureLimit'))).toBe(before);
    // and the refused value is not sent
    expect(formOptions(junqi.fields, { ...values, moveLimit: '-5' })).not.toHaveProperty('moveLimit');
  });

  it('shows only the fields that apply to the players chosen', () => {
    const values = initialValues(junqi.fields);
    const four = ['teams', 'variant', 'bidding', 'partnersSee'];
    for (const k of four) expect(keys({ ...values, players: '2' })).not.toContain(k);
    for (const k of four) expect(keys({ ...values, players: '3' })).not.toContain(k);
    expect(keys({ ...values, players: '4' })).toEqual(expect.arrayContaining(['teams', 'variant', 'partnersSee']));
    expect(keys({ ...values, players: '4' })).not.toContain('bidding');
    // 三打一: bidding, no choice of teams; partners' sight only when something is hidden
    const landlord = keys({ ...values, players: '4', variant: 'landlord' });
    expect(landlord).toContain('bidding');
    expect(landlord).not.toContain('teams');
    expect(keys({ ...values, players: '4', mode: 'open' })).not.toContain('partnersSee');
    expect(keys({ ...values, players: '4', teams: 'ffa' })).not.toContain('partnersSee');
    // the limits apply everywhere
    expect(keys({ ...values, players: '2' })).toEqual(expect.arrayContaining(['moveLimit', 'noCaptureLimit']));
  });
});
