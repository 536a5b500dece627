// the options' module alone: the package's index would bring the whole engine into the form's chunk
import { parseHiveOptions } from '@qiyuan/hive/options';
import { addWords } from '../i18n/index.js';
import { HIVE_WORDS } from './registry.js';
import type { GameForm, OptionField } from './types.js';

/* Hive's create form: its fields and their words, without the engine and board (the home page shows it first). */

// This game's words, one chunk per language (registry.ts): the language shown loads with the form (the game's loaders
// wait for it, so nothing is drawn before), another on a switch to it.
export const wordsReady: Promise<void> = addWords((lng) => HIVE_WORDS[lng]());

const GAME_TYPES = ['Base', 'Base+M', 'Base+L', 'Base+P', 'Base+ML', 'Base+MP', 'Base+LP', 'Base+MLP'];

/** The reverse sides on the create form: none, the advanced game (a roster phase), all, or one kind replaced. */
const SIDES = ['none', 'advanced', 'all', 'R2', 'T2', 'F3', 'W3', 'D', 'K', 'C'];

export const fields: readonly OptionField[] = [
  { kind: 'select', key: 'variant', label: 'hiveUi.gameType', values: GAME_TYPES, initial: 'Base+MLP' },
  { kind: 'select', key: 'sides', label: 'hiveUi.sides', values: SIDES, initial: 'none' },
  { kind: 'toggle', key: 'tournamentOpening', label: 'hiveUi.tournamentOpening', initial: true },
  { kind: 'toggle', key: 'repetition', label: 'hiveUi.repetition', initial: true },
  {
    kind: 'toggle',
    key: 'pillbugDutchRule',
    label: 'options.pillbugDutchRule',
    help: 'optionHelp.hive.pillbugDutchRule',
    initial: false,
  },
  // a GameString from any UHP tool (Mzinga, a study, an earlier game) to play on from, at one screen or against the AI
  {
    kind: 'text',
    key: 'position',
    label: 'options.position',
    help: 'optionHelp.hive.position',
    initial: '',
    localOnly: true,
  },
];

export const form: GameForm = { fields, definition: { parseOptions: parseHiveOptions } };
