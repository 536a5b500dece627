import { i18n, t, tOr } from '../i18n/index.js';

/** A server's refusal as the client holds it: its kind, its English reason, and which refusal it is when it says. */
export interface RefusalLike {
  readonly code: string;
  readonly reason: string;
  readonly refusal?: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/**
 * A refusal in the player's language: its own words when the server named the refusal, else the words of its
 * kind; the server's English reason only for a kind the catalogue does not know.
 */
export const refusalText = (r: RefusalLike): string =>
  r.refusal !== undefined && i18n.exists(`refusals.${r.refusal}`)
    ? String(t(`refusals.${r.refusal}`, r.values))
    : tOr(`online.errors.${r.code}`, r.reason);

/** A refusal's code in the player's words (the code itself when the catalogue has no words for it). */
export const errorText = (code: string): string => tOr(`online.errors.${code}`, code);
