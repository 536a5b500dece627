import type { GameDefinition, GameId, JsonValue, Outcome, PlayRecord, Seat, Turn, Viewer } from '@qiyuan/core';

/** One field of a game's create form; values go to the engine's `parseOptions` as strings, like CLI flags. */
export type OptionField =
  | {
      readonly kind: 'select';
      readonly key: string;
      readonly label: string;
      readonly values: readonly string[];
      readonly initial: string;
    }
  | { readonly kind: 'toggle'; readonly key: string; readonly label: string; readonly initial: boolean }
  | {
      readonly kind: 'number';
      readonly key: string;
      readonly label: string;
      readonly min: number;
      readonly max: number;
      readonly initial: number;
    };

/** Everything a board needs to draw one moment of a game for one viewer. */
export interface BoardInput {
  readonly view: JsonValue;
  readonly viewer: Viewer;
  /** The seat whose side is drawn at the bottom. */
  readonly bottom: Seat;
  readonly turn: Turn;
  /** The moves the viewer may make now, in the engine's notation (empty when it may not act). */
  readonly legal: readonly string[];
  readonly lastMove: PlayRecord | undefined;
  readonly outcome: Outcome | undefined;
  /** True when showing an earlier ply (replay, move-list navigation): no input. */
  readonly browsing: boolean;
  /** The records up to the ply shown, as this viewer may know them (combat logs, bidding history). */
  readonly records?: readonly PlayRecord[];
  /** True while the pass-the-device screen covers the board: draw nothing a seat keeps secret. */
  readonly concealed?: boolean;
}

export interface BoardController {
  update(input: BoardInput): void;
  destroy(): void;
}

/** The host side of a board: it hears the player's intent as a move in notation. */
export interface BoardHost {
  play(notation: string): void;
}

/** A game's web module, loaded on demand (each one is its own chunk with its engine). */
export interface GameModule {
  readonly id: GameId;
  readonly definition: GameDefinition;
  readonly fields: readonly OptionField[];
  /** Key prefix of this game's option values in the i18n resources (`values.<scope>.<key>.<value>`). */
  readonly scope: string;
  /** Seats and their display names for a view (colours, armies). */
  seatNames(view: JsonValue, seatCount: number): string[];
  /** Whether the game hides information, so that hotseat play needs the pass-the-device screen. */
  hidden(options: Readonly<Record<string, unknown>>): boolean;
  /**
   * Whether the position shown still hides something from the seat not to move (default: always, in a hidden
   * game). A game that hides only a phase (the Hive advanced game's blind roster choice) needs the hotseat curtain
   * only then.
   */
  concealsNow?(view: JsonValue): boolean;
  /** A record as the move list shows it, in the current language (default: its notation). */
  moveText?(record: PlayRecord): string;
  createBoard(host: HTMLElement, events: BoardHost): BoardController;
}

export const loadGame = async (id: GameId): Promise<GameModule> => {
  switch (id) {
    case 'chinese-checkers':
      return (await import('./chinese-checkers.js')).module;
    case 'junqi':
      return (await import('./junqi.js')).module;
    case 'abalone':
      return (await import('./abalone.js')).module;
    case 'hive':
      return (await import('./hive.js')).module;
    default:
      // the engine has not landed in this build yet
      throw new Error(`${id}: engine not available in this build`);
  }
};
