import { i18n, t } from '../i18n/index.js';

/**
 * The codes of the game engines' refusals a player can meet in the browser: options or a position the new-game form
 * passes to an engine, a saved game the device reopens, a move, resignation or draw at one screen, and the AI worker's
 * answer. Each has words in every language (i18n/engine-refusals*.ts); the engine's English reason stays for logs.
 */
export const ENGINE_REFUSALS = [
  // options and positions on the new-game form
  'bad-option',
  'bad-options',
  'pieces-for-players',
  'capture-pieces',
  'capture-corners',
  'bad-game-string',
  'game-string-move',
  'game-string-mismatch',
  'bad-game-type',
  'bad-record',
  'bad-game',
  'bad-position',
  'bad-setup',
  'not-in-game',
  'off-board',
  'cell-twice',
  'empty-stack',
  'tile-twice',
  'on-a-scorpion',
  'queen-first',
  'disconnected',
  'empty-board',
  'bad-turn',
  'queen-missing',
  // a saved game
  'bad-snapshot',
  // moves, resignations and draws
  'illegal-move',
  'bad-notation',
  'bad-move-string',
  'not-your-turn',
  'not-your-seat',
  'game-over',
  'nothing-to-undo',
  'bad-move',
  'no-move',
  'illegal-bid',
  'draws-off',
  'roster-phase',
  'already-out',
  'not-setup',
  'already-set-up',
  'not-bidding',
  'not-playing',
  'bad-seat',
  'bad-event',
  'setup-pieces',
  'setup-camp',
  'setup-flag',
  'setup-mine',
  'setup-bomb',
  'setup-impossible',
  'not-deployed',
  // the AI
  'ai',
  'no-ai',
  'bad-request',
  'bad-player',
  'not-searchable',
] as const;

export type EngineRefusalCode = (typeof ENGINE_REFUSALS)[number];

/** An engine's refusal as a page holds it: a code, with or without the engine's reason. */
export type EngineRefusal = string | { readonly code: string; readonly reason?: string };

/**
 * An engine's refusal in the player's language: the words of its code, else those of the page's older list of move
 * refusals (an online game's codes), else a general sentence — never the engine's English reason.
 */
export const engineRefusalText = (refusal: EngineRefusal): string => {
  const code = typeof refusal === 'string' ? refusal : refusal.code;
  if (i18n.exists(`engineRefusals.codes.${code}`)) return String(t(`engineRefusals.codes.${code}`));
  if (i18n.exists(`errors.${code}`)) return String(t(`errors.${code}`));
  return String(t('engineRefusals.other'));
};
