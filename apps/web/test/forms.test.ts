import type { GameId } from '@qiyuan/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineDefault, initialValues, shownValue } from '../src/games/form.js';
import { type GameModule, loadGame } from '../src/games/types.js';
import { i18n, initI18n, LANGUAGES, loadLanguage } from '../src/i18n/index.js';
import { formWords } from '../src/i18n/page-words.js';

/**
 * The create forms offer the engines' options: each option a game's engine reads (besides the seed and its own
 * internal ones) has a field, the field starts at the engine's default, and its label and explanation exist in
 * every language.
 */

/** The options of each engine that a player chooses when creating a game (as the engines' option parsers name them). */
const ENGINE_OPTIONS: Record<GameId, readonly string[]> = {
  'chinese-checkers': ['players', 'variant', 'pieces', 'jump', 'corners', 'win', 'maxPlies', 'repetition'],
  junqi: [
    'players',
    'mode',
    'teams',
    'variant',
    'bidding',
    'partnersSee',
    'noCaptureLimit',
    'moveLimit',
    'chaseLimit',
    'timeoutLimit',
    'drawOffers',
  ],
  hive: ['variant', 'sides', 'tournamentOpening', 'repetition', 'pillbugDutchRule', 'position'],
  abalone: ['start', 'repetition', 'maxPlies'],
};

/** The options whose fields carry a short explanation under them (limits and rules a player may not know). */
const EXPLAINED: Record<GameId, readonly string[]> = {
  'chinese-checkers': ['maxPlies', 'repetition'],
  junqi: ['noCaptureLimit', 'moveLimit', 'chaseLimit', 'timeoutLimit', 'drawOffers'],
  hive: ['pillbugDutchRule', 'position'],
  abalone: [],
};

const modules = new Map<GameId, GameModule>();

beforeAll(async () => {
  await initI18n('en');
  // the labels are checked in every language
  for (const lng of LANGUAGES) await loadLanguage(lng);
  // the options' help comes with the forms that show it (the home page, the position editor), in every language too
  for (const lng of LANGUAGES) i18n.addBundle(lng, await formWords(lng), false);
  for (const id of Object.keys(ENGINE_OPTIONS) as GameId[]) modules.set(id, await loadGame(id));
});

/** The engine's options as parsed from the form's starting values. */
const parsed = (mod: GameModule, values: Record<string, string>): Record<string, unknown> => {
  const options = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  const r = mod.definition.parseOptions(options);
  if (!r.ok) throw new Error(`${mod.id}: ${r.error.reason}`);
  return r.value as unknown as Record<string, unknown>;
};

describe('create forms', () => {
  for (const id of Object.keys(ENGINE_OPTIONS) as GameId[]) {
    it(`${id}: a field for every engine option, starting at the engine's default`, () => {
      const mod = modules.get(id)!;
      expect(mod.fields.map((f) => f.key).sort()).toEqual([...ENGINE_OPTIONS[id]].sort());
      const engine = parsed(mod, {});
      const form = parsed(mod, initialValues(mod.fields));
      for (const key of EXPLAINED[id]) {
        expect(form[key], `${id} ${key}`).toEqual(engine[key]);
      }
    });
  }

  it('Chinese Checkers: the corners field shows the variant’s own default until the player picks one', () => {
    const mod = modules.get('chinese-checkers')!;
    const corners = mod.fields.find((f) => f.key === 'corners')!;
    const race = initialValues(mod.fields);
    expect(shownValue(mod, race, corners)).toBe('open');
    const capture = { ...race, variant: 'capture' };
    expect(shownValue(mod, capture, corners)).toBe('closed');
    expect(parsed(mod, capture).corners).toBe('closed');
    expect(shownValue(mod, { ...capture, corners: 'open' }, corners)).toBe('open');
  });

  it('saves a Hive game from a GameString with the string’s game type, not the form’s', () => {
    const mod = modules.get('hive')!;
    const position = 'Base+MLP:R2T2F3W3DKC;InProgress;Black[1];wR1';
    const form = { ...initialValues(mod.fields), variant: 'Base', sides: 'advanced', position };
    const saved = mod.localOptions!(form);
    expect(saved).toMatchObject({ variant: 'Base+MLP:R2T2F3W3DKC', position, tournamentOpening: 'on' });
    expect(saved.sides).toBeUndefined();
    // a game from a GameString has its rosters: nothing is hidden at one screen
    expect(mod.hidden(saved)).toBe(false);
    const created = mod.definition.parseOptions(saved);
    expect(created.ok && mod.definition.create(created.value).ok).toBe(true);
    // without a position the form's options are kept as they are
    expect(mod.localOptions!({ variant: 'Base', sides: 'F3' })).toEqual({ variant: 'Base', sides: 'F3' });
  });

  it('shows the limits that follow the players at the engine’s value for the form’s choices', () => {
    const mod = modules.get('junqi')!;
    const values = initialValues(mod.fields);
    const field = (key: string) => mod.fields.find((f) => f.key === key)!;
    expect(shownValue(mod, values, field('noCaptureLimit'))).toBe('100');
    expect(shownValue(mod, values, field('moveLimit'))).toBe('1000');
    expect(shownValue(mod, { ...values, players: '4' }, field('noCaptureLimit'))).toBe('200');
    // 三打一 is always four players, whatever the players field says
    expect(engineDefault(mod, { players: '2', variant: 'landlord' }, 'moveLimit')).toBe('2000');
    // a value the player typed is kept
    expect(shownValue(mod, { ...values, moveLimit: '300' }, field('moveLimit'))).toBe('300');
  });

  it('labels and explains every field in every language', () => {
    for (const mod of modules.values()) {
      for (const f of mod.fields) {
        for (const lng of LANGUAGES) {
          expect(i18n.exists(f.label, { lng }), `${lng} ${f.label}`).toBe(true);
          if (f.help) expect(i18n.exists(f.help, { lng }), `${lng} ${f.help}`).toBe(true);
        }
        if (EXPLAINED[mod.id].includes(f.key)) expect(f.help, `${mod.id} ${f.key}`).toBeDefined();
      }
    }
  });
});
