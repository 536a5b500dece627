// the options' module alone: the package's index would bring the whole engine into the form's chunk
import { parseAbaloneOptions, START_POSITIONS } from '@qiyuan/abalone/options';
import { abaloneEn, abaloneZhCN, abaloneZhTW } from '../i18n/abalone.js';
import { i18n } from '../i18n/index.js';
import type { GameForm, OptionField } from './types.js';

/* Abalone's create form: its fields and their words, without the engine and board. */

// Deep merge into the catalogue: the game's words (its fields' labels among them) load with its form, before its chunk.
for (const [lng, res] of [
  ['en', abaloneEn],
  ['zh-CN', abaloneZhCN],
  ['zh-TW', abaloneZhTW],
] as const)
  i18n.addBundle(lng, res, false);

export const fields: readonly OptionField[] = [
  { kind: 'select', key: 'start', label: 'abaloneUi.start', values: [...START_POSITIONS], initial: 'standard' },
  { kind: 'toggle', key: 'repetition', label: 'abaloneUi.repetition', initial: false },
  { kind: 'number', key: 'maxPlies', label: 'abaloneUi.maxPlies', min: 0, max: 1000, initial: 0 },
];

export const form: GameForm = { fields, definition: { parseOptions: parseAbaloneOptions } };
