import { tOr } from '../i18n/index.js';

/** A refusal's code in the player's words (the code itself when the catalogue has no words for it). */
export const errorText = (code: string): string => tOr(`online.errors.${code}`, code);
