// the options' module alone: the package's index would bring the whole engine into the form's chunk
import { parseOptions } from '@qiyuan/chinese-checkers/options';
import type { GameForm, OptionField } from './types.js';

/* Chinese Checkers' create form: its fields (their words are every page's), without the engine and board. */

export const fields: readonly OptionField[] = [
  { kind: 'select', key: 'players', label: 'options.players', values: ['2', '3', '4', '6'], initial: '2' },
  { kind: 'select', key: 'variant', label: 'options.variant', values: ['race', 'capture'], initial: 'race' },
  { kind: 'select', key: 'pieces', label: 'options.pieces', values: ['10', '15'], initial: '10' },
  { kind: 'select', key: 'jump', label: 'options.jumpRule', values: ['adjacent', 'long'], initial: 'adjacent' },
  { kind: 'select', key: 'corners', label: 'options.corners', values: ['open', 'pass', 'closed'], initial: 'engine' },
  { kind: 'select', key: 'win', label: 'options.winRule', values: ['blocker', 'filled', 'own'], initial: 'blocker' },
  {
    kind: 'number',
    key: 'maxPlies',
    label: 'options.maxPlies',
    help: 'optionHelp.cc.maxPlies',
    min: 0,
    max: 100_000,
    initial: 0,
  },
  {
    kind: 'toggle',
    key: 'repetition',
    label: 'options.repetition',
    help: 'optionHelp.cc.repetition',
    initial: true,
  },
];

export const form: GameForm = { fields, definition: { parseOptions } };
