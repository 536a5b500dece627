import { addWords } from '../i18n/index.js';
import { refusalWords } from '../i18n/page-words.js';
import { type RefusalLike, refusalText } from './refusal-words.js';

/* A module of its own: every page has refusal-words.ts (the app's frame), only the home page's forms this. */

/**
 * A refusal in the player's words, once the refusals' words are in: a page that says them only when the server
 * refuses (the home page's forms) loads them then, not with the page. Without them (the network), the kind's words.
 */
export const refusalSaid = async (r: RefusalLike): Promise<string> => {
  await addWords(refusalWords).catch(() => undefined);
  return refusalText(r);
};
