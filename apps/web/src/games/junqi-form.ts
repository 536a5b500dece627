/**
 * Junqi's create form: its option fields with their words (a chunk per language, the language shown first), and the
 * engine's options parser with the options the form gives made whole — without the engine and board.
 */
import { parseOptions } from '@qiyuan/junqi';
import { addWords } from '../i18n/index.js';
import { JUNQI_WORDS } from './registry.js';
import type { GameForm, OptionField } from './types.js';

// This game's words, one chunk per language (registry.ts): the language shown loads with the form (the game's loaders
// wait for it, so nothing is drawn before), another on a switch to it.
export const wordsReady: Promise<void> = addWords((lng) => JUNQI_WORDS[lng]());

/** Teams, 三打一 and partners' sight are four-player matters; the two- and three-player forms leave them out. */
const fourPlayers = (v: Readonly<Record<string, string>>): boolean => v.players === '4';

export const fields: readonly OptionField[] = [
  { kind: 'select', key: 'players', label: 'options.players', values: ['2', '3', '4'], initial: '2' },
  { kind: 'select', key: 'mode', label: 'options.mode', values: ['open', 'hidden', 'flip'], initial: 'hidden' },
  {
    kind: 'select',
    key: 'teams',
    label: 'options.teams',
    values: ['pairs', 'ffa'],
    initial: 'pairs',
    applies: (v) => fourPlayers(v) && v.variant !== 'landlord',
  },
  {
    kind: 'select',
    key: 'variant',
    label: 'options.variant',
    values: ['standard', 'landlord'],
    initial: 'standard',
    applies: fourPlayers,
  },
  {
    kind: 'select',
    key: 'bidding',
    label: 'options.bidding',
    values: ['points', 'landlord'],
    initial: 'points',
    applies: (v) => fourPlayers(v) && v.variant === 'landlord',
  },
  // a select rather than a toggle: its values are the engine's own, so an online seek sends them as they are
  {
    kind: 'select',
    key: 'partnersSee',
    label: 'junqiUi.partnersSee',
    values: ['false', 'true'],
    initial: 'false',
    applies: (v) => fourPlayers(v) && v.mode !== 'open' && (v.variant === 'landlord' || v.teams !== 'ffa'),
  },
  // the limits that end a game drawn grow with the players: the form shows the engine's value for its choices
  {
    kind: 'number',
    key: 'noCaptureLimit',
    label: 'options.noCaptureLimit',
    help: 'optionHelp.junqi.noCaptureLimit',
    min: 0,
    max: 100_000,
    initial: 'engine',
  },
  {
    kind: 'number',
    key: 'moveLimit',
    label: 'options.moveLimit',
    help: 'optionHelp.junqi.moveLimit',
    min: 0,
    max: 1_000_000,
    initial: 'engine',
  },
  {
    kind: 'number',
    key: 'chaseLimit',
    label: 'options.chaseLimit',
    help: 'optionHelp.junqi.chaseLimit',
    min: 0,
    max: 100,
    initial: 5,
  },
  {
    kind: 'number',
    key: 'timeoutLimit',
    label: 'options.timeoutLimit',
    help: 'optionHelp.junqi.timeoutLimit',
    min: 0,
    max: 100,
    initial: 5,
  },
  {
    kind: 'select',
    key: 'drawOffers',
    label: 'options.drawOffers',
    help: 'optionHelp.junqi.drawOffers',
    values: ['true', 'false'],
    initial: 'true',
  },
];

/**
 * The form offers every field at once; options that do not apply to the
 * chosen players are dropped (teams for two, pairs for three, bidding outside
 * 三打一), so any choice of the form makes a game.
 */
export const normalise = (raw: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const o: Record<string, unknown> = { ...raw };
  const players = String(o.players ?? '2');
  // only a players field the form shows is corrected: left out, the options must still say four players, since the
  // server parses them with the bare engine (the online form sends only what differs from the engine's defaults)
  if (o.variant === 'landlord' && o.players !== undefined) o.players = '4';
  if (players === '2' && o.variant !== 'landlord') delete o.teams;
  if (players === '3') o.teams = 'ffa';
  if (o.variant !== 'landlord') delete o.bidding;
  if (o.variant === 'landlord' && o.mode === 'flip') o.mode = 'hidden';
  return o;
};

export const form: GameForm = { fields, definition: { parseOptions: (raw) => parseOptions(normalise(raw)) } };
