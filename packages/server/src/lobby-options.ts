import { type Game, notLobbyOption } from '@qiyuan/core';
import { type Refusal, refusal } from '@qiyuan/protocol';
import type { AnyDefinition } from './games.js';
import { drawSeed } from './seed.js';

/**
 * The options of a game between people (docs/FAIRPLAY.md, SECURITY.md). A creator chooses only what its engine
 * offers in the lobby (`GameDefinition.lobbyOptions`: rules, variants, limits, which every joiner sees and accepts);
 * any other key is refused by its name, never dropped, so nothing a creator sends can fix a seed, another seat's
 * army or a position to start from. The seed is drawn here, for every game.
 */

export type ChosenOptions = Readonly<Record<string, string | number | boolean>>;

/** Why a creator may not choose these options, or undefined when the lobby offers every one of them. */
export const lobbyOptionsRefusal = (
  def: AnyDefinition,
  chosen: Readonly<Record<string, unknown>>,
): Refusal | undefined => {
  const key = notLobbyOption(def, chosen);
  if (key === undefined) return undefined;
  const why =
    `the option "${key}" is not one a game's creator may choose (${def.id} offers ${def.lobbyOptions.join(', ')}):` +
    ' the server draws every seed, and each player deploys its own army';
  return refusal('option-not-offered', why, { option: key });
};

export type NewGame =
  | {
      readonly ok: true;
      /** The options as stored with the game: the creator's, and the seed drawn for it. */
      readonly loose: Record<string, string | number | boolean>;
      readonly game: Game;
    }
  | { readonly ok: false; readonly refusal: Refusal };

/**
 * A new game from a creator's options — a seek, a tournament's game, a rematch of a game stored before these rules
 * (its options are checked again, so an old game's deployment is not played twice) — with a fresh secret seed.
 */
export const newGame = (def: AnyDefinition, chosen: ChosenOptions): NewGame => {
  const refused = lobbyOptionsRefusal(def, chosen);
  if (refused) return { ok: false, refusal: refused };
  const loose = { ...chosen, seed: drawSeed() };
  const options = def.parseOptions(loose);
  if (!options.ok) return { ok: false, refusal: refusal('game-options', options.error.reason) };
  const created = def.create(options.value);
  if (!created.ok) return { ok: false, refusal: refusal('game-options', created.error.reason) };
  return { ok: true, loose, game: created.value };
};
