import type { ComponentChildren } from 'preact';
import type { GameModule, OptionField } from '../../games/types.js';
import type { StartSpec } from '../start.js';

/** What the position editor hands a game's own part of it. */
export interface StartEditorInput {
  readonly mod: GameModule;
  /** The rules fields the editor shows, and their values now. */
  readonly fields: readonly OptionField[];
  readonly values: Readonly<Record<string, string>>;
  /** The position shown, in the game's notation: where the pieces' editor starts. */
  readonly positionText: string;
  readonly spec: StartSpec;
}

/** A game's part of the editor, as its hook returns it on each render. */
export interface StartEditorState {
  /** The game's own editing (its pieces' board, its setup text), drawn after the rules fields. */
  readonly panel: ComponentChildren;
  /** A rules field changed (`values` with the change): the game's start may follow it. */
  fieldChanged?(key: string, value: string, values: Readonly<Record<string, string>>): void;
  /**
   * The start the Set-up button asks for, from the form's options (the game adds its own setup), or the editor's own
   * refusal of it in the player's words (an army not ready).
   */
  apply(options: Record<string, string>): StartSpec | { readonly refusal: string };
}

/**
 * One game's part of the analysis board's position editor (./<game>.tsx), listed in EDITORS (../editors.ts) by game
 * id. Its hook is called on every render of the editor, which is drawn anew for another game.
 */
export interface StartEditor {
  /** Fields of the create form the editor leaves out (Junqi's mode: this board plays open). */
  readonly omitFields?: readonly string[];
  /** An i18n key of a line of help under the editor's hint. */
  readonly help?: string;
  /** The i18n key of the import box's label (default `analysis.import.label`). */
  readonly importLabel?: string;
  /** Form values read from the position shown (the Hive editor starts in that position's game type). */
  initialValues?(positionText: string): Record<string, string>;
  useEditor(input: StartEditorInput): StartEditorState;
}
