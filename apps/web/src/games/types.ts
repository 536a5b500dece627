import {
  type Game,
  type GameDefinition,
  type GameId,
  type JsonValue,
  type Outcome,
  type PlayRecord,
  type Seat,
  SPECTATOR,
  type Turn,
  type Viewer,
} from '@qiyuan/core';
import type { PieceStyle } from '../settings.js';
import { webGame } from './registry.js';

/**
 * One field of a game's create form; values go to the engine's `parseOptions` as strings, like CLI flags. `label`
 * and `help` (a short explanation shown under the field) are i18n keys.
 */
/** When a field has a say: the form's other values decide (Junqi's teams only with four players). Default: always. */
type Applies = { readonly applies?: (values: Readonly<Record<string, string>>) => boolean };

export type OptionField = Applies &
  (
    | {
        readonly kind: 'select';
        readonly key: string;
        readonly label: string;
        readonly help?: string;
        readonly values: readonly string[];
        /** One of `values`, or `engine`: the engine's default for the form's other choices (see `number`). */
        readonly initial: string;
      }
    | {
        readonly kind: 'toggle';
        readonly key: string;
        readonly label: string;
        readonly help?: string;
        readonly initial: boolean;
      }
    | {
        readonly kind: 'number';
        readonly key: string;
        readonly label: string;
        readonly help?: string;
        readonly min: number;
        readonly max: number;
        /**
         * The starting value, or `engine`: the engine's own default for the form's other choices (Junqi's limits
         * grow with the number of players), shown until the player changes it and left to the engine until then.
         */
        readonly initial: number | 'engine';
      }
    | {
        /** Free text, such as a position to start from; empty leaves the option out. */
        readonly kind: 'text';
        readonly key: string;
        readonly label: string;
        readonly help?: string;
        readonly initial: '';
        /** Offered for games at one screen and against the AI only (an online seek starts from the beginning). */
        readonly localOnly?: boolean;
      }
  );

/** How the player likes boards drawn (the settings page): the piece style and whether points show their names. */
export interface BoardLook {
  readonly pieces: PieceStyle;
  readonly coordinates: boolean;
}

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
  /**
   * Whether the viewer's seat is the person at this page (default: yes, as in a game being played). False where a
   * seat's view is only shown to a reader — a replay read by someone who did not play that seat, the analysis
   * board — so the board says "seen as", never "you".
   */
  readonly yours?: boolean;
  readonly look: BoardLook;
}

export interface BoardController {
  update(input: BoardInput): void;
  destroy(): void;
  /**
   * Chooses what a player's click would choose, so the board shows where it may go: a point's piece (Chinese
   * Checkers, Junqi: the point's name), a tile (Hive: its name, `wQ`), marbles (Abalone: cell names, space-separated).
   * The rules pages illustrate each piece's moves this way.
   */
  show?(at: string): void;
  /**
   * Draws the analysis engine's best moves (notation, strongest first) as arrows on the board, or clears them
   * (empty list). A board without its own arrows gets them from the analysis page's overlay.
   */
  arrows?(moves: readonly string[]): void;
  /**
   * Zooms to the part of the board around these points (their names, as `show` takes them), or shows the whole
   * board again (`undefined`): on a phone a puzzle's corner, with points big enough to tap. The view widens to keep
   * the last move and a picked piece's destinations in sight and within reach.
   */
  frame?(points: readonly string[] | undefined): void;
}

/** The host side of a board: it hears the player's intent as a move in notation. */
export interface BoardHost {
  play(notation: string): void;
}

/**
 * What a game's create form needs before the game's chunk: its fields (with their words) and the engine's options
 * parser. A small module per game (`<game>-form.ts`), so the home page draws its form without the game's engine and
 * board; the form loads the whole module only for what needs a game made (seat names, a position, the start).
 */
export interface GameForm {
  readonly fields: readonly OptionField[];
  /** The engine's options parser alone (a `GameModule` is a form too). */
  readonly definition: Pick<GameDefinition, 'parseOptions'>;
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
   * Whether the server's secret seed decided something a player could not see in this game (翻棋's face-down
   * layout, 三打一's deal, a deployment drawn at random when a player's time ran out), judged from the game's options
   * and the whole game at its end: only then has the replay a deal to check. Default: never.
   */
  dealtBySeed?(options: Readonly<Record<string, unknown>>, final: Game): boolean;
  /**
   * The options a local game is saved with, from the form's: a game started from a position takes its rules from
   * the position's own text (Hive's GameString names its game type), so the saved options describe the game played.
   */
  localOptions?(options: Readonly<Record<string, string>>): Record<string, string>;
  /**
   * Whether the position shown still hides something from the seat not to move (default: always, in a hidden
   * game). A game that hides only a phase (the Hive advanced game's blind roster choice) needs the hotseat curtain
   * only then.
   */
  concealsNow?(view: JsonValue): boolean;
  /**
   * The seats no longer in a game that goes on (resigned, out of time, eliminated), from a view: games of more than
   * two seats go on without them. Default: none (a two-seat game ends when a seat leaves).
   */
  outSeats?(view: JsonValue): readonly Seat[];
  /**
   * Whether `seat` has a partner, when the game decides teams during play (三打一's farmers, once the bidding has
   * named the landlord): from the view. Undefined, or absent: the options alone decide (a fresh game's `teamOf`).
   */
  hasPartner?(view: JsonValue, seat: Seat): boolean | undefined;
  /** A record as the move list shows it, in the current language (default: its notation). */
  moveText?(record: PlayRecord): string;
  /**
   * Whether the move just played (`record`, from `before` to `after`, views of the same viewer) took something —
   * a capture sounds different from a move. Default: never (Hive).
   */
  captured?(before: JsonValue, after: JsonValue, record: PlayRecord): boolean;
  /**
   * The game a puzzle of `goal` is played in, from its position as the definition reads it (default: that game).
   * Chinese Checkers' arrival puzzles (`home`) move one colour alone, so its seat moves again after each move.
   */
  puzzleGame?(game: Game, goal: string): Game;
  /** The points a puzzle's position is about (the board's `frame` zooms to them), for a game whose board is large. */
  puzzleFocus?(game: Game): readonly string[];
  createBoard(host: HTMLElement, events: BoardHost): BoardController;
}

/**
 * The seats' names of a game of `seats` players with the game's defaults otherwise (its colours: Black, White; Red,
 * Green …), for a page that knows the number of seats but not the options (an online game's waiting room). Empty
 * when the defaults make a game of another size.
 */
export const defaultSeatNames = (mod: GameModule, seats: number): string[] => {
  for (const options of [{ players: String(seats) }, {}]) {
    const parsed = mod.definition.parseOptions(options);
    if (!parsed.ok) continue;
    const created = mod.definition.create(parsed.value);
    if (created.ok && created.value.seatCount === seats) {
      return mod.seatNames(created.value.viewFor(SPECTATOR), seats);
    }
  }
  return [];
};

/** Loads a game's chunk (engine, board, web module) by its registry entry (registry.ts). */
export const loadGame = async (id: GameId): Promise<GameModule> => {
  const entry = webGame(id);
  // a text that names no game (an old link's) is refused here, as the page's loader expects
  if (!entry) throw new Error(`${id}: engine not available in this build`);
  return entry.load();
};
