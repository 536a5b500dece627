import type { Game, GameDefinition } from '@qiyuan/core';
import type { AnalysisRefusal } from '../refusals.js';
import type { StartSpec } from '../start.js';

/**
 * What the analysis board knows of one game beyond its web module: small pure facts and functions, kept in the
 * game's own file here (hive.ts, junqi.ts …) and listed in ANALYSIS_GAMES (../games.ts) by game id. What a game leaves
 * out takes the board's default, said on each member.
 */
export interface AnalysisGame {
  /** The engine bar's scale: the score (in the engine's hundredths) that shows a 3:1 share. */
  readonly scale: number;
  /** Whether the engine's panel says it searches the pieces as a seat may believe them (hidden ranks). */
  readonly beliefs: boolean;
  /** Plies the position's own text says were played before its first recorded ply; default 0. */
  setupPlies?(root: Game): number;
  /** The names of the points a move goes from and to; default: the first and last of its `-`-joined points. */
  moveEnds?(move: string): [string, string] | undefined;
  /** The board's element of a point by its name, for the arrows' overlay; default: the point's labelled hit circle. */
  pointElement?(board: HTMLElement, name: string): Element | undefined;
  /** The options this board plays with, from the editor's (the position and seed already left out); default: as is. */
  boardOptions?(options: Readonly<Record<string, string>>): Record<string, string>;
  /** The position as the editor's pieces start from it; default: empty (the editor starts from the options). */
  editorPosition?(position: Game): string;
  /** The page's own detail of an engine's refusal of a start, read from the text, or undefined for the engine's. */
  startRefusal?(
    spec: StartSpec,
    error: { readonly code: string; readonly reason: string },
    def: GameDefinition | undefined,
  ): AnalysisRefusal | undefined;
}
