/**
 * What the host hands the Junqi board (the scene: tiles, the last move, sources and destinations, labels), the
 * words the board says, and the intent it reports back. The board knows no rules: all of it comes from the engine
 * through the host.
 */
import type { Board } from '@qiyuan/junqi';

export interface JqTile {
  /** Stable identity (the engine's piece id, or the editor's), so a moving tile slides. */
  readonly key: string;
  readonly point: number;
  /** Army colour; null for a face-down 翻棋 piece. */
  readonly army: number | null;
  /** What the face says (rank in the current language); null draws the back. */
  readonly text: string | null;
  /** Rank letter when the viewer may know it (kept as data-rank), else null. */
  readonly rank: string | null;
}

export type CombatResult = 'attacker' | 'defender' | 'both';

export interface JqScene {
  readonly board: Board;
  readonly bottomArmy: number;
  readonly colours: readonly string[];
  /** Whether the armies' halves are tinted in their colours (not in 翻棋, where pieces start anywhere). */
  readonly areas: boolean;
  readonly tiles: readonly JqTile[];
  /** Per point id: what a screen reader says (name, kind, what stands there). */
  readonly labels: readonly string[];
  /** Legal destinations per source point (moves; in the setup editor, swaps). */
  readonly sources: ReadonlyMap<number, readonly number[]>;
  /** Points the viewer may activate without a selection (flips, reserve placement), and what doing so does. */
  readonly actionable: ReadonlySet<number>;
  readonly actionLabel?: string | undefined;
  /** The setup editor: destinations are swaps, drawn quietly. */
  readonly arrange: boolean;
  readonly last?: { readonly from: number; readonly to: number; readonly combat?: CombatResult } | undefined;
  /** A point that was just flipped (翻棋). */
  readonly flipped?: number | undefined;
  /** Points breaking a setup rule. */
  readonly problems: ReadonlySet<number>;
  /** Armies whose turn it is. */
  readonly active: readonly number[];
  /** Armies out of the game. */
  readonly out: readonly number[];
  /** A caption per army area (deploying, out …), drawn when set. */
  readonly captions: readonly (string | undefined)[];
  readonly label: string;
  /** Whether changes from the previous scene slide and fade. */
  readonly animate: boolean;
  /** Flat plates (no shadow, no rim, plain lettering) rather than raised tiles. */
  readonly flat: boolean;
  /** Whether each point shows its name as the notation writes it (`a7`, `Sb3`). */
  readonly coordinates: boolean;
}

export interface JqBoardText {
  readonly target: string;
  readonly attack: string;
  readonly swap: string;
  readonly selected: string;
  readonly actionable: string;
  readonly problem: string;
  readonly lastMove: string;
  selectedSay(label: string, n: number): string;
  /** The setup editor: a piece picked up, to go to another point. */
  arrangeSay(label: string): string;
  /** A point's label with its states ("selected", "attack" …) in the language's punctuation. */
  withStates(label: string, states: readonly string[]): string;
  readonly cleared: string;
  readonly zoomIn: string;
  readonly zoomOut: string;
  readonly fit: string;
}

export interface JqBoardEvents {
  /** A move (or, in the editor, a swap) from a source to one of its destinations. */
  move(from: number, to: number): void;
  /** A point activated outside a selection; true when the host acted on it. */
  activate?(point: number): boolean;
  /** A drag from `from` released outside the board (onto the editor's reserve). */
  dropOutside?(from: number, clientX: number, clientY: number): boolean;
}
